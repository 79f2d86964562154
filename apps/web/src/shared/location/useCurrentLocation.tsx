import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { getLocationState, setPoint } from '../state/location-store.ts';
import { addressLabel, reverseGeocode } from './geocode.ts';
import { browserGeoEnv, locateCustomer, pathAfterDenied, pathAfterPosition, type GeoEnv } from './gps.ts';
import { searchAddressPath, type StoreRedirect } from './paths.ts';
import { lt } from './texts.ts';

/** How long a label lookup may hold up the journey before we go on with "Current location". */
const LABEL_WAIT_MS = 4000;

export type GpsPhase = 'idle' | 'prompt' | 'locating' | 'naming';

export interface CurrentLocation {
  locate: () => Promise<void>;
  phase: GpsPhase;
  busy: boolean;
  /** the denied or current-location popup; render it somewhere in the screen */
  popup: ReactNode;
}

type Popup = null | 'denied' | 'failed';

/**
 * "Use current location" (SPEC §4 Location (GPS)): permission, position, a label from reverse
 * geocoding, then onward. A failure offers the stored store (if any) or a search.
 */
export function useCurrentLocation(opts: {
  deliveryType: DeliveryType;
  /** where the journey goes once a store is chosen (the cart, the address form, else the menu) */
  redirect?: StoreRedirect;
  env?: GeoEnv;
}): CurrentLocation {
  const { deliveryType, redirect = null, env } = opts;
  const isFromCart = redirect === 'cart';
  const navigate = useNavigate();
  const [phase, setPhase] = useState<GpsPhase>('idle');
  const [popup, setPopup] = useState<Popup>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const locate = useCallback(async () => {
    if (phase !== 'idle') return;
    setPhase('locating');
    const result = await locateCustomer(env ?? browserGeoEnv(), () => alive.current && setPhase('prompt'));
    if (!alive.current) return;
    if (result.kind === 'denied') {
      setPhase('idle');
      setPopup('denied');
      return;
    }
    if (result.kind === 'failed') {
      setPhase('idle');
      setPopup('failed');
      return;
    }
    setPhase('naming');
    const p = { latitude: result.latitude, longitude: result.longitude };
    const address = await Promise.race([
      reverseGeocode(p).catch(() => null),
      new Promise<null>((r) => setTimeout(() => r(null), LABEL_WAIT_MS)),
    ]);
    if (!alive.current) return;
    setPoint({
      ...p,
      label: address ? addressLabel(address) : lt('currentLocation'),
      placeId: address?.placeId,
      address: address ?? undefined,
    });
    setPhase('idle');
    void navigate(pathAfterPosition(deliveryType, p, redirect));
  }, [deliveryType, env, redirect, navigate, phase]);

  const closeDenied = useCallback(() => {
    setPopup(null);
    const next = pathAfterDenied(isFromCart);
    if (next) void navigate(next);
  }, [isFromCart, navigate]);

  const searchInstead = useCallback(() => {
    setPopup(null);
    void navigate(searchAddressPath(deliveryType, isFromCart));
  }, [deliveryType, isFromCart, navigate]);

  const continueWithStore = useCallback(() => {
    setPopup(null);
    void navigate(isFromCart ? paths.cart() : paths.menu());
  }, [isFromCart, navigate]);

  let node: ReactNode = null;
  if (popup === 'denied') {
    node = (
      <Dialog title={lt('deniedTitle')} actionLabel={lt('ok')} onAction={closeDenied}>
        <p>{lt('deniedBody')}</p>
      </Dialog>
    );
  } else if (popup === 'failed') {
    // SPEC §4: fall back to the stored store when there is one
    const stored = getLocationState().store;
    node = stored ? (
      <Dialog
        title={lt('gpsFailedTitle')}
        actionLabel={lt('gpsContinueWithStore')}
        onAction={continueWithStore}
        secondaryLabel={lt('searchInstead')}
        onSecondary={searchInstead}
      >
        <p>{lt('gpsFailedBodyWithStore', { store: stored.name })}</p>
      </Dialog>
    ) : (
      <Dialog title={lt('gpsFailedTitle')} actionLabel={lt('searchInstead')} onAction={searchInstead}>
        <p>{lt('gpsFailedBody')}</p>
      </Dialog>
    );
  }

  return { locate, phase, busy: phase !== 'idle', popup: node };
}

/** The status line under a "Use current location" button. */
export function gpsStatusText(phase: GpsPhase): string | null {
  if (phase === 'prompt') return lt('allowInPrompt');
  if (phase === 'locating' || phase === 'naming') return lt('locating');
  return null;
}

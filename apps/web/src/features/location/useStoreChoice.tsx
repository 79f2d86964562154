import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Store } from '@crust/contract';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { setDeliveryType, setStore, type ChosenPoint } from '../../shared/state/location-store.ts';
import { completePendingAdd } from '../../shared/cart/location-first.ts';
import { fetchStoreInfo } from '../../shared/location/store-info.ts';
import { afterStorePath, selectRestaurantPath, type StoreRedirect } from '../../shared/location/paths.ts';
import { lt } from './texts.ts';

type Popup =
  | { kind: 'unavailable'; message: string }
  | { kind: 'offline'; message: string; next: string }
  | { kind: 'error'; message: string; store: Store; point: ChosenPoint | null | undefined };

export interface StoreChoice {
  /** store info, then setStore and onward; resolves when done (or a popup is up) */
  choose: (store: Store, point?: ChosenPoint | null) => Promise<void>;
  /** id of the store being checked */
  busyId: number | null;
  popup: ReactNode;
}

/**
 * SPEC §4 Store selection: POST store info; 2.STORENA shows its message and lets the customer pick
 * another store; an offline store gets the advance-order message with "Browse menu"; success stores
 * the store id, advance store and location, makes an add that waited for a store (shared/cart/location-first.ts),
 * then goes on to the menu (or the cart/address, or back to the screen of that add).
 */
export function useStoreChoice(opts: {
  deliveryType: DeliveryType;
  redirect: StoreRedirect;
  /** where "Select another store" goes; null just closes the popup (we are on the store list already) */
  otherStorePath?: string | null;
}): StoreChoice {
  const { deliveryType, redirect } = opts;
  const otherStorePath =
    opts.otherStorePath === undefined ? selectRestaurantPath(deliveryType) : opts.otherStorePath;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const choose = useCallback(
    async (store: Store, point?: ChosenPoint | null) => {
      setBusyId(store.id);
      try {
        const info = await fetchStoreInfo(store.id);
        if (!alive.current) return;
        if (info.kind === 'unavailable') {
          setPopup({ kind: 'unavailable', message: info.message });
          return;
        }
        setDeliveryType(deliveryType);
        setStore(
          {
            id: info.store.id,
            name: info.store.name,
            online: info.online,
            advanceOrderStoreId: info.advanceOrderStoreId,
            address: info.store.address,
          },
          point,
        );
        // an add that waited for a store is made there, and the customer goes back to where they were
        const next = (await completePendingAdd(qc)) ?? afterStorePath(redirect);
        if (!alive.current) return;
        if (info.notice) {
          setPopup({ kind: 'offline', message: info.notice, next });
          return;
        }
        void navigate(next, { replace: true });
      } catch (e) {
        if (alive.current) {
          setPopup({
            kind: 'error',
            message: e instanceof Error ? e.message : MESSAGES.somethingWentWrongRetry,
            store,
            point,
          });
        }
      } finally {
        if (alive.current) setBusyId(null);
      }
    },
    [deliveryType, navigate, redirect, qc],
  );

  const close = useCallback(() => setPopup(null), []);

  let node: ReactNode = null;
  if (popup?.kind === 'unavailable') {
    node = (
      <Dialog
        title={lt('opsTitle')}
        actionLabel={lt('selectAnotherStore')}
        onAction={() => {
          setPopup(null);
          if (otherStorePath) void navigate(otherStorePath, { replace: true });
        }}
      >
        <p>{popup.message}</p>
      </Dialog>
    );
  } else if (popup?.kind === 'offline') {
    const next = popup.next;
    node = (
      <Dialog
        title={lt('storeOfflineTitle')}
        actionLabel={lt('browseMenu')}
        onAction={() => {
          setPopup(null);
          void navigate(next, { replace: true });
        }}
        secondaryLabel={otherStorePath ? lt('selectAnotherStore') : undefined}
        onSecondary={
          otherStorePath
            ? () => {
                setPopup(null);
                void navigate(otherStorePath, { replace: true });
              }
            : undefined
        }
      >
        <p>{popup.message}</p>
      </Dialog>
    );
  } else if (popup?.kind === 'error') {
    const { store, point } = popup;
    node = (
      <Dialog
        title={lt('opsTitle')}
        actionLabel={lt('ok')}
        onAction={close}
        secondaryLabel={lt('retry')}
        onSecondary={() => {
          setPopup(null);
          void choose(store, point);
        }}
      >
        <p>{popup.message}</p>
      </Dialog>
    );
  }
  return { choose, busyId, popup: node };
}

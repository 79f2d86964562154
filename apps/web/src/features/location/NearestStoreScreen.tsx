import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import { isPickupType } from '@crust/domain/delivery-types';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { setDeliveryType, useLocationState } from '../../shared/state/location-store.ts';
import { fetchNearestStore, locationKeys } from '../../shared/location/lookups.ts';
import {
  deliveryTypeFrom,
  locationSelectionPath,
  nearestStorePath,
  redirectFrom,
  selectRestaurantPath,
  takeawayMapPath,
} from '../../shared/location/paths.ts';
import { useStoreChoice } from './useStoreChoice.tsx';
import { StoreCard } from './StoreCard.tsx';
import { Loading, Notice } from './parts.tsx';
import { lt } from './texts.ts';
import './location.css';

/** What /selectResturant is told when it is reached because the lookup failed (SPEC §8). */
export interface SelectRestaurantState {
  nearestFailed?: boolean;
}

/**
 * /nearestStore?deliveryType=&redirect=: the nearest-store lookup for the chosen point.
 * Delivery: store info for the chosen store, then the menu (or cart/address); NO_DELIVERY shows
 * "We Do not Deliver Here". Pickup types: the stores go on the takeaway map; any failure clears the
 * loader and opens /selectResturant (SPEC §2, §8).
 */
export default function NearestStoreScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const redirect = redirectFrom(params);
  const isFromCart = redirect === 'cart';
  const point = stored.point;
  const pickup = isPickupType(type);
  const choice = useStoreChoice({ deliveryType: type, redirect });

  const lookup = useQuery({
    queryKey: point ? locationKeys.nearest(type, point) : ['stores', 'nearest', type, 'none'],
    queryFn: ({ signal }) => fetchNearestStore(type, point!, signal),
    enabled: point !== null,
  });

  // No point: ask for one first
  useEffect(() => {
    if (!point) void navigate(locationSelectionPath(type, isFromCart), { replace: true });
  }, [point, type, isFromCart, navigate]);

  // Route onward once, when the lookup has answered
  const handled = useRef<unknown>(null);
  const { data, isError, dataUpdatedAt, errorUpdatedAt } = lookup;
  const { choose } = choice;
  useEffect(() => {
    if (!point) return;
    const answer = isError ? `e${errorUpdatedAt}` : data ? `d${dataUpdatedAt}` : null;
    if (answer === null || handled.current === answer) return;
    handled.current = answer;
    const failed = isError || (data !== undefined && !data.ok);
    if (pickup) {
      const state: SelectRestaurantState = { nearestFailed: true };
      if (failed) void navigate(selectRestaurantPath(type), { replace: true, state });
      else void navigate(takeawayMapPath(type, redirect), { replace: true });
      return;
    }
    if (data?.ok) void choose(data.store, point);
  }, [point, pickup, isError, data, dataUpdatedAt, errorUpdatedAt, type, redirect, navigate, choose]);

  let content;
  if (!point || pickup || lookup.isPending || (lookup.isError && lookup.isFetching)) {
    // pickup types never stay here: the lookup's answer sends them to the map or the store list
    content = <Loading label={lt('findingStore')} />;
  } else if (lookup.isError) {
    content = (
      <Notice
        title={lt('lookupFailed')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => void lookup.refetch()}>
            {lt('retry')}
          </button>
        }
      >
        <p>{lookup.error.message}</p>
      </Notice>
    );
  } else if (lookup.data && !lookup.data.ok) {
    const noDelivery = lookup.data.code === 'NO_DELIVERY';
    content = (
      <div className="no-delivery card">
        <h2 className="no-delivery-title">{noDelivery ? lt('weDoNotDeliverHere') : lt('lookupFailed')}</h2>
        <p className="no-delivery-place">{point.label}</p>
        <p className="no-delivery-body">{noDelivery ? lt('noDeliveryBody') : lookup.data.message}</p>
        <div className="stack">
          <Link className="btn btn-primary btn-block" to={locationSelectionPath(type, isFromCart)} replace>
            {lt('changeLocation')}
          </Link>
          {noDelivery ? (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => {
                setDeliveryType('P');
                void navigate(nearestStorePath('P', redirect), { replace: true });
              }}
            >
              {lt('tryPickup')}
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (lookup.data?.ok) {
    const store = lookup.data.store;
    const busy = choice.busyId !== null;
    content = (
      <section className="nearest-found" aria-live="polite">
        <p className="nearest-kicker">{lt('yourStore')}</p>
        <StoreCard
          store={store}
          point={point}
          headingLevel={2}
          action={
            busy ? (
              <Loading label={lt('checkingStore')} />
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={() => void choose(store, point)}
              >
                {lt('selectStore', { name: store.name })}
              </button>
            )
          }
        />
      </section>
    );
  }

  return (
    <>
      <ScreenHeader title={lt('nearestTitle')} />
      <main className="screen loc-screen">
        {point && !(lookup.data && !lookup.data.ok) ? <p className="loc-intro">{point.label}</p> : null}
        {content}
        {choice.popup}
      </main>
    </>
  );
}

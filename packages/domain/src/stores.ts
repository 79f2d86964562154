import { STORE_LIST_CAP, STORE_SEARCH_RADIUS_KM, TAKEAWAY_STORE_COUNT } from './constants.ts';
import { assertNever, type DeliveryType, type StoreOrderType } from './delivery-types.ts';
import { deliversTo, type DeliveryReach } from './delivery-area.ts';
import { distanceKm, type LatLng } from './geo.ts';

export interface StoreForChoice extends DeliveryReach {
  id: number;
  orderTypes: readonly StoreOrderType[];
  online: boolean;
}

export interface StoreWithDistance<S> {
  store: S;
  distanceKm: number;
}

export interface StoreMaybeWithDistance<S> {
  store: S;
  /** null when no point was given */
  distanceKm: number | null;
}

/** Which store order type serves a requested delivery type (a train order is delivered by a station's store). */
export function storeOrderTypeFor(type: DeliveryType): StoreOrderType {
  switch (type) {
    case 'D':
    case 'IRCTC':
      return 'D';
    case 'T':
      return 'T';
    case 'P':
      return 'P';
    case 'DINEIN':
      return 'DINEIN';
    case 'CURB':
      return 'CURB';
    default:
      return assertNever(type);
  }
}

/** Stores offering the type, by distance then id (so ties are stable). */
function byDistance<S extends StoreForChoice>(stores: readonly S[], point: LatLng, type: StoreOrderType) {
  return stores
    .filter((s) => s.orderTypes.includes(type))
    .map((store) => ({ store, distanceKm: distanceKm(point, store) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.store.id - b.store.id);
}

/**
 * SPEC §9 Locations. Delivery: the stores whose own delivery area covers the point (their radius, or their
 * polygon when they have one: delivery-area.ts), nearest first,
 * at most 5. Pickup types: stores within the 30 km search radius, nearest first; takeaway shows 3.
 * Offline stores stay in the list: store selection turns them into the advance-order message.
 * An empty list means "We Do not Deliver Here" (delivery) or "restaurant not found" (pickup).
 */
export function nearestStores<S extends StoreForChoice>(
  stores: readonly S[],
  point: LatLng,
  deliveryType: DeliveryType,
): StoreWithDistance<S>[] {
  const type = storeOrderTypeFor(deliveryType);
  const ranked = byDistance(stores, point, type);
  if (type === 'D') return ranked.filter((r) => deliversTo(r.store, point)).slice(0, STORE_LIST_CAP);
  const inRange = ranked.filter((r) => r.distanceKm <= STORE_SEARCH_RADIUS_KM);
  return inRange.slice(0, type === 'T' ? TAKEAWAY_STORE_COUNT : STORE_LIST_CAP);
}

/** The store an order goes to: the nearest online one, else the nearest (whose advance store takes orders). */
export function chooseStore<S extends StoreForChoice>(
  ranked: readonly StoreWithDistance<S>[],
): S | undefined {
  return (ranked.find((r) => r.store.online) ?? ranked[0])?.store;
}

/** Stores of a city offering the type; nearest first when a point is known, else by id. */
export function cityStores<S extends StoreForChoice>(
  stores: readonly S[],
  deliveryType: DeliveryType,
  point: LatLng | undefined,
  limit = 10,
): StoreMaybeWithDistance<S>[] {
  const type = storeOrderTypeFor(deliveryType);
  if (point) return byDistance(stores, point, type).slice(0, limit);
  return stores
    .filter((s) => s.orderTypes.includes(type))
    .sort((a, b) => a.id - b.id)
    .slice(0, limit)
    .map((store) => ({ store, distanceKm: null }));
}

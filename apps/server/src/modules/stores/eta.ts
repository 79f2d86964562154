import type { Store } from '@crust/contract/stores';
import { deliveryEstimate, type DeliveryEstimate } from '@crust/domain/delivery-estimate';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { distanceKm, type LatLng } from '@crust/domain/geo';
import { ADVANCE_PROCESSING_MINUTES } from '@crust/domain/constants';

/**
 * How many of a store's unfinished orders are due before an instant: the orders module's face
 * (OrderQueries.queueLength), handed in by the wiring so this module reads no other's tables.
 */
export type QueueLength = (storeId: number, before: Date) => Promise<number>;

/**
 * The ETA (issue 31 item 6) of an order of `type` to `point` at the store as it is now. The queue is what the
 * store's console shows as active, advance orders whose processing has started (or starts within its lead) included.
 */
export async function storeEta(
  store: Store,
  type: DeliveryType | undefined,
  point: LatLng | null,
  queueLength: QueueLength,
  nowMs: number,
): Promise<DeliveryEstimate> {
  if (!type) return 'UNKNOWN';
  const open = store.online === 1 && store.isOpenNow;
  const offersType = (store.orderTypes as readonly string[]).includes(type);
  // a closed store's queue does not matter: NA without asking
  const queue =
    open && offersType
      ? await queueLength(store.id, new Date(nowMs + ADVANCE_PROCESSING_MINUTES * 60_000))
      : 0;
  return deliveryEstimate({
    type,
    store: { open, offersType },
    queue,
    distanceKm: point ? distanceKm(store, point) : null,
    atMs: nowMs,
  });
}

import { deliveryEstimate, type DeliveryEstimate } from '@crust/domain/delivery-estimate';
import { distanceKm, type LatLng } from '@crust/domain/geo';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { orderStageOf, orderTypeOf } from './order-facts.ts';
import { queueLength, type OrderRow } from './repo.ts';

/**
 * A placed order's ETA (issue 31 item 6), counted from when it was placed: the rule the store's answer used
 * (packages/domain delivery-estimate.ts) with the orders still ahead of it in the store's queue. The store took the
 * order, so it is open for it. NA for an order not placed, finished, or scheduled (its slot is the promise).
 */
export async function orderEta(
  db: Db,
  order: OrderRow,
  store: LatLng | undefined,
): Promise<DeliveryEstimate> {
  const stage = orderStageOf(order);
  if (order.status !== 'placed' || !order.placedAt || order.advancedTime || !stage || isFinalStage(stage))
    return 'NA';
  const address = order.address as Partial<LatLng> | null;
  const to =
    typeof address?.latitude === 'number' && typeof address.longitude === 'number'
      ? { latitude: address.latitude, longitude: address.longitude }
      : null;
  return deliveryEstimate({
    type: orderTypeOf(order),
    store: store ? { open: true, offersType: true } : null,
    queue: await queueLength(db, order.storeId, order.placedAt),
    distanceKm: store && to ? distanceKm(store, to) : null,
    atMs: order.placedAt.getTime(),
  });
}

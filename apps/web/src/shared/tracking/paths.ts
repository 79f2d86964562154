import type { DeliveryType } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';

/**
 * SPEC §4: a delivery order that is not advance is followed on /thankYouAndTracking, every other order on
 * /trackOrder. Kept apart from the screens so the thank-you page can link here without loading them.
 */
export function trackingPath(order: {
  orderId: string;
  deliveryType: DeliveryType;
  advanceOrder: boolean;
  key?: string | null;
}): string {
  const key = order.key || null;
  return order.deliveryType === 'D' && !order.advanceOrder
    ? paths.thankYouAndTracking({ orderId: order.orderId, key })
    : paths.trackOrder({ orderHistoryId: order.orderId, key });
}

/** The shape of an order id (the contract's OrderIdSchema); anything else is not asked about. */
export function isOrderId(value: string | null): value is string {
  return value !== null && /^O[0-9A-F]{20}$/.test(value);
}

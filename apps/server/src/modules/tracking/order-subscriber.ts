import { assertNever } from '@crust/domain/delivery-types';
import type { OrderEvent, OrderSubscriber } from '../orders/events.ts';
import type { TrackingBus } from './bus.ts';

/**
 * The customer's tracker and the store's screens follow an order's stages: told after the change is committed
 * (decision 014), so a watcher reading the order again always finds what it was told.
 */
export function trackingFollowsOrders(bus: TrackingBus): OrderSubscriber {
  return {
    name: 'tracking',
    after: (event) => {
      const stage = stageOf(event);
      if (stage) bus.publish({ orderId: event.order.id, storeId: event.order.storeId, stage });
    },
  };
}

/** The stage a watcher sees change, if the event changes one. */
function stageOf(event: OrderEvent): string | null {
  switch (event.kind) {
    case 'placed':
      return 'CONFIRMED';
    case 'moved':
      return event.to;
    case 'cancelled':
      return event.order.stage ?? 'CANCELLED';
    case 'promise_moved':
      return event.order.stage;
    case 'opened':
    case 'failed':
    case 'late_delivery':
    case 'refund_due':
      return null;
    default:
      return assertNever(event);
  }
}

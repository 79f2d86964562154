import type { OrderEvent, OrderSubscriber } from '../orders/events.ts';
import { foldOrder } from './repo.ts';

/**
 * The reports follow orders inside their transactions (decision 014), so what each order adds changes with the
 * order exactly once (report_orders, and report_pending until the rollups take it: repo.ts `foldPending`):
 * placed, it adds its sales, items, offer and points; cancelled, they move to the cancelled counts; delivered, its delivery time and any guarantee payout (credited in the same transaction) are added.
 * One statement per event (repo.ts `foldOrder`); a repeated event changes nothing.
 */
export const reportsFollowOrders: OrderSubscriber = {
  name: 'reports',
  within: async (tx, event: OrderEvent) => {
    switch (event.kind) {
      case 'placed':
      case 'cancelled':
        return foldOrder(tx, event.order.id);
      case 'moved':
        // only a delivery order is timed and guaranteed
        if (event.to === 'DELIVERED' && event.order.deliveryType === 'D') await foldOrder(tx, event.order.id);
        return;
      // the guarantee is credited in the transaction that moves the order to DELIVERED: its moved event folds it
      case 'late_delivery':
      case 'opened':
      case 'failed':
      case 'promise_moved':
      case 'refund_due':
        return;
      default: {
        const never: never = event;
        throw new Error(`unknown order event ${JSON.stringify(never)}`);
      }
    }
  },
};

import type { Db } from '../db/client.ts';
import { loyaltyFollowsOrders } from '../modules/loyalty/order-subscriber.ts';
import type { OrderNotifications } from '../modules/notifications/service.ts';
import type { DeliveryCodes } from '../modules/orders/delivery-codes.ts';
import type { OrderEvents } from '../modules/orders/events.ts';
import { outcomeTexts } from '../modules/orders/outcome-sms.ts';
import { refundsFollowOrders, type PaymentFlow } from '../modules/orders/payment-flow.ts';
import { reportsFollowOrders } from '../modules/reports/order-subscriber.ts';
import type { TrackingBus } from '../modules/tracking/bus.ts';
import { trackingFollowsOrders } from '../modules/tracking/order-subscriber.ts';
import { walletFollowsOrders } from '../modules/wallet/order-subscriber.ts';
import type { SmsProvider } from '../providers/sms/provider.ts';

/**
 * Everything that follows an order's events (decision 014), in the order it is told: the one place to read who
 * follows orders. `orders/` imports none of them.
 */
export function subscribeOrderFollowers(
  events: OrderEvents,
  f: {
    db: Db;
    bus: TrackingBus;
    flow: PaymentFlow;
    sms: SmsProvider;
    deliveryCodes: DeliveryCodes;
    notifications: OrderNotifications;
    clock: () => number;
  },
): void {
  events.subscribe(walletFollowsOrders);
  events.subscribe(loyaltyFollowsOrders(f.clock));
  events.subscribe(trackingFollowsOrders(f.bus));
  events.subscribe(refundsFollowOrders(f.flow));
  events.subscribe(outcomeTexts(f.sms, f.db, f.clock));
  // a train order's delivery code goes out when it is placed and hands it over at the coach (issue 16 §3)
  events.subscribe(f.deliveryCodes.follow());
  // each stage pushed to the customer's browsers, or texted (issue 31 §14); sent without holding the answer
  events.subscribe(f.notifications.follow());
  // last: the reports read what the others wrote (the order's loyalty points) in the same transaction
  events.subscribe(reportsFollowOrders);
}

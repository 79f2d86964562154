import type { ExtraPayment } from '@crust/contract/orders';
import type { Db } from '../../db/client.ts';
import { extraPaymentsByOrder } from './extra-captures.ts';
import * as repo from './repo.ts';

export type { OrderRow, PaymentRow, StageEventRow } from './repo.ts';

/**
 * What other modules may read of orders (tracking, the store console, payment options), and the one change
 * they may ask for: a guest's orders handed to the account it logged into. Made by buildApp over the app's
 * database; the order's own writes (checkout, payments, stages) stay with this module's services.
 */
export class OrderQueries {
  constructor(private readonly db: Db) {}

  find(orderId: string): Promise<repo.OrderRow | undefined> {
    return repo.findOrder(this.db, orderId);
  }

  /** SPEC §5 Tracking: the order with this number placed with this mobile number. */
  byNumber(mobile: string, number: number): Promise<repo.OrderRow | undefined> {
    return repo.findOrderByNumber(this.db, mobile, number);
  }

  payment(orderId: string): Promise<repo.PaymentRow | undefined> {
    return repo.findPayment(this.db, orderId);
  }

  stageEvents(orderId: string): Promise<repo.StageEventRow[]> {
    return repo.stageEvents(this.db, orderId);
  }

  /** A store's queue: orders it still has to finish (oldest first), or those it finished since `since`. */
  storeQueue(storeId: number, view: 'active' | 'done', since: Date) {
    return repo.storeQueue(this.db, storeId, view, since);
  }

  /** How many of the store's unfinished orders are due before `before` (the ETA's queue). */
  queueLength(storeId: number, before: Date): Promise<number> {
    return repo.queueLength(this.db, storeId, before);
  }

  /** The customer's last paid order, for the payment option they used last. */
  lastPaid(ownerId: string) {
    return repo.lastPaidOrder(this.db, ownerId);
  }

  /** The owner's first order delivered or picked up (feedback's first-time rider), or undefined. */
  firstDelivered(ownerId: string): Promise<string | undefined> {
    return repo.firstDeliveredOrderId(this.db, ownerId);
  }

  /** The owner's orders delivered or picked up since `since`, newest first (spin-the-wheel's spins). */
  deliveredSince(ownerId: string, since: Date) {
    return repo.deliveredSince(this.db, ownerId, since);
  }

  /** The payments beyond their own that these orders took, by order (issue 28 §1), as the customer sees them. */
  async extraPayments(orderIds: readonly string[]): Promise<Map<string, ExtraPayment[]>> {
    return extraPaymentsByOrder(await repo.extraCapturesOf(this.db, orderIds));
  }

  /** A guest who logged in: what it ordered moves into the account. */
  handOver(guestId: string, customerId: string): Promise<void> {
    return repo.transferOrders(this.db, guestId, customerId);
  }
}

import { assertNever } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../db/client.ts';
import { type OrderEvent, type OrderSubscriber, Refusal } from '../orders/events.ts';
import { type WalletOutcome, WalletService } from './service.ts';

/** The ledger's references for an order: its hold (then debit or release), its cancellation, its lateness. */
export const walletRef = (orderId: string) => `order:${orderId}`;
export const cancelRef = (orderId: string) => `cancel:${orderId}`;
export const guaranteeRef = (orderId: string) => `guarantee:${orderId}`;

/**
 * The wallet follows an order inside the order's own transaction (decision 014), so the money and the order
 * move together or not at all; every entry is written once per reference, so a repeated event changes nothing.
 */
export const walletFollowsOrders: OrderSubscriber = {
  name: 'wallet',
  within: (tx, event) => follow(tx, event),
};

async function follow(tx: Db, event: OrderEvent): Promise<void> {
  const { order } = event;
  const wallet = new WalletService(tx);
  switch (event.kind) {
    case 'opened':
      if (order.walletPaise === 0) return;
      if (!(await wallet.hold(order.ownerId, order.walletPaise, walletRef(order.id))).ok)
        throw new Refusal('WALLET_INSUFFICIENT', MESSAGES.walletInsufficient);
      return;
    case 'placed':
      if (order.walletPaise > 0) must(await wallet.captureHold(order.ownerId, walletRef(order.id)), event);
      return;
    case 'failed':
      if (order.walletPaise > 0) must(await wallet.releaseHold(order.ownerId, walletRef(order.id)), event);
      return;
    case 'cancelled':
      // the wallet part comes back to the wallet at once
      if (order.walletPaise > 0)
        must(await wallet.refund(order.ownerId, order.walletPaise, cancelRef(order.id)), event);
      return;
    case 'late_delivery':
      must(await wallet.credit(event.customerId, event.paise, guaranteeRef(order.id)), event);
      return;
    case 'moved':
    case 'refund_due':
    case 'promise_moved':
      return;
    default:
      assertNever(event);
  }
}

/** A wallet move an order counts on that cannot be made is a fault: the order's transaction rolls back. */
function must(outcome: WalletOutcome, event: OrderEvent): void {
  if (!outcome.ok) throw new Error(`wallet ${event.kind} of ${event.order.id} failed: ${outcome.reason}`);
}

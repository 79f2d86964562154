import { PAYMENT_POLL_TOTAL_SECONDS } from '@crust/domain/constants';
import type { Db } from '../../db/client.ts';
import type { SmsProvider } from '../../providers/sms/provider.ts';
import type { OrderRow } from './repo.ts';
import type { OrderSubscriber } from './events.ts';
import * as repo from './repo.ts';

/**
 * How long the payment page waits for an outcome before it says "We are still confirming your payment. We will
 * text you the result" (issue 28 §3), measured from the order's making: the page's wait starts with the confirm's
 * answer, a moment later, so an outcome decided inside this window is one the page showed.
 */
export const PAYMENT_WAIT_MS = PAYMENT_POLL_TOTAL_SECONDS * 1000;

/** Whether an outcome decided at `nowMs` came after the customer's payment page stopped waiting for it. */
export function decidedAfterWait(order: Pick<OrderRow, 'createdAt'>, nowMs: number): boolean {
  return nowMs - order.createdAt.getTime() >= PAYMENT_WAIT_MS;
}

/**
 * The SMS the payment page promises when its wait runs out: a payment decided after that (by the reconciler, a
 * webhook, a late browser callback or a status check alike) is texted to the order's mobile, placed or not, once
 * (an order is placed or fails once). An outcome decided while the page still waited is shown there, not texted;
 * nor is an order the customer replaced by paying again (issue 28 §2): they are paying the new one.
 *
 * An after-commit subscriber: the order is decided whatever becomes of the text. When the provider does not
 * take it, the SmsError goes to OrderEvents, which logs it and moves on (the provider has logged it already,
 * number masked); nobody is waiting on a screen to be told, and the order's outcome stays in its history.
 */
export function outcomeTexts(sms: SmsProvider, db: Db, clock: () => number = Date.now): OrderSubscriber {
  return {
    name: 'outcome texts',
    after: async (event) => {
      if (event.kind !== 'placed' && event.kind !== 'failed') return;
      if (!event.late && !decidedAfterWait(event.order, clock())) return;
      const payment = await repo.findPayment(db, event.order.id);
      // only a payment page waits and gives up: a cash or voucher code entered late is answered on its screen
      if (!event.late && !payment?.gatewayOrderId) return;
      if (event.kind === 'failed' && payment?.failureCode === 'REPLACED') return;
      const vars = { orderNumber: event.order.number };
      await sms.send(
        event.order.mobile,
        event.kind === 'placed' ? { kind: 'LATE_PLACED', vars } : { kind: 'LATE_FAILED', vars },
      );
    },
  };
}

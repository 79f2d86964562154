import { payByOfOrder } from './next-action.ts';
import type { OrderRow, PaymentRow } from './repo.ts';

/**
 * An order's first payment step, done by the confirm that made it: the gateway order made, the COD or gift-card
 * code sent, a wallet-only or returning customer's cash order placed. Whether it is done decides what a racing
 * confirm may answer, whether a confirm may redo it (its process died), and whether the reconciler may fail the
 * order as an orphan nobody was ever given a way to pay.
 */
export function firstStepDone(order: OrderRow, payment: PaymentRow, voucherKind: string | null): boolean {
  if (order.status !== 'payment_pending' || payment.state !== 'created') return true;
  const by = payByOfOrder(order);
  switch (by.kind) {
    case 'gateway':
    case 'paytm':
      return payment.gatewayOrderId !== null;
    case 'cash':
      return order.codeHash !== null;
    case 'voucher':
      return voucherKind !== 'GC' || order.codeHash !== null;
    case 'wallet_only':
      return false;
    default: {
      const never: never = by;
      throw new Error(`unknown way to pay ${JSON.stringify(never)}`);
    }
  }
}

/**
 * How old an order whose first step is not done must be before a confirm of its cart does the step itself:
 * the confirm that made it is then taken to have died (the idempotency lease of its request has run out by
 * then too). Doing the step twice is harmless (a gateway order per receipt, a code sent once, payment moves
 * conditional), so a slow but living confirm that is overtaken costs one more gateway call, nothing else.
 */
export const FIRST_STEP_RESUME_MS = 10_000;

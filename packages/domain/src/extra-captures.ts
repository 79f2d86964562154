/**
 * Every capture on an order's gateway order is accounted for (issue 28 §1, docs/checkout.md "Paid twice"): the
 * order keeps one payment (the one its state machine recorded), and every other attempt that took money is an
 * extra capture, refunded once. An attempt still open (created) or only authorised may capture later, so the
 * order is watched until it has none.
 */

export type AttemptStatus = 'created' | 'authorized' | 'captured' | 'failed';

export interface CaptureAttempt {
  paymentId: string;
  status: AttemptStatus;
  amountPaise: number;
  currency: string;
}

/** What the order is to be paid: its amount, in INR. */
export interface OrderMoney {
  amountPaise: number;
  currency: string;
}

export type ExtraReason = 'DUPLICATE' | 'AMOUNT_MISMATCH';

export interface ExtraCapture {
  paymentId: string;
  amountPaise: number;
  currency: string;
  reason: ExtraReason;
}

/** Whether a capture is for exactly the order's money (amount and currency). */
export function captureMatchesOrder(
  capture: Pick<CaptureAttempt, 'amountPaise' | 'currency'>,
  order: OrderMoney,
): boolean {
  return capture.amountPaise === order.amountPaise && capture.currency === order.currency;
}

/**
 * The captured attempts other than the kept one. None while nothing is kept yet (null): any capture may still
 * become the order's payment, so refunding one now could refund the money the order keeps.
 */
export function extraCaptures(
  attempts: readonly CaptureAttempt[],
  keptPaymentId: string | null,
  order: OrderMoney,
): ExtraCapture[] {
  if (keptPaymentId === null) return [];
  return attempts
    .filter((a) => a.status === 'captured' && a.paymentId !== keptPaymentId)
    .map((a) => ({
      paymentId: a.paymentId,
      amountPaise: a.amountPaise,
      currency: a.currency,
      reason: captureMatchesOrder(a, order) ? 'DUPLICATE' : 'AMOUNT_MISMATCH',
    }));
}

/** Whether an attempt other than the kept one may still take money (gateways capture authorisations). */
export function hasOpenAttempts(
  attempts: readonly Pick<CaptureAttempt, 'paymentId' | 'status'>[],
  keptPaymentId: string | null,
): boolean {
  return attempts.some(
    (a) => a.paymentId !== keptPaymentId && (a.status === 'created' || a.status === 'authorized'),
  );
}

import type { FastifyBaseLogger } from 'fastify';
import type { ExtraPayment } from '@crust/contract/orders';
import { extraCaptures, hasOpenAttempts } from '@crust/domain/extra-captures';
import { paise } from '@crust/domain/money';
import type { Db } from '../../db/client.ts';
import type { GatewayPayment, PaymentGateway } from '../../providers/payments/provider.ts';
import * as repo from './repo.ts';

/**
 * How long a decided payment whose gateway order still has an open attempt is asked about again: the gateway's
 * checkout (a bank page, a UPI collect request) lives well under an hour, so an attempt still open after that
 * will not capture. Counted from the first sync that saw the open attempt.
 */
export const OPEN_ATTEMPTS_WATCH_MS = 60 * 60_000;

/**
 * How long a second capture's refund may stay due before the reconciler asks for it again: longer than one refund
 * call takes (the adapters give up after 5 s), so a sync's own call is normally left to finish; an overlap would
 * still refund once (the receipt).
 */
export const EXTRA_REFUND_RETRY_MS = 15_000;

/** The gateway's refund receipt of an extra capture: one per payment, so a retried call refunds once. */
export const extraRefundReceipt = (gatewayPaymentId: string) => `extra-${gatewayPaymentId}`;

/** Payments decided with money kept: their gateway payment id is the order's, any other capture is extra. */
const KEEPING = new Set(['success', 'refund_pending', 'refunded']);

/**
 * Every capture on an order's gateway order is accounted for (issue 28 §1, docs/checkout.md "Paid twice"): after
 * the state machine decided which attempt the order keeps, every other captured attempt is recorded (one row per
 * gateway payment, whoever records it first), then refunded by the gateway with its own receipt, then marked
 * refunded. A row left due (a crash, a gateway error) is refunded by a later sync or the reconciler, still once.
 */
export class ExtraCaptures {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `payment` as read after the decision; `attempts` the gateway's list that sync read. */
  async account(
    gateway: PaymentGateway,
    order: Pick<repo.OrderRow, 'id' | 'amountPaise'>,
    payment: repo.PaymentRow,
    attempts: readonly GatewayPayment[],
    nowMs: number,
  ): Promise<void> {
    if (payment.state === 'created' || payment.state === 'pending') return;
    const kept = KEEPING.has(payment.state) ? payment.gatewayPaymentId : null;
    const extras = extraCaptures(attempts, kept, { amountPaise: order.amountPaise, currency: 'INR' });
    for (const extra of extras) {
      const recorded = await repo.recordExtraCapture(this.db, {
        gateway: gateway.code,
        gatewayPaymentId: extra.paymentId,
        orderId: order.id,
        amountPaise: extra.amountPaise,
        currency: extra.currency,
        reason: extra.reason,
      });
      if (recorded)
        this.log.warn(
          {
            orderId: order.id,
            paymentId: extra.paymentId,
            reason: extra.reason,
            amountPaise: extra.amountPaise,
          },
          'a second capture on an order: it is refunded',
        );
    }
    const open = hasOpenAttempts(attempts, kept);
    if (open && payment.openAttemptsUntil === null)
      await repo.watchOpenAttempts(this.db, payment.orderId, new Date(nowMs + OPEN_ATTEMPTS_WATCH_MS));
    else if (!open && payment.openAttemptsUntil !== null)
      await repo.watchOpenAttempts(this.db, payment.orderId, null);
    await this.refundDue(gateway, order.id);
  }

  /** Refunds the order's extra captures still due; a failure leaves the row due for the next try. */
  async refundDue(gateway: PaymentGateway, orderId: string): Promise<void> {
    for (const row of await repo.dueExtraCaptures(this.db, orderId, gateway.code)) {
      const paymentId = row.gatewayPaymentId;
      try {
        const refund = await gateway.refund(paymentId, paise(row.amountPaise), extraRefundReceipt(paymentId));
        await repo.markExtraRefunded(this.db, row, refund.refundId);
        this.log.warn({ orderId, paymentId, refundId: refund.refundId }, 'a second capture was refunded');
      } catch (err) {
        // the row stays due: the next sync or the reconciler asks again, and the receipt keeps it to one refund
        this.log.warn({ err, orderId, paymentId }, 'the refund of a second capture failed; will retry');
      }
    }
  }
}

/** An extra capture as the customer and the store see it. */
export const extraPaymentOf = (row: Pick<repo.ExtraCaptureRow, 'amountPaise' | 'state'>): ExtraPayment => ({
  amountPaise: row.amountPaise,
  refund: row.state === 'refunded' ? 'DONE' : 'PENDING',
});

/** Extra captures grouped by order, each order's oldest first. */
export function extraPaymentsByOrder(rows: readonly repo.ExtraCaptureRow[]): Map<string, ExtraPayment[]> {
  const byOrder = new Map<string, ExtraPayment[]>();
  for (const row of rows)
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), extraPaymentOf(row)]);
  return byOrder;
}

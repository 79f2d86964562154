import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@crust/domain/messages';
import { paise } from '@crust/domain/money';
import { isPaymentType } from '@crust/domain/payment-types';
import type { Db } from '../../db/client.ts';
import type { Result } from '../../http/errors.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { CheckoutStep } from '../../providers/payments/provider.ts';
import { fail } from './fail.ts';
import { checkoutMethodOf, nextActionOf, payByOfOrder } from './next-action.ts';
import { orderNumberOf } from './order-facts.ts';
import type { PaytmNext, PaytmOrder, PaytmSide } from './paytm-face.ts';
import * as repo from './repo.ts';
import { paymentFailedText, refundText } from './texts.ts';

export interface OrderAnswersDeps {
  db: Db;
  gateways: Pick<Gateways, 'holding'>;
  paytm?: PaytmSide | null;
  log?: FastifyBaseLogger;
}

/**
 * What a confirm, a code or a retry answers for an order: its next action from its rows as they are, with the
 * gateway asked how the browser pays an open gateway order and the paytm side how a Paytm wallet order goes on.
 */
export class OrderAnswers {
  private readonly db: Db;

  constructor(private readonly o: OrderAnswersDeps) {
    this.db = o.db;
  }

  async answerFor(order: repo.OrderRow): Promise<Result<ConfirmOrderResult>> {
    const [now, payment] = await Promise.all([
      repo.findOrder(this.db, order.id),
      repo.findPayment(this.db, order.id),
    ]);
    if (!now || !payment) throw new Error(`order ${order.id} vanished`);
    const voucher = now.voucherCode ? await repo.findVoucher(this.db, now.voucherCode) : undefined;
    return this.answerOf(
      now,
      payment,
      voucher ? { kind: voucher.kind as 'EV' | 'GC', mobile: voucher.mobile } : null,
    );
  }

  /**
   * answerOf, with the gateway asked how the browser goes on when the order is paid there and still open, and the
   * paytm side asked how a Paytm wallet order goes on (link, withdraw, add money).
   */
  async answerOf(
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    voucher: { kind: 'EV' | 'GC'; mobile: string | null } | null,
  ): Promise<Result<ConfirmOrderResult>> {
    const [step, paytm] = await Promise.all([
      this.checkoutOf(order, payment),
      this.paytmNextOf(order, payment),
    ]);
    return answerOf(order, payment, step, voucher, paytm);
  }

  private async paytmNextOf(order: repo.OrderRow, payment: repo.PaymentRow): Promise<PaytmNext | null> {
    const by = payByOfOrder(order);
    if (by.kind !== 'paytm' || !this.o.paytm || order.status !== 'payment_pending') return null;
    if (payment.state !== 'created' && payment.state !== 'pending') return null;
    return this.o.paytm.nextFor(paytmOrderOf(order, payment));
  }

  /** How the customer's browser pays an open gateway order by the chosen method; null when it cannot. */
  private async checkoutOf(order: repo.OrderRow, payment: repo.PaymentRow): Promise<CheckoutStep | null> {
    const by = payByOfOrder(order);
    if (order.status !== 'payment_pending' || by.kind !== 'gateway') return null;
    if (!payment.gatewayOrderId || (payment.state !== 'created' && payment.state !== 'pending')) return null;
    const gateway = this.o.gateways.holding(payment.gateway);
    if (!gateway) return null;
    const who = order.userDetails as { firstName?: string; lastName?: string; email?: string };
    const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
    try {
      return await gateway.checkout({
        gatewayOrderId: payment.gatewayOrderId,
        amountPaise: paise(order.amountPaise),
        method: checkoutMethodOf(by.page, order.upiMode),
        // the wallet chosen in checkout, so the gateway's page does not ask for it again
        ...(by.page === 'wallet' && isPaymentType(order.primaryPaymentId)
          ? { wallet: order.primaryPaymentId }
          : {}),
        callbackPath: callbackPathOf(order),
        customer: {
          mobile: order.mobile,
          ...(who.email ? { email: who.email } : {}),
          ...(name ? { name } : {}),
        },
        description: `Crust order ${orderNumberOf(order)}`,
      });
    } catch (err) {
      this.o.log?.warn({ err, orderId: order.id, gateway: gateway.code }, 'gateway checkout failed');
      return null;
    }
  }
}

/** Where the gateway sends the customer's browser back (the callback route, then /paymentTransaction). */
export const callbackPathOf = (order: Pick<repo.OrderRow, 'transactionId'>) =>
  `/api/v1/payments/callback?transactionId=${order.transactionId}`;

/** A confirm's answer from the order's rows as they are (nextActionOf); FAILED is a refusal. */
export function answerOf(
  order: repo.OrderRow,
  payment: repo.PaymentRow,
  step: CheckoutStep | null,
  voucher: { kind: 'EV' | 'GC'; mobile: string | null } | null,
  paytm: PaytmNext | null = null,
): Result<ConfirmOrderResult> {
  const result = nextActionOf(order, payment, step, voucher, paytm);
  if (result.nextAction === 'REFUND_PAGE')
    return { ok: true, data: { ...result, displayMsg: refundText(payment) } };
  if (result.nextAction === 'FAILED')
    return payment.failureCode === 'TRAIN_PAY_LATE'
      ? fail('TRAIN_PAY_LATE', paymentFailedText(payment))
      : fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
  return { ok: true, data: result };
}

export function paytmOrderOf(order: repo.OrderRow, payment: repo.PaymentRow | undefined): PaytmOrder {
  const by = payByOfOrder(order);
  const who = order.userDetails as { email?: string };
  return {
    id: order.id,
    transactionId: order.transactionId,
    ownerId: order.ownerId,
    status: order.status,
    amountPaise: order.amountPaise,
    mobile: order.mobile,
    email: who.email ?? null,
    cartId: order.cartId,
    orderRef: payment?.gatewayOrderId ?? null,
    paytm: by.kind === 'paytm',
    upi: by.kind === 'gateway' && by.page === 'upi',
    refusal: payment?.failureCode === 'TRAIN_PAY_LATE' ? paymentFailedText(payment) : null,
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { MiniAppPaymentBody, MiniAppPaymentResult } from '@crust/contract/partner';
import type { Db } from '../../db/client.ts';
import type { Result } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { GatewayPayment } from '../../providers/payments/provider.ts';
import { PARTNER_GATEWAY_CODES } from '../../providers/partner/gateway.ts';
import { ownedOrderByTransaction } from './owned.ts';
import type { PaymentFlow } from './payment-flow.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS, paymentFailedText } from './texts.ts';

export interface MiniAppPaymentsOptions {
  db: Db;
  gateways: Gateways;
  flow: PaymentFlow;
  log: FastifyBaseLogger;
  clock?: () => number;
}

/**
 * SPEC §7 POST mini-app payment (issue 18; decision 017): the host's sheet told the mini-app it paid, or not. That
 * is only a nudge: the partner is asked for the payment (it must be of this order's partner order, for its amount),
 * and then the order is settled from the partner's own list of the order's payments through PaymentFlow, as a
 * webhook or a status poll would. So a storm of these, the partner's notification and the app's polls settle the
 * order once; a payment id the partner does not know, or one it declined, never places it.
 */
export class MiniAppPayments {
  private readonly clock: () => number;

  constructor(private readonly o: MiniAppPaymentsOptions) {
    this.clock = o.clock ?? Date.now;
  }

  async settle(principal: Principal, body: MiniAppPaymentBody): Promise<Result<MiniAppPaymentResult>> {
    const { db } = this.o;
    const order = await ownedOrderByTransaction(db, principal, body.transactionId);
    const payment = await repo.findPayment(db, order.id);
    const gateway =
      payment?.gateway && PARTNER_GATEWAY_CODES.has(payment.gateway)
        ? this.o.gateways.byCode(payment.gateway)
        : null;
    if (!payment || !gateway || !payment.gatewayOrderId)
      return refusal('NOT_A_MINI_APP_PAYMENT', ORDER_TEXTS.miniAppPaymentUnknown);
    const answer = (
      status: MiniAppPaymentResult['status'],
      paymentId: string | null,
      // why it failed, as the payment status says it (a train order's cut-off has its own words)
      failed: Parameters<typeof paymentFailedText>[0] = payment,
    ): Result<MiniAppPaymentResult> => ({
      ok: true,
      data: {
        status,
        action: status === 'SUCCESS' ? 'THANKYOU' : status === 'FAILED' ? 'FAILED' : 'DISPLAY_POLLING',
        paymentId,
        transactionId: order.transactionId,
        ...(status === 'FAILED' ? { displayMsg: paymentFailedText(failed) } : {}),
      },
    });
    // already settled: the same answer however often it is asked
    if (order.status === 'placed') return answer('SUCCESS', payment.gatewayPaymentId);
    if (order.status !== 'payment_pending')
      return answer('FAILED', payment.gatewayPaymentId ?? body.paymentId);

    let said: GatewayPayment | null;
    try {
      said = await gateway.fetchPayment(body.paymentId);
    } catch (err) {
      this.o.log.warn({ err, orderId: order.id }, 'partner payment not read; the app polls');
      return answer('WAIT', null);
    }
    // the browser's word names a payment the partner does not know, or one of another order or amount: nothing moves
    if (!said || said.gatewayOrderId !== payment.gatewayOrderId || said.amountPaise !== order.amountPaise) {
      this.o.log.warn({ orderId: order.id, hostStatus: body.status }, 'mini-app payment not the partner’s');
      return refusal('PARTNER_PAYMENT_UNKNOWN', ORDER_TEXTS.miniAppPaymentUnknown);
    }
    try {
      await this.o.flow.sync(order.id, this.clock());
    } catch (err) {
      this.o.log.warn({ err, orderId: order.id }, 'partner payments not read; the app polls');
      return answer('WAIT', said.paymentId);
    }
    const now = await repo.findOrder(db, order.id);
    if (now?.status === 'placed') return answer('SUCCESS', said.paymentId);
    if (now?.status === 'payment_pending') return answer('WAIT', said.paymentId);
    return answer('FAILED', said.paymentId, await repo.findPayment(db, order.id));
  }
}

const refusal = (code: string, displayMsg: string): Result<never> => ({
  ok: false,
  errors: [{ code, displayMsg }],
});

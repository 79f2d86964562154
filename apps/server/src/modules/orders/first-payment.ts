import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@crust/domain/messages';
import { paise } from '@crust/domain/money';
import { cashWords } from '@crust/domain/payment-words';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError, type Result } from '../../http/errors.ts';
import { partnerGatewayCode } from '../../providers/partner/gateway.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { PaymentGateway } from '../../providers/payments/provider.ts';
import type { PaymentOptionsService } from '../payments/service.ts';
import { callbackPathOf, type OrderAnswers } from './answers.ts';
import { fail } from './fail.ts';
import { firstStepDone, FIRST_STEP_RESUME_MS } from './first-step.ts';
import { partnerOf, payByOfOrder } from './next-action.ts';
import { typeOf } from './order-facts.ts';
import type { PaymentCodes } from './payment-codes.ts';
import type { PaymentFlow } from './payment-flow.ts';
import { gatewayRestrictionOf } from './promo-payment.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS } from './texts.ts';

export interface FirstPaymentDeps {
  db: Db;
  gateways: Pick<Gateways, 'byCode' | 'forOption'>;
  paytm?: { gateway: PaymentGateway } | null;
  paymentOptions: Pick<PaymentOptionsService, 'providerOf'>;
  flow: PaymentFlow;
  /** cash orders above this ask for a COD OTP (new customers always do) */
  codOtpAbovePaise: number;
  log?: FastifyBaseLogger;
}

/** How long, and how often, a racing confirm looks for the first payment step of the order it lost to. */
const FIRST_STEP_WAIT_MS = 30_000;
const FIRST_STEP_POLL_MS = 25;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A new order's first payment step (first-step.ts): the gateway order made, the COD or gift-card code sent, a
 * wallet-only or returning customer's cash order placed; and the wait of a racing confirm for it.
 */
export class FirstPayment {
  private readonly db: Db;

  constructor(
    private readonly o: FirstPaymentDeps,
    private readonly answers: OrderAnswers,
    private readonly codes: PaymentCodes,
  ) {
    this.db = o.db;
  }

  /**
   * The first step of a new order's payment. `payment`, when the caller has it as this confirm inserted it,
   * lets a gateway order be noted and answered from the rows in hand (issue 12 §2).
   */
  async start(order: repo.OrderRow, payment?: repo.PaymentRow): Promise<Result<ConfirmOrderResult>> {
    const by = payByOfOrder(order);
    switch (by.kind) {
      case 'wallet_only':
        await this.o.flow.apply(order.id, 'authorised');
        return this.answers.answerFor(order);
      case 'cash': {
        const known = await repo.hasPlacedOrder(this.db, { ownerId: order.ownerId, mobile: order.mobile });
        if (known && order.amountPaise <= this.o.codOtpAbovePaise) {
          await this.o.flow.apply(order.id, 'authorised');
          return this.answers.answerFor(order);
        }
        return this.codes.firstCode(order);
      }
      case 'voucher': {
        const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
        if (voucher?.kind === 'GC') return this.codes.firstCode(order);
        return this.answers.answerFor(order);
      }
      case 'gateway':
      case 'paytm': {
        const partner = partnerOf(order);
        // the Paytm wallet (decision 018) and a partner host (decision 017) are gateways of their own, never a
        // payment option's default
        const gateway =
          by.kind === 'paytm'
            ? (this.o.paytm?.gateway ?? null)
            : partner
              ? this.o.gateways.byCode(partnerGatewayCode(partner))
              : this.o.gateways.forOption(
                  await this.o.paymentOptions.providerOf(
                    order.storeId,
                    typeOf(order),
                    order.primaryPaymentId ?? '',
                  ),
                );
        if (!gateway) {
          await this.o.flow.apply(order.id, 'expired', { failureCode: 'NO_GATEWAY' });
          return fail('PAYMENT_UNAVAILABLE', ORDER_TEXTS.paymentUnavailable(cashWords(typeOf(order))));
        }
        try {
          // a payment-restricted coupon: the gateway takes only the ways to pay (and cards) it allows
          const restrict = gatewayRestrictionOf(order);
          const made = await gateway.createOrder({
            amountPaise: paise(order.amountPaise),
            currency: 'INR',
            receipt: order.id,
            notes: { callbackUrl: callbackPathOf(order), orderId: order.id },
            ...(restrict ? { restrict } : {}),
          });
          const noted = { gatewayOrderId: made.gatewayOrderId, gateway: gateway.code };
          const opened = payment && (await this.o.flow.openIn(payment, noted));
          if (opened) return await this.answers.answerOf(order, opened, null);
          // the payment moved since this confirm made it (a racing confirm redoing the first step); a twin's
          // gateway order, noted first, stays the one to pay
          await repo.noteGatewayOrder(this.db, order.id, noted);
          await this.o.flow.apply(order.id, 'gateway_order_created');
        } catch (err) {
          if (err instanceof HttpError) throw err;
          this.o.log?.warn({ err, orderId: order.id, gateway: gateway.code }, 'gateway order not made');
          await this.o.flow.apply(order.id, 'expired', { failureCode: 'GATEWAY_ERROR' });
          return fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
        }
        return this.answers.answerFor(order);
      }
      default: {
        const never: never = by;
        throw new Error(`unknown way to pay ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * A racing confirm can find the order between its insert and the end of its first payment step (the
   * gateway order, the returning customer's cash order placed, the COD or gift-card code sent). Answering
   * then would say "payment failed" for a gateway order not made yet, or ask for a code nobody sent; so it
   * waits for that step, and every tab gets the answer the first one got. An order whose step is still not
   * done FIRST_STEP_RESUME_MS after it was made lost its confirm (a crash; docs/checkout.md "After a
   * crash"): this confirm does the step itself, so a retried request ends on the same order.
   */
  async started(order: repo.OrderRow): Promise<repo.OrderRow> {
    const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
    const deadline = Date.now() + FIRST_STEP_WAIT_MS;
    for (;;) {
      const [now, payment] = await Promise.all([
        repo.findOrder(this.db, order.id),
        repo.findPayment(this.db, order.id),
      ]);
      if (!now || !payment) throw new Error(`order ${order.id} vanished`);
      if (firstStepDone(now, payment, voucher?.kind ?? null)) return now;
      if (Date.now() - now.createdAt.getTime() >= FIRST_STEP_RESUME_MS) {
        await this.start(now);
        continue;
      }
      if (Date.now() >= deadline) throw httpError(409, 'ORDER_IN_PROGRESS', ORDER_TEXTS.orderInProgress);
      await sleep(FIRST_STEP_POLL_MS);
    }
  }
}

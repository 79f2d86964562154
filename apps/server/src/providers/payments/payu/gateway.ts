import type { FastifyBaseLogger } from 'fastify';
import { paise, type Paise } from '@crust/domain/money';
import type { PaymentType } from '@crust/domain/payment-types';
import type { PayuConfig } from '../../../config/payments.ts';
import {
  GatewayError,
  type CheckoutInput,
  type CheckoutStep,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type HeaderBag,
  type PaymentGateway,
  type WebhookReading,
} from '../provider.ts';
import {
  ActionStatusAnswerSchema,
  CheckPaymentAnswerSchema,
  IntentAnswerSchema,
  NOT_FOUND,
  paiseOfRupees,
  paymentOf,
  RefundAnswerSchema,
  rupeesText,
  VerifyAnswerSchema,
  type PayuTransaction,
} from './entities.ts';
import { paymentHash } from './hashes.ts';
import { PayuHttp } from './http.ts';
import { refundOutcomeOf } from './refunds.ts';
import { formFieldsOf, signedResponse } from './responses.ts';
import { attemptOf, isGatewayOrderId, refundTokenOf, txnidsOf } from './txnids.ts';

export const PAYU_CODE = 'PAYU';

export interface PayuOptions extends PayuConfig {
  /** Crust's origin for surl/furl; null: a same-origin path (the local sandbox only) */
  publicUrl: string | null;
  log: FastifyBaseLogger;
  /** a page that plays the customer's UPI app for an intent link (the sandbox); null with the real PayU */
  upiAppUrl: ((link: string) => string | null) | null;
  fetch?: typeof fetch;
}

/** The card fields of PayU's seamless (merchant hosted) card payment; the UPI id of a collect request. */
const CARD_INPUTS = {
  number: 'ccnum',
  expiryMonth: 'ccexpmon',
  expiryYear: 'ccexpyr',
  cvv: 'ccvv',
  name: 'ccname',
} as const;

/**
 * Crust's wallet payment types as PayU's wallet bankcodes, paid with pg=CASH (https://docs.payu.in/docs/wallet-codes).
 * PayU's current list has no Paytm (Crust's Paytm orders go through Paytm's own wallet anyway), so it has no row.
 */
const PAYU_WALLETS: Readonly<Partial<Record<PaymentType, string>>> = { AMZPAY_WALLET: 'AMZPAY' };

/** PayU's lower limit for cards and UPI (₹1), as Crust's own orders have it. */
const MIN_PAISE = 100;
const PAYU_ID = /^[A-Za-z0-9_]{1,40}$/;

/**
 * PayU over its published protocol (https://docs.payu.in): the customer's browser posts a signed form to PayU's
 * `_payment` URL (seamless card and UPI collect on Crust's own page, net banking and wallets on PayU's hosted page,
 * https://docs.payu.in/docs/custom-checkout-merchant-hosted and …/prebuilt-checkout-page-integration), a UPI intent
 * is started server to server (https://docs.payu.in/docs/pacb-upi-intent-with-s2s-integration), and PayU posts the
 * outcome back to surl/furl and to the webhook URL with the reverse hash. Status and refunds go through the merchant
 * API (postservice.php?form=2: verify_payment, check_payment, cancel_refund_transaction, check_action_status).
 * PayU has no orders: txnids.ts says how Crust's gateway order maps to per-attempt txnids.
 */
export class PayuGateway implements PaymentGateway {
  readonly code = PAYU_CODE;
  private readonly http: PayuHttp;

  constructor(private readonly o: PayuOptions) {
    this.http = new PayuHttp({ apiUrl: o.apiUrl, key: o.key, salt: o.salt, log: o.log, fetch: o.fetch });
  }

  /**
   * No call: the gateway order is Crust's receipt (txnids.ts). The same receipt always answers the same order;
   * PayU cannot tell a receipt reused for another amount, so RECEIPT_IN_USE never comes from here. Payment-restricted
   * coupons are checked by Crust when the money arrives (promo-payment.ts), as with Razorpay.
   */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    if (!isGatewayOrderId(input.receipt))
      throw new GatewayError('BAD_REQUEST', 'The receipt does not fit in a PayU txnid', 400);
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < MIN_PAISE)
      throw new GatewayError('BAD_REQUEST', 'PayU takes at least ₹1', 400);
    return Promise.resolve({
      gatewayOrderId: input.receipt,
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
    });
  }

  async checkout(input: CheckoutInput): Promise<CheckoutStep> {
    const txnid = await this.freeTxnid(input.gatewayOrderId);
    const back = this.o.publicUrl ? `${this.o.publicUrl}${input.callbackPath}` : input.callbackPath;
    const signed = {
      txnid,
      amount: rupeesText(input.amountPaise),
      productinfo: input.description,
      // PayU wants a first name; Crust's checkout may have none (a curbside order)
      firstname: input.customer.name ?? 'Customer',
      email: input.customer.email ?? '',
      // the way Crust asked to pay: what an attempt is until PayU names its mode (entities.ts methodOf)
      udf1: input.method,
    };
    const request = {
      key: this.o.key,
      ...signed,
      phone: input.customer.mobile,
      surl: back,
      furl: back,
      hash: paymentHash(this.o.key, this.o.salt, signed),
    };
    switch (input.method) {
      case 'card':
        return {
          kind: 'form',
          action: this.o.paymentUrl,
          fields: { ...request, pg: 'CC', bankcode: 'CC' },
          inputs: CARD_INPUTS,
        };
      case 'upi_collect':
        return {
          kind: 'form',
          action: this.o.paymentUrl,
          fields: { ...request, pg: 'UPI', bankcode: 'UPI' },
          inputs: { vpa: 'vpa' },
        };
      case 'netbanking':
        // no pg: PayU's hosted page lets the customer choose the bank
        return { kind: 'form', action: this.o.paymentUrl, fields: request, inputs: null };
      case 'wallet': {
        // the wallet chosen in Crust's checkout opens at once; without one, PayU's hosted page lets them choose
        const bankcode = input.wallet && PAYU_WALLETS[input.wallet];
        const fields = bankcode ? { ...request, pg: 'CASH', bankcode } : request;
        return { kind: 'form', action: this.o.paymentUrl, fields, inputs: null };
      }
      case 'upi_intent':
        return this.intent({ ...request, pg: 'UPI', bankcode: 'INTENT', txn_s2s_flow: '4' });
      default: {
        const never: never = input.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  }

  /**
   * The S2S intent: PayU makes the transaction and answers the `upi://pay` query. The customer's IP and device
   * (s2s_client_ip, s2s_device_info) are not sent: Crust's checkout does not carry them to the gateway.
   */
  private async intent(fields: Record<string, string>): Promise<CheckoutStep> {
    // a retry could start a second transaction; PayU would refuse the txnid anyway
    const answer = IntentAnswerSchema.safeParse(
      await this.http.post(this.o.paymentUrl, fields, false, 'intent'),
    );
    if (!answer.success || !answer.data.result)
      throw new GatewayError('BAD_REQUEST', 'PayU did not start the UPI intent payment', 502);
    const link = `upi://pay?${answer.data.result.intentURIData}`;
    return { kind: 'upi_intent', link, appUrl: this.o.upiAppUrl?.(link) ?? null };
  }

  /** The first attempt's txnid PayU does not know yet (txnids.ts). */
  private async freeTxnid(gatewayOrderId: string): Promise<string> {
    if (!isGatewayOrderId(gatewayOrderId))
      throw new GatewayError('NOT_FOUND', 'Not a PayU gateway order', 404);
    const known = await this.transactions(txnidsOf(gatewayOrderId));
    const free = txnidsOf(gatewayOrderId).find((txnid) => !known.has(txnid));
    if (!free)
      throw new GatewayError('BAD_REQUEST', 'This order has had as many attempts as PayU takes', 409);
    return free;
  }

  /** verify_payment for these txnids: the ones PayU knows, by txnid. */
  private async transactions(txnids: string[]): Promise<Map<string, PayuTransaction>> {
    const answer = VerifyAnswerSchema.parse(
      await this.http.command('verify_payment', [txnids.join('|')], true),
    );
    if (!answer.transaction_details)
      throw new GatewayError('BAD_REQUEST', answer.msg || 'PayU did not answer verify_payment', 502);
    const known = new Map<string, PayuTransaction>();
    for (const [txnid, t] of Object.entries(answer.transaction_details))
      if (t.status !== NOT_FOUND && t.mihpayid !== NOT_FOUND)
        known.set(txnid, { ...t, txnid: t.txnid || txnid });
    return known;
  }

  async paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]> {
    if (!isGatewayOrderId(gatewayOrderId)) return [];
    const known = await this.transactions(txnidsOf(gatewayOrderId));
    // txnidsOf lists attempt 1 first, so the oldest comes first
    return txnidsOf(gatewayOrderId).flatMap((txnid) => {
      const t = known.get(txnid);
      const payment = t ? paymentOf(t) : null;
      return payment ? [payment] : [];
    });
  }

  /** check_payment by PayU id, with what check_action_status says was refunded. */
  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    if (!PAYU_ID.test(paymentId)) return null;
    const answer = CheckPaymentAnswerSchema.parse(
      await this.http.command('check_payment', [paymentId], true),
    );
    const t = answer.transaction_details;
    // PayU may give the id as a JSON number too big for one: the id asked for is the id
    const payment = t && t.status !== NOT_FOUND ? paymentOf({ ...t, mihpayid: paymentId }) : null;
    if (!payment) return null;
    const refunded = (await this.refundsOf(paymentId))
      .filter((r) => r.status !== 'failure')
      .reduce((sum, r) => sum + (paiseOfRupees(r.amt) ?? 0), 0);
    return { ...payment, amountRefundedPaise: paise(refunded) };
  }

  /**
   * cancel_refund_transaction with Crust's refund receipt as the token (txnids.ts refundTokenOf), so PayU itself
   * refuses a second refund with it; the call may therefore be retried. When PayU says the token was used, the
   * refund an earlier call made is found with check_action_status.
   */
  async refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund> {
    if (!PAYU_ID.test(paymentId)) throw new GatewayError('NOT_FOUND', 'No such payment', 404);
    const token = refundTokenOf(refundReceipt);
    const amount = rupeesText(amountPaise);
    const answer = RefundAnswerSchema.parse(
      await this.http.command('cancel_refund_transaction', [paymentId, token, amount], true),
    );
    const outcome = refundOutcomeOf(answer);
    const made = (refundId: string): GatewayRefund => ({
      refundId,
      paymentId,
      amountPaise,
      receipt: refundReceipt,
      status: 'processed',
      createdAt: new Date().toISOString(),
    });
    if (outcome.kind === 'made') return made(outcome.requestId);
    const earlier = (await this.refundsOf(paymentId)).find((r) => r.action === 'refund' && r.token === token);
    if (!earlier)
      throw new GatewayError(
        'BAD_REQUEST',
        'PayU says the refund token was used, but lists no such refund',
        502,
      );
    if (paiseOfRupees(earlier.amt) !== amountPaise)
      throw new GatewayError('RECEIPT_IN_USE', 'This refund receipt already names another refund', 409);
    return made(earlier.request_id);
  }

  /** check_action_status by PayU id: the payment's refunds (and captures), [] when it has none. */
  private async refundsOf(paymentId: string) {
    const answer = ActionStatusAnswerSchema.parse(
      await this.http.command('check_action_status', [paymentId, 'payuid'], true),
    );
    const actions = answer.transaction_details?.[paymentId];
    return actions && typeof actions === 'object'
      ? Object.values(actions).filter((a) => a.action === 'refund')
      : [];
  }

  /**
   * PayU's payment webhooks are forms signed with the reverse hash (responses.ts); the dedupe id is the PayU id and
   * the status, which together say one thing once. Its JSON webhooks (refunds, disputes) are about nothing Crust
   * follows and carry no hash Crust can check: acknowledged, never acted on.
   */
  readWebhook(rawBody: Buffer, headers: HeaderBag): WebhookReading {
    const type = String(headers['content-type'] ?? '');
    const text = rawBody.toString('utf8');
    if (type.includes('json') || text.trimStart().startsWith('{')) return { kind: 'ignored' };
    const signed = signedResponse(this.o.key, this.o.salt, formFieldsOf(text));
    if (!signed) return { kind: 'unsigned' };
    // another integration's transaction on the same PayU account
    const attempt = attemptOf(signed.txnid);
    if (!attempt) return { kind: 'ignored' };
    return {
      kind: 'news',
      news: {
        eventId: `${signed.mihpayid}:${signed.status}`,
        event: `payment.${signed.status}`,
        gatewayOrderId: attempt.gatewayOrderId,
      },
    };
  }

  readCallback(fields: Record<string, string>): string | null {
    const signed = signedResponse(this.o.key, this.o.salt, fields);
    return signed ? (attemptOf(signed.txnid)?.gatewayOrderId ?? null) : null;
  }
}

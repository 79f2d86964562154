import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Paise } from '@crust/domain/money';
import type { PaymentType } from '@crust/domain/payment-types';
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
  collectionOf,
  orderOf,
  paymentOf,
  RazorpayOrderSchema,
  RazorpayPaymentSchema,
  RazorpayRefundSchema,
  refundOf,
  UpiIntentAnswerSchema,
} from './entities.ts';
import { RazorpayHttp } from './http.ts';
import {
  checkoutSignatureHolds,
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  webhookSignatureHolds,
} from './signatures.ts';
import { readSignedJson } from '../signatures.ts';

export const RAZORPAY_CODE = 'RAZORPAY';

export interface RazorpayOptions {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Crust's origin for callback_url; null: a same-origin path (the local sandbox only) */
  publicUrl: string | null;
  log: FastifyBaseLogger;
  /** a page that plays the customer's UPI app for an intent link (the sandbox); null with a real gateway */
  upiAppUrl: ((link: string) => string | null) | null;
  fetch?: typeof fetch;
}

/** The events Crust follows; each names the order it is about in its payload. */
const WebhookSchema = z.object({
  entity: z.literal('event'),
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: z.object({ order_id: z.string().nullable() }) }).optional(),
    order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
  }),
});
const FOLLOWED = new Set([
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
]);

/** Card fields as razorpay.js posts them in redirect mode; the UPI id of a collect request. */
const CARD_INPUTS = {
  number: 'card[number]',
  expiryMonth: 'card[expiry_month]',
  expiryYear: 'card[expiry_year]',
  cvv: 'card[cvv]',
  name: 'card[name]',
} as const;

/**
 * Crust's wallet payment types as Razorpay's wallet codes (the `wallet` field of a `method: wallet` payment,
 * https://razorpay.com/docs/payments/payment-gateway/web-integration/custom/payment-methods/). Paytm is only an
 * external wallet at Razorpay, which it does not process, so Razorpay's checkout offers the wallets for it.
 */
const RAZORPAY_WALLETS: Readonly<Partial<Record<PaymentType, string>>> = { AMZPAY_WALLET: 'amazonpay' };

/**
 * Razorpay over its published HTTP API (https://razorpay.com/docs/api/). Orders are made server-side (amount in
 * paise, receipt, notes); the customer pays on Crust's own card and UPI forms posted to Razorpay
 * (`/v1/payments/create/checkout`, as razorpay.js does in redirect mode), on Razorpay's hosted checkout
 * (`/v1/checkout/embedded`) for net banking and wallets, or in their UPI app (S2S intent). The browser comes
 * back to callback_url with a signed payment id; webhooks carry X-Razorpay-Signature. Crust believes neither on
 * its own: both only make it ask the API for the order's payments (PaymentFlow.sync).
 */
export class RazorpayGateway implements PaymentGateway {
  readonly code = RAZORPAY_CODE;
  private readonly http: RazorpayHttp;

  constructor(private readonly o: RazorpayOptions) {
    this.http = new RazorpayHttp(o.baseUrl, o.keyId, o.keySecret, o.log, o.fetch);
  }

  /**
   * Razorpay keeps no receipt unique: a retried create would make a second order. So the order of this receipt is
   * looked for first (`GET /v1/orders?receipt=`), and only made when there is none; a twin made by a race is left
   * unpaid, since Crust notes only the first gateway order of a payment (repo.noteGatewayOrder).
   */
  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const found = await this.http.call<unknown>({
      method: 'GET',
      path: `/v1/orders?receipt=${encodeURIComponent(input.receipt)}&count=10`,
      retry: true,
    });
    const same = collectionOf(RazorpayOrderSchema)
      .parse(found)
      .items.find((o) => o.amount === input.amountPaise && o.status !== 'paid');
    if (same) return orderOf(same);
    const { callbackUrl: _path, ...notes } = input.notes;
    const made = await this.http.call<unknown>({
      method: 'POST',
      path: '/v1/orders',
      // restrictions (bank offers) are Razorpay Offers set up in its dashboard; Crust checks the capture itself
      body: {
        amount: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        notes,
        partial_payment: false,
      },
      retry: false,
    });
    return orderOf(RazorpayOrderSchema.parse(made));
  }

  async checkout(input: CheckoutInput): Promise<CheckoutStep> {
    const callback = this.o.publicUrl ? `${this.o.publicUrl}${input.callbackPath}` : input.callbackPath;
    const contact = `+91${input.customer.mobile}`;
    const email = input.customer.email;
    const common = {
      key_id: this.o.keyId,
      order_id: input.gatewayOrderId,
      callback_url: callback,
      description: input.description,
    };
    // a payment of one method posted straight to Razorpay, as razorpay.js does in redirect mode
    const direct = (method: string, more: Record<string, string> = {}) => ({
      action: `${this.o.baseUrl}/v1/payments/create/checkout`,
      fields: {
        ...common,
        amount: String(input.amountPaise),
        currency: 'INR',
        method,
        ...more,
        contact,
        ...(email ? { email } : {}),
      },
    });
    // Razorpay's hosted checkout, opened at the method, where the customer chooses the bank or wallet
    const hosted = (method: 'netbanking' | 'wallet'): CheckoutStep => ({
      kind: 'form',
      action: `${this.o.baseUrl}/v1/checkout/embedded`,
      fields: {
        ...common,
        name: 'Crust',
        cancel_url: callback,
        'prefill[contact]': contact,
        ...(email ? { 'prefill[email]': email } : {}),
        ...(input.customer.name ? { 'prefill[name]': input.customer.name } : {}),
        'prefill[method]': method,
      },
      inputs: null,
    });
    switch (input.method) {
      case 'card':
        return { kind: 'form', ...direct('card'), inputs: CARD_INPUTS };
      case 'upi_collect':
        return { kind: 'form', ...direct('upi'), inputs: { vpa: 'vpa' } };
      case 'netbanking':
        return hosted('netbanking');
      case 'wallet': {
        // the wallet chosen in Crust's checkout opens at once, not Razorpay's list of wallets
        const wallet = input.wallet && RAZORPAY_WALLETS[input.wallet];
        return wallet ? { kind: 'form', ...direct('wallet', { wallet }), inputs: null } : hosted('wallet');
      }
      case 'upi_intent': {
        const answer = await this.http.call<unknown>({
          method: 'POST',
          path: '/v1/payments/create/upi',
          body: {
            amount: input.amountPaise,
            currency: 'INR',
            order_id: input.gatewayOrderId,
            method: 'upi',
            contact,
            ...(email ? { email } : {}),
            description: input.description,
            upi: { flow: 'intent' },
          },
          // a retry would start a second payment the customer might pay too
          retry: false,
        });
        const { link } = UpiIntentAnswerSchema.parse(answer);
        return { kind: 'upi_intent', link, appUrl: this.o.upiAppUrl?.(link) ?? null };
      }
      default: {
        const never: never = input.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    if (!/^pay_[A-Za-z0-9]{1,40}$/.test(paymentId)) return null;
    try {
      const body = await this.http.call<unknown>({
        method: 'GET',
        path: `/v1/payments/${paymentId}`,
        retry: true,
      });
      return paymentOf(RazorpayPaymentSchema.parse(body));
    } catch (err) {
      if (err instanceof GatewayError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  async paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]> {
    if (!/^order_[A-Za-z0-9]{1,40}$/.test(gatewayOrderId)) return [];
    try {
      const body = await this.http.call<unknown>({
        method: 'GET',
        path: `/v1/orders/${gatewayOrderId}/payments`,
        retry: true,
      });
      // Razorpay lists newest first; the interface wants the oldest first
      return collectionOf(RazorpayPaymentSchema)
        .parse(body)
        .items.map(paymentOf)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    } catch (err) {
      if (err instanceof GatewayError && err.code === 'NOT_FOUND') return [];
      throw err;
    }
  }

  /**
   * Razorpay has no idempotency key on refunds: the payment's refunds are read first and one with this receipt is
   * the answer. A race past that check cannot refund twice: Crust refunds the whole amount, and Razorpay refuses a
   * refund beyond what is left. So the POST itself is never retried.
   */
  async refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund> {
    const listed = await this.http.call<unknown>({
      method: 'GET',
      path: `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
      retry: true,
    });
    const earlier = collectionOf(RazorpayRefundSchema)
      .parse(listed)
      .items.find((r) => r.receipt === refundReceipt && r.status !== 'failed');
    if (earlier) return refundOf(earlier);
    const made = RazorpayRefundSchema.parse(
      await this.http.call<unknown>({
        method: 'POST',
        path: `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        body: {
          amount: amountPaise,
          receipt: refundReceipt,
          speed: 'normal',
          notes: { receipt: refundReceipt },
        },
        retry: false,
      }),
    );
    if (made.status === 'failed')
      throw new GatewayError('BAD_REQUEST', 'Razorpay could not process the refund', 502);
    return refundOf(made);
  }

  readWebhook(rawBody: Buffer, headers: HeaderBag): WebhookReading {
    const signature = headers[RAZORPAY_SIGNATURE_HEADER];
    const eventId = headers[RAZORPAY_EVENT_ID_HEADER];
    const signed =
      typeof signature === 'string' && webhookSignatureHolds(this.o.webhookSecret, rawBody, signature);
    const read = readSignedJson(rawBody, signed, WebhookSchema);
    if (read.kind !== 'read') return read;
    if (typeof eventId !== 'string' || eventId === '') return { kind: 'malformed' };
    const { event, payload } = read.body;
    if (!FOLLOWED.has(event)) return { kind: 'ignored' };
    const gatewayOrderId = payload.payment?.entity.order_id ?? payload.order?.entity.id;
    if (!gatewayOrderId) return { kind: 'ignored' };
    return { kind: 'news', news: { eventId, event, gatewayOrderId } };
  }

  readCallback(fields: Record<string, string>): string | null {
    return checkoutSignatureHolds(this.o.keySecret, fields) ? (fields.razorpay_order_id ?? null) : null;
  }
}

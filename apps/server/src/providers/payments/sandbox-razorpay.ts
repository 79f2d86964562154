import type { CardBrand } from '@crust/domain/card';
import type { GatewayPayment, GatewayRefund } from './provider.ts';
import type * as repo from './repo.ts';
import {
  checkoutSignature,
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  webhookSignature,
} from './razorpay/signatures.ts';
import type { WebhookEvent, WebhookFormat } from './webhook.ts';

/**
 * The sandbox gateway's Razorpay face: its rows as Razorpay's entities (https://razorpay.com/docs/api/ — order,
 * payment, refund, collection), its webhooks as Razorpay sends them, and the browser's return as Razorpay posts
 * it to callback_url. The Razorpay adapter (razorpay/) reads exactly these, so the tests exercise it for real.
 */

const NETWORKS: Record<CardBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'MasterCard',
  AMEX: 'American Express',
  MAESTRO: 'Maestro',
  RUPAY: 'RuPay',
  GENERIC: 'Unknown',
};

const unix = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

export function razorpayOrder(order: repo.OrderRow, attempts: number) {
  const paid = order.status === 'paid';
  return {
    id: order.id,
    entity: 'order',
    amount: order.amountPaise,
    amount_paid: paid ? order.amountPaise : 0,
    amount_due: paid ? 0 : order.amountPaise,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts,
    notes: order.notes,
    created_at: unix(order.createdAt),
  };
}

export function razorpayPayment(p: GatewayPayment) {
  const upi = p.method === 'upi_intent' || p.method === 'upi_collect';
  const fullyRefunded = p.amountRefundedPaise > 0 && p.amountRefundedPaise === p.amountPaise;
  return {
    id: p.paymentId,
    entity: 'payment',
    amount: p.amountPaise,
    currency: 'INR',
    status: fullyRefunded ? 'refunded' : p.status,
    order_id: p.gatewayOrderId,
    invoice_id: null,
    international: false,
    method: upi ? 'upi' : p.method,
    amount_refunded: p.amountRefundedPaise,
    refund_status: p.amountRefundedPaise === 0 ? null : fullyRefunded ? 'full' : 'partial',
    captured: p.status === 'captured',
    description: null,
    card_id: p.cardLast4 ? `card_${p.paymentId.slice(4)}` : null,
    card: p.cardLast4
      ? {
          id: `card_${p.paymentId.slice(4)}`,
          entity: 'card',
          name: '',
          last4: p.cardLast4,
          network: p.cardBrand ? NETWORKS[p.cardBrand] : 'Unknown',
          type: 'credit',
          issuer: null,
          international: false,
          emi: false,
          iin: p.cardBin ?? null,
        }
      : null,
    bank: p.bank ?? null,
    wallet: p.wallet ?? null,
    vpa: p.vpa ?? null,
    upi: upi
      ? { flow: p.method === 'upi_collect' ? 'collect' : 'intent', ...(p.vpa ? { vpa: p.vpa } : {}) }
      : null,
    notes: [],
    fee: null,
    tax: null,
    error_code: p.errorCode ? 'BAD_REQUEST_ERROR' : null,
    error_description: p.errorDescription ?? null,
    error_source: p.errorCode ? 'bank' : null,
    error_step: p.errorCode ? 'payment_authorization' : null,
    error_reason: p.errorCode?.toLowerCase() ?? null,
    created_at: unix(p.createdAt),
  };
}

export function razorpayRefund(r: GatewayRefund) {
  return {
    id: r.refundId,
    entity: 'refund',
    amount: r.amountPaise,
    currency: 'INR',
    payment_id: r.paymentId,
    notes: {},
    receipt: r.receipt,
    acquirer_data: { arn: null },
    created_at: unix(r.createdAt),
    batch_id: null,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

export const razorpayCollection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

/** Razorpay's error body; its code is BAD_REQUEST_ERROR for every refusal a merchant can cause. */
export const razorpayError = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** Razorpay's webhooks: the event in its envelope, X-Razorpay-Signature over the body, the event id in a header. */
export function razorpayWebhooks(webhookSecret: string): WebhookFormat {
  return {
    pathSuffix: '/razorpay',
    body: (e: WebhookEvent) =>
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_SandboxCrust01',
        event: e.event,
        contains: e.payload.refund ? ['refund', 'payment'] : ['payment'],
        payload: {
          payment: { entity: razorpayPayment(e.payload.payment) },
          ...(e.payload.refund ? { refund: { entity: razorpayRefund(e.payload.refund) } } : {}),
        },
        created_at: e.createdAt,
      }),
    headers: (body, eventId) => ({
      'content-type': 'application/json',
      [RAZORPAY_SIGNATURE_HEADER]: webhookSignature(webhookSecret, body),
      [RAZORPAY_EVENT_ID_HEADER]: eventId,
    }),
  };
}

/**
 * The browser's return, posted to callback_url: on success the payment, the order and the checkout signature; on
 * failure Razorpay's error fields (unsigned: the merchant asks the API), with the ids in error[metadata].
 */
export function razorpayReturn(keySecret: string) {
  return (
    order: repo.OrderRow,
    payment: repo.PaymentRow,
  ): { url: string; fields: Record<string, string> } => {
    const url = payment.callbackUrl ?? order.callbackUrl;
    if (payment.status === 'captured' || payment.status === 'authorized')
      return {
        url,
        fields: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: checkoutSignature(keySecret, order.id, payment.id),
        },
      };
    return {
      url,
      fields: {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': payment.errorDescription ?? 'Payment failed',
        'error[source]': 'customer',
        'error[step]': 'payment_authentication',
        'error[reason]': (payment.errorCode ?? 'payment_failed').toLowerCase(),
        'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
      },
    };
  };
}

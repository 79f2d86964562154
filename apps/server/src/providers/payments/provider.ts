import type { CardBrand } from '@crust/domain/card';
import type { Paise } from '@crust/domain/money';

/**
 * What Crust's checkout needs from a payment gateway (Razorpay/PayU-like): orders, hosted checkout pages,
 * a status API, signed callbacks and webhooks, refunds. The sandbox (sandbox-gateway.ts) implements it
 * locally; a real gateway would implement it over its HTTP API. Types live here, not in
 * packages/contract: they describe the gateway's protocol, which Crust's own API never exposes.
 */

export const CHECKOUT_METHODS = ['card', 'netbanking', 'wallet', 'upi_intent', 'upi_collect'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

export function isCheckoutMethod(value: unknown): value is CheckoutMethod {
  return typeof value === 'string' && (CHECKOUT_METHODS as readonly string[]).includes(value);
}

/** created: waiting for the customer or their bank; authorized and captured: money taken; failed: not. */
export const GATEWAY_PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed'] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

export type GatewayOrderStatus = 'created' | 'attempted' | 'paid';

/** How a payment is paid, as the gateway groups its checkout methods (Razorpay's `method`). */
export const RESTRICTABLE_METHODS = ['card', 'netbanking', 'wallet', 'upi'] as const;
export type RestrictableMethod = (typeof RESTRICTABLE_METHODS)[number];

/**
 * The merchant's restriction on how an order may be paid, as Razorpay's order-level method and issuer
 * restrictions (used for bank offers): the gateway's pages offer only these methods, a card must begin with
 * one of `cardBins`, and anything else is refused with `reason`.
 */
export interface OrderRestriction {
  methods: RestrictableMethod[];
  /** card BIN prefixes (issuer); null: any card */
  cardBins: string[] | null;
  /** the customer's words for the condition, shown when the gateway refuses a payment */
  reason: string;
}

export interface CreateOrderInput {
  amountPaise: Paise;
  currency: 'INR';
  /** the merchant's own reference; the same receipt always answers the same gateway order */
  receipt: string;
  /** free-form strings kept with the order; `callbackUrl` (a same-origin path) is required */
  notes: { callbackUrl: string } & Record<string, string>;
  /** only these ways to pay (a payment-restricted offer); absent: any */
  restrict?: OrderRestriction;
}

export interface GatewayOrder {
  gatewayOrderId: string;
  amountPaise: Paise;
  currency: 'INR';
  receipt: string;
  status: GatewayOrderStatus;
  /** the merchant's restriction, when the order has one */
  restrict?: OrderRestriction;
}

export interface GatewayPayment {
  paymentId: string;
  gatewayOrderId: string;
  status: GatewayPaymentStatus;
  method: CheckoutMethod;
  amountPaise: Paise;
  amountRefundedPaise: Paise;
  cardBrand?: CardBrand;
  cardLast4?: string;
  /** a card's first 6 digits (its BIN): the issuer, never more of the number */
  cardBin?: string;
  vpa?: string;
  bank?: string;
  wallet?: string;
  errorCode?: string;
  errorDescription?: string;
  /** ISO 8601, UTC */
  createdAt: string;
}

export interface GatewayRefund {
  refundId: string;
  paymentId: string;
  amountPaise: Paise;
  receipt: string;
  status: 'processed';
  createdAt: string;
}

/** What the gateway sends the customer's browser back with (query parameters of the callback URL). */
export interface CallbackParams {
  gatewayOrderId: string;
  paymentId: string;
  status: GatewayPaymentStatus;
  signature: string;
}

export type GatewayErrorCode =
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'RECEIPT_IN_USE'
  | 'ORDER_ALREADY_PAID'
  | 'PAYMENT_NOT_CAPTURED'
  | 'PAYMENT_NOT_PENDING'
  | 'REFUND_EXCEEDS_PAYMENT'
  | 'METHOD_NOT_ALLOWED';

/** A refusal by the gateway, with the HTTP status its API answers it with. */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  /** the merchant's public key id (Basic auth user of the HTTP API) */
  readonly keyId: string;
  /** idempotent by receipt; GatewayError RECEIPT_IN_USE when the receipt names another amount */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** the hosted page where the customer pays the order by this method (a path on this origin for the sandbox) */
  checkoutUrl(gatewayOrderId: string, method: CheckoutMethod): string;
  /**
   * Where a merchant page posts its own form for this order as a top-level navigation ("custom checkout"):
   * the card fields (number, month, year, cvv, name) or a UPI id (vpa) go straight to the gateway.
   */
  formPostUrl(gatewayOrderId: string, method: 'card' | 'upi_collect'): string;
  /** a page that plays the customer's UPI app for an intent link, where there is one (the sandbox); else null */
  upiAppUrl(intentLink: string): string | null;
  /** the `upi://pay?…` link a UPI app opens to pay this order */
  upiIntentLink(order: Pick<GatewayOrder, 'gatewayOrderId' | 'amountPaise'>): string;
  /** null when there is no such payment */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** every attempt to pay the order, oldest first; [] for an unknown order */
  paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** a webhook's `x-sandbox-signature`: HMAC-SHA256 (hex) of the raw body with the webhook secret */
  verifySignature(rawBody: string | Buffer, signature: string): boolean;
  /** a callback's signature: HMAC-SHA256 (hex) of `${gatewayOrderId}|${paymentId}|${status}` with the key secret */
  verifyCallback(params: CallbackParams): boolean;
  /** idempotent by refundReceipt; GatewayError for unknown or uncaptured payments and over-refunds */
  refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund>;
}

import type { CardBrand } from '@crust/domain/card';
import type { GatewayOrderStatus, GatewayPaymentStatus } from '@crust/domain/gateway-statuses';
import type { Paise } from '@crust/domain/money';
import type { PaymentType } from '@crust/domain/payment-types';
import type { PartnerVendor } from '@crust/contract/partner-bridge';

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

// the statuses live in the domain, below the database schema that types its columns with them
export {
  GATEWAY_PAYMENT_STATUSES,
  type GatewayOrderStatus,
  type GatewayPaymentStatus,
} from '@crust/domain/gateway-statuses';

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
  /** ISO 4217, as the gateway reports the capture (compared with the order's INR before it is placed) */
  currency: string;
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

/** Who the customer is, for the gateway's pages (prefill) and its fraud checks. */
export interface CheckoutCustomer {
  /** 10 digits */
  mobile: string;
  email?: string;
  name?: string;
}

export interface CheckoutInput {
  gatewayOrderId: string;
  amountPaise: Paise;
  method: CheckoutMethod;
  /**
   * Crust's return path (`/api/v1/payments/callback?transactionId=…`); an adapter whose gateway lives on another
   * origin makes it absolute with the configured public URL.
   */
  callbackPath: string;
  customer: CheckoutCustomer;
  /** what is being paid for, in a few words ("Crust order 1234") */
  description: string;
  /**
   * A wallet payment's wallet, as the customer chose it in Crust's checkout (its payment type: AMZPAY_WALLET), so
   * the gateway opens that wallet instead of asking again. Each adapter names it as its gateway does (one table
   * per adapter); absent, or a type the adapter has no name for, the gateway's page lets the customer choose.
   * Checkout chooses no bank for net banking, so there is no bank to carry.
   */
  wallet?: PaymentType;
}

/** The names the gateway wants for the fields the customer types on Crust's own page. */
export interface InputNames {
  number?: string;
  expiryMonth?: string;
  expiryYear?: string;
  cvv?: string;
  name?: string;
  vpa?: string;
}

/**
 * How the customer's browser goes on to pay: a gateway page to open, a form to post (with the fields the customer
 * types, named as the gateway wants them, when `inputs` is set), a UPI app to open while Crust polls, or (inside a
 * partner mini-app, issue 18) the partner host's own payment sheet, opened through its bridge for this order.
 */
export type CheckoutStep =
  | { kind: 'page'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string>; inputs: InputNames | null }
  | { kind: 'upi_intent'; link: string; appUrl: string | null }
  | {
      kind: 'partner_sheet';
      vendor: PartnerVendor;
      /** the partner's order, which the sheet reads its amount from */
      orderRef: string;
      amountPaise: number;
      merchantId: string;
      description: string;
    };

/** What a webhook said, once its signature held: which event (for dropping duplicates) about which order. */
export interface WebhookNews {
  eventId: string;
  event: string;
  gatewayOrderId: string;
}

export type WebhookReading =
  | { kind: 'news'; news: WebhookNews }
  /** signed, but about nothing Crust follows (another event type): acknowledged and dropped */
  | { kind: 'ignored' }
  | { kind: 'unsigned' }
  | { kind: 'malformed' };

/** Header names in lower case, as Node gives them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * A payment gateway as Crust's checkout uses it. One adapter per protocol: the in-process sandbox
 * (sandbox-gateway.ts), Razorpay's HTTP API (razorpay/) and PayU's (payu/).
 */
export interface PaymentGateway {
  /** the gateway code payment options name (SPEC §3: RAZORPAY, PAYU, …; SANDBOX_PG for the local sandbox) */
  readonly code: string;
  /** GatewayError RECEIPT_IN_USE when the receipt names another amount */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** how the customer's browser pays the order by this method */
  checkout(input: CheckoutInput): Promise<CheckoutStep>;
  /** null when there is no such payment */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** every attempt to pay the order, oldest first; [] for an unknown order */
  paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** idempotent by refundReceipt; GatewayError for unknown or uncaptured payments and over-refunds */
  refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund>;
  /** a webhook: its signature checked over the raw bytes before anything is parsed */
  readWebhook(rawBody: Buffer, headers: HeaderBag): WebhookReading;
  /**
   * The customer's browser back from the gateway (query and form fields together): the gateway order it speaks
   * of when its signature holds, else null. Crust then asks the gateway itself; the callback is only a nudge.
   */
  readCallback(fields: Record<string, string>): string | null;
}

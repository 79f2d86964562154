import { z } from 'zod';

/**
 * The partner's server API as Crust's adapter speaks it and the partner sandbox answers it (issue 18;
 * docs/partner-sandbox.md "Server API"), relative to the account's base URL (…/sandbox/partner/paytm/api).
 * Shapes of the partner's protocol, not of Crust's own API: they stay out of packages/contract.
 */
export const PARTNER_PATHS = {
  /** POST {grantType, code, clientId, clientSecret} → {accessToken, expiresIn}; 400 invalid_grant, 401 invalid_client */
  token: '/oauth/token',
  /** GET with Bearer → {mobile, name} */
  userinfo: '/userinfo',
  /** POST (merchant) {merchantId, receipt, amountPaise, description} → order */
  orders: '/orders',
  /** GET (merchant) → {payments} */
  orderPayments: (orderRef: string) => `/orders/${encodeURIComponent(orderRef)}/payments`,
  /** GET (merchant) → payment; 404 */
  payment: (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}`,
  /** POST (merchant) {amountPaise, receipt} → refund */
  refunds: (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}/refunds`,
} as const;

/** HMAC-SHA256 (hex) of a notification's raw body with the account's notification key. */
export const NOTIFICATION_SIGNATURE_HEADER = 'x-partner-signature';

/** The merchant's calls carry HTTP Basic clientId:clientSecret and the merchant id. */
export const MERCHANT_HEADER = 'x-partner-merchant-id';

export const TokenAnswerSchema = z.object({ accessToken: z.string().min(1), expiresIn: z.number().int() });
export const UserAnswerSchema = z.object({
  mobile: z.string().regex(/^[6-9]\d{9}$/),
  name: z.string().max(100),
});
export const OrderAnswerSchema = z.object({
  orderRef: z.string().min(1),
  receipt: z.string(),
  amountPaise: z.number().int().min(1),
  merchantId: z.string(),
  description: z.string(),
});
export const PaymentAnswerSchema = z.object({
  paymentId: z.string().min(1),
  orderRef: z.string().min(1),
  status: z.enum(['captured', 'failed']),
  amountPaise: z.number().int().min(0),
  refundedPaise: z.number().int().min(0),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export const PaymentsAnswerSchema = z.object({ payments: z.array(PaymentAnswerSchema) });
export const RefundAnswerSchema = z.object({
  refundId: z.string().min(1),
  paymentId: z.string(),
  amountPaise: z.number().int(),
  receipt: z.string(),
  createdAt: z.string(),
});
/** A refusal: { error: 'invalid_grant' | 'invalid_client' | 'not_found' | …, message } */
export const ErrorAnswerSchema = z.object({ error: z.string(), message: z.string().optional() });

export const NOTIFICATION_EVENTS = ['payment.captured', 'payment.failed'] as const;
export const NotificationSchema = z.object({
  eventId: z.string().min(1).max(100),
  event: z.enum(NOTIFICATION_EVENTS),
  payment: PaymentAnswerSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

import { z } from 'zod';
import { MobileSchema } from './auth.ts';
import { CartIdParams } from './cart.ts';
import { outcomeOf, PaiseSchema } from './common.ts';
import { TransactionParams } from './orders.ts';

/**
 * SPEC §7 Paytm calls (issue 18 §2; docs/paytm-wallet.md): link the payer's Paytm wallet by an OTP Paytm texts,
 * read its balance against an order, and submit the order (Paytm withdraws). Every call names the order by its
 * transaction id (`orderTransactionId`) and answers only its owner: the customer, or the guest session that
 * placed it.
 */

const OrderTransactionId = TransactionParams.shape.transactionId;

/** Where a Paytm wallet order goes next (SPEC §3 next actions). */
export const PaytmNextActionSchema = z.enum([
  'PAYTM_LINK',
  'PAYTM_WITHDRAW_MONEY',
  'PAYTM_ADD_MONEY',
  'THANKYOU',
  'PAY_PAGE',
]);
export type PaytmNextAction = z.infer<typeof PaytmNextActionSchema>;

/**
 * UPI verify POST: a UPI id (VPA) → whether it exists, and its holder's name masked ("M**** I***"). Only for the
 * caller's own order waiting for a UPI payment (its transaction id), under per-session and per-address limits.
 */
export const PaytmUpiVerifyBodySchema = z.strictObject({
  vpa: z.string().trim().min(3).max(255),
  orderTransactionId: OrderTransactionId,
});
export type PaytmUpiVerifyBody = z.infer<typeof PaytmUpiVerifyBodySchema>;
export const PaytmUpiVerifyResultSchema = z.object({
  valid: z.boolean(),
  /** the holder's name, each word's first letter then asterisks; null when the id is unknown */
  name: z.string().nullable(),
});
export type PaytmUpiVerifyResult = z.infer<typeof PaytmUpiVerifyResultSchema>;
export const PaytmUpiVerifyResponseSchema = outcomeOf(PaytmUpiVerifyResultSchema);

/** Deeplink POST: the Paytm app's and any UPI app's intent for an order. */
export const PaytmDeeplinkBodySchema = z.strictObject({ orderTransactionId: OrderTransactionId });
export const PaytmDeeplinkResultSchema = z.object({
  /** paytmmp://… opens the Paytm app on this payment */
  deepLink: z.string(),
  /** upi://pay?… for any UPI app */
  upiLink: z.string(),
  amountPaise: PaiseSchema,
});
export const PaytmDeeplinkResponseSchema = outcomeOf(PaytmDeeplinkResultSchema);

/** Wallet balance GET (orderTransactionId, mobile, consultBalance). */
export const PaytmBalanceQuerySchema = z.strictObject({
  orderTransactionId: OrderTransactionId,
  mobile: MobileSchema.optional(),
  /** also ask Paytm for the balance and what is short of the order (default true) */
  consultBalance: z.enum(['true', 'false']).optional(),
});
export type PaytmBalanceQuery = z.infer<typeof PaytmBalanceQuerySchema>;
export const PaytmBalanceResultSchema = z.object({
  transactionId: OrderTransactionId,
  /** the order's cart (the OTP verify call names it) */
  cartId: z.string(),
  /** the payer has a linked Paytm wallet for this order */
  linked: z.boolean(),
  /** the linked wallet's mobile, else the order's (what the form offers to link) */
  mobile: z.string(),
  amountPaise: PaiseSchema,
  /** null when not linked, not consulted, or Paytm did not answer */
  balancePaise: PaiseSchema.nullable(),
  deficitPaise: PaiseSchema.nullable(),
  nextAction: PaytmNextActionSchema,
  /** PAYTM_ADD_MONEY: Paytm's add-money page for the deficit */
  redirectUrl: z.string().optional(),
});
export type PaytmBalanceResult = z.infer<typeof PaytmBalanceResultSchema>;
export const PaytmBalanceResponseSchema = outcomeOf(PaytmBalanceResultSchema);

/** OTP send POST (mobile, orderTransactionId, email): Paytm texts the wallet's owner an OTP. */
export const PaytmOtpSendBodySchema = z.strictObject({
  mobile: MobileSchema,
  orderTransactionId: OrderTransactionId,
  email: z.string().trim().max(200).optional(),
});
export type PaytmOtpSendBody = z.infer<typeof PaytmOtpSendBodySchema>;
export const PaytmOtpSendResultSchema = z.object({
  /** Paytm's name for this OTP: sent back with it */
  state: z.string(),
  /** where it went, masked (98XXXXXX10) */
  codeSentTo: z.string(),
});
export type PaytmOtpSendResult = z.infer<typeof PaytmOtpSendResultSchema>;
export const PaytmOtpSendResponseSchema = outcomeOf(PaytmOtpSendResultSchema);

/** OTP verify POST (mobile, orderTransactionId, state, cartId, otp): links the wallet. */
export const PaytmOtpVerifyBodySchema = z.strictObject({
  mobile: MobileSchema,
  orderTransactionId: OrderTransactionId,
  state: z.string().min(1).max(100),
  cartId: CartIdParams.shape.cartId,
  otp: z.string().regex(/^\d{6}$/, 'must be the 6-digit OTP'),
});
export type PaytmOtpVerifyBody = z.infer<typeof PaytmOtpVerifyBodySchema>;
export const PaytmOtpVerifyResultSchema = z.object({ linked: z.literal(true), mobile: z.string() });
export type PaytmOtpVerifyResult = z.infer<typeof PaytmOtpVerifyResultSchema>;
export const PaytmOtpVerifyResponseSchema = outcomeOf(PaytmOtpVerifyResultSchema);

/** Submit order PUT: Paytm withdraws the order's amount from the linked wallet; where the payer goes next. */
export const PaytmSubmitBodySchema = z.strictObject({ orderTransactionId: OrderTransactionId });
export type PaytmSubmitBody = z.infer<typeof PaytmSubmitBodySchema>;
export const PaytmSubmitResultSchema = z.object({
  transactionId: OrderTransactionId,
  orderId: z.string(),
  nextAction: PaytmNextActionSchema,
  /** PAYTM_ADD_MONEY: Paytm's add-money page for the deficit */
  redirectUrl: z.string().optional(),
  /** PAY_PAGE: why the wallet could not pay */
  displayMsg: z.string().optional(),
});
export type PaytmSubmitResult = z.infer<typeof PaytmSubmitResultSchema>;
export const PaytmSubmitResponseSchema = outcomeOf(PaytmSubmitResultSchema);

/** Where Paytm's add-money page sends the browser back (its signed answer in the query). */
export const PaytmAddMoneyReturnQuerySchema = z.object({
  transactionId: OrderTransactionId,
  orderRef: z.string().max(100).optional(),
  requestId: z.string().max(100).optional(),
  status: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

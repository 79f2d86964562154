import { z } from 'zod';
import { PARTNER_CLIENT_IDS, PARTNER_VENDORS } from './partner-bridge.ts';
import { outcomeOf } from './common.ts';

export const PartnerVendorSchema = z.enum(PARTNER_VENDORS);

/**
 * SPEC §7 POST partner login /{vendor} (API_PATHS.paytmLogin, API_PATHS.gpayLogin): the auth code the host's
 * bridge gave after the user's consent. The server exchanges it with the partner (its secret never leaves the
 * server), finds or makes the customer by the partner's verified mobile and answers Crust's own session
 * (LoginResponseSchema, loginType PAYTM or GPAY). An expired, replayed or foreign code is FAILED
 * PARTNER_CODE_INVALID.
 */
export const PartnerLoginBodySchema = z.strictObject({
  authCode: z.string().min(8).max(200),
  clientId: z.enum([PARTNER_CLIENT_IDS.PAYTM, PARTNER_CLIENT_IDS.GPAY]),
});
export type PartnerLoginBody = z.infer<typeof PartnerLoginBodySchema>;

const TransactionId = z.string().regex(/^T[0-9A-F]{20}$/, 'must be a transaction id');

/**
 * SPEC §7 POST mini-app payment: the host's sheet said it paid (or not); the server asks the partner (a status
 * call) and believes only that, moving the payment through the same exactly-once flow as a gateway's.
 */
export const MiniAppPaymentBodySchema = z.strictObject({
  transactionId: TransactionId,
  /** the partner's payment id from the bridge's pay reply */
  paymentId: z.string().min(1).max(64),
  /** the host's word, kept in the log only */
  status: z.string().max(20).optional(),
});
export type MiniAppPaymentBody = z.infer<typeof MiniAppPaymentBodySchema>;

/**
 * SPEC §7 "response status, action, paymentId": SUCCESS with THANKYOU goes to /thankYou?transactionId=;
 * anything else goes to /thankYou with NA and shows `displayMsg` (SPEC §4 mini-app payment). WAIT (the
 * partner has not settled yet) is answered with DISPLAY_POLLING: the client polls the payment status.
 */
export const MiniAppPaymentResultSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED', 'WAIT']),
  action: z.enum(['THANKYOU', 'FAILED', 'DISPLAY_POLLING']),
  paymentId: z.string().nullable(),
  transactionId: TransactionId,
  displayMsg: z.string().optional(),
});
export type MiniAppPaymentResult = z.infer<typeof MiniAppPaymentResultSchema>;
export const MiniAppPaymentResponseSchema = outcomeOf(MiniAppPaymentResultSchema);
export type MiniAppPaymentResponse = z.infer<typeof MiniAppPaymentResponseSchema>;

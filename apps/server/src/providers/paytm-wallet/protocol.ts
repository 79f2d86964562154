import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Paytm wallet protocol Crust speaks (docs/paytm-wallet.md "Protocol"), modelled on Paytm's wallet APIs: every
 * call is a JSON POST under the base URL, naming the merchant in `x-paytm-mid` and signed by
 * `x-paytm-signature` = HMAC-SHA256(merchant key, `${path}|${raw body}`) in hex. Answers are
 * `{ status: 'SUCCESS', body }` or `{ status: 'FAILURE', code, message, attemptsLeft? }` (HTTP 200 either way;
 * 401 for a bad signature). The add-money page's return is signed with the same key over its fields.
 */
export const PAYTM_PATHS = {
  sendOtp: '/v1/otp/send',
  verifyOtp: '/v1/otp/verify',
  balance: '/v1/wallet/consult',
  withdraw: '/v1/wallet/withdraw',
  addMoney: '/v1/wallet/add-money',
  status: '/v1/wallet/status',
  refund: '/v1/wallet/refund',
  verifyVpa: '/v1/upi/verify',
} as const;
export type PaytmPath = (typeof PAYTM_PATHS)[keyof typeof PAYTM_PATHS];

export const MID_HEADER = 'x-paytm-mid';
export const SIGNATURE_HEADER = 'x-paytm-signature';

export function signRequest(key: string, path: string, rawBody: string): string {
  return createHmac('sha256', key).update(`${path}|${rawBody}`).digest('hex');
}

/** The add-money return's fields, in a fixed order, signed. */
export function signReturn(key: string, f: { orderRef: string; requestId: string; status: string }): string {
  return createHmac('sha256', key).update(`add-money|${f.orderRef}|${f.requestId}|${f.status}`).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

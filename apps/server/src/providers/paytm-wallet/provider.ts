import type { Paise } from '@crust/domain/money';

/**
 * Paytm's wallet as Crust uses it (issue 18 §2; docs/paytm-wallet.md): link a customer's wallet by an OTP Paytm
 * texts, read its balance against an amount (consult), withdraw an order's amount, open Paytm's add-money page for
 * what is short, read a withdraw's status, refund to the wallet, and verify a UPI id. The HTTP adapter (./http.ts)
 * speaks the protocol of ./protocol.ts; the sandbox (./sandbox.ts) answers it locally.
 */
export interface PaytmWallet {
  /** Paytm texts `mobile` an OTP; `state` names that OTP for the verify call */
  sendOtp(input: { mobile: string; email?: string }): Promise<{ state: string }>;
  /** the wallet's access token once the OTP is right; PaytmError otherwise */
  verifyOtp(input: { state: string; otp: string }): Promise<PaytmLink>;
  /** the balance, and what is short of `amountPaise` (consult balance) */
  balance(input: { token: string; amountPaise: Paise }): Promise<PaytmBalance>;
  /** takes `amountPaise` for the merchant's `orderRef`: once per order reference, however often asked */
  withdraw(input: { token: string; orderRef: string; amountPaise: Paise }): Promise<PaytmWithdraw>;
  /** Paytm's page where the wallet's owner tops it up by `amountPaise`; then the browser goes to `returnUrl` */
  addMoney(input: {
    token: string;
    orderRef: string;
    amountPaise: Paise;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** the add-money page's signed answer (the return's query), or null when it is not Paytm's */
  readAddMoneyReturn(
    fields: Record<string, string>,
  ): { orderRef: string; status: 'SUCCESS' | 'CANCELLED' } | null;
  /** what Paytm knows of the withdraw for an order reference; null when there was none */
  status(orderRef: string): Promise<PaytmWithdrawStatus | null>;
  /** money back to the wallet: once per `refundRef` */
  refund(input: { txnId: string; amountPaise: Paise; refundRef: string }): Promise<{ refundId: string }>;
  /** whether a UPI id (VPA) exists, and its holder's name */
  verifyVpa(vpa: string): Promise<{ valid: boolean; name: string | null }>;
}

export interface PaytmLink {
  token: string;
  mobile: string;
  /** ISO 8601 */
  expiresAt: string;
}

export interface PaytmBalance {
  balancePaise: Paise;
  /** what the wallet lacks for the amount asked about; 0 when it covers it */
  deficitPaise: Paise;
}

export type PaytmWithdraw =
  | { status: 'SUCCESS'; txnId: string }
  /** Paytm refused this order's withdraw for good (the wallet is blocked, say) */
  | { status: 'FAILED'; txnId: string; code: string }
  /** nothing was taken: the wallet is short by `deficitPaise` (ask again after adding money) */
  | { status: 'INSUFFICIENT_BALANCE'; deficitPaise: Paise };

export interface PaytmWithdrawStatus {
  txnId: string;
  status: 'SUCCESS' | 'FAILED';
  amountPaise: Paise;
  refundedPaise: Paise;
  code: string | null;
  /** ISO 8601 */
  createdAt: string;
}

export type PaytmErrorCode =
  /** the OTP is wrong; `attemptsLeft` more may be tried */
  | 'INVALID_OTP'
  | 'OTP_EXPIRED'
  /** the OTP was used, or its attempts are spent */
  | 'OTP_USED'
  | 'OTP_ATTEMPTS_EXCEEDED'
  /** the access token is unknown or expired: link again */
  | 'INVALID_TOKEN'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'REFUND_EXCEEDS_PAYMENT'
  /** Paytm did not answer usefully (down, a 5xx, an unreadable body) */
  | 'UNAVAILABLE';

export class PaytmError extends Error {
  constructor(
    readonly code: PaytmErrorCode,
    message: string,
    readonly attemptsLeft?: number,
  ) {
    super(message);
    this.name = 'PaytmError';
  }
}

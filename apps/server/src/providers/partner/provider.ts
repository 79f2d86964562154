import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { HeaderBag } from '../payments/provider.ts';

/**
 * What Crust needs from a partner host (PAYTM, GPAY) that runs it as a mini-app (issue 18; decision 017): the
 * user the host vouches for, from an auth code its bridge gave after the user's consent; payment orders its
 * payment sheet pays; their payments, refunds and signed notifications. The HTTP adapter (./http-partner.ts)
 * speaks the partner's server API (./protocol.ts); outside production the partner sandbox answers it.
 */

/** The host user, as the partner's server vouches for them after the code exchange. */
export interface PartnerUser {
  /** 10 digits, verified by the partner */
  mobile: string;
  name: string;
}

export interface PartnerOrder {
  orderRef: string;
  receipt: string;
  amountPaise: number;
  merchantId: string;
  description: string;
}

/** captured: the money is taken; failed: the user declined or the partner refused. */
export interface PartnerPayment {
  paymentId: string;
  orderRef: string;
  status: 'captured' | 'failed';
  amountPaise: number;
  refundedPaise: number;
  errorCode: string | null;
  /** ISO 8601 */
  createdAt: string;
}

export interface PartnerRefund {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  receipt: string;
  createdAt: string;
}

/** A notification whose signature held: which event, about which of the partner's orders. */
export interface PartnerNotice {
  eventId: string;
  event: string;
  orderRef: string;
}

export type PartnerNoticeReading =
  { kind: 'news'; notice: PartnerNotice } | { kind: 'unsigned' } | { kind: 'malformed' };

/**
 * Why a partner call gave nothing: the code is not (or no longer) one this partner issued to Crust (expired,
 * used, another vendor's); the partner refused the request; or it could not be reached in time.
 */
export type PartnerErrorCode = 'CODE_INVALID' | 'NOT_FOUND' | 'REFUSED' | 'UNAVAILABLE';

export class PartnerError extends Error {
  constructor(
    readonly code: PartnerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

export interface PartnerProvider {
  readonly vendor: PartnerVendor;
  /** Crust's merchant id at the partner, for the host's payment sheet */
  readonly merchantId: string;
  /** the code → an access token → the user; PartnerError CODE_INVALID or UNAVAILABLE */
  userOf(authCode: string): Promise<PartnerUser>;
  /** idempotent by receipt (the same receipt answers the same order) */
  createOrder(input: { receipt: string; amountPaise: number; description: string }): Promise<PartnerOrder>;
  /** every payment of the order, oldest first; [] for an unknown order */
  paymentsOf(orderRef: string): Promise<PartnerPayment[]>;
  /** null when the partner knows no such payment */
  fetchPayment(paymentId: string): Promise<PartnerPayment | null>;
  /** idempotent by receipt */
  refund(paymentId: string, amountPaise: number, receipt: string): Promise<PartnerRefund>;
  /** the signature checked over the raw bytes before anything is parsed */
  readNotification(rawBody: Buffer, headers: HeaderBag): PartnerNoticeReading;
}

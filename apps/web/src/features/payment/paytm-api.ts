import type { ApiError as ApiErrorBody } from '@crust/contract';
import type {
  PaytmBalanceResult,
  PaytmOtpSendResult,
  PaytmOtpVerifyResult,
  PaytmSubmitResult,
  PaytmUpiVerifyBody,
  PaytmUpiVerifyResult,
} from '@crust/contract/paytm';
import { API_PATHS } from '@crust/contract/paths';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError, NetworkError } from '../../shared/api/client.ts';
import type { Outcome } from '../../shared/api/envelope.ts';

/** A Paytm call's answer: its data, or the errors to show (a refusal, a 503, the network). */
export type PaytmOutcome<T> = { ok: true; data: T } | { ok: false; errors: ApiErrorBody[] };

async function outcome<T>(work: () => Promise<Outcome<T>>): Promise<PaytmOutcome<T>> {
  try {
    const body = await work();
    return body.status === 'SUCCESS' ? { ok: true, data: body.data } : { ok: false, errors: body.errors };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, errors: e.errors };
    if (e instanceof NetworkError)
      return { ok: false, errors: [{ code: 'NETWORK', displayMsg: MESSAGES.networkRetrying }] };
    throw e;
  }
}

/**
 * SPEC §7 Paytm UPI verify: whether a UPI id exists, and its holder's name masked; asked for the caller's order
 * being paid by UPI (its transaction id), the only one the server checks ids for.
 */
export function verifyUpiId(vpa: string, orderTransactionId: string) {
  const body: PaytmUpiVerifyBody = { vpa, orderTransactionId };
  return outcome(() =>
    api<Outcome<PaytmUpiVerifyResult>>(API_PATHS.paytmUpiVerify, { method: 'POST', body }),
  );
}

/** SPEC §7 wallet balance (consultBalance): linked?, the balance, the deficit, where to go next. */
export function paytmBalance(transactionId: string, signal?: AbortSignal) {
  return outcome(() =>
    api<Outcome<PaytmBalanceResult>>(API_PATHS.paytmBalance, {
      query: { orderTransactionId: transactionId, consultBalance: 'true' },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** SPEC §7 OTP send: Paytm texts the number an OTP. */
export function sendPaytmOtp(transactionId: string, mobile: string, email?: string) {
  return outcome(() =>
    api<Outcome<PaytmOtpSendResult>>(API_PATHS.paytmOtpSend, {
      method: 'POST',
      body: { mobile, orderTransactionId: transactionId, ...(email ? { email } : {}) },
    }),
  );
}

/** SPEC §7 OTP verify: links the wallet. */
export function verifyPaytmOtp(body: {
  transactionId: string;
  mobile: string;
  state: string;
  cartId: string;
  otp: string;
}) {
  return outcome(() =>
    api<Outcome<PaytmOtpVerifyResult>>(API_PATHS.paytmOtpVerify, {
      method: 'POST',
      body: {
        mobile: body.mobile,
        orderTransactionId: body.transactionId,
        state: body.state,
        cartId: body.cartId,
        otp: body.otp,
      },
    }),
  );
}

/** SPEC §7 submit order (PUT): Paytm withdraws; THANKYOU, PAYTM_ADD_MONEY or PAY_PAGE. */
export function submitPaytmOrder(transactionId: string) {
  return outcome(() =>
    api<Outcome<PaytmSubmitResult>>(API_PATHS.paytmSubmit, {
      method: 'PUT',
      body: { orderTransactionId: transactionId },
    }),
  );
}

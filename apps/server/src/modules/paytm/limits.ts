import { OTP_RESEND_SECONDS } from '@crust/domain/constants';
import type { Limit } from '../../http/limits.ts';

/**
 * The limits on linking a Paytm wallet (docs/paytm-wallet.md "Limits"), taken before the call to Paytm they pay
 * for. Paytm keeps its own (3 guesses per OTP); these stop Crust being used to flood a number or to guess.
 */
const HOUR_MS = 3_600_000;

/** OTPs Paytm is asked to text one mobile through Crust: 5 an hour, whoever asks. */
export const PAYTM_OTP_SENDS_PER_MOBILE = 5;
/** Guesses at the OTPs of one order: 8 an hour (Paytm's 3 per OTP, over a few OTPs). */
export const PAYTM_OTP_GUESSES_PER_ORDER = 8;

export const paytmOtpSendsTo = (mobile: string): Limit => ({
  key: `paytm-otp-send|mobile|${mobile}`,
  max: PAYTM_OTP_SENDS_PER_MOBILE,
  windowMs: HOUR_MS,
});

/** One order's OTP is sent again at most every 45 s (SPEC §9 OTP resend timer). */
export const paytmOtpResendOf = (orderId: string): Limit => ({
  key: `paytm-otp-resend|order|${orderId}`,
  max: 1,
  windowMs: OTP_RESEND_SECONDS * 1000,
});

export const paytmOtpGuessesOf = (orderId: string): Limit => ({
  key: `paytm-otp-guess|order|${orderId}`,
  max: PAYTM_OTP_GUESSES_PER_ORDER,
  windowMs: HOUR_MS,
});

/**
 * UPI-id checks (Paytm's UPI verify, a signed merchant call that names the id's holder): taken before Paytm is
 * asked, and never given back, since every call is one more name looked up. A payer mistypes a few times; a
 * scraper turning mobile numbers (`<mobile>@paytm`) into names needs thousands.
 */
export const UPI_VERIFIES_PER_SESSION = 10;
export const UPI_VERIFIES_PER_ADDRESS = 30;

/** per caller (a guest's or a customer's userId), an hour */
export const upiVerifiesBy = (userId: string): Limit => ({
  key: `upi-verify|user|${userId}`,
  max: UPI_VERIFIES_PER_SESSION,
  windowMs: HOUR_MS,
});

/** per client address, an hour: new guest sessions from one address share it */
export const upiVerifiesFrom = (ip: string): Limit => ({
  key: `upi-verify|ip|${ip}`,
  max: UPI_VERIFIES_PER_ADDRESS,
  windowMs: HOUR_MS,
});

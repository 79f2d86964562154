import { OTP_RESEND_SECONDS } from '@crust/domain/constants';
import type { Limit } from '../../http/limits.ts';

/**
 * The limits on order codes (issue 11, docs/checkout.md "Codes and their limits"; docs/security.md). Each
 * slot is taken before the work it pays for: the text, or the comparison of a guess with the code or PIN.
 */

const HOUR_MS = 3_600_000;

/** Codes texted to one mobile for orders (COD OTPs, gift-card OTPs), whoever asks: 5 an hour. */
export const CODE_SENDS_PER_MOBILE = 5;
/** One order's code is sent again at most every 45 s (SPEC §9 OTP resend timer). */
export const CODE_RESEND_SPACING_MS = OTP_RESEND_SECONDS * 1000;
/**
 * Wrong PINs or gift-card OTPs for one card, across every order and session: 5 an hour; the sixth guess
 * within the hour is not checked, and the card takes none until the oldest wrong guess is an hour old.
 */
export const CARD_CODE_GUESSES = 5;
export const CARD_CODE_WINDOW_MS = HOUR_MS;

export const codeSendsTo = (mobile: string): Limit => ({
  key: `order-code-send|mobile|${mobile}`,
  max: CODE_SENDS_PER_MOBILE,
  windowMs: HOUR_MS,
});

export const codeResendOf = (orderId: string): Limit => ({
  key: `order-code-resend|order|${orderId}`,
  max: 1,
  windowMs: CODE_RESEND_SPACING_MS,
});

export const cardCodeGuesses = (voucherCode: string): Limit => ({
  key: `voucher-code|card|${voucherCode}`,
  max: CARD_CODE_GUESSES,
  windowMs: CARD_CODE_WINDOW_MS,
});

/** "1 minute", "42 minutes": how long until a limit frees a slot, rounded up. */
export function minutesText(retryAfterSec: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

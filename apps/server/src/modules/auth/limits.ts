import { OTP_RESEND_SECONDS, OTP_SENDS_PER_HOUR, OTP_SENDS_PER_IP_PER_HOUR } from '@crust/domain/constants';
import type { Limit } from '../../http/limits.ts';

/**
 * The limits of logging in (docs/security.md "Limits"). Each is taken (src/http/limits.ts) before the work it
 * pays for: the text is sent, the password hash is checked. Keys sort so that, when several are full, the hourly
 * caps (the address's, then the number's) are reported before the resend wait.
 */
const HOUR_MS = 3_600_000;
export const PASSWORD_WINDOW_MS = 15 * 60_000;
export const PASSWORD_ATTEMPTS = 5;

/** 5 texts an hour to one number (SPEC §9 "threshold 5"): what an attacker can make a victim's phone receive. */
export const otpSendsToNumber = (mobile: string): Limit => ({
  key: `otp-send|mobile|${mobile}`,
  max: OTP_SENDS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** 30 texts an hour from one client address, across numbers: one sender cannot text the whole country. */
export const otpSendsFromAddress = (ip: string): Limit => ({
  key: `otp-send|ip|${ip}`,
  max: OTP_SENDS_PER_IP_PER_HOUR,
  windowMs: HOUR_MS,
});

/** One text per number every 45 s (SPEC §9 resend timer), so a burst is one text, not five. */
export const otpResendSpacing = (mobile: string): Limit => ({
  key: `otp-wait|mobile|${mobile}`,
  max: 1,
  windowMs: OTP_RESEND_SECONDS * 1000,
});

/**
 * Password checks (issue 28 §7): 5 per 15 minutes for a login from one client address, and a ceiling of 50 per
 * 15 minutes for the login from every address together. Both are taken before the hash is checked and given back
 * when the password was right: guesses, not logins, use them up, and parallel guesses cannot pass one check
 * together. Counted per (login, address), a stranger guessing from their address uses up only their own 5, so the
 * owner still logs in from theirs; the ceiling stops a guesser spread over many addresses (10 addresses × 5).
 */
export const PASSWORD_ATTEMPTS_PER_LOGIN = 50;

/** The two limits of one password check of a login (`who`: `password|mobile|…` or `staff-password|username|…`). */
function passwordChecks(area: string, who: string, login: string, ip: string): Limit[] {
  return [
    { key: `${area}|${who}-ip|${login}|${ip}`, max: PASSWORD_ATTEMPTS, windowMs: PASSWORD_WINDOW_MS },
    { key: `${area}|${who}|${login}`, max: PASSWORD_ATTEMPTS_PER_LOGIN, windowMs: PASSWORD_WINDOW_MS },
  ];
}

/** A customer's password (login by password, and the current password when it is changed). */
export const passwordAttempts = (mobile: string, ip: string): Limit[] =>
  passwordChecks('password', 'mobile', mobile, ip);

/** The same for the store console's logins: a chain admin's password is worth more than a customer's. */
export const staffPasswordAttempts = (username: string, ip: string): Limit[] =>
  passwordChecks('staff-password', 'username', username, ip);

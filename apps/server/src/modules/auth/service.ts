import { createHmac, randomInt } from 'node:crypto';
import type { CustomerSession, SetPasswordBody } from '@crust/contract/auth';
import type { ApiError } from '@crust/contract/common';
import { OTP_ATTEMPTS, OTP_LENGTH, OTP_RESEND_SECONDS, OTP_VALID_SECONDS } from '@crust/domain/constants';
import type { Db } from '../../db/client.ts';
import { httpError, tooMany, type Result } from '../../http/errors.ts';
import { giveBack, slotsOf, takeSlots } from '../../http/limits.ts';
import { SmsError, type SmsProvider } from '../../providers/sms/provider.ts';
import { smsFailed } from '../sms/failure.ts';
import type { CartService } from '../cart/service.ts';
import { issueCredentials } from '../session/service.ts';
import { randomId, sameHash } from '../../http/session-tokens.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../crypto/passwords.ts';
import { otpResendSpacing, otpSendsFromAddress, otpSendsToNumber, passwordAttempts } from './limits.ts';
import * as repo from './repo.ts';
import { AUTH_TEXTS } from './texts.ts';

export const refuse = (code: string, displayMsg: string, extra: Partial<ApiError> = {}) => ({
  ok: false as const,
  errors: [{ code, displayMsg, ...extra }],
});
export const newCustomerId = () => randomId('U', 10);

/** A code from the OS's secure generator, zero-padded: every 6-digit string is equally likely. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** A keyed hash binding the code to its request and number: a stolen table row reveals nothing usable. */
export function otpHash(secret: string, requestId: string, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`${requestId}|${mobile}|${code}`).digest('hex');
}

export type SendResult = Result<{ requestId: string; resendAfterSec: number; expiresInSec: number }>;

/**
 * SPEC §7 send OTP. The answer is the same whether or not the number has an account, so the call
 * cannot be used to find out who is a customer. Limits (./limits.ts), all taken at once before the text is
 * sent: one send per number every 45 s, 5 per number per hour, 30 per client address per hour.
 *
 * When the SMS provider does not take the text, the answer is HTTP 503 SMS_FAILED ("We could not send the
 * SMS. Please try again.") and the customer may try again at once: the challenge goes (its request id was
 * never answered) and so does the 45-second wait. The hourly slots go back too when the text certainly did not
 * leave (Gupshup refused it, the connection was refused); after a timeout it may still arrive, so it keeps
 * counting against the number's and the address's hour — the cap on what anyone can make a phone receive.
 */
export async function sendOtp(
  db: Db,
  sms: SmsProvider,
  secret: string,
  input: { mobile: string; firstName?: string | undefined; lastName?: string | undefined; ip: string },
  now: Date,
): Promise<SendResult> {
  const taken = await takeSlots(
    db,
    [otpSendsToNumber(input.mobile), otpSendsFromAddress(input.ip), otpResendSpacing(input.mobile)],
    now,
  );
  if (!taken.ok) {
    const { key } = taken.limit;
    if (key === otpResendSpacing(input.mobile).key)
      return refuse('OTP_RESEND_WAIT', AUTH_TEXTS.otpResendWait(taken.retryAfterSec));
    return refuse(
      'OTP_LIMIT',
      key === otpSendsToNumber(input.mobile).key ? AUTH_TEXTS.otpLimit : AUTH_TEXTS.otpIpLimit,
    );
  }
  const requestId = randomId('R', 12);
  const code = newOtpCode();
  await repo.insertChallenge(db, {
    id: requestId,
    mobile: input.mobile,
    codeHash: otpHash(secret, requestId, input.mobile, code),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    expiresAt: new Date(now.getTime() + OTP_VALID_SECONDS * 1000),
    createdAt: now,
  });
  try {
    await sms.send(input.mobile, { kind: 'LOGIN_OTP', vars: { code } });
  } catch (err) {
    if (!(err instanceof SmsError)) throw err;
    await repo.deleteChallenge(db, requestId);
    const wait = otpResendSpacing(input.mobile);
    await giveBack(db, err.maybeSent ? slotsOf(taken.slots, [wait]) : taken.slots);
    throw smsFailed();
  }
  return {
    ok: true,
    data: { requestId, resendAfterSec: OTP_RESEND_SECONDS, expiresInSec: OTP_VALID_SECONDS },
  };
}

export type LoginResult = Result<CustomerSession>;
export type LoginDeps = {
  db: Db;
  secret: string;
  carts: CartService;
  /** what a guest ordered and liked moves into the account it logged into (the orders' and history's owners do it) */
  handOver: (guestId: string, customerId: string) => Promise<void>;
};
export type Guest = { guestId: string | null; guestCartId: string | null };

/**
 * The one OTP check (OTP login and social sign-in). An attempt is taken from the code before the guess is
 * compared, so parallel guesses cannot exceed 4; a right code is spent once. Answers the challenge, with
 * the names given when it was sent.
 */
export async function proveMobile(
  db: Db,
  secret: string,
  input: { mobile: string; code: string; requestId: string },
  now: Date,
): Promise<Result<repo.ChallengeRow>> {
  const challenge = await repo.findChallenge(db, input.requestId, input.mobile);
  if (!challenge) return refuse('OTP_FAILED', AUTH_TEXTS.otpFailed);
  if (challenge.consumedAt !== null || challenge.attempts >= OTP_ATTEMPTS)
    return refuse('OTP_ATTEMPTS', AUTH_TEXTS.otpAttempts);
  if (challenge.expiresAt.getTime() <= now.getTime()) return refuse('OTP_EXPIRED', AUTH_TEXTS.otpExpired);
  const attempt = await repo.takeAttempt(db, challenge.id, OTP_ATTEMPTS);
  if (attempt === undefined) return refuse('OTP_ATTEMPTS', AUTH_TEXTS.otpAttempts);
  if (!sameHash(otpHash(secret, challenge.id, input.mobile, input.code), challenge.codeHash))
    return attempt >= OTP_ATTEMPTS
      ? refuse('OTP_ATTEMPTS', AUTH_TEXTS.otpAttempts)
      : refuse('OTP_FAILED', AUTH_TEXTS.otpFailed);
  if (!(await repo.consumeChallenge(db, challenge.id, now)))
    return refuse('OTP_ATTEMPTS', AUTH_TEXTS.otpAttempts);
  return { ok: true, data: challenge };
}

/**
 * SPEC §7 validate OTP. On success the customer (made on first login) gets new credentials, and the
 * guest's cart moves into the account.
 */
export async function validateOtp(
  deps: LoginDeps,
  input: { mobile: string; code: string; requestId: string } & Guest,
  now: Date,
): Promise<LoginResult> {
  const proved = await proveMobile(deps.db, deps.secret, input, now);
  if (!proved.ok) return proved;
  const customer = await repo.upsertCustomerByMobile(deps.db, {
    id: newCustomerId(),
    mobile: input.mobile,
    firstName: proved.data.firstName,
    lastName: proved.data.lastName,
    at: now,
  });
  return { ok: true, data: await customerSession(deps, customer, 'OTP', input, now) };
}

/** Credentials for a customer who just proved who they are, with the guest's cart moved in. */
export async function customerSession(
  deps: LoginDeps,
  customer: repo.CustomerRow,
  loginType: CustomerSession['loginType'],
  guest: Guest,
  now: Date,
  /** the login's token family, when it must say something (a partner's: http/session-tokens.ts partnerFamilyId) */
  familyId?: string,
): Promise<CustomerSession> {
  const credentials = await issueCredentials(
    deps.db,
    deps.secret,
    { kind: 'customer', id: customer.id, accessKeyId: randomId('AKC', 8), ...(familyId ? { familyId } : {}) },
    now,
  );
  const cartId = await deps.carts.adopt(guest.guestId, guest.guestCartId, customer.id);
  if (guest.guestId) {
    // the guest proved it is this session (its token); what it ordered and liked moves into the account
    await deps.handOver(guest.guestId, customer.id);
  }
  return {
    userId: customer.id,
    isLoggedIn: true,
    cartId,
    mobile: customer.mobile,
    phoneNumberVerified: true,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    emailVerified: customer.emailVerified,
    loginType,
    credentials,
  };
}

/**
 * SPEC §7 login by password. An unknown number, an account without a password and a wrong password all get
 * the same answer after the same work. Each check takes one of the number's 5 attempts per 15 minutes from this
 * client address and one of its 50 from all addresses before the hash is checked (so parallel guesses cannot all
 * be checked); a right password gives them back. With none left, even the right password answers PASSWORD_LOCKED
 * until the window frees one — for that address only, unless the guesses came from many.
 */
export async function passwordLogin(
  deps: LoginDeps,
  input: { mobile: string; password: string; ip: string } & Guest,
  now: Date,
): Promise<LoginResult> {
  const { db } = deps;
  const attempt = await takeSlots(db, passwordAttempts(input.mobile, input.ip), now);
  if (!attempt.ok) return refuse('PASSWORD_LOCKED', AUTH_TEXTS.passwordLocked);
  const customer = await repo.findCustomerByMobile(db, input.mobile);
  const ok = customer?.passwordHash
    ? await verifyPassword(input.password, customer.passwordHash)
    : (await burnPasswordCheck(input.password), false);
  if (!customer || !ok) return refuse('PASSWORD_FAILED', AUTH_TEXTS.passwordFailed);
  await giveBack(db, attempt.slots);
  await repo.touchLogin(db, customer.id, now);
  return { ok: true, data: await customerSession(deps, customer, 'PASSWORD', input, now) };
}

/**
 * An OTP that proves the number for a new password: one texted to it within its 5 minutes, whether or not it was
 * just used to log in (forgot password logs in with it, then sets the password), each check taking one of the
 * code's 4 attempts before the guess is compared. Answers why it proves nothing, or null.
 */
async function proveFreshOtp(
  db: Db,
  secret: string,
  input: { mobile: string; code: string; requestId: string },
  now: Date,
): Promise<{ code: string; displayMsg: string } | null> {
  const challenge = await repo.findChallenge(db, input.requestId, input.mobile);
  if (!challenge) return { code: 'OTP_FAILED', displayMsg: AUTH_TEXTS.otpFailed };
  if (challenge.expiresAt.getTime() <= now.getTime())
    return { code: 'OTP_EXPIRED', displayMsg: AUTH_TEXTS.otpExpired };
  const attempt = await repo.takeProofAttempt(db, challenge.id, OTP_ATTEMPTS);
  if (attempt === undefined) return { code: 'OTP_ATTEMPTS', displayMsg: AUTH_TEXTS.otpAttempts };
  if (!sameHash(otpHash(secret, challenge.id, input.mobile, input.code), challenge.codeHash))
    return attempt >= OTP_ATTEMPTS
      ? { code: 'OTP_ATTEMPTS', displayMsg: AUTH_TEXTS.otpAttempts }
      : { code: 'OTP_FAILED', displayMsg: AUTH_TEXTS.otpFailed };
  // a code not yet spent logs nobody in afterwards
  await repo.consumeChallenge(db, challenge.id, now);
  return null;
}

/**
 * A customer's new password, proved by what only the customer has (issue 28 §7): a fresh OTP texted to their own
 * number (forgot password sends it, or the login's own code within its 5 minutes; the only way for a customer
 * without a password, or who forgot it), or the
 * current password, checked under the login's attempts (per number and address, and per number) before the hash,
 * so a stolen access token is not a way to guess it either. An access token alone sets nothing.
 */
export async function setPassword(
  db: Db,
  secret: string,
  customerId: string,
  input: SetPasswordBody & { ip: string },
  now: Date,
): Promise<void> {
  const customer = await repo.findCustomerById(db, customerId);
  if (!customer) throw httpError(401, 'UNAUTHORIZED', AUTH_TEXTS.loggedOut);
  if (input.otp) {
    const refused = await proveFreshOtp(db, secret, { mobile: customer.mobile, ...input.otp }, now);
    if (refused) throw httpError(400, refused.code, refused.displayMsg, { field: 'body.otp.code' });
  } else if (input.currentPassword !== undefined) {
    if (!customer.passwordHash)
      throw httpError(400, 'PASSWORD_PROOF_REQUIRED', AUTH_TEXTS.noPasswordYet, { field: 'body.otp' });
    const attempt = await takeSlots(db, passwordAttempts(customer.mobile, input.ip), now);
    if (!attempt.ok) throw tooMany('PASSWORD_LOCKED', AUTH_TEXTS.passwordLocked, attempt.retryAfterSec);
    if (!(await verifyPassword(input.currentPassword, customer.passwordHash)))
      throw httpError(400, 'WRONG_PASSWORD', AUTH_TEXTS.currentPasswordWrong, {
        field: 'body.currentPassword',
      });
    await giveBack(db, attempt.slots);
  } else {
    throw httpError(400, 'PASSWORD_PROOF_REQUIRED', AUTH_TEXTS.passwordProofRequired, {
      field: 'body.currentPassword',
    });
  }
  await repo.setPasswordHash(db, customerId, await hashPassword(input.password));
}

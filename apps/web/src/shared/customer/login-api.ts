import type { CustomerSession, LoginResponse, SendOtpBody, SendOtpResponse } from '@crust/contract';
import type { SetPasswordBody } from '@crust/contract/auth';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { api, ApiError } from '../api/client.ts';
import { readJson, writeJson } from '../storage.ts';
import { getCartId } from '../cart/api.ts';

/** An OTP on its way: what /login-otp needs, from router state or (after a reload) sessionStorage. */
export interface OtpRequest {
  mobile: string;
  requestId: string;
  /** Date.now() when the server accepted the send; the resend countdown runs from here */
  sentAt: number;
  resendAfterSec: number;
  firstName?: string;
  lastName?: string;
}

const OTP_REQUEST_KEY = 'crust.otpRequest';

/** Kept for this tab only; in private mode the router state still carries it. */
export function saveOtpRequest(r: OtpRequest): void {
  writeJson(OTP_REQUEST_KEY, r, 'session');
}

export function loadOtpRequest(): OtpRequest | null {
  const r = readJson<OtpRequest | null>(OTP_REQUEST_KEY, null, 'session');
  return r && typeof r.mobile === 'string' && typeof r.requestId === 'string' ? r : null;
}

export function forgetOtpRequest(): void {
  writeJson(OTP_REQUEST_KEY, null, 'session');
}

/**
 * SPEC §8 "OTP send failure shows displayMsg and sets an OTP limit flag": the flag holds the number it
 * applies to and the server's text; while it is up for that number, no more sends are offered.
 */
let otpLimit: { mobile: string; message: string } | null = null;

export function otpLimitFor(mobile: string): string | null {
  return otpLimit?.mobile === mobile ? otpLimit.message : null;
}

export function clearOtpLimit(): void {
  otpLimit = null;
}

/**
 * SPEC §7 send OTP (mobile, firstName, lastName). Rejects with an ApiError carrying the server's errors
 * on FAILED (OTP_LIMIT also raises the limit flag; OTP_RESEND_WAIT asks to wait).
 */
export async function requestOtp(mobile: string, firstName = '', lastName = ''): Promise<OtpRequest> {
  const body: SendOtpBody = { mobile };
  if (firstName.trim()) body.firstName = firstName.trim();
  if (lastName.trim()) body.lastName = lastName.trim();
  return sendCode(API_PATHS.otpSend, body);
}

/**
 * Both OTP sends (login, and forgot password) answer alike: a request to carry to /login-otp, or an
 * ApiError (OTP_LIMIT also raises the limit flag for the number).
 */
async function sendCode(path: string, body: SendOtpBody): Promise<OtpRequest> {
  const res = await api<SendOtpResponse>(path, { method: 'POST', body });
  if (res.status === 'FAILED') {
    const e = new ApiError(200, res.errors);
    if (e.code === 'OTP_LIMIT') otpLimit = { mobile: body.mobile, message: e.message };
    throw e;
  }
  return {
    mobile: body.mobile,
    requestId: res.data.requestId,
    sentAt: Date.now(),
    resendAfterSec: res.data.resendAfterSec,
    firstName: body.firstName,
    lastName: body.lastName,
  };
}

/** The screen name sent with validate OTP (SPEC §7). */
export const OTP_SCREEN_NAME = 'login-otp';

/**
 * SPEC §7 validate OTP (mobile, code, screenName). The guest's cart id rides along so the server moves
 * its items into the customer's cart. FAILED answers reject with an ApiError (OTP_FAILED, OTP_EXPIRED,
 * OTP_ATTEMPTS).
 */
export async function validateOtp(req: OtpRequest, code: string): Promise<CustomerSession> {
  const res = await api<LoginResponse>(API_PATHS.otpValidate, {
    method: 'POST',
    body: { mobile: req.mobile, code, requestId: req.requestId, screenName: OTP_SCREEN_NAME },
    headers: guestCartHeader(),
  });
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

/** The guest's cart rides along on every login call so its items move into the account. */
export function guestCartHeader(): Record<string, string> | undefined {
  const cartId = getCartId();
  return cartId ? { [HEADERS.cartId]: cartId } : undefined;
}

/** SPEC §7 password login (mobile, password). FAILED (wrong password, locked) rejects with an ApiError. */
export async function passwordLogin(mobile: string, password: string): Promise<CustomerSession> {
  const res = await api<LoginResponse>(API_PATHS.passwordLogin, {
    method: 'POST',
    body: { mobile, password },
    headers: guestCartHeader(),
  });
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

/**
 * SPEC §7 forgot password / login-by-password request (mobile): an OTP to log in with, after which the
 * customer sets a new password. Answers like send OTP, including the limit flag.
 */
export async function requestPasswordOtp(mobile: string): Promise<OtpRequest> {
  return sendCode(API_PATHS.forgotPassword, { mobile });
}

/** What proves a new password: the current one, or a fresh OTP to the customer's own number (issue 28 §7). */
export type PasswordProof = { currentPassword: string } | { otp: { requestId: string; code: string } };

/**
 * The OTP that just logged the customer in on the forgot-password flow: within its 5 minutes it proves the new
 * password, so the customer is not texted twice. Kept in memory only (never stored): a reload asks again.
 */
let loginOtp: { requestId: string; code: string } | null = null;

export function rememberLoginOtp(otp: { requestId: string; code: string }): void {
  loginOtp = otp;
}

export function loginOtpProof(): { requestId: string; code: string } | null {
  return loginOtp;
}

export function forgetLoginOtp(): void {
  loginOtp = null;
}

/** A logged-in customer's new password (8 to 128 characters), with its proof. */
export async function setPassword(password: string, proof: PasswordProof): Promise<void> {
  const body: SetPasswordBody = { password, ...proof };
  await api(API_PATHS.setPassword, { method: 'PUT', body });
}

import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '@crust/contract/paths';
import { json, type TestApp } from './helpers.ts';

/** OTP login through the API, reading codes from the SMS sandbox, for the identity suites. */
export function authClient(app: () => TestApp) {
  let numbers = 0;
  /** A fresh 10-digit mobile per test, so limits never carry over. */
  const freshMobile = () => `9${String(100_000_000 + ++numbers * 7919).padStart(9, '0')}`;
  let addresses = 0;
  const nextAddress = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  async function send(
    mobile: string,
    opts: { headers?: Record<string, string>; ip?: string; names?: object } = {},
  ) {
    const res = await app().app.inject({
      method: 'POST',
      url: API_PATHS.otpSend,
      payload: { mobile, ...opts.names },
      headers: opts.headers ?? {},
      remoteAddress: opts.ip ?? nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  }

  async function latestCode(mobile: string): Promise<string> {
    const res = await app().app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` });
    const body = json<{ messages: { body: string }[] }>(res);
    const match = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '');
    if (!match) throw new Error(`no OTP for ${mobile}`);
    return match[1]!;
  }

  async function validate(
    mobile: string,
    requestId: string,
    code: string,
    opts: { headers?: Record<string, string>; ip?: string } = {},
  ) {
    const res = await app().app.inject({
      method: 'POST',
      url: API_PATHS.otpValidate,
      payload: { mobile, code, requestId, screenName: 'login-otp' },
      headers: opts.headers ?? {},
      remoteAddress: opts.ip ?? nextAddress(),
    });
    return res;
  }

  async function login(mobile: string, headers: Record<string, string> = {}) {
    const sent = await send(mobile, { names: { firstName: 'Asha', lastName: 'Rao' } });
    const res = await validate(mobile, sent.data.requestId, await latestCode(mobile), { headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.status, res.body).toBe('SUCCESS');
    return body.data;
  }

  return { freshMobile, nextAddress, send, latestCode, validate, login };
}

export const customerHeaders = (s: {
  userId: string;
  credentials: { accessKeyId: string; sessionToken: string };
}) => ({
  sessiontoken: s.credentials.sessionToken,
  authtoken: s.credentials.accessKeyId,
  userid: s.userId,
  isloggedin: 'true',
  storeid: '1001',
});

/**
 * Moves a number's login limits `seconds` into the past (src/http/limits.ts slots), as if its texts and
 * password checks had been made that much earlier: the next OTP may go out without the resend wait.
 */
export function ageLimits(t: TestApp, mobile: string, seconds: number) {
  return t.database.db.execute(
    sql`update limit_slots set taken_at = taken_at - make_interval(secs => ${seconds})
      where key like ${`%|mobile|${mobile}`} or key like ${`%|mobile-ip|${mobile}|%`}`,
  );
}

let otpAddresses = 0;

/**
 * A logged-in customer's password set the way the app does it: an OTP to their own number (forgot password, once the
 * login's resend wait has passed), then the new password with that OTP (issue 28 §7).
 */
export async function setPasswordByOtp(
  t: TestApp,
  s: { userId: string; mobile: string; credentials: { accessKeyId: string; sessionToken: string } },
  password: string,
) {
  const { latestCode } = authClient(() => t);
  await ageLimits(t, s.mobile, 60);
  const sent = await t.app.inject({
    method: 'POST',
    url: API_PATHS.forgotPassword,
    payload: { mobile: s.mobile },
    remoteAddress: `10.21.${Math.floor(++otpAddresses / 250)}.${otpAddresses % 250}`,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { requestId } = json<{ data: { requestId: string } }>(sent).data;
  return t.app.inject({
    method: 'PUT',
    url: API_PATHS.setPassword,
    headers: customerHeaders(s),
    payload: { password, otp: { requestId, code: await latestCode(s.mobile) } },
  });
}

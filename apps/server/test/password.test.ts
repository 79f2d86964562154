import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { ageLimits, authClient, customerHeaders, setPasswordByOtp } from './auth-support.ts';
import { hashPassword, verifyPassword } from '../src/crypto/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

const { freshMobile, nextAddress, login, latestCode } = authClient(() => t);

const passwordLogin = (mobile: string, password: string, from = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.passwordLogin,
    payload: { mobile, password },
    remoteAddress: from,
  });

async function customerWithPassword(password: string) {
  const mobile = freshMobile();
  const s = await login(mobile);
  const res = await setPasswordByOtp(t, s, password);
  expect(json(res)).toEqual({ status: 'SUCCESS', data: { passwordSet: true } });
  return { mobile, session: s };
}

const setPassword = (s: Parameters<typeof customerHeaders>[0], payload: object, from = nextAddress()) =>
  t.app.inject({
    method: 'PUT',
    url: API_PATHS.setPassword,
    headers: customerHeaders(s),
    payload,
    remoteAddress: from,
  });
const codeOf = (res: { body: string }) => json(res).errors?.[0]?.code;

describe('password hashing', () => {
  it('uses scrypt with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('pizza-lover-42');
    const b = await hashPassword('pizza-lover-42');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('pizza-lover-42', a)).toBe(true);
    expect(await verifyPassword('pizza-lover-43', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('password login (SPEC §7)', () => {
  it('logs in with the password the customer set, as the same account', async () => {
    const { mobile, session } = await customerWithPassword('pizza-lover-42');
    const res = json(await passwordLogin(mobile, 'pizza-lover-42'));
    expect(res).toMatchObject({ status: 'SUCCESS', data: { userId: session.userId, loginType: 'PASSWORD' } });
    const stored = await t.database.db.execute(
      sql`select password_hash from customers where mobile = ${mobile}`,
    );
    expect(JSON.stringify(stored)).not.toContain('pizza-lover-42');
  });

  it('answers a wrong password, an unknown number and an account without a password the same way', async () => {
    const { mobile } = await customerWithPassword('pizza-lover-42');
    const noPassword = freshMobile();
    await login(noPassword);
    const answers = [
      json(await passwordLogin(mobile, 'wrong-password')),
      json(await passwordLogin(freshMobile(), 'pizza-lover-42')),
      json(await passwordLogin(noPassword, 'pizza-lover-42')),
    ];
    for (const a of answers)
      expect(a).toEqual({
        status: 'FAILED',
        errors: [{ code: 'PASSWORD_FAILED', displayMsg: 'Incorrect mobile number or password.' }],
      });
  });

  it('locks password login for a number from one address after 5 failures in 15 minutes, even for the right password; not from another', async () => {
    const { mobile } = await customerWithPassword('pizza-lover-42');
    const stranger = nextAddress();
    for (let i = 0; i < 5; i++) await passwordLogin(mobile, `wrong-${i}`, stranger);
    expect(json(await passwordLogin(mobile, 'pizza-lover-42', stranger)).errors[0].code).toBe(
      'PASSWORD_LOCKED',
    );
    // the stranger's wrong passwords do not lock the customer out (issue 28 §7)
    expect(json(await passwordLogin(mobile, 'pizza-lover-42', nextAddress())).status).toBe('SUCCESS');
    await ageLimits(t, mobile, 16 * 60);
    expect(json(await passwordLogin(mobile, 'pizza-lover-42', stranger)).status).toBe('SUCCESS');
  });

  it('needs a password of at least 8 characters and a logged-in customer to set one', async () => {
    const s = await login(freshMobile());
    const short = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.setPassword,
      headers: customerHeaders(s),
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors[0].displayMsg).toBe('Use at least 8 characters');
    const guest = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.setPassword,
      payload: { password: 'long-enough' },
    });
    expect(guest.statusCode).toBe(403);
  });

  it('sends an OTP for a forgotten password (the client then goes to /login-otp)', async () => {
    const { mobile } = await customerWithPassword('pizza-lover-42');
    await ageLimits(t, mobile, 60);
    const res = json(
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.forgotPassword,
        payload: { mobile },
        remoteAddress: nextAddress(),
      }),
    );
    expect(res).toMatchObject({ status: 'SUCCESS', data: { resendAfterSec: 45 } });
    expect(await latestCode(mobile)).toMatch(/^\d{6}$/);
  });
});

describe('setting a password needs the current one or a fresh OTP (issue 28 §7)', () => {
  it('an access token alone sets no password', async () => {
    const s = await login(freshMobile());
    const res = await setPassword(s, { password: 'token-only-1' });
    expect([res.statusCode, codeOf(res)], res.body).toEqual([400, 'PASSWORD_PROOF_REQUIRED']);
    expect(json(await passwordLogin(s.mobile, 'token-only-1')).errors[0].code).toBe('PASSWORD_FAILED');
  });

  it('a customer without a password proves it with an OTP to their own number, spent once', async () => {
    const s = await login(freshMobile());
    // no current password to give
    const noneYet = await setPassword(s, { password: 'first-password', currentPassword: 'anything' });
    expect([noneYet.statusCode, codeOf(noneYet)], noneYet.body).toEqual([400, 'PASSWORD_PROOF_REQUIRED']);
    await ageLimits(t, s.mobile, 60);
    const sent = json(
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.forgotPassword,
        payload: { mobile: s.mobile },
        remoteAddress: nextAddress(),
      }),
    );
    const requestId = sent.data.requestId as string;
    const code = await latestCode(s.mobile);
    const wrong = await setPassword(s, {
      password: 'first-password',
      otp: { requestId, code: code === '000000' ? '111111' : '000000' },
    });
    expect([wrong.statusCode, codeOf(wrong)], wrong.body).toEqual([400, 'OTP_FAILED']);
    const right = await setPassword(s, { password: 'first-password', otp: { requestId, code } });
    expect(json(right)).toEqual({ status: 'SUCCESS', data: { passwordSet: true } });
    expect(json(await passwordLogin(s.mobile, 'first-password')).status).toBe('SUCCESS');
    // fresh means within the code's 5 minutes
    await t.database.db.execute(
      sql`update otp_challenges set expires_at = now() - interval '1 second' where id = ${requestId}`,
    );
    const late = await setPassword(s, { password: 'second-password', otp: { requestId, code } });
    expect([late.statusCode, codeOf(late)], late.body).toEqual([400, 'OTP_EXPIRED']);
  });

  it('forgot password: the OTP that just logged the customer in proves the new password', async () => {
    const mobile = freshMobile();
    const sent = json(
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.forgotPassword,
        payload: { mobile },
        remoteAddress: nextAddress(),
      }),
    );
    const requestId = sent.data.requestId as string;
    const code = await latestCode(mobile);
    const s = json(
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.otpValidate,
        payload: { mobile, code, requestId },
      }),
    ).data;
    const res = await setPassword(s, { password: 'forgot-then-set', otp: { requestId, code } });
    expect(json(res)).toEqual({ status: 'SUCCESS', data: { passwordSet: true } });
    expect(json(await passwordLogin(mobile, 'forgot-then-set')).status).toBe('SUCCESS');
  });

  it('an OTP sent to another number proves nothing', async () => {
    const s = await login(freshMobile());
    const other = await login(freshMobile());
    await ageLimits(t, other.mobile, 60);
    const sent = json(
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.forgotPassword,
        payload: { mobile: other.mobile },
        remoteAddress: nextAddress(),
      }),
    );
    const res = await setPassword(s, {
      password: 'not-my-otp-1',
      otp: { requestId: sent.data.requestId as string, code: await latestCode(other.mobile) },
    });
    expect([res.statusCode, codeOf(res)], res.body).toEqual([400, 'OTP_FAILED']);
  });

  it('a customer with a password changes it with the current one; a wrong one is refused', async () => {
    const { mobile, session } = await customerWithPassword('pizza-lover-42');
    const wrong = await setPassword(session, { password: 'pizza-lover-43', currentPassword: 'not-it' });
    expect([wrong.statusCode, codeOf(wrong)], wrong.body).toEqual([400, 'WRONG_PASSWORD']);
    expect(json(wrong).errors[0].field).toBe('body.currentPassword');
    const none = await setPassword(session, { password: 'pizza-lover-43' });
    expect([none.statusCode, codeOf(none)], none.body).toEqual([400, 'PASSWORD_PROOF_REQUIRED']);
    const right = await setPassword(session, {
      password: 'pizza-lover-43',
      currentPassword: 'pizza-lover-42',
    });
    expect(json(right)).toEqual({ status: 'SUCCESS', data: { passwordSet: true } });
    expect(json(await passwordLogin(mobile, 'pizza-lover-42')).status).toBe('FAILED');
    expect(json(await passwordLogin(mobile, 'pizza-lover-43')).status).toBe('SUCCESS');
  });

  it('parallel guesses at the current password from one address: 5 checked, the rest 429 PASSWORD_LOCKED', async () => {
    const { session } = await customerWithPassword('pizza-lover-42');
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        setPassword(session, { password: 'stolen-token-1', currentPassword: `guess-${i}` }, from),
      ),
    );
    expect(answers.filter((r) => codeOf(r) === 'WRONG_PASSWORD')).toHaveLength(5);
    const locked = answers.filter((r) => r.statusCode === 429);
    expect(locked).toHaveLength(7);
    expect(codeOf(locked[0]!)).toBe('PASSWORD_LOCKED');
    expect(Number(locked[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

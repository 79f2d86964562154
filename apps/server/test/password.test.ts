import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { ageLimits, authClient, customerHeaders } from './auth-support.ts';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.ts';

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
  const res = await t.app.inject({
    method: 'PUT',
    url: API_PATHS.setPassword,
    headers: customerHeaders(s),
    payload: { password },
  });
  expect(json(res)).toEqual({ status: 'SUCCESS', data: { passwordSet: true } });
  return { mobile, session: s };
}

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

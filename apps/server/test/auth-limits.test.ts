import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import type * as Passwords from '../src/crypto/passwords.ts';
import { PASSWORD_ATTEMPTS, PASSWORD_ATTEMPTS_PER_LOGIN } from '../src/modules/auth/limits.ts';
import { ageLimits, authClient, setPasswordByOtp } from './auth-support.ts';

/** Every password the server checked against a hash (or burned a check for), in order. */
const checked = vi.hoisted(() => [] as string[]);
vi.mock('../src/crypto/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checked.push(password);
      return real.verifyPassword(password, stored);
    },
    burnPasswordCheck: async (password: string) => {
      checked.push(password);
      return real.burnPasswordCheck(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

const { freshMobile, nextAddress, login } = authClient(() => t);

const sendFrom = (mobile: string, ip: string) =>
  t.app.inject({ method: 'POST', url: API_PATHS.otpSend, payload: { mobile }, remoteAddress: ip });

const inbox = async (mobile: string) =>
  json<{ messages: unknown[] }>(
    await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` }),
  ).messages.length;

const codes = (answers: { body: string }[]) =>
  answers.map((a) => {
    const body = json(a);
    return body.status === 'SUCCESS' ? 'SUCCESS' : (body.errors[0].code as string);
  });

describe('OTP sends under a burst (issue 11 §2)', () => {
  it('50 parallel sends to one number text it once; bursts after each resend wait reach exactly 5 texts', async () => {
    const mobile = freshMobile();
    const first = codes(await Promise.all(Array.from({ length: 50 }, () => sendFrom(mobile, nextAddress()))));
    expect(first.filter((c) => c === 'SUCCESS')).toHaveLength(1);
    expect(first.filter((c) => c !== 'SUCCESS').every((c) => c === 'OTP_RESEND_WAIT')).toBe(true);
    for (let burst = 0; burst < 5; burst++) {
      await ageLimits(t, mobile, 46);
      await Promise.all(Array.from({ length: 50 }, () => sendFrom(mobile, nextAddress())));
    }
    expect(await inbox(mobile)).toBe(5);
    await ageLimits(t, mobile, 46);
    const after = codes(await Promise.all(Array.from({ length: 50 }, () => sendFrom(mobile, nextAddress()))));
    expect(new Set(after)).toEqual(new Set(['OTP_LIMIT']));
    expect(await inbox(mobile)).toBe(5);
  });

  it('50 parallel sends from one address to 50 numbers send exactly 30 texts', async () => {
    const ip = '10.98.0.1';
    const mobiles = Array.from({ length: 50 }, () => freshMobile());
    const answers = codes(await Promise.all(mobiles.map((m) => sendFrom(m, ip))));
    expect(answers.filter((c) => c === 'SUCCESS')).toHaveLength(30);
    expect(answers.filter((c) => c === 'OTP_LIMIT')).toHaveLength(20);
    const texts = await Promise.all(mobiles.map(inbox));
    expect(texts.reduce((a, b) => a + b, 0)).toBe(30);
  });
});

describe('password guesses in parallel (issue 11 §2)', () => {
  async function customerWithPassword(password: string) {
    const mobile = freshMobile();
    const s = await login(mobile);
    const res = await setPasswordByOtp(t, s, password);
    expect(json(res).status).toBe('SUCCESS');
    return mobile;
  }
  const guess = (mobile: string, password: string, from = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.passwordLogin,
      payload: { mobile, password },
      remoteAddress: from,
    });

  it.each([
    ['first', 0],
    ['last', 15],
  ])(
    '16 parallel guesses from one address, the right one %s: at most 5 wrong ones checked, a login only with a slot',
    async (_where, at) => {
      const mobile = await customerWithPassword('the-right-one');
      const from = nextAddress();
      const guesses = Array.from({ length: 15 }, (_, i) => `wrong-guess-${i}`);
      guesses.splice(at, 0, 'the-right-one');
      checked.length = 0;
      const answers = codes(await Promise.all(guesses.map((g) => guess(mobile, g, from))));
      const wrongChecks = checked.filter((p) => p !== 'the-right-one');
      expect(wrongChecks.length).toBeLessThanOrEqual(PASSWORD_ATTEMPTS);
      const logins = answers.filter((c) => c === 'SUCCESS').length;
      // the right password gives its slot back, so only a login can make room for a sixth check
      expect(checked.length).toBeLessThanOrEqual(PASSWORD_ATTEMPTS + logins);
      expect(answers.filter((c) => c === 'PASSWORD_FAILED')).toHaveLength(wrongChecks.length);
      expect(answers.filter((c) => c === 'PASSWORD_LOCKED').length).toBe(16 - checked.length);
      // the right guess logs in exactly when it was checked, and is never called wrong
      const right = answers[at];
      expect(right === 'SUCCESS').toBe(checked.includes('the-right-one'));
      expect(right).not.toBe('PASSWORD_FAILED');
      // the guesser's address is full; the owner's is not (issue 28 §7)
      expect(codes([await guess(mobile, 'the-right-one')])).toEqual(['SUCCESS']);
    },
  );

  it(`guesses spread over many addresses: at most ${PASSWORD_ATTEMPTS_PER_LOGIN} checked for the number, then even its owner waits`, async () => {
    const mobile = await customerWithPassword('the-right-one');
    const spread = Array.from({ length: 12 }, () => nextAddress());
    checked.length = 0;
    const answers = codes(
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => guess(mobile, `wrong-guess-${i}`, spread[i % spread.length])),
      ),
    );
    expect(checked).toHaveLength(PASSWORD_ATTEMPTS_PER_LOGIN);
    expect(answers.filter((c) => c === 'PASSWORD_FAILED')).toHaveLength(PASSWORD_ATTEMPTS_PER_LOGIN);
    expect(answers.filter((c) => c === 'PASSWORD_LOCKED')).toHaveLength(60 - PASSWORD_ATTEMPTS_PER_LOGIN);
    expect(codes([await guess(mobile, 'the-right-one')])).toEqual(['PASSWORD_LOCKED']);
  });

  it('an unknown number is limited the same way', async () => {
    const mobile = freshMobile();
    const from = nextAddress();
    checked.length = 0;
    const answers = codes(
      await Promise.all(Array.from({ length: 15 }, (_, i) => guess(mobile, `guess-${i}`, from))),
    );
    expect(checked).toHaveLength(PASSWORD_ATTEMPTS);
    expect(answers.filter((c) => c === 'PASSWORD_FAILED')).toHaveLength(PASSWORD_ATTEMPTS);
    expect(answers.filter((c) => c === 'PASSWORD_LOCKED')).toHaveLength(15 - PASSWORD_ATTEMPTS);
  });
});

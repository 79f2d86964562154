import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '@crust/contract/auth';
import { PARTNER_AUTH_CODE_SECONDS } from '@crust/contract/partner-bridge';
import { API_PATHS } from '@crust/contract/paths';
import { ConfigError, parseEnv } from '../src/config/env.ts';
import { partnersOf } from '../src/config/partners.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { createTestApp, json, PAYMENTS_OFF, RAIL_OFF } from './helpers.ts';
import { count, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createPartnerApp, hostMobile, partnerClient } from './partner-support.ts';

/**
 * Issue 18 §2, §4: partner login by the host's auth code (SPEC §7 POST /{vendor}). The code is exchanged by the
 * server with the partner (the sandbox host here, over its server API), spent once, valid five minutes; the
 * customer is the partner's verified mobile; the session knows its partner from its own signed token.
 */
let now = Date.now();
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createPartnerApp({}, () => now);
});
afterAll(() => t.close());
beforeEach(async () => {
  now = Date.now();
  await partners.reset('PAYTM');
  await partners.reset('GPAY');
});

const partners = partnerClient(() => t);
const UNABLE = 'We are unable to login, please retry or exit to native app';
const TROUBLE = 'There was an error while signing-in. Please retry or exit.';
const errorOf = (o: { status: string; errors?: { code: string; displayMsg: string }[] }) => o.errors?.[0];

describe('the code exchange', () => {
  it('makes a new customer from the partner-verified mobile and name, with loginType PAYTM', async () => {
    const mobile = hostMobile();
    const out = await partners.login('PAYTM', await partners.code('PAYTM', { mobile, name: 'Asha Verma' }));
    expect(out.status).toBe('SUCCESS');
    const s = out.status === 'SUCCESS' ? out.data : null;
    expect(s).toMatchObject({
      mobile,
      firstName: 'Asha',
      lastName: 'Verma',
      loginType: 'PAYTM',
      isLoggedIn: true,
    });
    // the session works, and its token family names the partner
    const profile = await t.app.inject({
      method: 'GET',
      url: API_PATHS.profile,
      headers: customerHeaders(s!),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const families = await rows<{ family_id: string }>(
      t,
      sql`select family_id from refresh_tokens where subject_id = ${s!.userId}`,
    );
    expect(families.map((f) => f.family_id)).toEqual([expect.stringMatching(/^FPAYTM_/)]);
  });

  it('finds the customer an OTP login made, keeps their name, and signs GPAY in as GPAY', async () => {
    const auth = authClient(() => t);
    const mobile = auth.freshMobile();
    const first = (await auth.login(mobile)) as { userId: string; firstName: string };
    const out = await partners.login('GPAY', await partners.code('GPAY', { mobile, name: 'Rohan Mehta' }));
    expect(out.status).toBe('SUCCESS');
    if (out.status !== 'SUCCESS') return;
    expect(out.data.userId).toBe(first.userId);
    expect(out.data.loginType).toBe('GPAY');
    expect(out.data.firstName).toBe(first.firstName);
    expect(await count(t, sql`select count(*) as n from customers where mobile = ${mobile}`)).toBe(1);
  });

  it('moves the guest cart into the account, as the other logins do', async () => {
    const guest = await t.app.inject({ method: 'POST', url: API_PATHS.anonymousSession, payload: {} });
    const g = json(guest).data;
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    const res = await partners.loginRaw('PAYTM', code, 'paytm', {
      sessiontoken: g.credentials.sessionToken,
      authtoken: g.credentials.accessKeyId,
      userid: g.userId,
    });
    expect(LoginResponseSchema.parse(json(res)).status).toBe('SUCCESS');
  });
});

describe('codes the partner does not take', () => {
  it('refuses a code past its five minutes (the clock), with SPEC §8 text', async () => {
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    now += (PARTNER_AUTH_CODE_SECONDS + 1) * 1000;
    const out = await partners.login('PAYTM', code);
    expect(errorOf(out)).toMatchObject({ code: 'PARTNER_CODE_INVALID', displayMsg: UNABLE });
  });

  it('takes a code just inside its five minutes', async () => {
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    now += (PARTNER_AUTH_CODE_SECONDS - 5) * 1000;
    expect((await partners.login('PAYTM', code)).status).toBe('SUCCESS');
  });

  it('refuses the "expired codes" switch’s codes', async () => {
    await partners.switches('PAYTM', { expiredCodes: true });
    const out = await partners.login('PAYTM', await partners.code('PAYTM', { mobile: hostMobile() }));
    expect(errorOf(out)?.code).toBe('PARTNER_CODE_INVALID');
  });

  it('refuses a replayed code', async () => {
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    expect((await partners.login('PAYTM', code)).status).toBe('SUCCESS');
    expect(errorOf(await partners.login('PAYTM', code))).toMatchObject({
      code: 'PARTNER_CODE_INVALID',
      displayMsg: UNABLE,
    });
  });

  it('gives one session for 5 parallel logins with one code', async () => {
    const mobile = hostMobile();
    const code = await partners.code('PAYTM', { mobile });
    const outs = await Promise.all(Array.from({ length: 5 }, () => partners.login('PAYTM', code)));
    expect(outs.filter((o) => o.status === 'SUCCESS')).toHaveLength(1);
    expect(outs.filter((o) => errorOf(o)?.code === 'PARTNER_CODE_INVALID')).toHaveLength(4);
    const sessions = await count(
      t,
      sql`select count(*) as n from refresh_tokens r join customers c on c.id = r.subject_id
          where c.mobile = ${mobile}`,
    );
    expect(sessions).toBe(1);
  });

  it("refuses another vendor's code, and a client id that is not the path's", async () => {
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    expect(errorOf(await partners.login('GPAY', code))?.code).toBe('PARTNER_CODE_INVALID');
    const mismatch = await partners.loginRaw('GPAY', code, 'paytm');
    expect(mismatch.statusCode).toBe(400);
    // neither spent it: the host's own mini-app still may
    expect((await partners.login('PAYTM', code)).status).toBe('SUCCESS');
  });

  it('refuses a code of no partner at all', async () => {
    const out = await partners.login('GPAY', 'not-a-code-the-partner-gave');
    expect(errorOf(out)?.code).toBe('PARTNER_CODE_INVALID');
  });
});

describe("the partner's server API", () => {
  const token = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/sandbox/partner/paytm/api/oauth/token', payload });

  it('refuses a wrong client secret before the code is looked at, and the code stays good', async () => {
    const code = await partners.code('PAYTM', { mobile: hostMobile() });
    const { clientId } = t.config.partners.accounts.PAYTM!;
    const wrong = await token({ grantType: 'authorization_code', code, clientId, clientSecret: 'guess' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ error: 'invalid_client' });
    const otherClient = await token({
      grantType: 'authorization_code',
      code,
      clientId: 'someone-else',
      clientSecret: t.config.partners.accounts.PAYTM!.clientSecret,
    });
    expect(otherClient.statusCode).toBe(401);
    expect((await partners.login('PAYTM', code)).status).toBe('SUCCESS');
  });

  it('refuses merchant calls without the merchant’s credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/partner/paytm/api/orders',
      payload: { merchantId: 'CRUSTPAYTM01', receipt: 'r1', amountPaise: 100, description: 'x' },
    });
    expect(res.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'GET',
      url: '/sandbox/partner/paytm/api/userinfo',
      headers: { authorization: 'Bearer nothing' },
    });
    expect(user.statusCode).toBe(401);
  });

  it('never lets a browser-facing page or answer carry the client secret', async () => {
    const { clientSecret, notificationKey } = t.config.partners.accounts.PAYTM!;
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/partner/paytm' });
    const config = await t.app.inject({ method: 'GET', url: API_PATHS.config });
    for (const body of [page.body, config.body]) {
      expect(body).not.toContain(clientSecret);
      expect(body).not.toContain(notificationKey);
    }
  });
});

describe('a partner that does not answer', () => {
  it('answers FAILED with SPEC §8 text when the partner is slower than the deadline', async () => {
    const slow = await createPartnerApp({
      partners: { ...t.config.partners, timeoutMs: 150 },
    });
    try {
      const client = partnerClient(() => slow);
      const code = await client.code('GPAY', { mobile: hostMobile() });
      await client.switches('GPAY', { slowMs: 600 });
      const out = await client.login('GPAY', code);
      expect(errorOf(out)).toMatchObject({ code: 'PARTNER_UNAVAILABLE', displayMsg: TROUBLE });
    } finally {
      await slow.close();
    }
  });
});

describe('in production', () => {
  it('has no host pages or partner API, and a partner login says it is not available', async () => {
    const prod = await createTestApp({ nodeEnv: 'production', payments: PAYMENTS_OFF, rail: RAIL_OFF });
    try {
      for (const url of [
        '/sandbox/partner/paytm',
        '/sandbox/partner/gpay',
        '/sandbox/partner/paytm/switches',
      ])
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const res = await prod.app.inject({
        method: 'POST',
        url: API_PATHS.paytmLogin,
        payload: { authCode: 'abcdefgh12345678', clientId: 'paytm' },
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'PARTNER_UNAVAILABLE' }] });
    } finally {
      await prod.close();
    }
  });
});

describe('configuration', () => {
  const secret = 'x'.repeat(40);
  const full = (vendor: 'PAYTM' | 'GPAY') => ({
    [`PARTNER_${vendor}_BASE_URL`]: 'https://partner.example.com/api',
    [`PARTNER_${vendor}_CLIENT_ID`]: 'crust',
    [`PARTNER_${vendor}_CLIENT_SECRET`]: 'partner-given-secret',
    [`PARTNER_${vendor}_MERCHANT_ID`]: 'CRUST01',
    [`PARTNER_${vendor}_NOTIFICATION_KEY`]: 'partner-given-key',
  });
  const problems = (env: Record<string, string>) => {
    try {
      parseEnv({ NODE_ENV: 'production', ...env });
      return '';
    } catch (err) {
      return err instanceof ConfigError
        ? err.problems.filter((p) => p.startsWith('PARTNER_')).join('\n')
        : '';
    }
  };

  it('production takes a vendor fully configured or not at all, over https', () => {
    expect(problems({})).toBe('');
    expect(problems(full('PAYTM'))).toBe('');
    const half = { ...full('GPAY') };
    delete half.PARTNER_GPAY_NOTIFICATION_KEY;
    expect(problems(half)).toMatch(/^PARTNER_GPAY_NOTIFICATION_KEY/);
    expect(problems({ ...full('PAYTM'), PARTNER_PAYTM_BASE_URL: 'http://partner.example.com/api' })).toMatch(
      /PARTNER_PAYTM_BASE_URL.*https/,
    );
    // a secret is named, never repeated
    expect(problems({ ...half })).not.toContain('partner-given-secret');
  });

  it('production has only the vendors it is given; outside it the sandbox keys are per installation', () => {
    const prod = partnersOf(parseEnv(full('PAYTM')), secret, 3000, 'production');
    expect(Object.keys(prod.accounts)).toEqual(['PAYTM']);
    expect(prod.accounts.PAYTM).toMatchObject({
      inProcess: false,
      baseUrl: 'https://partner.example.com/api',
    });
    const a = partnersOf(parseEnv({}), secret, 3000, 'development');
    const b = partnersOf(parseEnv({}), 'y'.repeat(40), 3000, 'development');
    expect(a.accounts.PAYTM!.inProcess).toBe(true);
    expect(a.accounts.PAYTM!.clientSecret).not.toBe(b.accounts.PAYTM!.clientSecret);
    expect(a.accounts.PAYTM!.clientSecret).not.toBe(a.accounts.GPAY!.clientSecret);
    expect(a.accounts.PAYTM!.notificationKey).not.toBe(a.accounts.PAYTM!.clientSecret);
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { LoginResponseSchema } from '@crust/contract/auth';
import { MiniAppPaymentResponseSchema } from '@crust/contract/partner';
import { PARTNER_CLIENT_IDS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { API_PATHS } from '@crust/contract/paths';
import { loadConfig, type AppConfig } from '../src/config/app-config.ts';
import { customerHeaders } from './auth-support.ts';
import type { Guest } from './cart-support.ts';
import { json } from './helpers.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';

/** The partner sandbox's path segment of each vendor (/sandbox/partner/paytm, …/gpay). */
export const HOST_PATH: Record<PartnerVendor, string> = { PAYTM: 'paytm', GPAY: 'gpay' };
const LOGIN_PATH: Record<PartnerVendor, string> = { PAYTM: API_PATHS.paytmLogin, GPAY: API_PATHS.gpayLogin };

/**
 * No deadline on the in-process partner's answers unless the test sets one: production's PARTNER_TIMEOUT_MS is a
 * bound for a partner over the network, and a busy machine may take longer than it for this hop within the process.
 * (The largest delay a timer takes; a larger one would fire at once.)
 */
const NO_PARTNER_DEADLINE_MS = 2 ** 31 - 1;

/** The whole app, seeded, its webhooks (the partner's notifications too) delivered back to it when drained. */
export const createPartnerApp = (overrides: Partial<AppConfig> = {}, clock?: () => number) =>
  createGatewayApp(
    {
      partners: { ...loadConfig({ NODE_ENV: 'test' }).partners, timeoutMs: NO_PARTNER_DEADLINE_MS },
      ...overrides,
    },
    { seed: true, loopback: true, ...(clock ? { clock } : {}) },
  );

let mobiles = 0;
/** A host user's mobile no other test of the run uses. */
export const hostMobile = () =>
  `9${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(6, '0')}`;

export function partnerClient(t: () => GatewayTestApp) {
  const api = (vendor: PartnerVendor) => `/sandbox/partner/${HOST_PATH[vendor]}/api`;
  return {
    /** What the host page asks its server after the user's "Allow": an auth code. */
    async code(vendor: PartnerVendor, user: { mobile: string; name?: string }): Promise<string> {
      const res = await t().app.inject({
        method: 'POST',
        url: `${api(vendor)}/host/codes`,
        payload: {
          clientId: PARTNER_CLIENT_IDS[vendor],
          mobile: user.mobile,
          name: user.name ?? 'Asha Verma',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ authCode: string }>(res).authCode;
    },
    async loginRaw(
      vendor: PartnerVendor,
      authCode: string,
      clientId: string = PARTNER_CLIENT_IDS[vendor],
      headers: Record<string, string> = {},
    ) {
      return t().app.inject({
        method: 'POST',
        url: LOGIN_PATH[vendor],
        payload: { authCode, clientId },
        headers,
        remoteAddress: `10.9.${mobiles % 250}.${(mobiles * 7) % 250}`,
      });
    },
    async login(vendor: PartnerVendor, authCode: string, clientId?: string) {
      const res = await this.loginRaw(vendor, authCode, clientId);
      expect(res.statusCode, res.body).toBe(200);
      return LoginResponseSchema.parse(json(res));
    },
    /** A customer signed in by the host, shaped like a guest for orderClient. */
    async session(vendor: PartnerVendor, user: { mobile: string; name?: string } = { mobile: hostMobile() }) {
      const out = await this.login(vendor, await this.code(vendor, user));
      if (out.status !== 'SUCCESS') throw new Error(JSON.stringify(out.errors));
      const s = out.data;
      const who: Guest = {
        userId: s.userId,
        headers: { ...customerHeaders(s), deliverytype: 'D' },
      };
      return { session: s, who };
    },
    /** The host user's Pay or Decline on the sheet (what the host page's script posts). */
    async sheet(vendor: PartnerVendor, orderRef: string, decision: 'pay' | 'decline' = 'pay') {
      const res = await t().app.inject({
        method: 'POST',
        url: `${api(vendor)}/host/orders/${orderRef}/pay`,
        payload: { decision },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ paymentId: string; status: 'captured' | 'failed' }>(res);
    },
    async switches(
      vendor: PartnerVendor,
      change: { decline?: boolean; expiredCodes?: boolean; slowMs?: number },
    ) {
      const res = await t().app.inject({
        method: 'POST',
        url: `/sandbox/partner/${HOST_PATH[vendor]}/switches`,
        payload: change,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async reset(vendor: PartnerVendor) {
      await t().app.inject({ method: 'POST', url: `/sandbox/partner/${HOST_PATH[vendor]}/switches/reset` });
    },
    /** The partner's notifications posted now (the test app hands each to Crust's webhook). */
    async drain() {
      const res = await t().app.inject({ method: 'POST', url: '/sandbox/partner/notifications/drain' });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ delivered: number; failed: number }>(res);
    },
    async miniAppPayRaw(who: Guest, body: { transactionId: string; paymentId: string; status?: string }) {
      return t().app.inject({
        method: 'POST',
        url: API_PATHS.miniAppPayment,
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        payload: body,
      });
    },
    async miniAppPay(who: Guest, body: { transactionId: string; paymentId: string; status?: string }) {
      const res = await this.miniAppPayRaw(who, body);
      expect(res.statusCode, res.body).toBe(200);
      return MiniAppPaymentResponseSchema.parse(json(res));
    },
  };
}

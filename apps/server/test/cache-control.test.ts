import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { authClient, customerHeaders } from './auth-support.ts';

/**
 * Personal answers carry Cache-Control: no-store; the public catalogue keeps its own caching (issue 11 §3).
 * The malformed-input walk checks every operation's refusals; this checks answers that succeed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('is no-store on every personal answer that succeeds', async () => {
    const session = await t.app.inject({ method: 'POST', url: API_PATHS.anonymousSession, payload: {} });
    const customer = await authClient(() => t).login(authClient(() => t).freshMobile());
    const h = customerHeaders(customer);
    const staff = json(
      await t.app.inject({
        method: 'POST',
        url: CONSOLE_PATHS.staffLogin,
        payload: { username: 'store1001', password: 'pizza1001' },
      }),
    ).data;
    const cart = await t.app.inject({
      method: 'POST',
      url: API_PATHS.carts,
      headers: h,
      payload: { items: [] },
    });
    const answers = {
      session,
      cart,
      profile: await t.app.inject({ method: 'GET', url: API_PATHS.profile, headers: h }),
      addresses: await t.app.inject({ method: 'GET', url: API_PATHS.addresses, headers: h }),
      history: await t.app.inject({ method: 'GET', url: API_PATHS.orderHistory, headers: h }),
      paymentOptions: await t.app.inject({
        method: 'GET',
        url: fillPath(API_PATHS.paymentOptions, { storeId: 1001 }),
        headers: h,
      }),
      consoleStores: await t.app.inject({
        method: 'GET',
        url: CONSOLE_PATHS.consoleStores,
        headers: { authorization: `Bearer ${staff.token}` },
      }),
      smsInbox: await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${customer.mobile}` }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, `${name} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], name).toContain('no-store');
    }
  });

  it('keeps the public catalogue cacheable as before', async () => {
    const config = await t.app.inject({ method: 'GET', url: API_PATHS.config });
    expect(config.headers['cache-control']).toBe('public, max-age=60');
    const menu = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId: 1001 }) });
    expect(menu.headers['cache-control']).toBe('no-cache');
    expect(menu.headers.etag).toBeTruthy();
    const cities = await t.app.inject({ method: 'GET', url: API_PATHS.cities });
    expect(cities.statusCode).toBe(200);
    expect(cities.headers['cache-control']).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { WalletService } from '../src/modules/wallet/service.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { createTestApp, json, PAYMENTS_OFF, RAIL_OFF, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auth = authClient(() => t);

const credit = (payload: object) => t.app.inject({ method: 'POST', url: '/sandbox/wallet/credit', payload });

describe('POST /sandbox/wallet/credit', () => {
  it("credits a customer's wallet by mobile, a new ledger entry per call, seen by the payment options", async () => {
    const mobile = auth.freshMobile();
    const session = await auth.login(mobile);

    const first = await credit({ mobile, amountPaise: 10_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toMatchObject({ status: 'SUCCESS', balancePaise: 10_000 });
    expect(json(first).ref).toMatch(/^sandbox-[0-9a-f-]{36}$/);

    // the same call again is another top-up, not a replay
    const second = await credit({ mobile, amountPaise: 5_000 });
    expect(json(second).balancePaise).toBe(15_000);
    expect(json(second).ref).not.toBe(json(first).ref);

    const wallet = new WalletService(t.database.db);
    expect(await wallet.balance(session.userId)).toBe(15_000);
    expect((await wallet.ledger(session.userId)).map((e) => [e.kind, e.amountPaise])).toEqual([
      ['credit', 10_000],
      ['credit', 5_000],
    ]);

    const options = await t.app.inject({
      method: 'GET',
      url: `${fillPath(API_PATHS.paymentOptions, { storeId: 1001 })}?deliveryType=D`,
      headers: customerHeaders(session),
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(json(options).data.wallet).toEqual({ balancePaise: 15_000, usable: true, defaultApplied: true });
  });

  it('answers 404 for a mobile with no customer, and 400 for a bad body', async () => {
    const unknown = await credit({ mobile: auth.freshMobile(), amountPaise: 100 });
    expect(unknown.statusCode).toBe(404);

    const mobile = auth.freshMobile();
    await auth.login(mobile);
    for (const bad of [
      { mobile, amountPaise: 0 },
      { mobile, amountPaise: 12.5 },
      { mobile, amountPaise: -100 },
      { mobile: '12345', amountPaise: 100 },
      { mobile, amountPaise: 100, extra: true },
    ])
      expect((await credit(bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });

  it('is not mounted in production', async () => {
    const prod = await createTestApp({ nodeEnv: 'production', payments: PAYMENTS_OFF, rail: RAIL_OFF });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/sandbox/wallet/credit',
        payload: { mobile: '9000000001', amountPaise: 100 },
      });
      expect(res.statusCode).toBe(404);
      // nor the rail sandbox (issue 16 §1)
      const rail = await prod.app.inject({ method: 'POST', url: '/sandbox/rail/reset' });
      expect(rail.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { PAYMENT_OPTIONS } from '../src/db/seed/data/payment-options.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { cartClient, FARMHOUSE, newGuest, pizza, SIZE } from './cart-support.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
let wallet: WalletService;
beforeAll(async () => {
  t = await createTestApp();
  wallet = new WalletService(t.database.db);
});
afterAll(() => t.close());

const { freshMobile, login } = authClient(() => t);

async function options(storeId: number | string, headers: Record<string, string> = {}, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${fillPath(API_PATHS.paymentOptions, { storeId })}${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = PaymentOptionsResponseSchema.parse(json(res));
  if (body.status !== 'SUCCESS') throw new Error(res.body);
  return body.data;
}

const methods = (data: { options: { methodCode: string }[] }) => data.options.map((o) => o.methodCode);

describe('payment options', () => {
  it('lists every seeded method for a guest, in order, with no wallet and no last-used payment', async () => {
    const guest = await newGuest(t);
    const data = await options(1001, guest.headers);
    expect(methods(data)).toEqual(PAYMENT_OPTIONS.map((o) => o.methodCode));
    expect(data.options[0]).toEqual({
      providerCode: 'SANDBOX_PG',
      providerName: 'Credit Card',
      methodCode: 'CC',
      status: 'E',
    });
    expect(data.options.every((o) => o.status === 'E')).toBe(true);
    expect(data.wallet).toBeNull();
    expect(data.lastUsed).toBeNull();
  });

  it('answers without credentials as for a guest', async () => {
    const data = await options(3001);
    expect(data.wallet).toBeNull();
    expect(methods(data)).toContain('CASH');
  });

  it('offers no cash for a train (IRCTC) order, from the query or the deliverytype header', async () => {
    const fromQuery = await options(1001, {}, '?deliveryType=IRCTC');
    expect(methods(fromQuery)).not.toContain('CASH');
    expect(methods(fromQuery)).toContain('CC');
    const fromHeader = await options(1001, { deliverytype: 'IRCTC' });
    expect(methods(fromHeader)).toEqual(methods(fromQuery));
    for (const type of ['D', 'T', 'P', 'DINEIN', 'CURB'])
      expect(methods(await options(1001, {}, `?deliveryType=${type}`))).toContain('CASH');
  });

  it('shows a disabled option with status D', async () => {
    const data = await options(1002);
    expect(data.options.find((o) => o.methodCode === 'NB')).toMatchObject({ status: 'D' });
    expect(data.options.filter((o) => o.status === 'D')).toHaveLength(1);
  });

  it('keeps a store’s options in memory until they are said to have changed', async () => {
    const guest = await newGuest(t);
    const status = async () =>
      (await options(1001, guest.headers)).options.find((o) => o.methodCode === 'CC')?.status;
    expect(await status()).toBe('E');
    await t.database.db.execute(
      sql`update store_payment_options set status = 'D' where store_id = 1001 and method_code = 'CC'`,
    );
    try {
      expect(await status()).toBe('E');
      t.app.deps.paymentOptions.invalidate(1001);
      expect(await status()).toBe('D');
    } finally {
      await t.database.db.execute(
        sql`update store_payment_options set status = 'E' where store_id = 1001 and method_code = 'CC'`,
      );
      t.app.deps.paymentOptions.invalidate(1001);
    }
    expect(await status()).toBe('E');
  });

  it('gives a customer their wallet balance, usable when above 0 and not a train order', async () => {
    const s = await login(freshMobile());
    const headers = customerHeaders(s);
    expect((await options(1001, headers)).wallet).toEqual({
      balancePaise: 0,
      usable: false,
      defaultApplied: false,
    });
    expect((await wallet.credit(s.userId, 25_000, 'topup-1')).ok).toBe(true);
    expect((await options(1001, headers)).wallet).toEqual({
      balancePaise: 25_000,
      usable: true,
      defaultApplied: true,
    });
    expect((await options(1001, headers, '?deliveryType=IRCTC')).wallet).toEqual({
      balancePaise: 25_000,
      usable: false,
      defaultApplied: false,
    });
  });

  it("never shows another customer's wallet", async () => {
    const a = await login(freshMobile());
    const b = await login(freshMobile());
    await wallet.credit(a.userId, 40_000, 'topup-a');
    await wallet.credit(b.userId, 1_500, 'topup-b');
    expect((await options(1001, customerHeaders(a))).wallet).toEqual({
      balancePaise: 40_000,
      usable: true,
      defaultApplied: true,
    });
    expect((await options(1001, customerHeaders(b))).wallet).toEqual({
      balancePaise: 1_500,
      usable: true,
      defaultApplied: true,
    });
    const c = await login(freshMobile());
    expect((await options(1001, customerHeaders(c))).wallet).toEqual({
      balancePaise: 0,
      usable: false,
      defaultApplied: false,
    });
    // a token with someone else's userid header is refused, not answered with their wallet
    const res = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.paymentOptions, { storeId: 1001 }),
      headers: { ...customerHeaders(c), userid: a.userId },
    });
    expect(res.statusCode).toBe(401);
  });

  it('decides SPEC §5 wallet rule: not in a mini-app, not with an explicit promo, not when the chain hides it; pre-ticked as configured', async () => {
    const s = await login(freshMobile());
    const headers = customerHeaders(s);
    await wallet.credit(s.userId, 30_000, 'topup-rule');
    const usable = async (query = '') => (await options(1001, headers, query)).wallet;
    expect(await usable()).toMatchObject({ usable: true, defaultApplied: true });
    expect(await usable('?vendor=PAYTM')).toMatchObject({ usable: false, defaultApplied: false });
    // a cart carrying a coupon only UPI may pay for
    const carts = cartClient(t, {
      userId: s.userId,
      headers: { ...headers, storeid: '1001', deliverytype: 'D' },
    });
    const cart = carts.ok(await carts.create([pizza(FARMHOUSE, SIZE.L)]));
    expect(await usable(`?cartId=${cart.cartId}`)).toMatchObject({ usable: true });
    carts.ok(await carts.apply(cart.cartId, 'UPI40'));
    expect(await usable(`?cartId=${cart.cartId}`)).toMatchObject({ usable: false });
    // another customer's cart id tells nothing and restricts nothing
    const other = await login(freshMobile());
    await wallet.credit(other.userId, 1_000, 'topup-other');
    expect((await options(1001, customerHeaders(other), `?cartId=${cart.cartId}`)).wallet).toMatchObject({
      usable: true,
    });
    const remote = async (value: object | null) => {
      await t.database.db.execute(sql`delete from app_config where key = 'remote'`);
      if (value)
        await t.database.db.execute(
          sql`insert into app_config (key, value) values ('remote', ${JSON.stringify(value)}::jsonb)`,
        );
    };
    try {
      await remote({ isDefaultWalletApplied: false });
      expect(await usable()).toMatchObject({ usable: true, defaultApplied: false });
      await remote({ features: ['offers', 'loyalty'] });
      expect(await usable()).toMatchObject({ usable: false, defaultApplied: false });
    } finally {
      await remote(null);
    }
  });

  it('answers 404 for an unknown store and 400 for a malformed one or an unknown order type', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.paymentOptions, { storeId: 999_999 }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'STORE_NOT_FOUND', field: 'params.storeId' }],
    });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/stores/null/payment-options' });
    expect(malformed.statusCode).toBe(400);
    const badType = await t.app.inject({
      method: 'GET',
      url: `${fillPath(API_PATHS.paymentOptions, { storeId: 1001 })}?deliveryType=Z`,
    });
    expect(badType.statusCode).toBe(400);
  });
});

describe('card validation call', () => {
  const validate = (payload: object) =>
    t.app.inject({ method: 'POST', url: API_PATHS.cardValidate, payload });

  it('takes a credit card as credit and names its brand', async () => {
    const res = await validate({ cardInitialDigits: '411111', methodCode: 'CC' });
    expect(json(res)).toEqual({ status: 'SUCCESS', data: { brand: 'VISA', kind: 'credit' } });
  });

  it('says which option a card belongs to, and refuses unknown brands', async () => {
    expect(json(await validate({ cardInitialDigits: '411111', methodCode: 'DC' }))).toMatchObject({
      status: 'FAILED',
      errors: [
        {
          code: 'CARD_NOT_VALID',
          displayMsg: 'This is a credit card. Please choose Credit Card to pay with it.',
        },
      ],
    });
    expect(json(await validate({ cardInitialDigits: '999999', methodCode: 'CC' }))).toMatchObject({
      status: 'FAILED',
      errors: [{ displayMsg: 'This card is not supported. Please use another card.' }],
    });
  });

  it('never takes more than the first 8 digits', async () => {
    const res = await validate({ cardInitialDigits: '4111111111111111', methodCode: 'CC' });
    expect(res.statusCode).toBe(400);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../src/modules/orders/repo.ts';
import { OPENING_BALANCE_PAISE, OTP_LIFE_MS } from '../src/providers/paytm-wallet/sandbox.ts';
import { count, customers, freshMobile, newGuest, ok, orderRow, rows } from './order-support.ts';
import {
  addMoney,
  linkWallet,
  paytmBalanceOf,
  paytmClient,
  paytmOrder,
  paytmOtp,
  setPaytmBalance,
  setPaytmModes,
  upiOrder,
} from './paytm-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createGatewayApp } from './pg-support.ts';

let t: GatewayTestApp;
let now = Date.now();
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => now });
});
afterAll(() => t.close());

const customer = customers(() => t);
const withdrawsOf = (orderRef: string) =>
  count(t, sql`select count(*) as n from sandbox_paytm_txns where kind = 'withdraw' and ref = ${orderRef}`);
const refOf = async (orderId: string) => (await orders.findPayment(t.database.db, orderId))!.gatewayOrderId!;

describe('confirming a PAYTM_WALLET order', () => {
  it('answers PAYTM_LINK, then for the linked customer PAYTM_WITHDRAW_MONEY or PAYTM_ADD_MONEY by the balance', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const first = await paytmOrder(t, who);
    expect(first.result.nextAction).toBe('PAYTM_LINK');
    await linkWallet(
      t,
      who,
      { transactionId: first.result.transactionId, cartId: first.cart.cartId },
      mobile,
    );
    // a new wallet starts with a modest balance: the order is short, and the payer adds the rest
    expect(await paytmBalanceOf(t, mobile)).toBe(OPENING_BALANCE_PAISE);
    const short = ok(await first.c.confirm(first.c.body(first.cart, { primaryPaymentId: 'PAYTM_WALLET' })));
    expect(short).toMatchObject({ nextAction: 'PAYTM_ADD_MONEY', orderId: first.result.orderId });
    expect(short.redirectUrl).toMatch(/^\/sandbox\/paytm\/add-money\?request=am_/);

    await setPaytmBalance(t, mobile, 1_000_000);
    // the link is the customer's: the next order goes straight to the withdraw
    const second = await paytmOrder(t, who);
    expect(second.result.nextAction).toBe('PAYTM_WITHDRAW_MONEY');
    const submitted = await paytmClient(() => t, who).submit(second.result.transactionId);
    expect(submitted).toMatchObject({ status: 'SUCCESS', data: { nextAction: 'THANKYOU' } });
    expect((await second.c.status(second.result.transactionId)).status).toBe('SUCCESS');
    expect(await paytmBalanceOf(t, mobile)).toBe(1_000_000 - second.cart.price);
  });

  it("keeps a guest's link to that order only", async () => {
    const guest = await newGuest(t);
    const mobile = freshMobile();
    const first = await paytmOrder(t, guest);
    await setPaytmBalance(t, mobile, 1_000_000);
    await linkWallet(
      t,
      guest,
      { transactionId: first.result.transactionId, cartId: first.cart.cartId },
      mobile,
    );
    expect(await paytmClient(() => t, guest).submit(first.result.transactionId)).toMatchObject({
      data: { nextAction: 'THANKYOU' },
    });
    const second = await paytmOrder(t, guest);
    expect(second.result.nextAction).toBe('PAYTM_LINK');
  });
});

describe('linking by OTP', () => {
  it('refuses a wrong OTP (attempts left), an expired one and a used one; a right one links', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { cart, result } = await paytmOrder(t, who);
    const p = paytmClient(() => t, who);
    const order = { transactionId: result.transactionId, cartId: cart.cartId, mobile };

    const sent = ok(await p.sendOtp(result.transactionId, mobile)) as { state: string; codeSentTo: string };
    expect(sent.codeSentTo).toBe(`${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`);
    const otp = await paytmOtp(t, mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    expect(await p.verifyOtp({ ...order, state: sent.state, otp: wrong })).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'PAYTM_OTP_INCORRECT', displayMsg: 'Incorrect OTP. 2 attempts left.' }],
    });
    // another order's or another number's state is not this one's
    expect(await p.verifyOtp({ ...order, mobile: freshMobile(), state: sent.state, otp })).toMatchObject({
      errors: [{ code: 'PAYTM_OTP_EXPIRED' }],
    });

    // expired: its 5 minutes are over
    now += OTP_LIFE_MS + 1_000;
    expect(await p.verifyOtp({ ...order, state: sent.state, otp })).toMatchObject({
      errors: [{ code: 'PAYTM_OTP_EXPIRED' }],
    });

    const again = ok(await p.sendOtp(result.transactionId, mobile)) as { state: string };
    const fresh = await paytmOtp(t, mobile);
    expect(await p.verifyOtp({ ...order, state: again.state, otp: fresh })).toMatchObject({
      status: 'SUCCESS',
      data: { linked: true, mobile },
    });
    // used: a second verify of the same OTP links nothing
    expect(await p.verifyOtp({ ...order, state: again.state, otp: fresh })).toMatchObject({
      errors: [{ code: 'PAYTM_OTP_EXPIRED' }],
    });
    // the OTP is never stored as sent
    const stored = await rows<{ code_hash: string }>(
      t,
      sql`select code_hash from sandbox_paytm_otps where state = ${again.state}`,
    );
    expect(stored[0]!.code_hash).not.toContain(fresh);
    // and the link's access token is sealed
    const [link] = await rows<{ token: string }>(
      t,
      sql`select token from paytm_links where owner = ${`customer:${who.userId}`}`,
    );
    expect(link!.token.split('.')).toHaveLength(3);
  });

  it('counts OTP attempts atomically: of 6 parallel wrong guesses only 3 are checked, then even the right OTP is refused', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { cart, result } = await paytmOrder(t, who);
    const p = paytmClient(() => t, who);
    const { state } = ok(await p.sendOtp(result.transactionId, mobile)) as { state: string };
    const otp = await paytmOtp(t, mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    const order = { transactionId: result.transactionId, cartId: cart.cartId, mobile, state };
    const answers = await Promise.all(Array.from({ length: 6 }, () => p.verifyOtp({ ...order, otp: wrong })));
    const codes = answers.map((a) => (a.status === 'FAILED' ? a.errors[0]!.code : 'SUCCESS')).sort();
    // the third wrong guess spends the last attempt, so it is answered as the end of them
    expect(codes).toEqual([
      'PAYTM_OTP_ATTEMPTS',
      'PAYTM_OTP_ATTEMPTS',
      'PAYTM_OTP_ATTEMPTS',
      'PAYTM_OTP_ATTEMPTS',
      'PAYTM_OTP_INCORRECT',
      'PAYTM_OTP_INCORRECT',
    ]);
    const [otpRow] = await rows<{ attempts: number }>(
      t,
      sql`select attempts from sandbox_paytm_otps where state = ${state}`,
    );
    expect(otpRow!.attempts).toBe(3);
    expect(await p.verifyOtp({ ...order, otp })).toMatchObject({ errors: [{ code: 'PAYTM_OTP_ATTEMPTS' }] });
    expect(
      await count(t, sql`select count(*) as n from paytm_links where owner = ${`customer:${who.userId}`}`),
    ).toBe(0);
  });

  it('spaces OTPs for an order (45 s) and caps them per number (5 an hour), however many are asked at once', async () => {
    const mobile = freshMobile();
    const who = await customer();
    const { result } = await paytmOrder(t, who);
    const p = paytmClient(() => t, who);
    const burst = await Promise.all(Array.from({ length: 4 }, () => p.sendOtp(result.transactionId, mobile)));
    expect(burst.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
    expect(
      burst.filter((a) => a.status === 'FAILED' && a.errors[0]!.code === 'PAYTM_OTP_TOO_SOON'),
    ).toHaveLength(3);
    const others = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const other = await customer();
        const o = await paytmOrder(t, other);
        return paytmClient(() => t, other).sendOtp(o.result.transactionId, mobile);
      }),
    );
    expect(others.filter((a) => a.status === 'SUCCESS')).toHaveLength(4);
    expect(
      others.filter((a) => a.status === 'FAILED' && a.errors[0]!.code === 'PAYTM_OTP_SEND_LIMIT'),
    ).toHaveLength(2);
  });
});

describe('submitting the order', () => {
  it('withdraws once under 6 parallel submits: one withdraw at Paytm, one placed order', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { cart, result } = await paytmOrder(t, who);
    await setPaytmBalance(t, mobile, 500_000);
    await linkWallet(t, who, { transactionId: result.transactionId, cartId: cart.cartId }, mobile);
    const p = paytmClient(() => t, who);
    const answers = await Promise.all(Array.from({ length: 6 }, () => p.submit(result.transactionId)));
    for (const a of answers) expect(a).toMatchObject({ status: 'SUCCESS', data: { nextAction: 'THANKYOU' } });
    expect(await withdrawsOf(await refOf(result.orderId))).toBe(1);
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000 - cart.price);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
    expect(
      await count(
        t,
        sql`select count(*) as n from orders where cart_id = ${cart.cartId} and status = 'placed'`,
      ),
    ).toBe(1);
  });

  it('short: add money on Paytm’s page, back to /paytmForm, then placed once', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { c, cart, result } = await paytmOrder(t, who);
    await linkWallet(t, who, { transactionId: result.transactionId, cartId: cart.cartId }, mobile);
    const p = paytmClient(() => t, who);
    const short = ok(await p.submit(result.transactionId)) as { nextAction: string; redirectUrl: string };
    expect(short.nextAction).toBe('PAYTM_ADD_MONEY');
    const deficit = cart.price - OPENING_BALANCE_PAISE;
    const balance = ok(await p.balance(result.transactionId));
    expect(balance).toMatchObject({
      linked: true,
      mobile,
      balancePaise: OPENING_BALANCE_PAISE,
      deficitPaise: deficit,
      nextAction: 'PAYTM_ADD_MONEY',
      redirectUrl: short.redirectUrl,
    });
    expect(await withdrawsOf(await refOf(result.orderId))).toBe(0);

    const { page, landing, returnUrl } = await addMoney(t, short.redirectUrl);
    expect(page).toContain('Paytm sandbox — no real money');
    expect(landing).toBe(`/paytmForm?transactionId=${result.transactionId}&addMoney=SUCCESS`);
    // the same form posted again (a second tab, a back button) adds nothing more
    const id = new URL(short.redirectUrl, 'http://x').searchParams.get('request')!;
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/paytm/add-money/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=add',
    });
    expect(await paytmBalanceOf(t, mobile)).toBe(cart.price);
    // a forged return says nothing
    const forged = await t.app.inject({
      method: 'GET',
      url: returnUrl.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`),
    });
    expect(forged.headers.location).toContain('addMoney=UNKNOWN');

    const answers = await Promise.all([p.submit(result.transactionId), p.submit(result.transactionId)]);
    for (const a of answers) expect(a).toMatchObject({ data: { nextAction: 'THANKYOU' } });
    expect(await paytmBalanceOf(t, mobile)).toBe(0);
    expect(await withdrawsOf(await refOf(result.orderId))).toBe(1);
    expect((await c.summary(result.orderId)).status).not.toBe('FAILED');
  });

  it('refused by Paytm: PAY_PAGE, the order failed, and the cart can be paid another way', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { c, cart, result } = await paytmOrder(t, who);
    await setPaytmBalance(t, mobile, 500_000);
    await linkWallet(t, who, { transactionId: result.transactionId, cartId: cart.cartId }, mobile);
    await setPaytmModes(t, { refuseWithdraw: true });
    try {
      const refused = await paytmClient(() => t, who).submit(result.transactionId);
      expect(refused).toMatchObject({
        status: 'SUCCESS',
        data: {
          nextAction: 'PAY_PAGE',
          displayMsg: 'Paytm could not take this payment. Please choose another way to pay.',
        },
      });
    } finally {
      await setPaytmModes(t, { refuseWithdraw: false });
    }
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000);
    // asked again, it stays refused (Paytm keeps the order's withdraw), and the cart is free for another way
    expect(await paytmClient(() => t, who).submit(result.transactionId)).toMatchObject({
      data: { nextAction: 'PAY_PAGE' },
    });
    const cash = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CASH' })));
    expect(cash.orderId).not.toBe(result.orderId);
  });

  it("answers another customer's order as not found, on every call", async () => {
    const owner = await customer();
    const { cart, result } = await paytmOrder(t, owner);
    const stranger = paytmClient(() => t, await customer());
    const mobile = freshMobile();
    const calls = [
      stranger.call('GET', `/api/v1/paytm-wallet/balance?orderTransactionId=${result.transactionId}`),
      stranger.call('POST', '/api/v1/paytm-wallet/otp/send', {
        mobile,
        orderTransactionId: result.transactionId,
      }),
      stranger.call('POST', '/api/v1/paytm-wallet/otp/verify', {
        mobile,
        orderTransactionId: result.transactionId,
        state: 'st_x',
        cartId: cart.cartId,
        otp: '123456',
      }),
      stranger.call('PUT', '/api/v1/paytm-wallet/order', { orderTransactionId: result.transactionId }),
      stranger.call('POST', '/api/v1/paytm-wallet/deeplink', { orderTransactionId: result.transactionId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect(await count(t, sql`select count(*) as n from sandbox_paytm_otps where mobile = ${mobile}`)).toBe(
      0,
    );
  });

  it('gives the money back to the Paytm wallet once when the store cancels', async () => {
    const who = await customer();
    const mobile = freshMobile();
    const { cart, result } = await paytmOrder(t, who);
    await setPaytmBalance(t, mobile, 500_000);
    await linkWallet(t, who, { transactionId: result.transactionId, cartId: cart.cartId }, mobile);
    await paytmClient(() => t, who).submit(result.transactionId);
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000 - cart.price);
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    await t.app.deps.lifecycle.cancel('S1001', row, 'Out of dough');
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'cancelled', state: 'refunded' });
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000);
    // a retried refund (the reconciler, say) refunds nothing more
    await t.app.deps.orders.reconcile(now + 10 * 60_000);
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000);
    expect(
      await count(
        t,
        sql`select count(*) as n from sandbox_paytm_txns where kind = 'refund' and mobile = ${mobile}`,
      ),
    ).toBe(1);
  });
});

describe('UPI verify and deeplink', () => {
  it('verifies a UPI id for the order being paid by UPI, with its holder’s name masked, and refuses an unknown one', async () => {
    const who = await newGuest(t);
    const p = paytmClient(() => t, who);
    const { transactionId } = await upiOrder(t, who);
    expect(await p.upiVerify('asha.verma@paytm', transactionId)).toEqual({
      status: 'SUCCESS',
      data: { valid: true, name: 'A*** V****' },
    });
    expect(await p.upiVerify('invalid.user@paytm', transactionId)).toEqual({
      status: 'SUCCESS',
      data: { valid: false, name: null },
    });
    expect(await p.upiVerify('no-at-sign', transactionId)).toEqual({
      status: 'SUCCESS',
      data: { valid: false, name: null },
    });
  });

  it("answers the order's paytmmp:// and upi:// intents for its amount", async () => {
    const who = await customer();
    const { cart, result } = await paytmOrder(t, who);
    const links = ok(await paytmClient(() => t, who).deeplink(result.transactionId)) as {
      deepLink: string;
      upiLink: string;
      amountPaise: number;
    };
    const amount = (cart.price / 100).toFixed(2);
    expect(links.amountPaise).toBe(cart.price);
    expect(links.deepLink).toMatch(/^paytmmp:\/\/cash_wallet\?/);
    expect(links.upiLink).toContain(`am=${amount}`);
    expect(links.upiLink).toMatch(/^upi:\/\/pay\?pa=crust%40paytm/);
    expect(links.upiLink).toContain(`tr=${await refOf(result.orderId)}`);
  });
});

describe('where the Paytm wallet runs', () => {
  it('is off in production unless configured, and its sandbox never exists there', async () => {
    const { loadConfig } = await import('../src/config/app-config.ts');
    const { choosePaytm } = await import('../src/providers/paytm-wallet/choose.ts');
    const production = { ...t.config, nodeEnv: 'production' as const };
    expect(
      loadConfig({ NODE_ENV: 'test' }).paytm.provider,
      'outside production the sandbox plays Paytm',
    ).toBe('sandbox');
    const off = choosePaytm(
      { ...production, paytm: { ...t.config.paytm, provider: 'off' } },
      t.database.db,
      t.app.log,
      async () => {},
      Date.now,
    );
    expect(off).toEqual({ paytm: null, paytmSandbox: null });
    const api = choosePaytm(
      { ...production, paytm: { ...t.config.paytm, provider: 'api' } },
      t.database.db,
      t.app.log,
      async () => {},
      Date.now,
    );
    expect(api.paytmSandbox).toBeNull();
    expect(api.paytm?.gateway.code).toBe('PAYTM_WALLET');
    // the merchant key is derived per installation, never a constant
    expect(t.config.paytm.merchantKey).not.toBe(
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(8) + 'abcdefghijklmnopqrstuvwx' }).paytm
        .merchantKey,
    );
  });

  it('refuses a call to the Paytm sandbox without the merchant signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paytm/api/v1/wallet/status',
      headers: { 'content-type': 'application/json', 'x-paytm-mid': t.config.paytm.merchantId },
      payload: JSON.stringify({ orderRef: 'ptm_x' }),
    });
    expect(res.statusCode).toBe(401);
  });
});

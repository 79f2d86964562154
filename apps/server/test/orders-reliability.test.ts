import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@crust/domain/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmOrderResponseSchema } from '@crust/contract/orders';
import { WalletService } from '../src/modules/wallet/service.ts';
import { pizza, side, BREADSTICKS, FARMHOUSE, PEPPY_PANEER, SIZE } from './cart-support.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  count,
  createOrderApp,
  customers,
  expectWalletConsistent,
  freshMobile,
  gatewayOrderIdOf,
  lastSms,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 5 §4: money exactly once under races (decision 010). Every check reads the database's rows, so
 * the same file is the evidence on PGlite and on PostgreSQL (where the races are real).
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { pg, payCard } = checkout(() => t);
const newCustomer = customers(() => t);

/** Modes back to normal, every webhook due delivered, and the deliveries list emptied: tests start quiet. */
beforeEach(async () => {
  await pg.resetModes();
  t.answerWith(() => 200);
  await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
  t.deliveries.length = 0;
});

const parse = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ConfirmOrderResponseSchema.parse(json(res));
};
const codeOf = (o: { status: string; errors?: { code: string }[] }) =>
  o.status === 'SUCCESS' ? 'SUCCESS' : o.errors?.[0]?.code;
const ordersOfCart = (cartId: string) =>
  count(t, sql`select count(*) as n from orders where cart_id = ${cartId}`);
const credit = (customerId: string, paise: number) =>
  new WalletService(t.database.db).credit(customerId, paise, `topup-${randomUUID()}`);
const walletEntries = (customerId: string, ref: string) =>
  rows<{ kind: string; amount_paise: number }>(
    t,
    sql`select kind, amount_paise from wallet_entries where customer_id = ${customerId} and ref = ${ref}
        order by id`,
  );

describe('confirm storms', () => {
  it('50 identical confirms under one Idempotency-Key make one order and one gateway order', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const body = c.body(cart, { primaryPaymentId: 'CC' });
    const key = randomUUID();
    const answers = (await Promise.all(Array.from({ length: 50 }, () => c.confirmRaw(body, key)))).map(parse);
    const first = ok(answers[0]!);
    expect(first.nextAction).toBe('PROCESS_PAYMENT');
    for (const a of answers) expect(ok(a)).toEqual(first);
    expect(await ordersOfCart(cart.cartId)).toBe(1);
    expect(await count(t, sql`select count(*) as n from pg_orders where receipt = ${first.orderId}`)).toBe(1);
  });

  it('20 confirms of one cart from two tabs (different keys) make at most one order', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const body = c.body(cart, { primaryPaymentId: 'CC' });
    const answers = (await Promise.all(Array.from({ length: 20 }, () => c.confirmRaw(body)))).map(parse);
    expect(await ordersOfCart(cart.cartId)).toBe(1);
    const [order] = await rows<{ id: string }>(t, sql`select id from orders where cart_id = ${cart.cartId}`);
    // every tab, not only the first, is sent to pay that order (none is told its payment failed)
    const succeeded = answers.map(ok);
    for (const a of succeeded) {
      expect(a.orderId).toBe(order!.id);
      expect(a.nextAction).toBe('PROCESS_PAYMENT');
      expect(gatewayOrderIdOf(a)).toBe(gatewayOrderIdOf(succeeded[0]!));
    }
    expect(await count(t, sql`select count(*) as n from pg_orders where receipt = ${order!.id}`)).toBe(1);
  });

  it('20 cash confirms of one cart by a returning customer place it once and spend the cart', async () => {
    const c = orderClient(t, await newGuest(t));
    const mobile = freshMobile();
    const user = { firstName: 'Ravi', lastName: 'K', email: 'ravi@example.com', mobile };
    // the first order of this mobile asks for the COD OTP; after it the mobile is known
    const firstCart = await c.cart();
    const first = ok(await c.confirm(c.body(firstCart, {}, { userDetails: user })));
    expect(first.nextAction).toBe('COD_OTP');
    const code = /(\d{6})/.exec(await lastSms(t, mobile))![1]!;
    expect(ok(await c.code(first.orderId, { code })).nextAction).toBe('THANKYOU');

    const cart = await c.cart([pizza(PEPPY_PANEER, SIZE.M)]);
    const body = c.body(cart, {}, { userDetails: user });
    const answers = (await Promise.all(Array.from({ length: 20 }, () => c.confirmRaw(body)))).map(parse);
    const placed = await rows<{ id: string; status: string }>(
      t,
      sql`select id, status from orders where cart_id = ${cart.cartId}`,
    );
    expect(placed).toEqual([{ id: expect.any(String), status: 'placed' }]);
    // every tab thanks the customer for that order; none asks for a COD code that was never sent
    for (const a of answers.map(ok))
      expect(a).toMatchObject({ orderId: placed[0]!.id, nextAction: 'THANKYOU' });
    expect(await count(t, sql`select count(*) as n from carts where id = ${cart.cartId}`)).toBe(0);
  });
});

describe('payment news racing', () => {
  it('a callback, webhooks ×3 shuffled and status checks racing settle the payment once', async () => {
    await pg.setModes({ duplicateWebhooks: 3, shuffleWebhooks: true });
    const who = await newCustomer();
    await credit(who.userId, 10_000);
    const c = orderClient(t, who);
    const cart = await c.cart();
    const result = ok(
      await c.confirm(c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' })),
    );
    expect(result).toMatchObject({ walletPaise: 10_000, amountPaise: cart.price - 10_000 });
    const { res } = await payCard(result);
    expect(res.statusCode).toBe(303);
    const callback = String(res.headers.location);

    await Promise.all([
      ...Array.from({ length: 3 }, () => t.app.inject({ method: 'GET', url: callback })),
      t.gateway.drainOutbox(new Date()),
      t.gateway.drainOutbox(new Date()),
      ...Array.from({ length: 5 }, () => c.status(result.transactionId)),
    ]);
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));

    // authorized and captured, 3 copies each, all delivered and accepted
    expect(t.deliveries).toHaveLength(6);
    const eventIds = new Set(t.deliveries.map((d) => d.headers['x-sandbox-event-id']));
    expect(eventIds.size).toBe(2);
    const gatewayOrderId = gatewayOrderIdOf(result);
    const events = await rows<{ event_id: string }>(
      t,
      sql`select event_id from payment_events where gateway_order_id = ${gatewayOrderId}`,
    );
    expect(new Set(events.map((e) => e.event_id))).toEqual(eventIds);
    expect(events).toHaveLength(2);

    // created → pending → success: one success transition
    expect(await orderRow(t, result.orderId)).toMatchObject({
      status: 'placed',
      state: 'success',
      version: 2,
    });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const ref = `order:${result.orderId}`;
    expect(await walletEntries(who.userId, ref)).toEqual([
      { kind: 'hold', amount_paise: 10_000 },
      { kind: 'debit', amount_paise: 10_000 },
    ]);
    expect((await expectWalletConsistent(t, who.userId)).available).toBe(0);

    // a byte changed under a good signature is refused and changes nothing
    const original = t.deliveries[0]!;
    const tampered = original.body.replace(
      /"id":"evt_(.)/,
      (_, ch: string) => `"id":"evt_${ch === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(original.body);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: tampered,
      headers: original.headers,
    });
    expect(forged.statusCode).toBe(401);
    expect(
      await count(
        t,
        sql`select count(*) as n from payment_events where gateway_order_id = ${gatewayOrderId}`,
      ),
    ).toBe(2);
    expect(await orderRow(t, result.orderId)).toMatchObject({ state: 'success', version: 2 });
  });

  it('a lost callback and undelivered webhooks: the reconciler confirms the payment after the timeout', async () => {
    await pg.setModes({ lostCallback: true });
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    const { res } = await payCard(result);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="payment-closed"');
    // Crust's webhook receiver is down
    t.answerWith(() => 500);
    expect(await t.gateway.drainOutbox(new Date())).toEqual({ delivered: 0, failed: 2 });
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending', state: 'pending' });

    // not stale yet: the reconciler leaves it alone
    await t.app.deps.orders.reconcile(Date.now());
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending', state: 'pending' });

    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({
      status: 'placed',
      state: 'success',
      version: 2,
    });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('a success after the payment was declared failed is refunded once, and the order stays failed', async () => {
    await pg.setModes({ timeout: true });
    const who = await newCustomer();
    await credit(who.userId, 10_000);
    const c = orderClient(t, who);
    const cart = await c.cart();
    const result = ok(
      await c.confirm(c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' })),
    );
    const { paymentId, res } = await payCard(result);
    expect(res.body).toContain('id="payment-processing"');
    expect((await c.status(result.transactionId)).status).toBe('IN_PROGRESS');

    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    // nothing taken: a plain failure, no refund to follow
    const failed = await c.status(result.transactionId);
    expect(failed).toMatchObject({ status: 'FAILED', displayMsg: MESSAGES.paymentFailed });
    expect(failed.refund).toBeUndefined();
    const ref = `order:${result.orderId}`;
    expect(await walletEntries(who.userId, ref)).toEqual([
      { kind: 'hold', amount_paise: 10_000 },
      { kind: 'release', amount_paise: 10_000 },
    ]);
    expect((await expectWalletConsistent(t, who.userId)).available).toBe(10_000);

    // the bank answers at last: captured
    const late = await pg.postJson(`/sandbox/pg/payments/${paymentId}/resolve`, { status: 'captured' });
    expect(late.statusCode, late.body).toBe(200);
    await t.gateway.drainOutbox(new Date());
    const refunds = () =>
      rows<{ id: string; receipt: string; amount_paise: number }>(
        t,
        sql`select id, receipt, amount_paise from pg_refunds where payment_id = ${paymentId}`,
      );
    const [refund, ...more] = await refunds();
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ receipt: `refund-${result.orderId}`, amount_paise: result.amountPaise });
    expect(await orderRow(t, result.orderId)).toMatchObject({
      status: 'failed',
      state: 'refunded',
      refund_id: refund!.id,
    });
    // SPEC §3 REFUND_PAGE: the status says the money went back, with §9's refund polling
    expect(await c.status(result.transactionId)).toMatchObject({
      status: 'FAILED',
      refund: 'DONE',
      displayMsg: MESSAGES.orderFailedRefund,
      apiHitTime: 180,
      apiHitInterval: 3,
    });

    // the refund's own webhook, more drains and reconciles: still one refund, nothing else moves
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    await t.app.deps.orders.reconcile(Date.now() + 3600_000);
    expect(await refunds()).toHaveLength(1);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
    expect((await walletEntries(who.userId, ref)).map((e) => e.kind)).toEqual(['hold', 'release']);
    expect((await expectWalletConsistent(t, who.userId)).available).toBe(10_000);
  });
});

describe('shared money racing', () => {
  it('two orders racing for one wallet balance hold it once; the balance never goes below 0', async () => {
    const who = await newCustomer();
    await credit(who.userId, 30_000);
    const c = orderClient(t, who);
    const big = [pizza(FARMHOUSE, SIZE.L), side(BREADSTICKS)];
    const [a, b] = [await c.cart(big), await c.cart(big)];
    expect(a.price).toBeGreaterThan(30_000);
    const pay = { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' } as const;
    const answers = (await Promise.all([c.confirmRaw(c.body(a, pay)), c.confirmRaw(c.body(b, pay))])).map(
      parse,
    );

    const holders = answers.filter((x) => x.status === 'SUCCESS' && x.data.walletPaise === 30_000);
    expect(holders).toHaveLength(1);
    const other = answers.find((x) => !holders.includes(x))!;
    if (other.status === 'SUCCESS')
      expect(other.data).toMatchObject({ walletPaise: 0, amountPaise: b.price });
    else expect(codeOf(other)).toBe('WALLET_INSUFFICIENT');

    const folded = await expectWalletConsistent(t, who.userId);
    expect(folded.available).toBe(0);
    expect(folded.held).toBe(30_000);
    const [{ held }] = (await rows<{ held: string | number }>(
      t,
      sql`select coalesce(sum(amount_paise), 0) as held from wallet_entries
          where customer_id = ${who.userId} and kind = 'hold'`,
    )) as [{ held: string | number }];
    expect(Number(held)).toBeLessThanOrEqual(30_000);
  });

  it('a wallet-only order is placed at once with one debit', async () => {
    const who = await newCustomer();
    await credit(who.userId, 200_000);
    const c = orderClient(t, who);
    const cart = await c.cart();
    const result = ok(
      await c.confirm(c.body(cart, { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' })),
    );
    expect(result).toMatchObject({ nextAction: 'THANKYOU', walletPaise: cart.price, amountPaise: 0 });
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
    expect(await walletEntries(who.userId, `order:${result.orderId}`)).toEqual([
      { kind: 'hold', amount_paise: cart.price },
      { kind: 'debit', amount_paise: cart.price },
    ]);
    expect((await expectWalletConsistent(t, who.userId)).available).toBe(200_000 - cart.price);
  });

  it('a single-use coupon on two carts confirmed together is redeemed once', async () => {
    const who = await newCustomer();
    const c = orderClient(t, who);
    const carts = [await c.cart(), await c.cart()];
    for (const cart of carts) c.carts.ok(await c.carts.apply(cart.cartId, 'ONCE50'));
    const priced = await Promise.all(carts.map((x) => c.carts.get(x.cartId)));
    for (const p of priced) expect(p.appliedPromo?.code).toBe('ONCE50');
    const answers = (
      await Promise.all(priced.map((p) => c.confirmRaw(c.body(p, { primaryPaymentId: 'CC' }))))
    ).map(parse);

    const redemptions = await rows<{ order_id: string }>(
      t,
      sql`select order_id from coupon_redemptions where code = 'ONCE50' and customer_id = ${who.userId}`,
    );
    expect(redemptions).toHaveLength(1);
    const winners = answers.filter((x) => x.status === 'SUCCESS').map(ok);
    expect(winners.map((w) => w.orderId)).toEqual([redemptions[0]!.order_id]);
    const loser = answers.find((x) => x.status !== 'SUCCESS')!;
    expect(['PROMO_CUSTOMER_LIMIT', 'REVIEW_CART']).toContain(codeOf(loser));
    // the loser made no order that keeps the coupon
    const withCoupon = await count(
      t,
      sql`select count(*) as n from orders where owner_id = ${who.userId} and promo_code = 'ONCE50'
          and status in ('payment_pending', 'placed')`,
    );
    expect(withCoupon).toBe(1);
  });
});

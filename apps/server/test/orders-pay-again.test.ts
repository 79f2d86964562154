import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WalletService } from '../src/modules/wallet/service.ts';
import { PEPSI, side } from './cart-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  createOrderApp,
  customers,
  expectWalletConsistent,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 28 §2: a payment left open (a UPI collect nobody approved, Back from the UPI page) never makes the next
 * Pay fail. A changed cart or another gateway replaces the open order at once and the same confirm answers the
 * new order's payment; the old attempt, should it still capture, is refunded.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await pg.resetModes();
});

const { pg } = checkout(() => t);
const newCustomer = customers(() => t);
const COLLECT = {
  primaryPaymentId: 'UPI_WALLET' as const,
  instrumentDetails: { upi: { mode: 'COLLECT' as const } },
};

/** A UPI collect sent to the customer's app and left there: the gateway holds an open attempt for it. */
async function collectLeftOpen(c: ReturnType<typeof orderClient>, cart: { cartId: string; price: number }) {
  const first = ok(await c.confirm(c.body(cart, COLLECT)));
  expect(first.nextAction).toBe('PROCESS_PAYMENT');
  const paymentId = pg.paymentIdOf(await pg.post(first.formPostUrl!, { vpa: 'asha@okaxis' }));
  expect((await c.status(first.transactionId)).status).toBe('IN_PROGRESS');
  return { first, paymentId };
}

const failureOf = async (orderId: string) =>
  (
    await rows<{ failure_code: string | null }>(
      t,
      sql`select failure_code from payments where order_id = ${orderId}`,
    )
  )[0]?.failure_code;

const ordersOfCart = (cartId: string) =>
  rows<{ id: string; status: string }>(
    t,
    sql`select id, status from orders where cart_id = ${cartId} order by created_at`,
  );

describe('paying again after leaving a payment open', () => {
  it('a changed cart after a UPI collect left open: the next Pay answers the new payment with the new amount', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const { first } = await collectLeftOpen(c, cart);
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    expect(changed.price).toBeGreaterThan(cart.price);

    const again = ok(await c.confirm(c.body(changed, COLLECT)));
    expect(again.nextAction).toBe('PROCESS_PAYMENT');
    expect(again.orderId).not.toBe(first.orderId);
    expect(again.amountPaise).toBe(changed.price);
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    expect(await failureOf(first.orderId)).toBe('REPLACED');

    // the new payment goes through, and the cart ends in one placed order: the new one
    const paymentId = pg.paymentIdOf(await pg.post(again.formPostUrl!, { vpa: 'asha@okaxis' }));
    await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect((await c.status(again.transactionId)).status).toBe('SUCCESS');
    expect((await ordersOfCart(cart.cartId)).filter((o) => o.status === 'placed')).toEqual([
      { id: again.orderId, status: 'placed' },
    ]);
  });

  it("the replaced order's collect approved afterwards is refunded, and places nothing", async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const { first, paymentId } = await collectLeftOpen(c, cart);
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    const again = ok(await c.confirm(c.body(changed, COLLECT)));
    expect(again.orderId).not.toBe(first.orderId);

    // the customer approves the old collect in their UPI app after all: the gateway's webhook brings it
    const approved = await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
    expect((await orderRow(t, first.orderId)).refund_id).toBeTruthy();
    expect((await c.status(first.transactionId)).status).toBe('FAILED');
    // the new order is still the one to pay
    expect(await orderRow(t, again.orderId)).toMatchObject({ status: 'payment_pending' });
  });

  it('another way to pay on another gateway order (a card left on the bank page, then cash) replaces without an error', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const card = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    await pg.cardToOtp(/\/pay\/(order_\w+)/.exec(card.formPostUrl!)![1]!);
    const cash = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CASH' })));
    // a known mobile pays cash at the door without a code
    expect(['COD_OTP', 'THANKYOU']).toContain(cash.nextAction);
    expect(cash.orderId).not.toBe(card.orderId);
    expect(await failureOf(card.orderId)).toBe('REPLACED');
  });

  it('parallel confirms of the changed cart end in one new order, and no error to any of them', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const { first } = await collectLeftOpen(c, cart);
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    const body = c.body(changed, COLLECT);
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.confirm(body)));
    const results = answers.map(ok);
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(1);
    expect(ids.has(first.orderId)).toBe(false);
    expect(results.every((r) => r.nextAction === 'PROCESS_PAYMENT' && r.amountPaise === changed.price)).toBe(
      true,
    );
    const all = await ordersOfCart(cart.cartId);
    expect(all.map((o) => o.status)).toEqual(['failed', 'payment_pending']);
  });

  it('a once-per-customer coupon the old order used is given back to the new one', async () => {
    const c = orderClient(t, await newCustomer());
    const cart = c.carts.ok(await c.carts.apply((await c.cart()).cartId, 'ONCE50'));
    const { first } = await collectLeftOpen(c, cart);
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    expect(changed.appliedPromo?.code).toBe('ONCE50');
    const again = ok(await c.confirm(c.body(changed, COLLECT)));
    expect(again.orderId).not.toBe(first.orderId);
    const uses = await rows<{ order_id: string }>(
      t,
      sql`select order_id from coupon_redemptions where code = 'ONCE50' and customer_id = ${c.who.userId}`,
    );
    expect(uses).toEqual([{ order_id: again.orderId }]);
  });

  it("the old order's wallet part is given back before the new order holds it", async () => {
    const who = await newCustomer();
    await new WalletService(t.database.db).credit(who.userId, 10_000, `topup-${randomUUID()}`);
    const c = orderClient(t, who);
    const cart = await c.cart();
    const pay = { ...COLLECT, secondaryPaymentId: 'PIGGYBANK' as const };
    const first = ok(await c.confirm(c.body(cart, pay)));
    expect(first.walletPaise).toBe(10_000);
    await pg.post(first.formPostUrl!, { vpa: 'asha@okaxis' });
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    const again = ok(await c.confirm(c.body(changed, pay)));
    expect(again.orderId).not.toBe(first.orderId);
    expect(again.walletPaise).toBe(10_000);
    expect(again.amountPaise).toBe(changed.price - 10_000);
    const folded = await expectWalletConsistent(t, who.userId);
    expect(folded.available).toBe(0);
  });
});

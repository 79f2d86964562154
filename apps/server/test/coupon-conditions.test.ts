import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { authClient, customerHeaders } from './auth-support.ts';
import type { Guest } from './cart-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { count, createOrderApp, freshMobile, newGuest, ok, orderClient, rows } from './order-support.ts';
import { placeCash } from './tracking-support.ts';

/**
 * Issue 11 §1: "first order only", staff-only and limited coupons, checked when applied (cart pricing) and
 * again when the order is confirmed, inside its transaction, so parallel confirms of one customer's carts
 * place at most one discounted order.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const auth = authClient(() => t);
const STAFF_MOBILE = '9000001001';

async function customer(mobile = auth.freshMobile()): Promise<Guest> {
  const s = (await auth.login(mobile)) as Parameters<typeof customerHeaders>[0];
  return { userId: s.userId, headers: { ...customerHeaders(s), deliverytype: 'D' } };
}

/** UPI: the order waits for its payment, so it stays an order of the customer without being paid. */
const UPI: Partial<ConfirmOrderBody['paymentDetails']> = {
  primaryPaymentId: 'UPI_WALLET',
  instrumentDetails: { upi: { mode: 'INTENT' } },
};

const bodyOf = (c: ReturnType<typeof orderClient>, cart: { cartId: string; price: number }) =>
  c.body(cart, UPI, {
    userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile: freshMobile() },
  });

/** A new cart of the customer's with the coupon applied; fails the test when it does not apply. */
async function cartWith(c: ReturnType<typeof orderClient>, code: string) {
  const cart = await c.cart();
  return c.carts.ok(await c.carts.apply(cart.cartId, code));
}

async function applyError(c: ReturnType<typeof orderClient>, code: string) {
  const cart = await c.cart();
  const res = await c.carts.apply(cart.cartId, code);
  return res.status === 'FAILED' ? res.errors[0]!.code : 'APPLIED';
}

const discountedOrders = (ownerId: string, code: string) =>
  count(
    t,
    sql`select count(*) as n from orders
         where owner_id = ${ownerId} and promo_code = ${code} and status in ('payment_pending', 'placed')`,
  );

describe('first order only (WELCOME50)', () => {
  it('applies for a new customer, asks a guest to log in, and refuses a customer with an order', async () => {
    expect(await applyError(orderClient(t, await newGuest(t)), 'WELCOME50')).toBe('PROMO_LOGIN_REQUIRED');
    const fresh = orderClient(t, await customer());
    expect(await applyError(fresh, 'WELCOME50')).toBe('APPLIED');
    const returning = await customer();
    await placeCash(t, { who: returning });
    expect(await applyError(orderClient(t, returning), 'WELCOME50')).toBe('PROMO_FIRST_ORDER_ONLY');
  });

  it('counts an order under the customer’s mobile placed as a guest', async () => {
    const mobile = auth.freshMobile();
    await placeCash(t, { details: { userDetails: { firstName: 'A', lastName: 'V', email: '', mobile } } });
    expect(await applyError(orderClient(t, await customer(mobile)), 'WELCOME50')).toBe(
      'PROMO_FIRST_ORDER_ONLY',
    );
  });

  it('a failed order does not count; one waiting for its payment does, except the cart’s own', async () => {
    const who = await customer();
    const c = orderClient(t, who);
    const cart = await cartWith(c, 'WELCOME50');
    const first = ok(await c.confirm(bodyOf(c, cart)));
    // the same cart confirmed again (a double tap): its own waiting order does not take its coupon away
    const again = ok(await c.confirm(bodyOf(c, cart)));
    expect(again.orderId).toBe(first.orderId);
    expect((await c.carts.get(cart.cartId)).appliedPromo?.code).toBe('WELCOME50');
    // another cart sees the waiting order
    expect(await applyError(c, 'WELCOME50')).toBe('PROMO_FIRST_ORDER_ONLY');
    // the payment fails: nothing was bought, the coupon is the customer's again
    await t.database.db.execute(sql`update orders set status = 'failed' where id = ${first.orderId}`);
    await t.database.db.execute(sql`delete from coupon_redemptions where order_id = ${first.orderId}`);
    expect(await applyError(c, 'WELCOME50')).toBe('APPLIED');
  });

  it('is checked again at confirm: an order placed meanwhile takes it away (the total the customer saw changes)', async () => {
    const who = await customer();
    const c = orderClient(t, who);
    const cart = await cartWith(c, 'WELCOME50');
    await placeCash(t, { who });
    const answer = await c.confirm(bodyOf(c, cart));
    expect(answer).toMatchObject({ status: 'FAILED', errors: [{ code: 'REVIEW_CART' }] });
    expect((await c.carts.get(cart.cartId)).appliedPromo).toBeNull();
    expect(await discountedOrders(who.userId, 'WELCOME50')).toBe(0);
  });
});

describe('staff only (STAFF100)', () => {
  // one login: the number's OTPs are spaced 45 s apart
  let staffMember: Guest;
  beforeAll(async () => {
    staffMember = await customer(STAFF_MOBILE);
  });

  it('applies only for a customer whose mobile is a staff member’s registered mobile', async () => {
    expect(await applyError(orderClient(t, await newGuest(t)), 'STAFF100')).toBe('PROMO_LOGIN_REQUIRED');
    expect(await applyError(orderClient(t, await customer()), 'STAFF100')).toBe('PROMO_STAFF_ONLY');
    const staff = orderClient(t, staffMember);
    const cart = await cartWith(staff, 'STAFF100');
    expect(cart.appliedPromo).toMatchObject({ code: 'STAFF100', discount: 10_000 });
    const placed = ok(await staff.confirm(bodyOf(staff, cart)));
    expect(placed.nextAction).toBe('UNIFIED_PAYMENT_ACTION');
  });

  it('is checked again at confirm: a staff member who left no longer gets it', async () => {
    const c = orderClient(t, staffMember);
    const cart = await cartWith(c, 'STAFF100');
    await t.database.db.execute(sql`update staff set mobile = null where mobile = ${STAFF_MOBILE}`);
    try {
      const answer = await c.confirm(bodyOf(c, cart));
      expect(answer).toMatchObject({
        status: 'FAILED',
        errors: [
          {
            code: 'REVIEW_CART',
            displayMsg:
              'This coupon is for Crust staff only. Review your Cart: pricing or availability may have changed',
          },
        ],
      });
      expect((await c.carts.get(cart.cartId)).appliedPromo).toBeNull();
      expect(await count(t, sql`select count(*) as n from orders where cart_id = ${cart.cartId}`)).toBe(0);
    } finally {
      await t.database.db.execute(sql`update staff set mobile = ${STAFF_MOBILE} where id = 'S1001'`);
    }
  });
});

describe('limits (ONCE50 per customer, FIRST500 in all)', () => {
  it('once per customer: refused at apply after an order used it', async () => {
    const who = await customer();
    const c = orderClient(t, who);
    const cart = await cartWith(c, 'ONCE50');
    ok(await c.confirm(bodyOf(c, cart)));
    expect(await applyError(c, 'ONCE50')).toBe('PROMO_CUSTOMER_LIMIT');
  });

  it('the total limit is checked at confirm inside the transaction, not from the 30 s cached count', async () => {
    const used = await count(t, sql`select count(*) as n from coupon_redemptions where code = 'FIRST500'`);
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest(t)));
    const clients = guests.map((g) => orderClient(t, g));
    const carts = await Promise.all(clients.map((c) => cartWith(c, 'FIRST500')));
    // one use left, and every cart was priced with it
    await t.database.db.execute(sql`update coupons set total_limit = ${used + 1} where code = 'FIRST500'`);
    try {
      const answers = await Promise.all(clients.map((c, i) => c.confirm(bodyOf(c, carts[i]!))));
      const placed = answers.filter((a) => a.status === 'SUCCESS');
      expect(placed).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 'FAILED'))
        expect(['PROMO_TOTAL_LIMIT', 'REVIEW_CART']).toContain(a.errors[0]!.code);
      expect(await count(t, sql`select count(*) as n from coupon_redemptions where code = 'FIRST500'`)).toBe(
        used + 1,
      );
    } finally {
      await t.database.db.execute(sql`update coupons set total_limit = 500 where code = 'FIRST500'`);
    }
  });
});

describe('parallel confirms of one customer’s carts place at most one discounted order', () => {
  it.each(['WELCOME50', 'ONCE50'])('%s, five carts at once', async (code) => {
    const who = await customer();
    const c = orderClient(t, who);
    const carts = [];
    for (let i = 0; i < 5; i++) carts.push(await cartWith(c, code));
    const answers = await Promise.all(carts.map((cart) => c.confirm(bodyOf(c, cart))));
    expect(answers.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 'FAILED'))
      expect([
        code === 'WELCOME50' ? 'PROMO_FIRST_ORDER_ONLY' : 'PROMO_CUSTOMER_LIMIT',
        'REVIEW_CART',
      ]).toContain(a.errors[0]!.code);
    expect(await discountedOrders(who.userId, code)).toBe(1);
    const redemptions = await rows<{ n: number | string }>(
      t,
      sql`select count(*) as n from coupon_redemptions where code = ${code} and customer_id = ${who.userId}`,
    );
    expect(Number(redemptions[0]!.n)).toBe(1);
  });
});

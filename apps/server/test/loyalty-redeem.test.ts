import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartItemInput } from '@crust/contract/cart';
import { LoyaltyMenuItemsResponseSchema } from '@crust/contract/loyalty';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { LOYALTY_MESSAGES } from '@crust/domain/loyalty';
import { loyaltyFollowsOrders } from '../src/modules/loyalty/order-subscriber.ts';
import { Refusal } from '../src/modules/orders/events.ts';
import * as orders from '../src/modules/orders/repo.ts';
import { CRUST, FARMHOUSE, MARGHERITA, SIZE, side, BREADSTICKS, type Guest } from './cart-support.ts';
import { json } from './helpers.ts';
import { checkout, createOrderApp, customers, newGuest, ok, orderClient, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash } from './tracking-support.ts';

/** Issue 15: free pizzas bought with Pizza Pals points — the cart line, the confirm that spends them, giving back. */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await pg.resetModes();
});

const { pg, payCard, follow } = checkout(() => t);
const newCustomer = customers(() => t);

/** A free regular pizza (menuType LOYALTY), with these extras. */
const freePizza = (code = MARGHERITA, extra: Partial<CartItemInput> = {}): CartItemInput => ({
  productCode: code,
  crustId: CRUST.HAND_TOSSED,
  sizeId: SIZE.R,
  quantity: 1,
  menuType: 'LOYALTY',
  ...extra,
});

const mobileOf = async (who: Guest) =>
  (await rows<{ mobile: string }>(t, sql`select mobile from customers where id = ${who.userId}`))[0]!.mobile;

/** Points granted through the sandbox, back-dated a day so they are burnable now. */
async function grant(who: Guest, points: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/loyalty/goodwill',
    payload: { mobile: await mobileOf(who), points },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const balance = async (who: Guest) =>
  json(await t.app.inject({ method: 'GET', url: API_PATHS.loyaltyBalances, headers: who.headers })).data as {
    overall: { points: number };
    burnable: { points: number; freeItems: number };
  };

const kinds = async (who: Guest) =>
  (
    await rows<{ kind: string }>(
      t,
      sql`select kind from loyalty_points where customer_id = ${who.userId} order by id`,
    )
  ).map((r) => r.kind);

describe('the free pizzas of a store', () => {
  it('lists each pizza once in its regular size, for anyone; an unknown store is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.loyaltyMenuItems}?storeId=1001` });
    expect(res.statusCode, res.body).toBe(200);
    const body = LoyaltyMenuItemsResponseSchema.parse(json(res));
    if (body.status !== 'SUCCESS') throw new Error(res.body);
    expect(body.data.itemRedeemPoints).toBe(600);
    expect(body.data.items.length).toBeGreaterThan(3);
    expect(body.data.items.every((i) => i.sizeId === SIZE.R && i.sizeName === 'Regular')).toBe(true);
    const codes = body.data.items.map((i) => i.productCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain(MARGHERITA);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.loyaltyMenuItems}?storeId=999999`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('cheesy-rewards register', () => {
  it('joins with the terms accepted and is refused without them', async () => {
    const who = await newCustomer();
    const without = await t.app.inject({
      method: 'POST',
      url: API_PATHS.loyaltyRegister,
      headers: who.headers,
      payload: {},
    });
    expect(without.statusCode).toBe(400);
    const joined = await t.app.inject({
      method: 'POST',
      url: API_PATHS.loyaltyRegister,
      headers: who.headers,
      payload: { acceptTerms: true },
    });
    expect(json(joined).data).toMatchObject({ enrollmentStatus: true, status: 'ENROLLED' });
    const guest = await newGuest(t);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.loyaltyRegister,
      headers: guest.headers,
      payload: { acceptTerms: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a free pizza in the cart', () => {
  it('a guest is asked to log in; a customer short of points is told how many they have', async () => {
    const guest = await newGuest(t);
    const c = orderClient(t, guest);
    const cart = await c.cart();
    expect(await c.carts.add(cart.cartId, freePizza())).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'LOYALTY_LOGIN', displayMsg: LOYALTY_MESSAGES.loginForFreePizza }],
    });
    const who = await newCustomer();
    const mine = orderClient(t, who);
    expect(await mine.carts.create([freePizza()])).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'LOYALTY_POINTS', displayMsg: LOYALTY_MESSAGES.notEnoughPoints(0) }],
    });
    await grant(who, 500);
    const again = await mine.cart();
    expect(await mine.carts.add(again.cartId, freePizza())).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'LOYALTY_POINTS', displayMsg: LOYALTY_MESSAGES.notEnoughPoints(500) }],
    });
  });

  it('costs ₹0 with its toppings charged, only in the regular size, no coupon takes money off it, and one per 600 points', async () => {
    const who = await newCustomer();
    await grant(who, 700);
    const c = orderClient(t, who);
    const cart = await c.cart([side(BREADSTICKS)]);
    // no free pizza in it: the cart reads no points (GET loyalty info has them)
    expect(cart.earnableBurnable).toBeNull();
    // a medium pizza is not free
    expect(await c.carts.add(cart.cartId, freePizza(MARGHERITA, { sizeId: SIZE.M }))).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'ITEM_UNAVAILABLE' }],
    });
    const plain = c.carts.ok(await c.carts.add(cart.cartId, freePizza()));
    const line = plain.validItems.find((i) => i.menuType === 'LOYALTY')!;
    expect(line).toMatchObject({
      potpFreeItem: true,
      pricePerQty: 0,
      totalPriceAfterDiscount: 0,
      quantity: 1,
    });
    expect(plain.earnableBurnable).toMatchObject({
      toBeConsumed: { points: 600 },
      updatedPointsBalance: 100,
    });
    // a paid Margherita of the same size is its own line, at its price
    const paid = c.carts.ok(
      await c.carts.add(cart.cartId, { ...freePizza(), menuType: undefined, extraCheese: 1 }),
    );
    const margheritas = paid.validItems.filter((i) => i.product.code === MARGHERITA);
    expect(margheritas).toHaveLength(2);
    expect(margheritas.find((i) => !i.potpFreeItem)!.pricePerQty).toBeGreaterThan(0);
    // a second free pizza needs 1200 points
    expect(await c.carts.add(cart.cartId, freePizza(FARMHOUSE))).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'LOYALTY_POINTS' }],
    });
    // extra cheese on the free pizza is charged
    const withCheese = c.carts.ok(
      await c.carts.patch(cart.cartId, line.itemId, { item: freePizza(MARGHERITA, { extraCheese: 1 }) }),
    );
    const cheesy = withCheese.validItems.find((i) => i.potpFreeItem)!;
    expect(cheesy.pricePerQty).toBeGreaterThan(0);
    // a coupon takes nothing off the free pizza
    c.carts.ok(
      await c.carts.add(cart.cartId, { ...freePizza(FARMHOUSE, { sizeId: SIZE.L }), menuType: undefined }),
    );
    const coupon = c.carts.ok(await c.carts.apply(cart.cartId, 'SAVE20'));
    expect(coupon.validItems.find((i) => i.potpFreeItem)!.totalDiscount).toBe(0);
  });
});

describe('spending the points', () => {
  it('the order spends 600 points as it is made; its summary shows them consumed', async () => {
    const who = await newCustomer();
    await grant(who, 650);
    const placed = await placeCash(t, { who, items: [freePizza(), side(BREADSTICKS)] });
    expect((await balance(who)).overall.points).toBe(50);
    expect(await kinds(who)).toEqual(['goodwill', 'redeem', 'earn_pending']);
    const summary = await orderClient(t, who).summary(placed.orderId);
    expect(summary.earnableBurnable).toEqual({
      overall: { points: 50 },
      burnable: { freeItems: 0 },
      toBeConsumed: { points: 600 },
      updatedPointsBalance: 50,
    });
    // the order's details in the history say the same
    const details = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.orderDetails, { orderId: placed.orderId }),
      headers: who.headers,
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(json(details).data.orderDetails).toMatchObject({
      loyaltyEarnedPoints: 100,
      earnableBurnable: { toBeConsumed: { points: 600 }, updatedPointsBalance: 50 },
    });
  });

  it('two carts spending the same 600 points at once: one order is made, the other refused with the reason', async () => {
    const who = await newCustomer();
    await grant(who, 600);
    const c = orderClient(t, who);
    const carts = [
      await c.cart([freePizza(), side(BREADSTICKS)]),
      await c.cart([freePizza(FARMHOUSE), side(BREADSTICKS)]),
    ];
    const answers = await Promise.all(
      carts.map((cart) => c.confirm(c.body(cart, { primaryPaymentId: 'CC' }))),
    );
    const made = answers.filter((a) => a.status === 'SUCCESS');
    const refused = answers.filter((a) => a.status === 'FAILED');
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ errors: [{ code: 'LOYALTY_POINTS' }] });
    expect((await balance(who)).overall.points).toBe(0);
    expect((await kinds(who)).filter((k) => k === 'redeem')).toHaveLength(1);
    // the cart that lost says why, before any confirm
    const lost = carts[answers.findIndex((a) => a.status === 'FAILED')]!;
    expect((await c.carts.get(lost.cartId)).notices).toContain(LOYALTY_MESSAGES.notEnoughPoints(0));
  });

  it('a failed payment gives the points back at once; so does a cancel by the store, once', async () => {
    const who = await newCustomer();
    await grant(who, 600);
    const c = orderClient(t, who);
    await pg.setModes({ decline: true });
    const cart = await c.cart([freePizza(), side(BREADSTICKS)]);
    const declined = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    expect((await balance(who)).overall.points).toBe(0);
    await follow((await payCard(declined)).res);
    expect((await c.status(declined.transactionId)).status).toBe('FAILED');
    expect(await balance(who)).toMatchObject({ overall: { points: 600 }, burnable: { freeItems: 1 } });
    await pg.resetModes();

    const placed = await placeCash(t, { who, items: [freePizza(), side(BREADSTICKS)] });
    expect((await balance(who)).overall.points).toBe(0);
    const row = (await orders.findOrder(t.database.db, placed.orderId))!;
    await t.app.deps.lifecycle.cancel('S1001', row, 'Out of dough');
    // a second cancel is refused and changes nothing
    await expect(
      t.app.deps.lifecycle.cancel('S1001', (await orders.findOrder(t.database.db, placed.orderId))!, 'again'),
    ).rejects.toThrow();
    expect(await balance(who)).toMatchObject({ overall: { points: 600 }, burnable: { freeItems: 1 } });
    expect((await kinds(who)).filter((k) => k === 'redeem_restored')).toHaveLength(2);
  });

  it('an order spending points waits for another spending them to commit, then sees them gone', async () => {
    const who = await newCustomer();
    await grant(who, 600);
    const loyalty = loyaltyFollowsOrders(Date.now);
    const opened = (id: string) =>
      ({
        kind: 'opened',
        order: { id, ownerId: who.userId, snapshot: { lines: [{ freeItem: true, quantity: 1 }] } },
      }) as unknown as Parameters<NonNullable<typeof loyalty.within>>[1];
    const db = t.database.db;
    let second: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await loyalty.within!(tx, opened('O-first'));
      // the second order's transaction starts while the first holds its points, uncommitted
      second = db
        .transaction((tx2) => loyalty.within!(tx2, opened('O-second')))
        .then(
          () => 'made',
          (err: unknown) => err,
        );
      await new Promise((r) => setTimeout(r, 150));
    });
    const outcome = await second;
    expect(outcome).toBeInstanceOf(Refusal);
    expect((outcome as Refusal).code).toBe('LOYALTY_POINTS');
    expect((await kinds(who)).filter((k) => k === 'redeem')).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItemInput } from '@crust/contract/cart';
import { OrderDetailsResponseSchema } from '@crust/contract/history';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { SURPRISE_GIFT_THRESHOLD_RUPEES } from '@crust/domain/constants';
import { BREADSTICKS, FARMHOUSE, LAVA_CAKE, SIZE, pizza, setStock, side } from './cart-support.ts';
import { json } from './helpers.ts';
import { createOrderApp, newGuest, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const LAVA = { productCode: LAVA_CAKE, name: 'Choco Lava Cake' };
const THRESHOLD = SURPRISE_GIFT_THRESHOLD_RUPEES * 100;
/** ₹109 of breadsticks: below the threshold */
const SMALL: CartItemInput[] = [side(BREADSTICKS)];
/** a medium Farmhouse and breadsticks: above it */
const LARGE: CartItemInput[] = [pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS)];

async function cartOf(items: CartItemInput[]) {
  return orderClient(t, await newGuest(t)).cart(items);
}

/** The store's stock switch for the gift, put back after `run` whatever happens. */
async function withGift(change: { inStock?: boolean; available?: boolean }, run: () => Promise<void>) {
  await setStock(t, 1001, LAVA_CAKE, change);
  try {
    await run();
  } finally {
    await setStock(t, 1001, LAVA_CAKE, { inStock: true, available: true });
  }
}

async function detailsOf(placed: Awaited<ReturnType<typeof placeCash>>) {
  const res = await t.app.inject({
    method: 'GET',
    url: fillPath(API_PATHS.orderDetails, { orderId: placed.orderId }),
    headers: placed.who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailsResponseSchema.parse(json(res)).data.orderDetails;
}

async function consoleOrderOf(orderId: string) {
  const queue = await (await storeStaff(t, 1001)).queue(1001);
  const order = queue.orders.find((o) => o.id === orderId);
  expect(order).toBeDefined();
  return order!;
}

describe("the cart's surprise gift names a real product of the store", () => {
  it('below ₹350 after discounts: the Choco Lava Cake and how much more is needed', async () => {
    const cart = await cartOf(SMALL);
    expect(cart.displayNetPrice).toBeLessThan(THRESHOLD);
    expect(cart.surpriseGift).toEqual({
      ...LAVA,
      threshold: THRESHOLD,
      unlocked: false,
      remaining: THRESHOLD - cart.displayNetPrice,
    });
  });

  it('at ₹350 or more: unlocked, and no line of it in the cart', async () => {
    const cart = await cartOf(LARGE);
    expect(cart.displayNetPrice).toBeGreaterThanOrEqual(THRESHOLD);
    expect(cart.surpriseGift).toEqual({ ...LAVA, threshold: THRESHOLD, unlocked: true, remaining: 0 });
    expect(cart.validItems.map((i) => i.product.code)).toEqual([FARMHOUSE, BREADSTICKS]);
  });

  it.each([
    ['out of stock there now', { inStock: false }],
    ['not sold by the store', { available: false }],
  ])('the gift %s: no gift is offered at all, and the bill is the same', async (_, change) => {
    const withIt = await cartOf(LARGE);
    expect(withIt.surpriseGift).not.toBeNull();
    await withGift(change, async () => {
      const without = await cartOf(LARGE);
      expect(without.surpriseGift).toBeNull();
      expect((await cartOf(SMALL)).surpriseGift).toBeNull();
      // the gift is ₹0: offered or not, every figure of the bill is the same
      expect(without.cartCalculations).toEqual(withIt.cartCalculations);
      expect(without.price).toBe(withIt.price);
    });
  });
});

describe('the order keeps the gift it unlocked', () => {
  it('placed above ₹350: the summary, the details and the store console name the gift', async () => {
    const placed = await placeCash(t, { items: LARGE });
    expect(placed.cart.surpriseGift?.unlocked).toBe(true);
    expect((await placed.client.summary(placed.orderId)).surpriseGift).toEqual(LAVA);
    expect((await detailsOf(placed)).surpriseGift).toEqual(LAVA);
    const ticket = await consoleOrderOf(placed.orderId);
    expect(ticket.surpriseGift).toEqual(LAVA);
    // the gift is packed, not sold: no line of it, nothing added to the total
    expect(ticket.items.map((i) => i.name)).toEqual(['Farmhouse', 'Garlic Breadsticks']);
    expect(ticket.totalPaise).toBe(placed.price);
  });

  it('placed below ₹350: no gift anywhere', async () => {
    const placed = await placeCash(t, { items: SMALL, details: { deliveryType: 'T', address: null } });
    expect((await placed.client.summary(placed.orderId)).surpriseGift).toBeNull();
    expect((await detailsOf(placed)).surpriseGift).toBeNull();
    expect((await consoleOrderOf(placed.orderId)).surpriseGift).toBeNull();
  });

  it('decided when the order is placed: a gift gone since the cart was read is not promised to the store', async () => {
    const who = await newGuest(t);
    const shown = await orderClient(t, who).cart(LARGE);
    expect(shown.surpriseGift?.unlocked).toBe(true);
    await withGift({ inStock: false }, async () => {
      const placed = await placeCash(t, { who, items: LARGE });
      expect((await placed.client.summary(placed.orderId)).surpriseGift).toBeNull();
      expect((await consoleOrderOf(placed.orderId)).surpriseGift).toBeNull();
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartStorm } from './cart-storm.ts';
import {
  BREADSTICKS,
  FARMHOUSE,
  MARGHERITA,
  PEPPY_PANEER,
  PEPSI,
  SIZE,
  cartClient,
  newGuest,
  pizza,
  setStock,
  side,
} from './cart-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('re-validation against the store', () => {
  it('shows an out-of-stock or withdrawn item as invalid with its reason, and it can come back', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS), side(PEPSI)]));
    await setStock(t, 1001, BREADSTICKS, { inStock: false });
    await setStock(t, 1001, PEPSI, { available: false });
    const now = await c.get(cart.cartId);
    expect(now.validItems.map((i) => i.product.code)).toEqual([FARMHOUSE]);
    expect(now.invalidItems.map((i) => [i.productCode, i.reasonCode, i.reason])).toEqual([
      [BREADSTICKS, 'OUT_OF_STOCK', 'Temporarily out of stock'],
      [PEPSI, 'NOT_AVAILABLE', 'Item not available at this time'],
    ]);
    expect(now.invalidItems[1]!.name).toBe('Pepsi 475ml');
    expect(now.price).toBeLessThan(cart.price);
    // adding an out-of-stock product is refused with its reason
    const refused = await c.add(cart.cartId, side(BREADSTICKS));
    expect(refused).toMatchObject({ status: 'FAILED', errors: [{ displayMsg: 'Temporarily out of stock' }] });

    await setStock(t, 1001, BREADSTICKS, { inStock: true });
    await setStock(t, 1001, PEPSI, { available: true });
    expect((await c.get(cart.cartId)).invalidItems).toEqual([]);
  });

  it('removes the unavailable lines when the customer goes on with the rest', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(MARGHERITA, SIZE.M), side(PEPSI)]));
    await setStock(t, 1001, MARGHERITA, { inStock: false });
    const rest = c.ok(await c.put(cart.cartId, { removeInvalid: true }));
    expect(rest.invalidItems).toEqual([]);
    expect(rest.validItems.map((i) => i.product.code)).toEqual([PEPSI]);
    await setStock(t, 1001, MARGHERITA, { inStock: true });
  });

  it('flags a changed price for review until the customer accepts it', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M)]));
    const before = cart.validItems[0]!.pricePerQty;
    await setStock(t, 1001, PEPPY_PANEER, { priceDeltaPaise: 2000 });
    const changed = await c.get(cart.cartId);
    expect(changed.invalidItems[0]).toMatchObject({
      reasonCode: 'PRICE_CHANGED',
      reason: 'Review your Cart: pricing or availability may have changed',
      pricePerQty: before,
      currentPricePerQty: before + 2000,
    });
    expect(changed.notices).toContain('Review your Cart: pricing or availability may have changed');
    const accepted = c.ok(await c.patch(cart.cartId, changed.invalidItems[0]!.itemId, { acceptPrice: true }));
    expect(accepted.validItems[0]!.pricePerQty).toBe(before + 2000);
    await setStock(t, 1001, PEPPY_PANEER, { priceDeltaPaise: 0 });
    const back = await c.get(cart.cartId);
    expect(back.invalidItems[0]!.reasonCode).toBe('PRICE_CHANGED');
    expect(c.ok(await c.put(cart.cartId, { acceptPrices: true })).validItems[0]!.pricePerQty).toBe(before);
  });

  it('re-prices the cart at a new store and says so when prices differ', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M), side(PEPSI)]));
    await setStock(t, 3001, FARMHOUSE, { priceDeltaPaise: 1000 });
    const moved = c.ok(await c.put(cart.cartId, { storeId: 3001 }));
    expect(moved.storeId).toBe(3001);
    expect(moved.invalidItems).toEqual([]);
    expect(moved.validItems[0]!.pricePerQty).toBe(cart.validItems[0]!.pricePerQty + 1000);
    expect(moved.notices).toContain('Review your Cart: pricing or availability may have changed');
    const unknown = await c.call('PUT', fillPath(API_PATHS.cart, { cartId: cart.cartId }), {
      storeId: 99999,
    });
    expect(unknown.statusCode).toBe(403);
  });
});

describe('ownership', () => {
  it('lets nobody else read or change a cart: 404, as if it did not exist', async () => {
    const owner = cartClient(t, await newGuest(t));
    const other = cartClient(t, await newGuest(t));
    const cart = owner.ok(await owner.create([pizza(FARMHOUSE, SIZE.M)]));
    const itemId = cart.validItems[0]!.itemId;
    const { cartId } = cart;
    const attempts = [
      other.call('GET', fillPath(API_PATHS.cart, { cartId })),
      other.call('PUT', fillPath(API_PATHS.cart, { cartId }), { tip: { tipAmount: 0 } }),
      other.call('POST', fillPath(API_PATHS.cartItems, { cartId }), { item: side(PEPSI) }),
      other.call('PATCH', fillPath(API_PATHS.cartItem, { cartId, itemId }), { quantity: 5 }),
      other.call('DELETE', fillPath(API_PATHS.cartItem, { cartId, itemId })),
      other.call('POST', fillPath(API_PATHS.cartPromo, { cartId }), { code: 'SAVE20' }),
      other.call('DELETE', fillPath(API_PATHS.cartPromoCode, { cartId, code: 'SAVE20' })),
      other.call('GET', fillPath(API_PATHS.cartOffers, { cartId })),
      other.call('GET', fillPath(API_PATHS.cartUpsell, { cartId })),
      other.call('GET', fillPath(API_PATHS.cartPromoValidate, { cartId, code: 'SAVE20' })),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    const still = await owner.get(cartId);
    expect(still.validItems).toHaveLength(1);
    expect(still.validItems[0]!.quantity).toBe(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.carts, payload: { items: [] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('concurrency', () => {
  it('keeps every item when two tabs add at once', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([]));
    const items = [
      side(PEPSI),
      side(BREADSTICKS),
      pizza(FARMHOUSE, SIZE.M),
      pizza(FARMHOUSE, SIZE.L),
      pizza(MARGHERITA, SIZE.R),
      pizza(PEPPY_PANEER, SIZE.M),
    ];
    const answers = await Promise.all(items.map((item) => c.add(cart.cartId, item)));
    for (const a of answers) expect(a.status).toBe('SUCCESS');
    const final = await c.get(cart.cartId);
    expect(final.validItems).toHaveLength(items.length);
    expect(final.version).toBe(cart.version + items.length);
  });

  it('sums quantities when two tabs raise the same line at once', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([]));
    await Promise.all(Array.from({ length: 5 }, () => c.add(cart.cartId, side(PEPSI))));
    expect((await c.get(cart.cartId)).validItems[0]!.quantity).toBe(5);
  });

  it('lets thirty writes at once on one cart all succeed and land: adds, removals, a tip', async () => {
    await cartStorm(await newGuest(t), () => t);
  });
});

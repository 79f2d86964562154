import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { MenuProduct } from '@crust/contract/menu';
import { createTestApp, json, type TestApp } from './helpers.ts';
import {
  BREADSTICKS,
  CRUST,
  FARMHOUSE,
  MARGHERITA,
  PEPPY_PANEER,
  PEPSI,
  SIZE,
  calc,
  cartClient,
  newGuest,
  pizza,
  side,
  storeMenu,
  variantPrice,
} from './cart-support.ts';

let t: TestApp;
let menu: Map<string, MenuProduct>;
beforeAll(async () => {
  t = await createTestApp();
  menu = await storeMenu(t, 1001);
});
afterAll(() => t.close());

const gst = (net: number) => Math.round((net * 5) / 100);

describe('creating and reading a cart (SPEC §7 POST/GET cart)', () => {
  it('prices every line on the server from the store menu, with GST per line', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M, 2), side(BREADSTICKS)]));
    expect(cart.cartId).toMatch(/^C[0-9A-F]{20}$/);
    expect(cart.storeId).toBe(1001);
    expect(cart.validItems).toHaveLength(2);
    const farm = variantPrice(menu, FARMHOUSE, CRUST.HAND_TOSSED, SIZE.M);
    const bread = variantPrice(menu, BREADSTICKS, CRUST.STANDARD, SIZE.STD);
    const [first, second] = cart.validItems;
    expect(first).toMatchObject({
      quantity: 2,
      pricePerQty: farm,
      totalPrice: 2 * farm,
      taxAmount: gst(2 * farm),
    });
    expect(second).toMatchObject({ quantity: 1, pricePerQty: bread, taxAmount: gst(bread) });
    expect(first!.summary).toBe('Medium | New Hand Tossed');
    expect(cart.displayPrice).toBe(2 * farm + bread);
    expect(calc(cart, 'sub_total')).toBe(2 * farm + bread);
    expect(calc(cart, 'tax')).toBe(gst(2 * farm) + gst(bread));
    expect(cart.taxAmount).toBe(gst(2 * farm) + gst(bread));
    const charges = calc(cart, 'taxes_and_charges')!;
    expect(cart.price).toBe(cart.displayPrice + charges);
    expect(cart.itemCount).toBe(3);

    const again = await c.get(cart.cartId);
    expect(again.validItems).toEqual(cart.validItems);
    expect(again.price).toBe(cart.price);
  });

  it('prices extra toppings for the size and extra cheese per portion', async () => {
    const c = cartClient(t, await newGuest(t));
    const toppingsRes = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.toppings, { storeId: 1001 }),
    });
    const toppings = json(toppingsRes).data;
    const paneer = toppings.toppings.find((x: { name: string }) => x.name === 'Paneer');
    const paneerM = paneer.prices.find((p: { sizeId: number }) => p.sizeId === SIZE.M).price;
    const cheeseM = toppings.extraCheese.prices.find((p: { sizeId: number }) => p.sizeId === SIZE.M).price;
    const cart = c.ok(
      await c.create([pizza(MARGHERITA, SIZE.M, 1, { addTopngs: [paneer.toppingId], extraCheese: 2 })]),
    );
    const line = cart.validItems[0]!;
    expect(line.pricePerQty).toBe(
      variantPrice(menu, MARGHERITA, CRUST.HAND_TOSSED, SIZE.M) + paneerM + 2 * cheeseM,
    );
    expect(line.summary).toContain('+ Paneer');
    expect(line.summary).toContain('× 2');
  });

  it('takes crustId and sizeId from the crust and size objects when missing (SPEC §3)', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(
      await c.create([
        {
          productCode: FARMHOUSE,
          crust: { crustId: CRUST.HAND_TOSSED },
          size: { sizeId: SIZE.L },
          quantity: 1,
        },
      ]),
    );
    expect(cart.validItems[0]).toMatchObject({ crustId: CRUST.HAND_TOSSED, sizeId: SIZE.L, sizeCode: 'L' });
  });

  it('merges equal items and keeps different customisations apart', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(
      await c.create([pizza(FARMHOUSE, SIZE.M), pizza(FARMHOUSE, SIZE.M), pizza(FARMHOUSE, SIZE.L)]),
    );
    expect(cart.validItems.map((i) => [i.sizeId, i.quantity])).toEqual([
      [SIZE.M, 2],
      [SIZE.L, 1],
    ]);
    const more = c.ok(await c.add(cart.cartId, pizza(FARMHOUSE, SIZE.M)));
    expect(more.validItems.map((i) => i.quantity)).toEqual([3, 1]);
    const different = c.ok(await c.add(cart.cartId, pizza(FARMHOUSE, SIZE.M, 1, { extraCheese: 1 })));
    expect(different.validItems).toHaveLength(3);
  });

  it('refuses a price sent by the client: the server decides every price', async () => {
    const c = cartClient(t, await newGuest(t));
    const res = await c.call('POST', API_PATHS.carts, { items: [{ ...pizza(FARMHOUSE, SIZE.M), price: 1 }] });
    expect(res.statusCode).toBe(400);
    const res2 = await c.call('POST', API_PATHS.carts, { items: [], price: 100 });
    expect(res2.statusCode).toBe(400);
  });

  it('refuses what the store cannot sell', async () => {
    const c = cartClient(t, await newGuest(t));
    const unknown = await c.create([pizza('PIZ9999', SIZE.M)]);
    expect(unknown).toEqual({
      status: 'FAILED',
      errors: [{ code: 'ITEM_UNAVAILABLE', displayMsg: 'Item not available at this time' }],
    });
    // Margherita comes in no cheese-burst regular
    const noVariant = await c.create([
      { productCode: MARGHERITA, crustId: CRUST.CHEESE_BURST, sizeId: SIZE.R, quantity: 1 },
    ]);
    expect(noVariant.status).toBe('FAILED');
    const noSize = await c.create([{ productCode: MARGHERITA, crustId: CRUST.HAND_TOSSED, quantity: 1 }]);
    expect(noSize.status).toBe('FAILED');
  });

  it('starts empty and answers an empty cart', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([]));
    expect(cart).toMatchObject({ validItems: [], invalidItems: [], price: 0, itemCount: 0, bestDeal: null });
  });

  it('uses the storeid and deliverytype headers, and 403s an unknown store', async () => {
    const c = cartClient(t, await newGuest(t, 3001, 'T'));
    const cart = c.ok(await c.create([side(PEPSI)]));
    expect(cart).toMatchObject({ storeId: 3001, deliveryType: 'T' });
    const bad = cartClient(t, await newGuest(t, 99999));
    expect((await bad.call('POST', API_PATHS.carts, { items: [] })).statusCode).toBe(403);
  });
});

describe('changing lines', () => {
  it('changes a quantity, removes with 0, and removes by DELETE', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS), side(PEPSI)]));
    const [farm, bread, pepsi] = cart.validItems;
    const three = c.ok(await c.patch(cart.cartId, farm!.itemId, { quantity: 3 }));
    expect(three.validItems[0]!.quantity).toBe(3);
    expect(three.version).toBeGreaterThan(cart.version);
    const noBread = c.ok(await c.patch(cart.cartId, bread!.itemId, { quantity: 0 }));
    expect(noBread.validItems.map((i) => i.product.code)).toEqual([FARMHOUSE, PEPSI]);
    const noPepsi = c.ok(await c.remove(cart.cartId, pepsi!.itemId));
    expect(noPepsi.validItems.map((i) => i.product.code)).toEqual([FARMHOUSE]);
    const gone = await c.call(
      'DELETE',
      fillPath(API_PATHS.cartItem, { cartId: cart.cartId, itemId: pepsi!.itemId }),
    );
    expect(gone.statusCode).toBe(404);
  });

  it('edits an item customisation in place, merging when it becomes equal to another line', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M), pizza(FARMHOUSE, SIZE.L)]));
    const large = cart.validItems[1]!;
    const edited = c.ok(await c.patch(cart.cartId, large.itemId, { item: pizza(FARMHOUSE, SIZE.R) }));
    expect(edited.validItems.map((i) => i.sizeId)).toEqual([SIZE.M, SIZE.R]);
    const merged = c.ok(await c.patch(cart.cartId, large.itemId, { item: pizza(FARMHOUSE, SIZE.M) }));
    expect(merged.validItems.map((i) => [i.sizeId, i.quantity])).toEqual([[SIZE.M, 2]]);
  });

  it('keeps to SPEC §9 limits: 25 items and ₹5000', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([side(PEPSI, 25)]));
    const more = await c.add(cart.cartId, side(BREADSTICKS));
    expect(more).toEqual({
      status: 'FAILED',
      errors: [
        { code: 'CART_LIMIT', displayMsg: 'Your cart can hold up to 25 items. Remove one to add another.' },
      ],
    });
    const big = await c.create([pizza(PEPPY_PANEER, SIZE.L, 7)]);
    expect(big).toEqual({
      status: 'FAILED',
      errors: [
        {
          code: 'CART_LIMIT',
          displayMsg: 'An order can be worth up to ₹5,000. Remove something to add this.',
        },
      ],
    });
    expect((await c.get(cart.cartId)).itemCount).toBe(25);
  });

  it('does not add twice when a retried add carries the same idempotency key', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([]));
    const key = { 'idempotency-key': 'add-breadsticks-1' };
    c.ok(await c.add(cart.cartId, side(BREADSTICKS), key));
    const retried = c.ok(await c.add(cart.cartId, side(BREADSTICKS), key));
    expect(retried.validItems[0]!.quantity).toBe(1);
  });

  it('replaces every line with PUT items only at the version the client saw (409 otherwise)', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([side(PEPSI)]));
    const replaced = c.ok(await c.put(cart.cartId, { items: [side(BREADSTICKS, 2)], version: cart.version }));
    expect(replaced.validItems.map((i) => [i.product.code, i.quantity])).toEqual([[BREADSTICKS, 2]]);
    const stale = await c.call('PUT', fillPath(API_PATHS.cart, { cartId: cart.cartId }), {
      items: [side(PEPSI)],
      version: cart.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await c.get(cart.cartId)).validItems[0]!.product.code).toBe(BREADSTICKS);
  });
});

describe('tip and the optional charge', () => {
  it('adds a delivery tip from the offered amounts and refuses others', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M)], { tip: { tipAmount: 3000 } }));
    expect(cart.tip).toMatchObject({ tipAmount: 3000, tipRemoved: false });
    expect(calc(cart, 'tip')).toBe(3000);
    const bad = await c.put(cart.cartId, { tip: { tipAmount: 1234 } });
    expect(bad.status).toBe('FAILED');
    const none = c.ok(await c.put(cart.cartId, { tip: { tipAmount: 0 } }));
    expect(calc(none, 'tip')).toBeUndefined();
    expect(none.price).toBe(cart.price - 3000);
  });

  it('drops the tip for takeaway, and for a wallet-and-cash delivery (SPEC §5)', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M)], { tip: { tipAmount: 2000 } }));
    const takeaway = c.ok(await c.put(cart.cartId, { deliveryType: 'T' }));
    expect(takeaway.tip).toMatchObject({ tipAmount: 0, tipRemoved: true });
    c.ok(await c.put(cart.cartId, { deliveryType: 'D' }, { selected_payment_id: 'CASH' }));
    const wallet = await c.get(cart.cartId, { iswalletused: 'true' });
    expect(wallet.tip).toMatchObject({ tipAmount: 0, tipRemoved: true });
    expect((await c.get(cart.cartId)).tip.tipAmount).toBe(2000);
  });

  it('adds the optional charge K only when opted', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M)]));
    const opted = c.ok(
      await c.put(cart.cartId, { optedOptionalCharges: [{ chargeTypeCode: 'K', selected: true }] }),
    );
    const k = opted.optedOptionalCharges[0]!;
    expect(k).toMatchObject({ chargeTypeCode: 'K', selected: true });
    expect(opted.price).toBe(cart.price + k.amount);
    expect(calc(opted, 'optional_charge')).toBe(k.amount);
  });

  it('charges delivery below the free-delivery amount and packaging except for dine-in', async () => {
    const c = cartClient(t, await newGuest(t));
    const cheap = c.ok(await c.create([side(PEPSI)]));
    expect(calc(cheap, 'delivery_charge')).toBeGreaterThan(0);
    expect(calc(cheap, 'packaging_charge')).toBeGreaterThan(0);
    const dineIn = c.ok(await c.put(cheap.cartId, { deliveryType: 'DINEIN' }));
    expect(calc(dineIn, 'delivery_charge')).toBe(0);
    expect(calc(dineIn, 'packaging_charge')).toBe(0);
  });
});

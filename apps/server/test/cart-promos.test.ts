import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { MenuProduct } from '@crust/contract/menu';
import { sql } from 'drizzle-orm';
import { createTestApp, json, type TestApp } from './helpers.ts';
import {
  BREADSTICKS,
  CRUST,
  FARMHOUSE,
  MARGHERITA,
  ONION_MANIA,
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

const COUPON_FREE = new Set([9900, 19900]);

describe('coupons (SPEC §5 Coupon)', () => {
  it('applies a percentage coupon with its cap, taxes what is left, and removing it restores the price', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M, 2), side(BREADSTICKS)]));
    const applied = c.ok(await c.apply(cart.cartId, 'save20'));
    const eligible = cart.validItems
      .filter((i) => !COUPON_FREE.has(i.pricePerQty))
      .reduce((sum, i) => sum + i.totalPrice, 0);
    const expected = Math.min(Math.floor((eligible * 20) / 100), 15000);
    expect(applied.appliedPromo).toMatchObject({ code: 'SAVE20', kind: 'COUPON', discount: expected });
    expect(calc(applied, 'discount')).toBe(expected);
    expect(applied.displayNetPrice).toBe(cart.displayPrice - expected);
    expect(applied.validItems.reduce((s, i) => s + i.totalDiscount, 0)).toBe(expected);
    for (const item of applied.validItems)
      expect(item.taxAmount).toBe(Math.round((item.totalPriceAfterDiscount * 5) / 100));
    expect(applied.taxAmount).toBeLessThan(cart.taxAmount);
    expect(applied.confetti).toBe(true);

    const removed = c.ok(await c.unapply(cart.cartId, 'SAVE20'));
    expect(removed.appliedPromo).toBeNull();
    expect(removed.price).toBe(cart.price);
    expect(removed.cartCalculations).toEqual(cart.cartCalculations);
  });

  it.each([
    ['an unknown code', 'NOPE', 'Sorry, this coupon is not valid'],
    ['a Bengaluru coupon in Delhi', 'BLR60', null],
    ['a takeaway coupon on delivery', 'TAKEAWAY25', null],
    ['a first-order coupon for a guest', 'WELCOME50', null],
    ['a minimum order not reached', 'FLAT100', null],
  ])('refuses %s with the reason, and clears the stored coupon', async (_, code, message) => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.R)]));
    c.ok(await c.apply(cart.cartId, 'FIRST500'));
    const refused = await c.apply(cart.cartId, code);
    expect(refused.status).toBe('FAILED');
    if (refused.status === 'FAILED') {
      expect(refused.errors[0]!.displayMsg.length).toBeGreaterThan(5);
      if (message) expect(refused.errors[0]!.displayMsg).toBe(message);
    }
    expect((await c.get(cart.cartId)).appliedPromo).toBeNull();
  });

  it('gives a free item, and buy-one-get-one frees the cheaper medium pizza', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(
      await c.create([pizza(PEPPY_PANEER, SIZE.M), pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS)]),
    );
    const free = c.ok(await c.apply(cart.cartId, 'FREEBREAD'));
    expect(free.appliedPromo!.discount).toBe(variantPrice(menu, BREADSTICKS, CRUST.STANDARD, SIZE.STD));
    const bogo = c.ok(await c.apply(cart.cartId, 'BOGOMED'));
    const cheaper = Math.min(
      variantPrice(menu, PEPPY_PANEER, CRUST.HAND_TOSSED, SIZE.M),
      variantPrice(menu, FARMHOUSE, CRUST.HAND_TOSSED, SIZE.M),
    );
    expect(bogo.appliedPromo).toMatchObject({ code: 'BOGOMED', discount: cheaper });
  });

  it('drops a coupon the cart no longer qualifies for, telling the customer once', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M, 2)]));
    c.ok(await c.apply(cart.cartId, 'FLAT100'));
    const smaller = c.ok(await c.patch(cart.cartId, cart.validItems[0]!.itemId, { quantity: 1 }));
    expect(smaller.appliedPromo).toBeNull();
    expect(smaller.notices).toHaveLength(1);
    expect(smaller.notices[0]).toMatch(/more/);
    const later = await c.get(cart.cartId);
    expect(later.notices).toEqual([]);
    expect(later.appliedPromo).toBeNull();
  });

  it('keeps per-customer coupons to logged-in customers and stops a coupon at its total limit', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M)]));
    const once = await c.apply(cart.cartId, 'ONCE50');
    expect(once).toMatchObject({ status: 'FAILED', errors: [{ code: 'PROMO_LOGIN_REQUIRED' }] });
    c.ok(await c.apply(cart.cartId, 'FIRST500'));
    await t.database.db.execute(
      sql`insert into coupon_redemptions (code, customer_id, order_id)
          select 'FIRST500', 'someone-' || g, 'O-' || g from generate_series(1, 500) g`,
    );
    t.app.deps.couponUsage.clear();
    const used = await c.get(cart.cartId);
    expect(used.appliedPromo).toBeNull();
    expect(used.notices).toHaveLength(1);
    const again = await c.apply(cart.cartId, 'FIRST500');
    expect(again).toMatchObject({ status: 'FAILED', errors: [{ code: 'PROMO_TOTAL_LIMIT' }] });
  });

  it('carries an explicit promo with its payment options, and removes it from a train order', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(
      await c.create([pizza(PEPPY_PANEER, SIZE.M, 2)], { explicitPromo: { promoCode: 'HDFC30' } }),
    );
    expect(cart.explicitPromo).toEqual({
      promoCode: 'HDFC30',
      paymentOptions: ['CC', 'DC'],
      cardIssuer: 'HDFC Bank',
      cardBins: expect.arrayContaining(['438628']),
      condition: 'The coupon HDFC30 is valid only when you pay with an HDFC Bank credit or debit card.',
    });
    expect(cart.appliedPromo!.code).toBe('HDFC30');
    const train = c.ok(await c.put(cart.cartId, { deliveryType: 'IRCTC' }));
    expect(train.explicitPromo).toBeNull();
    expect(train.appliedPromo).toBeNull();
    expect(train.notices).toHaveLength(1);
  });

  it('applies an everyday-value deal: two medium pizzas at ₹199 each', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M), pizza(FARMHOUSE, SIZE.M)]));
    const deal = c.ok(await c.apply(cart.cartId, 'EDV2M199'));
    const full =
      variantPrice(menu, PEPPY_PANEER, CRUST.HAND_TOSSED, SIZE.M) +
      variantPrice(menu, FARMHOUSE, CRUST.HAND_TOSSED, SIZE.M);
    expect(deal.appliedPromo).toMatchObject({ code: 'EDV2M199', kind: 'EDV', discount: full - 2 * 19900 });
    expect(deal.isEDVOApplied).toBe(true);
    expect(deal.validItems.every((i) => i.isEDVOApplied)).toBe(true);
    expect(deal.displayNetPrice).toBe(2 * 19900);
    const one = c.ok(await c.patch(cart.cartId, deal.validItems[0]!.itemId, { quantity: 0 }));
    expect(one.appliedPromo).toBeNull();
  });

  it('suggests the best deal for the cart, and one tap applies it', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M), pizza(FARMHOUSE, SIZE.M)]));
    expect(cart.bestDeal).not.toBeNull();
    const best = cart.bestDeal!;
    const offers = await c.call('GET', fillPath(API_PATHS.cartOffers, { cartId: cart.cartId }));
    const list = json(offers).data.offers as { code: string; saving: number; applicable: boolean }[];
    const top = Math.max(...list.filter((o) => o.applicable).map((o) => o.saving));
    expect(best.saving).toBe(top);
    const applied = c.ok(await c.apply(cart.cartId, best.code));
    // "Save ₹X" is the discount the cart then shows
    expect(applied.appliedPromo!.discount).toBe(best.saving);
    expect(cart.price - applied.price).toBeGreaterThanOrEqual(best.saving);
    expect(applied.bestDeal).toBeNull();
  });

  it('a whole-rupee discount leaves every discounted line at a whole-rupee price (no paise)', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(
      await c.create([pizza(FARMHOUSE, SIZE.M), pizza(PEPPY_PANEER, SIZE.L), side(BREADSTICKS, 2)]),
    );
    for (const code of ['FLAT100', 'SAVE20']) {
      const applied = c.ok(await c.apply(cart.cartId, code));
      const discounted = applied.validItems.filter((i) => i.totalDiscount > 0);
      expect(discounted.length).toBeGreaterThan(1);
      expect(applied.appliedPromo!.discount % 100).toBe(0);
      for (const item of discounted) {
        expect(item.totalDiscount % 100).toBe(0);
        expect(item.totalPriceAfterDiscount % 100).toBe(0);
      }
    }
  });

  it('an "up to ₹150" coupon saves ₹150 on the offers page, in validation, as the best deal and in the cart', async () => {
    const c = cartClient(t, await newGuest(t));
    // 20 % of two large Farmhouse pizzas is more than the ₹150 cap
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.L, 2)]));
    expect(Math.floor((cart.displayPrice * 20) / 100)).toBeGreaterThan(15000);
    const offers = json(await c.call('GET', fillPath(API_PATHS.cartOffers, { cartId: cart.cartId }))).data
      .offers as { code: string; saving: number }[];
    const offered = offers.find((o) => o.code === 'SAVE20')!.saving;
    const validated = json(
      await c.call('GET', fillPath(API_PATHS.cartPromoValidate, { cartId: cart.cartId, code: 'SAVE20' })),
    ).data.saving as number;
    const applied = c.ok(await c.apply(cart.cartId, 'SAVE20'));
    expect({
      offered,
      validated,
      discount: applied.appliedPromo!.discount,
      line: calc(applied, 'discount'),
    }).toEqual({
      offered: 15000,
      validated: 15000,
      discount: 15000,
      line: 15000,
    });
    // the grand total drops by the GST on the ₹150 as well, but no figure says more than the cap
    expect(cart.price - applied.price).toBeGreaterThan(15000);
    // the suggestion says what the offers page says for the same deal
    const best = cart.bestDeal!;
    expect(best.saving).toBe(offers.find((o) => o.code === best.code)!.saving);
  });

  it('validates a code without applying it', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M, 2)]));
    const res = await c.call(
      'GET',
      fillPath(API_PATHS.cartPromoValidate, { cartId: cart.cartId, code: 'SAVE20' }),
    );
    expect(json(res)).toMatchObject({ status: 'SUCCESS', data: { code: 'SAVE20', kind: 'COUPON' } });
    expect(json(res).data.saving).toBeGreaterThan(0);
    expect((await c.get(cart.cartId)).appliedPromo).toBeNull();
    const bad = await c.call(
      'GET',
      fillPath(API_PATHS.cartPromoValidate, { cartId: cart.cartId, code: 'BOGUS' }),
    );
    expect(json(bad)).toMatchObject({
      status: 'FAILED',
      errors: [{ displayMsg: 'Sorry, this coupon is not valid' }],
    });
  });

  it('recommends sides, drinks and desserts not in the cart', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(MARGHERITA, SIZE.R), side(BREADSTICKS)]));
    const res = await c.call('GET', fillPath(API_PATHS.cartUpsell, { cartId: cart.cartId }));
    const codes = json(res).data.productCodes as string[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain(BREADSTICKS);
    for (const code of codes) expect(code).toMatch(/^(SID|BEV|DES)/);
  });
});

describe('offers, terms and everyday value', () => {
  it('lists the store coupons without hidden ones, and store-only coupons where they apply', async () => {
    const delhi = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.storeOffers, { storeId: 1001 }) }),
    );
    const codes = (delhi.data.offers as { code: string }[]).map((o) => o.code);
    expect(codes.length).toBeGreaterThanOrEqual(12);
    expect(codes).toContain('SAVE20');
    expect(codes).not.toContain('STAFF100');
    expect(codes).not.toContain('BLR60');
    const blr = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.storeOffers, { storeId: 3001 }) }),
    );
    expect((blr.data.offers as { code: string }[]).map((o) => o.code)).toContain('BLR60');
  });

  it('answers the terms of a coupon and the content of an explicit promo', async () => {
    const terms = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.offerTerms, { code: 'save20' }) }),
    );
    expect(terms).toMatchObject({ status: 'SUCCESS', data: { code: 'SAVE20' } });
    expect(terms.data.terms.length).toBeGreaterThan(0);
    const none = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.offerTerms, { code: 'STAFF100' }) }),
    );
    expect(none.status).toBe('FAILED');
    const explicit = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.explicitPromo, { code: 'UPI40' }) }),
    );
    expect(explicit).toMatchObject({
      status: 'SUCCESS',
      data: { promoCode: 'UPI40', paymentOptions: ['UPI_WALLET'] },
    });
  });

  it('lists at least 4 deals per store with their eligible products, one by id, and the mix-and-match menu', async () => {
    const res = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.edvDeals, { storeId: 1001 }) }),
    );
    const deals = res.data.deals as {
      id: number;
      code: string;
      isMixMatch: boolean;
      productCodes: string[];
    }[];
    expect(deals.length).toBeGreaterThanOrEqual(4);
    expect(deals.find((d) => d.code === 'EDV2M199')!.productCodes).toContain(FARMHOUSE);
    expect(deals.find((d) => d.code === 'EDV3MANIA')!.productCodes).toContain(ONION_MANIA);
    const one = json(
      await t.app.inject({
        method: 'GET',
        url: fillPath(API_PATHS.edvDeal, { storeId: 1001, dealId: deals[0]!.id }),
      }),
    );
    expect(one.data.code).toBe(deals[0]!.code);
    const missing = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.edvDeal, { storeId: 1001, dealId: 999 }) }),
    );
    expect(missing.status).toBe('FAILED');
    const mix = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.edvMixMatch, { storeId: 1001 }) }),
    );
    expect(mix.status).toBe('SUCCESS');
    expect(mix.edvMixMatchMenu.medium.price).toBe(19900);
    expect(mix.edvMixMatchMenu.regular.price).toBe(9900);
    expect(mix.edvMixMatchMenu.medium.productCodes).toContain(FARMHOUSE);
    const noMix = json(
      await t.app.inject({
        method: 'GET',
        url: `${fillPath(API_PATHS.edvMixMatch, { storeId: 1001 })}?dealId=1`,
      }),
    );
    expect(noMix.status).toBe('FAILED');
    expect(noMix.errors[0].displayMsg.length).toBeGreaterThan(0);
  });

  it('applies the mix-and-match deal to a medium and a regular pizza', async () => {
    const c = cartClient(t, await newGuest(t));
    const cart = c.ok(await c.create([pizza(PEPPY_PANEER, SIZE.M), pizza(FARMHOUSE, SIZE.R)]));
    const mixed = c.ok(await c.apply(cart.cartId, 'EDVMIX'));
    expect(mixed.displayNetPrice).toBe(19900 + 9900);
    const withSides = c.ok(await c.add(cart.cartId, side(PEPSI)));
    expect(withSides.validItems.find((i) => i.product.code === PEPSI)!.isEDVOApplied).toBe(false);
  });
});

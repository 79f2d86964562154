import { describe, expect, it } from 'vitest';
import type {
  CartLine,
  Coupon,
  CouponRule,
  PricedLine,
  PromoContext,
  PromoErrorCode,
  PromoOutcome,
} from '../src/cart-model.ts';
import { paise, rupees, type Paise } from '../src/money.ts';
import {
  COUPON_FREE_UNIT_PRICES,
  evaluateCoupon,
  evaluatePromotion,
  istDayOfWeek,
} from '../src/promotions.ts';
import {
  CRUST,
  NO_CRUST,
  NO_SIZE,
  PRODUCT,
  SIZE,
  WEDNESDAY_1PM_IST,
  makeCoupon,
  makeEdvDeal,
  makePricedLines,
  makePromoContext,
} from './factories.ts';

const { HAND_TOSSED } = CRUST;
const { REGULAR, MEDIUM, LARGE } = SIZE;
const HOUR = 3_600_000;

/** Thin medium Margherita, ₹219. */
const THIN_MEDIUM: Partial<CartLine> = {};
/** Chicken Dominator large, ₹699. */
const CHICKEN_LARGE: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: LARGE,
};
/** Chicken Dominator regular, ₹249. */
const CHICKEN_REGULAR: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: REGULAR,
};
/** Everyday-value Margherita: hand tossed regular ₹99 and medium ₹199. */
const EDV_99: Partial<CartLine> = { crustId: HAND_TOSSED, sizeId: REGULAR };
const EDV_199: Partial<CartLine> = { crustId: HAND_TOSSED, sizeId: MEDIUM };
const PEPSI: Partial<CartLine> = { productCode: PRODUCT.PEPSI, crustId: NO_CRUST, sizeId: NO_SIZE };
const BREADSTICKS: Partial<CartLine> = {
  productCode: PRODUCT.BREADSTICKS,
  crustId: NO_CRUST,
  sizeId: NO_SIZE,
};

/** ₹219 + ₹699 = ₹918. */
const cart = makePricedLines([THIN_MEDIUM, CHICKEN_LARGE]);

function evaluate(
  coupon: Partial<Coupon>,
  lines: readonly PricedLine[] = cart,
  ctx: Partial<PromoContext> = {},
): PromoOutcome {
  return evaluateCoupon(makeCoupon(coupon), lines, makePromoContext(ctx));
}

/** The discount per line id, failing the test when the coupon does not apply. */
function discounts(outcome: PromoOutcome): [string, number][] {
  if (!outcome.ok) throw new Error(`did not apply: ${outcome.error.code}`);
  return [...outcome.applied.lineDiscounts.entries()];
}

function failure(outcome: PromoOutcome): [PromoErrorCode, string] | null {
  return outcome.ok ? null : [outcome.error.code, outcome.error.displayMsg];
}

describe('istDayOfWeek (0 Sunday … 6 Saturday, Asia/Kolkata)', () => {
  it.each<[string, number, number]>([
    ['the epoch was a Thursday (05:30 IST)', 0, 4],
    ['Wednesday 15 January 2025, 13:00 IST', WEDNESDAY_1PM_IST, 3],
    ['Wednesday begins at 00:00 IST (18:30 UTC the day before)', Date.UTC(2025, 0, 14, 18, 30), 3],
    ['a minute earlier it is still Tuesday', Date.UTC(2025, 0, 14, 18, 29), 2],
    ['Saturday evening', Date.UTC(2025, 0, 18, 14, 0), 6],
    ['Sunday', Date.UTC(2025, 0, 19, 6, 0), 0],
    ['before the epoch: 1 January 1970 00:00 IST', Date.UTC(1969, 11, 31, 18, 30), 4],
    ['before the epoch: 31 December 1969 23:59 IST', Date.UTC(1969, 11, 31, 18, 29), 3],
  ])('%s → %d', (_, ms, day) => {
    expect(istDayOfWeek(ms)).toBe(day);
  });
});

describe('coupon conditions: each failure with its message', () => {
  it.each<[string, Partial<Coupon>, Partial<PromoContext>, PromoErrorCode, string]>([
    [
      'a train order with an explicit promo',
      { paymentOptions: ['UPI'] },
      { deliveryType: 'IRCTC' },
      'RAILWAY_EXPLICIT_PROMO',
      'This offer cannot be used on train orders',
    ],
    [
      'another order type',
      { orderTypes: ['D'] },
      { deliveryType: 'T' },
      'ORDER_TYPE',
      'This coupon is not valid for Takeaway orders',
    ],
    [
      'another store',
      { storeIds: [2002, 2003] },
      {},
      'STORE',
      'This coupon is not valid at the selected store',
    ],
    ['a weekend coupon on a Wednesday', { days: [0, 6] }, {}, 'DAY', 'This coupon is not valid today'],
    [
      'an evening coupon at 1 PM',
      { hours: { from: 18 * 60, to: 23 * 60 } },
      {},
      'HOURS',
      'This coupon is valid only between 6:00 PM and 11:00 PM',
    ],
    [
      'a first-order coupon for a returning customer',
      { firstOrderOnly: true },
      { previousOrders: 3 },
      'FIRST_ORDER_ONLY',
      'This coupon is valid on your first order only',
    ],
    [
      'a first-order coupon for a guest',
      { firstOrderOnly: true },
      { previousOrders: null },
      'LOGIN_REQUIRED',
      'Please login to use this coupon',
    ],
    [
      'a once-per-customer coupon for a guest',
      { perCustomerLimit: 1 },
      { previousOrders: null },
      'LOGIN_REQUIRED',
      'Please login to use this coupon',
    ],
    [
      'a staff coupon for a guest',
      { audience: 'STAFF' },
      { previousOrders: null, isStaff: null },
      'LOGIN_REQUIRED',
      'Please login to use this coupon',
    ],
    [
      'a personal coupon (a wheel prize) for another customer',
      { ownerId: 'C2' },
      { customerId: 'C1' },
      'NOT_YOUR_COUPON',
      'This coupon was won by another customer and works only in their account',
    ],
    [
      'a personal coupon for a guest',
      { ownerId: 'C2' },
      { customerId: null },
      'LOGIN_REQUIRED',
      'Please login to use this coupon',
    ],
    [
      'a staff coupon for a customer who is not staff',
      { audience: 'STAFF' },
      { isStaff: false },
      'STAFF_ONLY',
      'This coupon is for Crust staff only',
    ],
    [
      'used up by this customer',
      { perCustomerLimit: 2 },
      { usage: () => ({ byCustomer: 2, total: 10 }) },
      'CUSTOMER_LIMIT',
      'You have already used this coupon the maximum number of times',
    ],
    [
      'used up overall',
      { totalLimit: 100 },
      { usage: () => ({ byCustomer: 0, total: 100 }) },
      'TOTAL_LIMIT',
      'This coupon is no longer available',
    ],
    [
      'a cart ₹120 short of the minimum',
      { minOrderValue: rupees(1038) },
      {},
      'MIN_ORDER_VALUE',
      'Add items worth ₹120 more to use this coupon',
    ],
    [
      'a cart 50 paise short',
      { minOrderValue: paise(91_850) },
      {},
      'MIN_ORDER_VALUE',
      'Add items worth ₹0.50 more to use this coupon',
    ],
  ])('%s → %s', (_, coupon, ctx, code, displayMsg) => {
    expect(failure(evaluate(coupon, cart, ctx))).toEqual([code, displayMsg]);
  });

  it('an empty cart → EMPTY_CART', () => {
    expect(failure(evaluate({}, []))).toEqual(['EMPTY_CART', 'Add items to your cart to use this offer']);
  });

  it.each<[string, Partial<Coupon>, Partial<PromoContext>]>([
    ['a train order with an ordinary coupon', {}, { deliveryType: 'IRCTC' }],
    ['a delivery order with an explicit promo', { paymentOptions: ['UPI'] }, { deliveryType: 'D' }],
    ['its order type', { orderTypes: ['D', 'T'] }, { deliveryType: 'T' }],
    ['its store', { storeIds: [1001] }, {}],
    ['its day', { days: [3] }, {}],
    ['the first minute of its hours', { hours: { from: 13 * 60, to: 15 * 60 } }, {}],
    [
      'hours past midnight, in the small hours',
      { hours: { from: 22 * 60, to: 2 * 60 } },
      { orderTimeMs: WEDNESDAY_1PM_IST + 12 * HOUR },
    ],
    [
      'hours past midnight, late evening',
      { hours: { from: 22 * 60, to: 2 * 60 } },
      { orderTimeMs: WEDNESDAY_1PM_IST + 10 * HOUR },
    ],
    ['equal from and to: all day', { hours: { from: 600, to: 600 } }, {}],
    ['a first order', { firstOrderOnly: true }, { previousOrders: 0 }],
    ['a staff coupon for a member of staff', { audience: 'STAFF' }, { isStaff: true }],
    ['a personal coupon for its owner', { ownerId: 'C1' }, { customerId: 'C1' }],
    ['a coupon with no owner for anyone', { ownerId: null }, { customerId: 'C9' }],
    [
      'a limited coupon with uses left',
      { perCustomerLimit: 2, totalLimit: 100 },
      { usage: () => ({ byCustomer: 1, total: 99 }) },
    ],
    ['exactly the minimum', { minOrderValue: rupees(918) }, {}],
  ])('applies with %s', (_, coupon, ctx) => {
    expect(evaluate(coupon, cart, ctx).ok).toBe(true);
  });

  it.each<[string, number, boolean]>([
    ['the last minute of its hours', 14 * 60 + 59, true],
    ['the end minute of its hours', 15 * 60, false],
    ['before its hours', 11 * 60 + 59, false],
  ])('hours are [from, to): %s', (_, minutesIst, ok) => {
    const orderTimeMs = Date.UTC(2025, 0, 14, 18, 30) + minutesIst * 60_000;
    expect(evaluate({ hours: { from: 12 * 60, to: 15 * 60 } }, cart, { orderTimeMs }).ok).toBe(ok);
  });

  it('a guest may use a coupon with only a total limit', () => {
    expect(evaluate({ totalLimit: 5 }, cart, { previousOrders: null }).ok).toBe(true);
  });

  it('asks for usage with the coupon code', () => {
    const codes: string[] = [];
    evaluate({ code: 'ONCE', perCustomerLimit: 1 }, cart, {
      usage: (code) => {
        codes.push(code);
        return { byCustomer: 0, total: 0 };
      },
    });
    expect(codes).toEqual(['ONCE']);
  });

  it.each<[string, Partial<Coupon>, Partial<PromoContext>, PromoErrorCode]>([
    [
      'railway before order type',
      { paymentOptions: ['UPI'], orderTypes: ['D'] },
      { deliveryType: 'IRCTC' },
      'RAILWAY_EXPLICIT_PROMO',
    ],
    ['order type before store', { orderTypes: ['T'], storeIds: [1] }, {}, 'ORDER_TYPE'],
    ['store before day', { storeIds: [1], days: [0] }, {}, 'STORE'],
    ['day before hours', { days: [0], hours: { from: 0, to: 60 } }, {}, 'DAY'],
    [
      'hours before login',
      { hours: { from: 0, to: 60 }, firstOrderOnly: true },
      { previousOrders: null },
      'HOURS',
    ],
    [
      'login before limits',
      { perCustomerLimit: 1, totalLimit: 1 },
      { previousOrders: null, usage: () => ({ byCustomer: 5, total: 5 }) },
      'LOGIN_REQUIRED',
    ],
    [
      'first order before limits',
      { firstOrderOnly: true, perCustomerLimit: 1 },
      { usage: () => ({ byCustomer: 5, total: 5 }) },
      'FIRST_ORDER_ONLY',
    ],
    [
      'customer limit before total limit',
      { perCustomerLimit: 1, totalLimit: 1 },
      { usage: () => ({ byCustomer: 1, total: 1 }) },
      'CUSTOMER_LIMIT',
    ],
    [
      'total limit before minimum value',
      { totalLimit: 1, minOrderValue: rupees(5000) },
      { usage: () => ({ byCustomer: 0, total: 1 }) },
      'TOTAL_LIMIT',
    ],
    [
      'minimum value before eligible items',
      { minOrderValue: rupees(5000), rule: { kind: 'FREE_ITEM', productCodes: ['X'], sizeIds: null } },
      {},
      'MIN_ORDER_VALUE',
    ],
  ])('checks in order: %s', (_, coupon, ctx, code) => {
    expect(failure(evaluate(coupon, cart, ctx))?.[0]).toBe(code);
  });

  it('an empty cart is reported before anything else', () => {
    const outcome = evaluate({ paymentOptions: ['UPI'], orderTypes: ['T'] }, [], { deliveryType: 'IRCTC' });
    expect(failure(outcome)?.[0]).toBe('EMPTY_CART');
  });
});

describe('coupon-free prices (SPEC §9: 99 and 199)', () => {
  it('are ₹99 and ₹199', () => {
    expect(COUPON_FREE_UNIT_PRICES).toEqual([9_900, 19_900]);
  });

  it.each<[string, CouponRule]>([
    ['FLAT', { kind: 'FLAT', amount: rupees(50) }],
    ['PERCENT', { kind: 'PERCENT', percent: 20, cap: null }],
  ])('%s leaves ₹99 and ₹199 lines alone', (_, rule) => {
    const lines = makePricedLines([EDV_99, THIN_MEDIUM, EDV_199]);
    expect(discounts(evaluate({ rule }, lines)).map(([id]) => id)).toEqual(['line-2']);
  });

  it('BOGO does not count ₹99 and ₹199 units', () => {
    const lines = makePricedLines([EDV_199, EDV_99, THIN_MEDIUM]);
    expect(
      failure(evaluate({ rule: { kind: 'BOGO', productTypes: ['PIZZA'], sizeIds: null } }, lines)),
    ).toEqual(['NOT_ENOUGH_ITEMS', 'Add 1 more eligible pizza to get this deal']);
  });

  it('they still count toward the minimum order value', () => {
    // ₹99 + ₹219 + ₹199 = ₹517
    const lines = makePricedLines([EDV_99, THIN_MEDIUM, EDV_199]);
    expect(discounts(evaluate({ minOrderValue: rupees(517) }, lines))).toEqual([['line-2', 5_000]]);
  });

  it('a cart of only coupon-free prices has nothing to discount', () => {
    const lines = makePricedLines([EDV_99, EDV_199]);
    expect(failure(evaluate({}, lines))).toEqual([
      'NO_ELIGIBLE_ITEMS',
      'None of the items in your cart are eligible for this offer',
    ]);
  });

  it('a topping takes a line off the price point', () => {
    const lines = makePricedLines([{ ...EDV_99, addToppings: [10] }]);
    expect(discounts(evaluate({}, lines))).toEqual([['line-1', 5_000]]);
  });
});

describe('lines bound to a promotion are not a coupon’s', () => {
  it.each<[string, CouponRule]>([
    ['FLAT', { kind: 'FLAT', amount: rupees(50) }],
    ['PERCENT', { kind: 'PERCENT', percent: 10, cap: null }],
    ['FREE_ITEM', { kind: 'FREE_ITEM', productCodes: [PRODUCT.MARGHERITA, PRODUCT.CHICKEN], sizeIds: null }],
  ])('%s', (_, rule) => {
    const lines = makePricedLines([{ ...THIN_MEDIUM, promoGroupId: 'g1' }, CHICKEN_LARGE]);
    expect(discounts(evaluate({ rule }, lines)).map(([id]) => id)).toEqual(['line-2']);
  });

  it('BOGO', () => {
    const lines = makePricedLines([{ ...THIN_MEDIUM, quantity: 3, promoGroupId: 'g1' }, CHICKEN_LARGE]);
    expect(failure(evaluate({ rule: { kind: 'BOGO', productTypes: null, sizeIds: null } }, lines))?.[0]).toBe(
      'NOT_ENOUGH_ITEMS',
    );
  });

  it('but they count toward the minimum order value', () => {
    const lines = makePricedLines([{ ...THIN_MEDIUM, promoGroupId: 'g1' }, CHICKEN_LARGE]);
    expect(evaluate({ minOrderValue: rupees(918) }, lines).ok).toBe(true);
  });
});

describe('FLAT: the amount, at most the eligible lines, spread by price', () => {
  it.each<[string, Partial<CartLine>[], number, [string, number][]]>([
    // in whole rupees: 50 × 219/918 = 11.9…, 50 × 699/918 = 38.07…: the left-over rupee goes to the larger
    // remainder, so the lines cost ₹207 and ₹661, not ₹207.07 and ₹660.93
    [
      '₹50 over ₹219 and ₹699',
      [THIN_MEDIUM, CHICKEN_LARGE],
      rupees(50),
      [
        ['line-1', 1_200],
        ['line-2', 3_800],
      ],
    ],
    ['all on one line', [THIN_MEDIUM], rupees(50), [['line-1', 5_000]]],
    [
      'never more than the lines',
      [THIN_MEDIUM, PEPSI],
      rupees(1000),
      [
        ['line-1', 21_900],
        ['line-2', 6_000],
      ],
    ],
    [
      'by line price, quantity included',
      [{ ...THIN_MEDIUM, quantity: 3 }, PEPSI],
      rupees(69),
      [
        ['line-1', 6_300],
        ['line-2', 600],
      ],
    ],
  ])('%s', (_, specs, amount, expected) => {
    const outcome = evaluate({ rule: { kind: 'FLAT', amount: paise(amount) } }, makePricedLines(specs));
    expect(discounts(outcome)).toEqual(expected);
    expect(outcome.ok && outcome.applied.discount).toBe(expected.reduce((s, [, d]) => s + d, 0));
  });

  it('a zero amount takes nothing off, so it is not applied', () => {
    expect(failure(evaluate({ rule: { kind: 'FLAT', amount: paise(0) } }))?.[0]).toBe('NO_ELIGIBLE_ITEMS');
  });

  it('carries the coupon as its promotion', () => {
    const coupon = makeCoupon();
    const outcome = evaluateCoupon(coupon, cart, makePromoContext());
    expect(outcome.ok && outcome.applied.promotion).toEqual({ kind: 'COUPON', coupon });
  });
});

describe('PERCENT: base × percent / 100 rounded down to the rupee, at most the cap', () => {
  it.each<[string, Partial<CartLine>[], number, Paise | null, number]>([
    ['20 % of ₹918 is ₹183 (not ₹183.60)', [THIN_MEDIUM, CHICKEN_LARGE], 20, null, 18_300],
    ['20 % capped at ₹100', [THIN_MEDIUM, CHICKEN_LARGE], 20, rupees(100), 10_000],
    ['a cap above the percentage changes nothing', [THIN_MEDIUM], 20, rupees(100), 4_300],
    ['rounded down to the rupee: 12.5 % of ₹219', [THIN_MEDIUM], 12.5, null, 2_700],
    ['100 % is the whole eligible amount', [THIN_MEDIUM, PEPSI], 100, null, 27_900],
    ['more than 100 % is still only the lines', [THIN_MEDIUM], 150, null, 21_900],
  ])('%s', (_, specs, percent, cap, discount) => {
    const outcome = evaluate({ rule: { kind: 'PERCENT', percent, cap } }, makePricedLines(specs));
    expect(outcome.ok && outcome.applied.discount).toBe(discount);
  });

  it('spreads by price in whole rupees, so no line is left with paise', () => {
    expect(discounts(evaluate({ rule: { kind: 'PERCENT', percent: 20, cap: null } }))).toEqual([
      ['line-1', 4_400],
      ['line-2', 13_900],
    ]);
  });

  it('a capped discount leaves every line at a whole-rupee price', () => {
    const outcome = evaluate(
      { rule: { kind: 'PERCENT', percent: 20, cap: rupees(150) } },
      makePricedLines([{ ...THIN_MEDIUM, quantity: 2 }, CHICKEN_LARGE, PEPSI]),
    );
    expect(outcome.ok && outcome.applied.discount).toBe(15_000);
    for (const [, d] of discounts(outcome)) expect(d % 100).toBe(0);
  });
});

describe('FREE_ITEM: one unit of the cheapest matching line', () => {
  const free = (productCodes: string[], sizeIds: number[] | null = null): Partial<Coupon> => ({
    rule: { kind: 'FREE_ITEM', productCodes, sizeIds },
  });

  it.each<[string, Partial<CartLine>[], Partial<Coupon>, [string, number][]]>([
    [
      'breadsticks in the cart',
      [THIN_MEDIUM, { ...BREADSTICKS, quantity: 2 }],
      free([PRODUCT.BREADSTICKS]),
      [['line-2', 10_900]],
    ],
    [
      'the cheapest of several, even at a coupon-free price',
      [THIN_MEDIUM, EDV_99, CHICKEN_LARGE],
      free([PRODUCT.MARGHERITA, PRODUCT.CHICKEN]),
      [['line-2', 9_900]],
    ],
    [
      'only in the sizes given',
      [THIN_MEDIUM, EDV_99, EDV_199],
      free([PRODUCT.MARGHERITA], [MEDIUM]),
      [['line-3', 19_900]],
    ],
    [
      'with its toppings: the unit price',
      [{ ...BREADSTICKS }, { ...EDV_99, addToppings: [10] }],
      free([PRODUCT.MARGHERITA]),
      [['line-2', 9_900 + 4_500]],
    ],
    [
      'a tie goes to the first line',
      [EDV_99, PEPSI, { ...EDV_99, removeToppings: [1] }],
      free([PRODUCT.MARGHERITA]),
      [['line-1', 9_900]],
    ],
  ])('%s', (_, specs, coupon, expected) => {
    expect(discounts(evaluate(coupon, makePricedLines(specs)))).toEqual(expected);
  });

  it.each<[string, Partial<CartLine>[], Partial<Coupon>]>([
    ['not in the cart', [THIN_MEDIUM], free([PRODUCT.BREADSTICKS])],
    ['not in that size', [THIN_MEDIUM], free([PRODUCT.MARGHERITA], [LARGE])],
  ])('%s → asks for it', (_, specs, coupon) => {
    expect(failure(evaluate(coupon, makePricedLines(specs)))).toEqual([
      'NO_ELIGIBLE_ITEMS',
      'Add the free item to your cart to use this coupon',
    ]);
  });
});

describe('BOGO: dearest first, every second unit free', () => {
  const bogo = (
    productTypes: string[] | null = ['PIZZA'],
    sizeIds: number[] | null = null,
  ): Partial<Coupon> => ({
    rule: { kind: 'BOGO', productTypes, sizeIds },
  });

  it.each<[string, Partial<CartLine>[], Partial<Coupon>, [string, number][]]>([
    [
      '₹699 and 2 × ₹219: one ₹219 free',
      [CHICKEN_LARGE, { ...THIN_MEDIUM, quantity: 2 }],
      bogo(),
      [['line-2', 21_900]],
    ],
    [
      '₹699 and 4 × ₹219: units 2 and 4 free',
      [{ ...THIN_MEDIUM, quantity: 4 }, CHICKEN_LARGE],
      bogo(),
      [['line-1', 43_800]],
    ],
    [
      '₹699, ₹249, ₹219: the ₹249 free',
      [THIN_MEDIUM, CHICKEN_LARGE, CHICKEN_REGULAR],
      bogo(),
      [['line-3', 24_900]],
    ],
    ['2 × ₹699: one free', [{ ...CHICKEN_LARGE, quantity: 2 }], bogo(), [['line-1', 69_900]]],
    [
      'equal prices: the later line is the free one',
      [CHICKEN_REGULAR, { ...CHICKEN_REGULAR, removeToppings: [1] }],
      bogo(),
      [['line-2', 24_900]],
    ],
    [
      'sides do not count for a pizza BOGO',
      [THIN_MEDIUM, CHICKEN_LARGE, PEPSI],
      bogo(),
      [['line-1', 21_900]],
    ],
    [
      'several free units, listed in cart order',
      [THIN_MEDIUM, { ...CHICKEN_LARGE, quantity: 2 }, CHICKEN_REGULAR],
      bogo(),
      [
        ['line-1', 21_900],
        ['line-2', 69_900],
      ],
    ],
    ['any type when none given', [THIN_MEDIUM, PEPSI], bogo(null), [['line-2', 6_000]]],
    [
      'in the sizes given',
      [CHICKEN_LARGE, THIN_MEDIUM, { ...CHICKEN_REGULAR, sizeId: MEDIUM }],
      bogo(['PIZZA'], [MEDIUM]),
      [['line-2', 21_900]],
    ],
  ])('%s', (_, specs, coupon, expected) => {
    expect(discounts(evaluate(coupon, makePricedLines(specs)))).toEqual(expected);
  });

  it.each<[string, Partial<CartLine>[], Partial<Coupon>, string]>([
    ['one pizza', [THIN_MEDIUM, PEPSI], bogo(), 'Add 1 more eligible pizza to get this deal'],
    ['no pizza', [PEPSI], bogo(), 'Add 2 more eligible pizzas to get this deal'],
    ['no item of any type', [EDV_99], bogo(null), 'Add 2 more eligible items to get this deal'],
    ['sides only', [BREADSTICKS], bogo(['SIDES', 'PIZZA']), 'Add 1 more eligible item to get this deal'],
  ])('%s → NOT_ENOUGH_ITEMS', (_, specs, coupon, message) => {
    expect(failure(evaluate(coupon, makePricedLines(specs)))).toEqual(['NOT_ENOUGH_ITEMS', message]);
  });
});

describe('evaluatePromotion', () => {
  it('evaluates a coupon as a coupon', () => {
    const coupon = makeCoupon();
    expect(evaluatePromotion({ kind: 'COUPON', coupon }, cart, makePromoContext())).toEqual(
      evaluateCoupon(coupon, cart, makePromoContext()),
    );
  });

  it('evaluates a deal as a deal', () => {
    const deal = makeEdvDeal({ groupSize: 1, prices: [{ sizeId: LARGE, price: rupees(499) }] });
    const outcome = evaluatePromotion({ kind: 'EDV', deal }, cart, makePromoContext());
    expect(outcome.ok && [outcome.applied.promotion.kind, outcome.applied.discount]).toEqual(['EDV', 20_000]);
  });
});

describe('coupon validity window [validFrom, validTo) around the order time', () => {
  const at = WEDNESDAY_1PM_IST;
  it.each<[string, number | null, number | null, boolean]>([
    ['open at both ends', null, null, true],
    ['started before the order', at - 1, null, true],
    ['starts at the order time', at, null, true],
    ['starts after the order (not yet)', at + 1, null, false],
    ['ended at the order time (the end is excluded)', null, at, false],
    ['ended before the order (expired)', at - 3_600_000, at - 1, false],
    ['ends after the order', null, at + 1, true],
  ])('%s → applies %s', (_, validFrom, validTo, applies) => {
    const outcome = evaluate({ validFrom, validTo }, cart, { orderTimeMs: at });
    expect(outcome.ok).toBe(applies);
    if (!applies) expect(failure(outcome)).toEqual(['EXPIRED', 'Sorry, this coupon is not valid']);
  });

  it('an advance order is judged at its slot, not now', () => {
    const from = at + 86_400_000;
    expect(evaluate({ validFrom: from }, cart, { orderTimeMs: from + 60_000 }).ok).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { CartLine, EdvDeal, PromoErrorCode, PromoOutcome } from '../src/cart-model.ts';
import { edvMixMatchMenu, evaluateEdv } from '../src/edv.ts';
import { rupees } from '../src/money.ts';
import {
  CRUST,
  NO_CRUST,
  NO_SIZE,
  PRODUCT,
  SIZE,
  TOPPING,
  makeCatalogue,
  makeCatalogueProducts,
  makeEdvDeal,
  makePricedLines,
  makePromoContext,
  WEDNESDAY_1PM_IST,
} from './factories.ts';

const { HAND_TOSSED, THIN, PAN } = CRUST;
const { REGULAR, MEDIUM, LARGE } = SIZE;

/** Margherita thin medium ₹219: saves ₹70 at ₹149. */
const THIN_MEDIUM: Partial<CartLine> = {};
/** Margherita hand tossed medium ₹199 (an everyday-value price): saves ₹50 at ₹149. */
const HT_MEDIUM: Partial<CartLine> = { crustId: HAND_TOSSED, sizeId: MEDIUM };
/** Chicken Dominator medium ₹459: saves ₹310 at ₹149. */
const CHICKEN_MEDIUM: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: MEDIUM,
};
/** Chicken Dominator regular ₹249. */
const CHICKEN_REGULAR: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: REGULAR,
};
const MANIA: Partial<CartLine> = { productCode: PRODUCT.MANIA, crustId: HAND_TOSSED, sizeId: REGULAR };
const PEPSI: Partial<CartLine> = { productCode: PRODUCT.PEPSI, crustId: NO_CRUST, sizeId: NO_SIZE };

/** Any 2 medium pizzas at ₹149 each, unless overridden. */
function evaluate(specs: Partial<CartLine>[], deal: Partial<EdvDeal> = {}): PromoOutcome {
  return evaluateEdv(makeEdvDeal(deal), makePricedLines(specs), makePromoContext());
}

function discounts(outcome: PromoOutcome): [string, number][] {
  if (!outcome.ok) throw new Error(`did not apply: ${outcome.error.code}`);
  return [...outcome.applied.lineDiscounts.entries()];
}

describe('EDV: eligible units at the deal price of their size, toppings still charged', () => {
  it.each<[string, Partial<CartLine>[], Partial<EdvDeal>, [string, number][]]>([
    ['2 × ₹219 at ₹149', [{ ...THIN_MEDIUM, quantity: 2 }], {}, [['line-1', 14_000]]],
    [
      'two lines make a pair',
      [THIN_MEDIUM, CHICKEN_MEDIUM],
      {},
      [
        ['line-1', 7_000],
        ['line-2', 31_000],
      ],
    ],
    [
      'toppings stay charged: the saving is on the variant price',
      [{ ...THIN_MEDIUM, quantity: 2, addToppings: [TOPPING.PANEER], extraCheese: 1 }],
      {},
      [['line-1', 14_000]],
    ],
    [
      'a coupon-free price point still gets the deal',
      [{ ...HT_MEDIUM, quantity: 2 }],
      {},
      [['line-1', 10_000]],
    ],
    [
      'a line bound to the deal’s promo group counts',
      [{ ...THIN_MEDIUM, quantity: 2, promoGroupId: 'edv-1' }],
      {},
      [['line-1', 14_000]],
    ],
    [
      'other products in the cart are left alone',
      [PEPSI, { ...THIN_MEDIUM, quantity: 2 }, { ...THIN_MEDIUM, sizeId: LARGE }, MANIA],
      {},
      [['line-2', 14_000]],
    ],
    [
      'a group of one: every unit',
      [THIN_MEDIUM, CHICKEN_MEDIUM],
      { groupSize: 1 },
      [
        ['line-1', 7_000],
        ['line-2', 31_000],
      ],
    ],
  ])('%s', (_, specs, deal, expected) => {
    expect(discounts(evaluate(specs, deal))).toEqual(expected);
  });

  it('marks itself as the EDV promotion and totals its lines', () => {
    const deal = makeEdvDeal();
    const outcome = evaluateEdv(deal, makePricedLines([THIN_MEDIUM, CHICKEN_MEDIUM]), makePromoContext());
    expect(outcome.ok && outcome.applied.promotion).toEqual({ kind: 'EDV', deal });
    expect(outcome.ok && outcome.applied.discount).toBe(38_000);
  });
});

describe('EDV groups: whole groups only, largest savings first', () => {
  it.each<[string, Partial<CartLine>[], Partial<EdvDeal>, [string, number][]]>([
    // savings ₹310, ₹70, ₹50: one pair, the two largest
    [
      '3 units, groups of 2: the two best',
      [HT_MEDIUM, THIN_MEDIUM, CHICKEN_MEDIUM],
      {},
      [
        ['line-2', 7_000],
        ['line-3', 31_000],
      ],
    ],
    [
      '5 units, groups of 2: four',
      [
        { ...HT_MEDIUM, quantity: 3 },
        { ...THIN_MEDIUM, quantity: 2 },
      ],
      {},
      [
        ['line-1', 10_000],
        ['line-2', 14_000],
      ],
    ],
    [
      'equal savings: the first in cart order',
      [{ ...THIN_MEDIUM, removeToppings: [TOPPING.ONION] }, THIN_MEDIUM, THIN_MEDIUM],
      {},
      [
        ['line-1', 7_000],
        ['line-2', 7_000],
      ],
    ],
    ['6 units, groups of 3: all', [{ ...THIN_MEDIUM, quantity: 6 }], { groupSize: 3 }, [['line-1', 42_000]]],
    ['7 units, groups of 3: six', [{ ...THIN_MEDIUM, quantity: 7 }], { groupSize: 3 }, [['line-1', 42_000]]],
  ])('%s', (_, specs, deal, expected) => {
    expect(discounts(evaluate(specs, deal))).toEqual(expected);
  });

  it('a unit that would save nothing still makes up a group', () => {
    // at ₹199 the ₹199 hand tossed saves nothing, the thin ₹20: the pair still gets the deal
    expect(
      discounts(evaluate([HT_MEDIUM, THIN_MEDIUM], { prices: [{ sizeId: MEDIUM, price: rupees(199) }] })),
    ).toEqual([['line-2', 2_000]]);
  });
});

describe('EDV eligibility', () => {
  it.each<[string, Partial<CartLine>[], Partial<EdvDeal>, PromoErrorCode, string]>([
    [
      'one pizza short',
      [THIN_MEDIUM, PEPSI],
      {},
      'NOT_ENOUGH_ITEMS',
      'Add 1 more eligible pizza to get this deal',
    ],
    ['no pizza', [PEPSI], {}, 'NOT_ENOUGH_ITEMS', 'Add 2 more eligible pizzas to get this deal'],
    [
      'a size without a deal price',
      [{ ...THIN_MEDIUM, sizeId: LARGE, quantity: 2 }],
      {},
      'NOT_ENOUGH_ITEMS',
      'Add 2 more eligible pizzas to get this deal',
    ],
    [
      'another product type',
      [{ ...MANIA, quantity: 2 }],
      { prices: [{ sizeId: REGULAR, price: rupees(49) }] },
      'NOT_ENOUGH_ITEMS',
      'Add 2 more eligible pizzas to get this deal',
    ],
    [
      'another crust',
      [{ ...THIN_MEDIUM, quantity: 2 }, CHICKEN_MEDIUM],
      { crustIds: [HAND_TOSSED] },
      'NOT_ENOUGH_ITEMS',
      'Add 1 more eligible pizza to get this deal',
    ],
    [
      'another product',
      [{ ...THIN_MEDIUM, quantity: 2 }, CHICKEN_MEDIUM],
      { productCodes: [PRODUCT.CHICKEN] },
      'NOT_ENOUGH_ITEMS',
      'Add 1 more eligible pizza to get this deal',
    ],
    [
      'three short of a group of four',
      [THIN_MEDIUM],
      { groupSize: 4 },
      'NOT_ENOUGH_ITEMS',
      'Add 3 more eligible pizzas to get this deal',
    ],
    [
      'sides deals speak of items',
      [PEPSI],
      { productTypes: ['SIDES'], prices: [{ sizeId: NO_SIZE, price: rupees(49) }] },
      'NOT_ENOUGH_ITEMS',
      'Add 2 more eligible items to get this deal',
    ],
    [
      'a deal price above the pizza saves nothing',
      [{ ...HT_MEDIUM, quantity: 2 }],
      { prices: [{ sizeId: MEDIUM, price: rupees(249) }] },
      'NO_ELIGIBLE_ITEMS',
      'None of the items in your cart are eligible for this offer',
    ],
  ])('%s → %s', (_, specs, deal, code, displayMsg) => {
    const outcome = evaluate(specs, deal);
    expect(outcome.ok ? null : [outcome.error.code, outcome.error.displayMsg]).toEqual([code, displayMsg]);
  });

  it('an empty cart → EMPTY_CART', () => {
    const outcome = evaluateEdv(makeEdvDeal(), [], makePromoContext());
    expect(outcome.ok ? null : outcome.error.code).toBe('EMPTY_CART');
  });

  it.each<[string, Partial<EdvDeal>]>([
    ['its crust', { crustIds: [THIN, PAN] }],
    ['its product', { productCodes: [PRODUCT.MARGHERITA] }],
    ['one of its product types', { productTypes: ['PIZZA_MANIA', 'PIZZA'] }],
  ])('applies to %s', (_, deal) => {
    expect(discounts(evaluate([{ ...THIN_MEDIUM, quantity: 2 }], deal))).toEqual([['line-1', 14_000]]);
  });

  it('a minimum order value is a coupon rule: a cheap pair still gets the deal', () => {
    expect(evaluate([{ ...HT_MEDIUM, quantity: 2 }]).ok).toBe(true);
  });
});

describe('EDV mix and match (medium and regular)', () => {
  const mixMatch: Partial<EdvDeal> = {
    prices: [
      { sizeId: MEDIUM, price: rupees(149) },
      { sizeId: REGULAR, price: rupees(99) },
    ],
  };

  it.each<[string, Partial<CartLine>[], [string, number][]]>([
    [
      'a medium and a regular make a pair',
      [THIN_MEDIUM, CHICKEN_REGULAR],
      [
        ['line-1', 7_000],
        ['line-2', 15_000],
      ],
    ],
    [
      'each size at its own price',
      [
        { ...CHICKEN_MEDIUM, quantity: 2 },
        { ...CHICKEN_REGULAR, quantity: 2 },
      ],
      [
        ['line-1', 62_000],
        ['line-2', 30_000],
      ],
    ],
    [
      'a large does not count',
      [THIN_MEDIUM, { ...CHICKEN_REGULAR, sizeId: LARGE }, CHICKEN_REGULAR],
      [
        ['line-1', 7_000],
        ['line-3', 15_000],
      ],
    ],
  ])('%s', (_, specs, expected) => {
    expect(discounts(evaluate(specs, mixMatch))).toEqual(expected);
  });

  describe('edvMixMatchMenu', () => {
    const catalogue = makeCatalogue();

    it.each<[string, Partial<EdvDeal>, [number, number, string[]][]]>([
      [
        'each deal size in the deal’s order, products by menu order',
        mixMatch,
        [
          [MEDIUM, 14_900, [PRODUCT.MARGHERITA, PRODUCT.CHICKEN]],
          [REGULAR, 9_900, [PRODUCT.MARGHERITA, PRODUCT.CHICKEN]],
        ],
      ],
      [
        'only the crusts of the deal',
        { ...mixMatch, crustIds: [THIN] },
        [
          [MEDIUM, 14_900, [PRODUCT.MARGHERITA, PRODUCT.CHICKEN]],
          [REGULAR, 9_900, []],
        ],
      ],
      [
        'only the product types of the deal',
        { ...mixMatch, productTypes: ['PIZZA', 'PIZZA_MANIA'] },
        [
          [MEDIUM, 14_900, [PRODUCT.MARGHERITA, PRODUCT.CHICKEN]],
          [REGULAR, 9_900, [PRODUCT.MARGHERITA, PRODUCT.CHICKEN, PRODUCT.MANIA]],
        ],
      ],
      [
        'only the products of the deal',
        { productCodes: [PRODUCT.CHICKEN] },
        [[MEDIUM, 14_900, [PRODUCT.CHICKEN]]],
      ],
      ['a size nothing comes in', { prices: [{ sizeId: 9, price: rupees(1) }] }, [[9, 100, []]]],
    ])('%s', (_, deal, expected) => {
      expect(edvMixMatchMenu(makeEdvDeal(deal), catalogue)).toEqual(
        expected.map(([sizeId, price, productCodes]) => ({ sizeId, price, productCodes })),
      );
    });

    it('leaves out products out of stock and follows sortOrder over code', () => {
      const products = makeCatalogueProducts().map((p) =>
        p.code === PRODUCT.MARGHERITA
          ? { ...p, sortOrder: 5 }
          : p.code === PRODUCT.MANIA
            ? { ...p, inStock: false }
            : p,
      );
      const menu = edvMixMatchMenu(
        makeEdvDeal({ ...mixMatch, productTypes: ['PIZZA', 'PIZZA_MANIA'] }),
        makeCatalogue(products),
      );
      expect(menu.map((m) => m.productCodes)).toEqual([
        [PRODUCT.CHICKEN, PRODUCT.MARGHERITA],
        [PRODUCT.CHICKEN, PRODUCT.MARGHERITA],
      ]);
    });
  });
});

describe('EDV validity window [validFrom, validTo) around the order time', () => {
  const at = WEDNESDAY_1PM_IST;
  it.each<[string, number | null, number | null, boolean]>([
    ['open at both ends', null, null, true],
    ['started a minute ago', at - 60_000, null, true],
    ['starts at the order time', at, null, true],
    ['starts a minute later', at + 60_000, null, false],
    ['ends at the order time (excluded)', null, at, false],
    ['ends a minute later', null, at + 60_000, true],
    ['a window around the order', at - 60_000, at + 60_000, true],
  ])('%s → applies %s', (_, validFrom, validTo, applies) => {
    const outcome = evaluateEdv(
      makeEdvDeal({ validFrom, validTo }),
      makePricedLines([THIN_MEDIUM, CHICKEN_MEDIUM]),
      makePromoContext({ orderTimeMs: at }),
    );
    expect(outcome.ok).toBe(applies);
    if (!outcome.ok)
      expect(outcome.error).toEqual({ code: 'EXPIRED', displayMsg: 'Sorry, this coupon is not valid' });
  });
});

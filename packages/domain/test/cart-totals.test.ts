import { describe, expect, it } from 'vitest';
import type { AppliedPromo, CalcEntry, CartLine, CartTotals, PricedLine } from '../src/cart-model.ts';
import { cartCalculations, computeTotals, showConfetti } from '../src/cart-totals.ts';
import type { DeliveryType } from '../src/delivery-types.ts';
import { paise, rupees, type Paise } from '../src/money.ts';
import { evaluatePromotion } from '../src/promotions.ts';
import {
  CRUST,
  LIST_PRICE_MARKUP,
  NO_CRUST,
  NO_SIZE,
  PRODUCT,
  SIZE,
  TOPPING,
  makeCatalogue,
  makeChargeRules,
  makeCoupon,
  makeEdvDeal,
  makePricedLines,
  makePromoContext,
  makeSimpleProduct,
} from './factories.ts';

const { HAND_TOSSED } = CRUST;
const { REGULAR, MEDIUM, LARGE } = SIZE;

/** Margherita thin medium ₹219. */
const THIN_MEDIUM: Partial<CartLine> = {};
/** Margherita hand tossed regular ₹99 (below free delivery) and medium ₹199 (exactly at it). */
const HT_REGULAR: Partial<CartLine> = { crustId: HAND_TOSSED, sizeId: REGULAR };
const HT_MEDIUM: Partial<CartLine> = { crustId: HAND_TOSSED, sizeId: MEDIUM };
const CHICKEN_LARGE: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: LARGE,
};
/** ₹60 at 18 % GST. */
const PEPSI: Partial<CartLine> = { productCode: PRODUCT.PEPSI, crustId: NO_CRUST, sizeId: NO_SIZE };

const rules = makeChargeRules();

function totals(
  lines: readonly PricedLine[],
  overrides: Partial<{
    promo: AppliedPromo | null;
    deliveryType: DeliveryType;
    tip: Paise;
    optionalChargeOpted: boolean;
  }> = {},
): CartTotals {
  return computeTotals({
    lines,
    promo: null,
    deliveryType: 'D',
    tip: paise(0),
    optionalChargeOpted: false,
    rules,
    ...overrides,
  });
}

/** The promotion applied to the lines, failing the test when it does not apply. */
function apply(
  lines: readonly PricedLine[],
  promotion: Parameters<typeof evaluatePromotion>[0],
): AppliedPromo {
  const outcome = evaluatePromotion(promotion, lines, makePromoContext());
  if (!outcome.ok) throw new Error(`did not apply: ${outcome.error.code}`);
  return outcome.applied;
}

/** A coupon promo with the given per-line discounts (for shares a real coupon would not give). */
function manualPromo(lineDiscounts: [string, number][]): AppliedPromo {
  const map = new Map(lineDiscounts.map(([id, d]) => [id, paise(d)]));
  return {
    promotion: { kind: 'COUPON', coupon: makeCoupon() },
    discount: paise(lineDiscounts.reduce((s, [, d]) => s + d, 0)),
    lineDiscounts: map,
  };
}

describe('computeTotals: a worked cart', () => {
  // 2 × ₹219 (5 % GST) and a ₹60 Pepsi (18 % GST), ₹50 off spread ₹44 / ₹6 (whole rupees), delivery, ₹20 tip, donation
  const lines = makePricedLines([{ ...THIN_MEDIUM, quantity: 2 }, PEPSI]);
  const promo = apply(lines, { kind: 'COUPON', coupon: makeCoupon() });
  const t = totals(lines, { promo, tip: rupees(20), optionalChargeOpted: true });

  it('has every figure', () => {
    expect(t).toEqual({
      lines: [
        {
          itemId: 'line-1',
          linePrice: 43_800,
          discount: 4_400,
          netPrice: 39_400,
          tax: 1_970,
          isEDVOApplied: false,
        },
        // 18 % of 5400 = 972
        {
          itemId: 'line-2',
          linePrice: 6_000,
          discount: 600,
          netPrice: 5_400,
          tax: 972,
          isEDVOApplied: false,
        },
      ],
      subTotal: 49_800,
      discount: 5_000,
      deliveryCharge: 0,
      packagingCharge: 2_000,
      tax: 2_942,
      tip: 2_000,
      optionalCharge: 500,
      grandTotal: 44_800 + 2_000 + 2_942 + 2_000 + 500,
      strikePrice: (21_900 + LIST_PRICE_MARKUP) * 2 + 6_000,
      displayPrice: 49_800,
      displayNetPrice: 44_800,
      itemCount: 3,
      isEDVOApplied: false,
    });
  });

  it('breaks down as SPEC §3 cartCalculations', () => {
    expect(cartCalculations(t, rules)).toEqual<CalcEntry[]>([
      { key: 'sub_total', label: 'Item Total', value: paise(49_800) },
      { key: 'discount', label: 'Discount', value: paise(5_000) },
      {
        key: 'taxes_and_charges',
        label: 'Taxes & Charges',
        value: paise(2_000 + 2_942),
        children: [
          {
            key: 'additional_charges',
            label: 'Additional Charges',
            value: paise(2_000),
            children: [
              { key: 'delivery_charge', label: 'Delivery Charge', value: paise(0) },
              { key: 'packaging_charge', label: 'Packaging Charge', value: paise(2_000) },
            ],
          },
          { key: 'tax', label: 'GST', value: paise(2_942) },
        ],
      },
      { key: 'tip', label: 'Delivery Tip', value: paise(2_000) },
      { key: 'optional_charge', label: 'Feeding India donation', value: paise(500) },
      { key: 'grand_total', label: 'Grand Total', value: paise(52_242) },
    ]);
  });
});

describe('GST: on each line’s net price, rounded half up per line', () => {
  const taxOf = (price: number, gstRateBp: number, quantity = 1) => {
    const product = makeSimpleProduct('SID0100', 'SIDES', price, { gstRateBp });
    const lines = makePricedLines(
      [{ productCode: 'SID0100', crustId: NO_CRUST, sizeId: NO_SIZE, quantity }],
      makeCatalogue([product]),
    );
    return totals(lines).tax;
  };

  it.each<[number, number, number, number]>([
    [10_900, 500, 1, 545],
    [10_910, 500, 1, 546], // 545.5 rounds up
    [10_909, 500, 1, 545], // 545.45 rounds down
    [10_930, 500, 1, 547], // 546.5 rounds up
    [10_025, 1_800, 1, 1_805], // 1804.5
    [10_910, 500, 3, 1_637], // on the line: 32730 × 5 % = 1636.5
    [9_900, 0, 1, 0],
  ])('₹%d at %d bp × %d → %d paise', (price, bp, quantity, tax) => {
    expect(taxOf(price, bp, quantity)).toBe(tax);
  });

  it('rounds each line, not the sum: two ₹109.10 lines pay 546 + 546, not 1091', () => {
    const a = makeSimpleProduct('SID0100', 'SIDES', 10_910);
    const b = makeSimpleProduct('SID0101', 'SIDES', 10_910);
    const lines = makePricedLines(
      [
        { productCode: a.code, crustId: NO_CRUST, sizeId: NO_SIZE },
        { productCode: b.code, crustId: NO_CRUST, sizeId: NO_SIZE },
      ],
      makeCatalogue([a, b]),
    );
    const t = totals(lines);
    expect(t.lines.map((l) => l.tax)).toEqual([546, 546]);
    expect(t.tax).toBe(1_092);
  });

  it('is charged on the price after the discount', () => {
    const lines = makePricedLines([THIN_MEDIUM, PEPSI]);
    const t = totals(lines, { promo: manualPromo([['line-1', 1_000]]) });
    expect(t.lines.map((l) => [l.netPrice, l.tax])).toEqual([
      [20_900, 1_045],
      [6_000, 1_080],
    ]);
  });
});

describe('delivery and packaging by order type', () => {
  const cheap = makePricedLines([HT_REGULAR]); // ₹99, below free delivery at ₹199
  const dear = makePricedLines([CHICKEN_LARGE]);

  it.each<[DeliveryType, number, number, number]>([
    ['D', 3_000, 2_000, 0],
    ['IRCTC', 3_000, 2_000, 0],
    ['T', 0, 2_000, 0],
    ['P', 0, 2_000, 0],
    ['CURB', 0, 2_000, 0],
    ['DINEIN', 0, 0, 0],
  ])(
    '%s: delivery %d below ₹199, packaging %d, delivery %d above',
    (deliveryType, delivery, packaging, deliveryAbove) => {
      const t = totals(cheap, { deliveryType });
      expect([t.deliveryCharge, t.packagingCharge]).toEqual([delivery, packaging]);
      expect(t.grandTotal).toBe(9_900 + 495 + delivery + packaging);
      expect(totals(dear, { deliveryType }).deliveryCharge).toBe(deliveryAbove);
    },
  );

  it.each<[string, Partial<CartLine>[], [string, number][], number]>([
    ['net exactly ₹199 is free', [HT_MEDIUM], [], 0],
    ['a paisa below ₹199 is charged', [HT_MEDIUM], [['line-1', 1]], 3_000],
    ['a discount that takes the net below ₹199 brings the charge', [THIN_MEDIUM], [['line-1', 2_001]], 3_000],
    ['a discount that leaves ₹199', [THIN_MEDIUM], [['line-1', 2_000]], 0],
  ])('free delivery is on the net price: %s', (_, specs, shares, delivery) => {
    expect(totals(makePricedLines(specs), { promo: manualPromo(shares) }).deliveryCharge).toBe(delivery);
  });

  it('an empty cart has no charges at all', () => {
    const t = totals([], { tip: rupees(20), optionalChargeOpted: true });
    expect(t).toEqual({
      lines: [],
      subTotal: 0,
      discount: 0,
      deliveryCharge: 0,
      packagingCharge: 0,
      tax: 0,
      tip: 0,
      optionalCharge: 0,
      grandTotal: 0,
      strikePrice: 0,
      displayPrice: 0,
      displayNetPrice: 0,
      itemCount: 0,
      isEDVOApplied: false,
    });
  });
});

describe('tip: delivery orders only, one of the offered amounts', () => {
  const lines = makePricedLines([CHICKEN_LARGE]);

  it.each<[DeliveryType, number, number]>([
    ['D', rupees(20), 2_000],
    ['D', rupees(50), 5_000],
    ['D', rupees(0), 0],
    ['D', rupees(25), 0],
    ['D', -2_000, 0],
    ['IRCTC', rupees(20), 0],
    ['T', rupees(20), 0],
    ['P', rupees(20), 0],
    ['DINEIN', rupees(20), 0],
    ['CURB', rupees(20), 0],
  ])('%s with %d → %d', (deliveryType, tip, expected) => {
    const t = totals(lines, { deliveryType, tip: paise(tip) });
    expect(t.tip).toBe(expected);
    // packaging: none for dine-in
    expect(t.grandTotal).toBe(69_900 + 3_495 + (deliveryType === 'DINEIN' ? 0 : 2_000) + expected);
  });
});

describe('optional charge K', () => {
  const lines = makePricedLines([CHICKEN_LARGE]);
  it.each<[boolean, number]>([
    [true, 500],
    [false, 0],
  ])('opted %s → %d', (optionalChargeOpted, charge) => {
    const t = totals(lines, { optionalChargeOpted });
    expect(t.optionalCharge).toBe(charge);
    expect(t.grandTotal).toBe(69_900 + 3_495 + 2_000 + charge);
  });
});

describe('discounts, strike price and EDV flags', () => {
  it('marks the lines an EDV deal discounted, and the cart', () => {
    // a pair of thin mediums at ₹149, a third medium left at full price
    const lines = makePricedLines([{ ...THIN_MEDIUM, quantity: 2 }, PEPSI, HT_MEDIUM]);
    const t = totals(lines, { promo: apply(lines, { kind: 'EDV', deal: makeEdvDeal() }) });
    expect(t.lines.map((l) => [l.itemId, l.discount, l.isEDVOApplied])).toEqual([
      ['line-1', 14_000, true],
      ['line-2', 0, false],
      ['line-3', 0, false],
    ]);
    expect([t.discount, t.isEDVOApplied]).toEqual([14_000, true]);
  });

  it('a coupon is not EDV', () => {
    const lines = makePricedLines([THIN_MEDIUM]);
    const t = totals(lines, { promo: apply(lines, { kind: 'COUPON', coupon: makeCoupon() }) });
    expect([t.isEDVOApplied, t.lines[0]?.isEDVOApplied]).toEqual([false, false]);
  });

  it('ignores shares for lines no longer in the cart and caps a share at its line', () => {
    const lines = makePricedLines([THIN_MEDIUM]);
    const t = totals(lines, {
      promo: manualPromo([
        ['gone', 5_000],
        ['line-1', 99_999],
      ]),
    });
    expect([t.discount, t.displayNetPrice, t.tax]).toEqual([21_900, 0, 0]);
    expect(t.grandTotal).toBe(3_000 + 2_000);
  });

  it('strike price is the list price with toppings; display prices are before and after discount', () => {
    const lines = makePricedLines([{ ...THIN_MEDIUM, quantity: 2, addToppings: [TOPPING.PANEER] }]);
    const t = totals(lines, { promo: manualPromo([['line-1', 1_000]]) });
    expect([t.strikePrice, t.displayPrice, t.displayNetPrice, t.itemCount]).toEqual([
      (21_900 + LIST_PRICE_MARKUP + 6_500) * 2,
      (21_900 + 6_500) * 2,
      (21_900 + 6_500) * 2 - 1_000,
      2,
    ]);
  });

  it('removing the promotion gives back the totals without it', () => {
    const lines = makePricedLines([THIN_MEDIUM, CHICKEN_LARGE]);
    const before = totals(lines);
    totals(lines, { promo: apply(lines, { kind: 'COUPON', coupon: makeCoupon() }) });
    expect(totals(lines)).toEqual(before);
  });
});

describe('cartCalculations', () => {
  it('leaves out discount, tip and optional charge when they are zero, but always shows the charges', () => {
    const t = totals(makePricedLines([HT_REGULAR]), { deliveryType: 'T' });
    const entries = cartCalculations(t, rules);
    expect(entries.map((e) => e.key)).toEqual(['sub_total', 'taxes_and_charges', 'grand_total']);
    expect(
      entries[1]?.children?.map((c) => [c.key, c.value, c.children?.map((g) => [g.key, g.value])]),
    ).toEqual([
      [
        'additional_charges',
        2_000,
        [
          ['delivery_charge', 0],
          ['packaging_charge', 2_000],
        ],
      ],
      ['tax', 495, undefined],
    ]);
  });

  it('takes the optional charge’s label from the charge rules', () => {
    const custom = makeChargeRules({
      optionalCharge: { code: 'K', label: 'Plant a tree', amount: rupees(10) },
    });
    const t = computeTotals({
      lines: makePricedLines([HT_REGULAR]),
      promo: null,
      deliveryType: 'D',
      tip: rupees(30),
      optionalChargeOpted: true,
      rules: custom,
    });
    expect(cartCalculations(t, custom).map((e) => [e.key, e.label, e.value])).toEqual([
      ['sub_total', 'Item Total', 9_900],
      ['taxes_and_charges', 'Taxes & Charges', 3_000 + 2_000 + 495],
      ['tip', 'Delivery Tip', 3_000],
      ['optional_charge', 'Plant a tree', 1_000],
      ['grand_total', 'Grand Total', 9_900 + 3_000 + 2_000 + 495 + 3_000 + 1_000],
    ]);
  });

  it('grand total is the sum of the top-level entries, discount taken off', () => {
    const lines = makePricedLines([{ ...THIN_MEDIUM, quantity: 2 }, PEPSI]);
    const t = totals(lines, {
      promo: apply(lines, { kind: 'COUPON', coupon: makeCoupon() }),
      tip: rupees(50),
      optionalChargeOpted: true,
    });
    const entries = cartCalculations(t, rules);
    const sum = entries
      .filter((e) => e.key !== 'grand_total')
      .reduce((s, e) => (e.key === 'discount' ? s - e.value : s + e.value), 0);
    expect(entries.at(-1)).toEqual({ key: 'grand_total', label: 'Grand Total', value: sum });
  });
});

describe('showConfetti (SPEC §5: floor(price + tax) > 0 and ≥ the offer minimum)', () => {
  it.each<[number, number, boolean]>([
    [0, 0, false],
    [99, 0, false], // 99 paise floors to ₹0
    [100, 0, true],
    [19_999, 20_000, false], // ₹199.99 floors to ₹199
    [20_000, 20_000, true],
    [20_099, 20_050, false], // ₹200 is short of ₹200.50
    [20_050, 20_000, true],
    [50_000, 20_000, true],
    [-500, 0, false],
  ])('%d paise against a minimum of %d → %s', (pricePlusTax, minimum, shown) => {
    expect(showConfetti(paise(pricePlusTax), paise(minimum))).toBe(shown);
  });
});

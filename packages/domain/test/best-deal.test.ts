import { describe, expect, it } from 'vitest';
import { bestDeal, rankOffers, type TotalsBase } from '../src/best-deal.ts';
import type { CartLine, Coupon, PricedLine, Promotion } from '../src/cart-model.ts';
import type { DeliveryType } from '../src/delivery-types.ts';
import { paise, rupees } from '../src/money.ts';
import {
  CRUST,
  PRODUCT,
  SIZE,
  makeChargeRules,
  makeCoupon,
  makeEdvDeal,
  makePricedLines,
  makePromoContext,
} from './factories.ts';

const { HAND_TOSSED } = CRUST;
const { MEDIUM, LARGE } = SIZE;

/** Margherita thin medium ₹219. */
const THIN_MEDIUM: Partial<CartLine> = {};
const CHICKEN_MEDIUM: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: MEDIUM,
};
const CHICKEN_LARGE: Partial<CartLine> = {
  productCode: PRODUCT.CHICKEN,
  crustId: HAND_TOSSED,
  sizeId: LARGE,
};

const coupon = (code: string, overrides: Partial<Coupon> = {}): Promotion => ({
  kind: 'COUPON',
  coupon: makeCoupon({ code, ...overrides }),
});
const flat = (code: string, amountRupees: number, overrides: Partial<Coupon> = {}) =>
  coupon(code, { rule: { kind: 'FLAT', amount: rupees(amountRupees) }, ...overrides });
const percent = (code: string, pct: number, capRupees: number | null = null) =>
  coupon(code, {
    rule: { kind: 'PERCENT', percent: pct, cap: capRupees === null ? null : rupees(capRupees) },
  });
const edv: Promotion = { kind: 'EDV', deal: makeEdvDeal() };

const base = (deliveryType: DeliveryType = 'D'): TotalsBase => ({
  deliveryType,
  tip: paise(0),
  optionalChargeOpted: false,
  rules: makeChargeRules(),
});

function best(lines: readonly PricedLine[], promotions: Promotion[], deliveryType: DeliveryType = 'D') {
  const found = bestDeal(lines, promotions, makePromoContext({ deliveryType }), base(deliveryType));
  return (
    found && [
      found.promotion.kind === 'COUPON' ? found.promotion.coupon.code : found.promotion.deal.code,
      found.saving,
    ]
  );
}

describe('bestDeal: the listed promotion that makes the cart cheapest', () => {
  it.each<[string, Partial<CartLine>[], Promotion[], DeliveryType, [string, number] | null]>([
    // ₹918: ₹100 (capped 20 %) beats ₹50; each saving includes the GST on what it takes off
    [
      'the bigger discount',
      [THIN_MEDIUM, CHICKEN_LARGE],
      [flat('SAVE50', 50), percent('PCT20', 20, 100)],
      'D',
      ['PCT20', 10_500],
    ],
    // 2 × ₹459 at ₹149 saves ₹620 + GST
    [
      'an EDV deal over a coupon',
      [{ ...CHICKEN_MEDIUM, quantity: 2 }],
      [flat('SAVE50', 50), edv],
      'D',
      ['EDV2M', 65_100],
    ],
    // 2 × ₹219: the deal saves ₹140 + GST, 40 % saves ₹175.20 + GST
    [
      'a coupon over an EDV deal',
      [{ ...THIN_MEDIUM, quantity: 2 }],
      [edv, percent('PCT40', 40)],
      'D',
      ['PCT40', 18_375],
    ],
    // ₹30 off ₹219 brings back the ₹30 delivery charge; ₹20 off keeps the cart at ₹199
    [
      'the smaller discount when the bigger one brings back delivery',
      [THIN_MEDIUM],
      [flat('SAVE30', 30), flat('SAVE20', 20)],
      'D',
      ['SAVE20', 2_100],
    ],
    [
      'the bigger one on takeaway, where there is no delivery charge',
      [THIN_MEDIUM],
      [flat('SAVE30', 30), flat('SAVE20', 20)],
      'T',
      ['SAVE30', 3_150],
    ],
    [
      'not a hidden coupon, however good',
      [THIN_MEDIUM, CHICKEN_LARGE],
      [flat('SAVE50', 50), flat('SECRET', 500, { hidden: true })],
      'D',
      ['SAVE50', 5_250],
    ],
    [
      'equal savings: the code first in order',
      [THIN_MEDIUM, CHICKEN_LARGE],
      [flat('ZED50', 50), flat('ABC50', 50)],
      'D',
      ['ABC50', 5_250],
    ],
    [
      'none applies',
      [THIN_MEDIUM],
      [flat('BIG', 50, { minOrderValue: rupees(5000) }), flat('TRAIN', 50, { orderTypes: ['IRCTC'] })],
      'D',
      null,
    ],
    // ₹25 off brings back ₹30 delivery: the cart would cost more
    ['a promotion that makes the cart dearer', [THIN_MEDIUM], [flat('SAVE25', 25)], 'D', null],
    ['no promotions', [THIN_MEDIUM], [], 'D', null],
    ['an empty cart', [], [flat('SAVE50', 50), edv], 'D', null],
  ])('%s', (_, specs, promotions, deliveryType, expected) => {
    expect(best(makePricedLines(specs), promotions, deliveryType)).toEqual(expected);
  });
});

describe('rankOffers', () => {
  it('evaluates every promotion, hidden ones too, largest saving first', () => {
    const lines = makePricedLines([THIN_MEDIUM]);
    const ranked = rankOffers(
      lines,
      [
        flat('SAVE25', 25),
        flat('BIG', 50, { minOrderValue: rupees(5000) }),
        flat('SAVE30', 30),
        flat('SAVE20', 20, { hidden: true }),
      ],
      makePromoContext(),
      base(),
    );
    expect(
      ranked.map((r) => [r.promotion.kind === 'COUPON' && r.promotion.coupon.code, r.outcome.ok, r.saving]),
    ).toEqual([
      ['SAVE20', true, 2_100],
      ['SAVE30', true, 150],
      ['BIG', false, 0],
      ['SAVE25', true, -375],
    ]);
    const big = ranked[2]!.outcome;
    expect(big.ok ? null : big.error.displayMsg).toBe('Add items worth ₹4,781 more to use this coupon');
  });

  it.each([
    // 20 % of four pizzas is well over ₹150: the cap holds; the grand total drops by the 5 % GST on it too
    ['a capped percentage', percent('SAVE20', 20, 150), rupees(150), rupees(157.5)],
    ['a flat amount', flat('SAVE50', 50), rupees(50), rupees(52.5)],
  ])(
    '%s: the figure shown is the discount the cart takes, ranked by the grand total',
    (_, promo, discount, saving) => {
      const lines = makePricedLines([
        { ...THIN_MEDIUM, quantity: 2 },
        { ...CHICKEN_LARGE, quantity: 2 },
      ]);
      const [ranked] = rankOffers(lines, [promo], makePromoContext(), base());
      expect(ranked?.outcome.ok && ranked.outcome.applied.discount).toBe(discount);
      expect(ranked?.discount).toBe(discount);
      expect(ranked?.saving).toBe(saving);
      expect(bestDeal(lines, [promo], makePromoContext(), base())?.discount).toBe(discount);
    },
  );

  it('counts the tip and optional charge the same with and without the promotion', () => {
    const lines = makePricedLines([THIN_MEDIUM, CHICKEN_LARGE]);
    const withExtras: TotalsBase = { ...base(), tip: rupees(50), optionalChargeOpted: true };
    const [plain] = rankOffers(lines, [flat('SAVE50', 50)], makePromoContext(), base());
    const [extras] = rankOffers(lines, [flat('SAVE50', 50)], makePromoContext(), withExtras);
    expect(extras?.saving).toBe(plain?.saving);
  });
});

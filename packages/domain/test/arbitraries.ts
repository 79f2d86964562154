/**
 * fast-check arbitraries for the cart property suites: random carts that price at the default catalogue,
 * and random coupons and deals over the same products, sizes and crusts.
 */
import fc from 'fast-check';
import type {
  CartLine,
  ChargeRules,
  Coupon,
  CouponRule,
  EdvDeal,
  PricedLine,
  Promotion,
} from '../src/cart-model.ts';
import { DELIVERY_TYPES } from '../src/delivery-types.ts';
import { paise } from '../src/money.ts';
import {
  CRUST,
  NO_CRUST,
  NO_SIZE,
  PRODUCT,
  SIZE,
  TOPPING,
  makeCatalogueProducts,
  makeChargeRules,
  makeCoupon,
  makeEdvDeal,
  makePricedLines,
} from './factories.ts';

/** Every product variant the default catalogue sells in stock, with whether it takes toppings. */
const VARIANTS = makeCatalogueProducts()
  .filter((p) => p.inStock)
  .flatMap((p) =>
    p.variants.map((v) => ({
      productCode: p.code,
      crustId: v.crustId,
      sizeId: v.sizeId,
      customisable: p.isCustomizable,
    })),
  );

const ALL_CODES = Object.values(PRODUCT);
const ALL_SIZES = [...Object.values(SIZE), NO_SIZE];
const ALL_CRUSTS = [...Object.values(CRUST), NO_CRUST];
const ALL_TYPES = ['PIZZA', 'PIZZA_MANIA', 'SIDES', 'BEVERAGE', 'DESSERT'];

const money = (max: number) => fc.integer({ min: 0, max }).map(paise);

/** One line's spec: a variant, toppings priced in every size, cheese where priced, 1–5 units. */
export const lineSpec: fc.Arbitrary<Partial<CartLine>> = fc
  .record({
    variant: fc.constantFrom(...VARIANTS),
    addToppings: fc.subarray([TOPPING.PANEER, TOPPING.CAPSICUM, TOPPING.CHICKEN]),
    extraCheese: fc.integer({ min: 0, max: 3 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    promoGroupId: fc.option(fc.constant('g1'), { freq: 5 }),
  })
  .map(({ variant, addToppings, extraCheese, quantity, promoGroupId }) => ({
    productCode: variant.productCode,
    crustId: variant.crustId,
    sizeId: variant.sizeId,
    addToppings: variant.customisable ? addToppings : [],
    // extra cheese is not priced for large
    extraCheese: variant.customisable && variant.sizeId !== SIZE.LARGE ? extraCheese : 0,
    quantity,
    promoGroupId,
  }));

/** A cart of up to 8 priced lines (ids line-1 …). */
export const pricedCart: fc.Arbitrary<PricedLine[]> = fc
  .array(lineSpec, { maxLength: 8 })
  .map((specs) => makePricedLines(specs));

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const couponRule: fc.Arbitrary<CouponRule> = fc.oneof(
  money(100_000).map((amount): CouponRule => ({ kind: 'FLAT', amount })),
  fc
    .record({ percent: fc.integer({ min: 0, max: 100 }), cap: nullable(money(50_000)) })
    .map((r): CouponRule => ({ kind: 'PERCENT', ...r })),
  fc
    .record({ productCodes: fc.subarray(ALL_CODES), sizeIds: nullable(fc.subarray(ALL_SIZES)) })
    .map((r): CouponRule => ({ kind: 'FREE_ITEM', ...r })),
  fc
    .record({ productTypes: nullable(fc.subarray(ALL_TYPES)), sizeIds: nullable(fc.subarray(ALL_SIZES)) })
    .map((r): CouponRule => ({ kind: 'BOGO', ...r })),
);

/** Coupons that every order may use (conditions are tested by table), with random rules and minimums. */
export const coupon: fc.Arbitrary<Coupon> = fc
  .record({ rule: couponRule, minOrderValue: money(150_000), code: fc.constantFrom('A', 'B', 'C') })
  .map((r) => makeCoupon(r));

export const edvDeal: fc.Arbitrary<EdvDeal> = fc
  .record({
    groupSize: fc.integer({ min: 1, max: 4 }),
    // mostly pizza deals on medium and regular, as the chain runs them, so that many carts qualify
    prices: fc.oneof(
      fc.tuple(money(30_000), money(30_000)).map(([medium, regular]) => [
        { sizeId: SIZE.MEDIUM, price: medium },
        { sizeId: SIZE.REGULAR, price: regular },
      ]),
      fc.uniqueArray(fc.record({ sizeId: fc.constantFrom(...ALL_SIZES), price: money(60_000) }), {
        selector: (p) => p.sizeId,
        maxLength: 3,
      }),
    ),
    productTypes: fc.oneof(fc.constant(['PIZZA']), fc.subarray(ALL_TYPES, { minLength: 1 })),
    crustIds: nullable(fc.subarray(ALL_CRUSTS)),
    productCodes: nullable(fc.subarray(ALL_CODES)),
  })
  .map((r) => makeEdvDeal(r));

export const promotion: fc.Arbitrary<Promotion> = fc.oneof(
  coupon.map((c): Promotion => ({ kind: 'COUPON', coupon: c })),
  edvDeal.map((deal): Promotion => ({ kind: 'EDV', deal })),
);

/** Order settings: any type, any tip (offered or not), opted or not, and charge rules near the defaults. */
export const orderSettings = fc.record({
  deliveryType: fc.constantFrom(...DELIVERY_TYPES),
  tip: fc.constantFrom(0, 2_000, 2_500, 3_000, 5_000).map(paise),
  optionalChargeOpted: fc.boolean(),
  rules: fc
    .record({
      deliveryCharge: money(10_000),
      freeDeliveryFrom: money(100_000),
      packagingCharge: money(5_000),
    })
    .map((r): ChargeRules => makeChargeRules(r)),
});

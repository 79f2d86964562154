import { describe, expect, it } from 'vitest';
import {
  couponProblems,
  dealProblems,
  mayMoveOffer,
  OFFER_STATUSES,
  OFFER_TEXTS as T,
  offerProblems,
  storesOfOffer,
  withinWindow,
  type CouponDraft,
  type DealDraft,
  type OfferStatus,
  type OfferWorld,
} from '../src/offer-admin.ts';

const world: OfferWorld = {
  storeIds: new Set([1001, 1002, 2001]),
  cityIds: new Set(['delhi', 'mumbai', 'pune']),
  sizeIds: new Set([1, 2, 3]),
  crustIds: new Set([1, 2]),
  productCodes: new Set(['PIZ0101', 'SID0401']),
  productTypes: new Set(['PIZZA', 'SIDES', 'PIZZA_MANIA']),
};

const coupon = (over: Partial<CouponDraft> = {}): CouponDraft => ({
  code: 'MONSOON50',
  title: '₹50 off',
  description: '',
  rule: { kind: 'FLAT', amount: 5000 },
  minOrderPaise: 0,
  orderTypes: null,
  storeIds: null,
  cityIds: null,
  days: null,
  hoursFrom: null,
  hoursTo: null,
  firstOrderOnly: false,
  perCustomerLimit: null,
  totalLimit: null,
  paymentOptions: null,
  cardIssuer: null,
  cardBins: null,
  validFrom: null,
  validTo: null,
  terms: [],
  ...over,
});

const deal = (over: Partial<DealDraft> = {}): DealDraft => ({
  code: 'TWOMED',
  title: 'Any 2 medium at ₹199',
  description: '',
  groupSize: 2,
  prices: [{ sizeId: 2, price: 19900 }],
  productTypes: ['PIZZA'],
  crustIds: null,
  productCodes: null,
  storeIds: null,
  cityIds: null,
  validFrom: null,
  validTo: null,
  terms: [],
  ...over,
});

describe('mayMoveOffer: draft → published → retired, retired for good', () => {
  const allowed: [OfferStatus, OfferStatus][] = [
    ['DRAFT', 'PUBLISHED'],
    ['DRAFT', 'RETIRED'],
    ['PUBLISHED', 'RETIRED'],
  ];
  for (const from of OFFER_STATUSES)
    for (const to of OFFER_STATUSES) {
      const ok = allowed.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to}: ${ok ? 'allowed' : 'refused'}`, () => expect(mayMoveOffer(from, to)).toBe(ok));
    }
});

describe('withinWindow: [from, to), null ends open', () => {
  it.each<[number | null, number | null, number, boolean]>([
    [null, null, 5, true],
    [5, null, 5, true],
    [5, null, 4, false],
    [null, 5, 5, false],
    [null, 5, 4, true],
    [1, 3, 2, true],
    [1, 3, 3, false],
  ])('[%s, %s) at %s → %s', (from, to, at, inside) => expect(withinWindow(from, to, at)).toBe(inside));
});

describe('storesOfOffer: its stores and every store of its cities', () => {
  const stores = [
    { id: 1001, cityId: 'delhi' },
    { id: 1002, cityId: 'delhi' },
    { id: 2001, cityId: 'mumbai' },
  ];
  it.each<[string, number[] | null, string[] | null, number[] | null]>([
    ['neither: every store', null, null, null],
    ['stores only', [2001], null, [2001]],
    ['a city: its stores', null, ['delhi'], [1001, 1002]],
    ['a store and a city, united', [2001], ['delhi'], [1001, 1002, 2001]],
    ['a store already in its city counted once', [1001], ['delhi'], [1001, 1002]],
    ['a city without stores: nowhere', null, ['pune'], []],
  ])('%s', (_, storeIds, cityIds, expected) =>
    expect(storesOfOffer(storeIds, cityIds, stores)).toEqual(expected),
  );
});

describe('couponProblems: each refused field with its text', () => {
  it('a good draft has none', () => expect(couponProblems(coupon(), world)).toEqual([]));
  it.each<[string, Partial<CouponDraft>, string, string]>([
    ['a code with small letters', { code: 'monsoon' }, 'code', T.code],
    ['a code too short', { code: 'AB' }, 'code', T.code],
    ['an empty title', { title: '  ' }, 'title', T.title],
    ['a negative flat amount', { rule: { kind: 'FLAT', amount: -100 } }, 'rule.amount', T.amount],
    ['a zero flat amount', { rule: { kind: 'FLAT', amount: 0 } }, 'rule.amount', T.amount],
    ['a fractional paisa', { rule: { kind: 'FLAT', amount: 10.5 } }, 'rule.amount', T.amount],
    ['0 %', { rule: { kind: 'PERCENT', percent: 0, cap: null } }, 'rule.percent', T.percent],
    ['101 %', { rule: { kind: 'PERCENT', percent: 101, cap: null } }, 'rule.percent', T.percent],
    ['a negative cap', { rule: { kind: 'PERCENT', percent: 20, cap: -1 } }, 'rule.cap', T.cap],
    [
      'a free item of no product',
      { rule: { kind: 'FREE_ITEM', productCodes: [], sizeIds: null } },
      'rule.productCodes',
      T.freeItems,
    ],
    [
      'a free item that does not exist',
      { rule: { kind: 'FREE_ITEM', productCodes: ['NOPE'], sizeIds: null } },
      'rule.productCodes',
      T.unknownProduct,
    ],
    [
      'BOGO of an unknown size',
      { rule: { kind: 'BOGO', productTypes: null, sizeIds: [9] } },
      'rule.sizeIds',
      T.unknownSize,
    ],
    ['a negative minimum order', { minOrderPaise: -1 }, 'minOrderPaise', T.minOrder],
    ['a window that ends before it starts', { validFrom: 2000, validTo: 1000 }, 'validTo', T.window],
    ['a window that ends as it starts', { validFrom: 1000, validTo: 1000 }, 'validTo', T.window],
    [
      'BINs without card payment',
      { paymentOptions: ['UPI_WALLET'], cardIssuer: 'HDFC Bank', cardBins: ['438628'] },
      'cardBins',
      T.binsNeedCards,
    ],
    [
      'BINs with every way to pay',
      { cardIssuer: 'HDFC Bank', cardBins: ['438628'] },
      'cardBins',
      T.binsNeedCards,
    ],
    [
      'a BIN of 5 digits',
      { paymentOptions: ['CC'], cardIssuer: 'HDFC Bank', cardBins: ['43862'] },
      'cardBins',
      T.bins,
    ],
    [
      'a BIN of 9 digits',
      { paymentOptions: ['CC'], cardIssuer: 'HDFC Bank', cardBins: ['438628123'] },
      'cardBins',
      T.bins,
    ],
    [
      'a BIN with letters',
      { paymentOptions: ['CC'], cardIssuer: 'HDFC Bank', cardBins: ['4386AB'] },
      'cardBins',
      T.bins,
    ],
    ['BINs of no bank', { paymentOptions: ['CC'], cardBins: ['438628'] }, 'cardIssuer', T.binsNeedBank],
    ['a bank without BINs', { paymentOptions: ['CC'], cardIssuer: 'HDFC Bank' }, 'cardBins', T.bankNeedsBins],
    ['no way to pay at all', { paymentOptions: [] }, 'paymentOptions', T.paymentOptions],
    ['an unknown way to pay', { paymentOptions: ['BITCOIN'] }, 'paymentOptions', T.unknownPayment],
    ['a per-customer limit of 0', { perCustomerLimit: 0 }, 'perCustomerLimit', T.limit],
    ['a total limit of -5', { totalLimit: -5 }, 'totalLimit', T.limit],
    [
      'per customer above the total',
      { perCustomerLimit: 3, totalLimit: 2 },
      'perCustomerLimit',
      T.perCustomerOverTotal,
    ],
    ['an unknown store', { storeIds: [9999] }, 'storeIds', T.unknownStore],
    ['no store at all', { storeIds: [] }, 'storeIds', T.stores],
    ['an unknown city', { cityIds: ['atlantis'] }, 'cityIds', T.unknownCity],
    ['no order type', { orderTypes: [] }, 'orderTypes', T.orderTypes],
    ['an order type not in the SPEC', { orderTypes: ['DRONE'] }, 'orderTypes', T.unknownOrderType],
    ['day 7', { days: [7] }, 'days', T.days],
    ['only a start time', { hoursFrom: 600 }, 'hoursTo', T.hours],
    ['the same start and end', { hoursFrom: 600, hoursTo: 600 }, 'hoursTo', T.hours],
    ['eleven terms', { terms: Array.from({ length: 11 }, () => 'x') }, 'terms', T.terms],
  ])('%s → %s', (_, over, field, message) => {
    expect(couponProblems(coupon(over), world)).toEqual([{ field, message }]);
  });

  it.each<[string, Partial<CouponDraft>]>([
    ['per customer equal to the total', { perCustomerLimit: 2, totalLimit: 2 }],
    [
      'a bank offer on cards',
      { paymentOptions: ['CC', 'DC'], cardIssuer: 'HDFC Bank', cardBins: ['438628', '52421612'] },
    ],
    ['UPI only at one store', { paymentOptions: ['UPI_WALLET'], storeIds: [1001] }],
    ['a city and a store', { storeIds: [2001], cityIds: ['delhi'] }],
    ['a city alone (no store list)', { cityIds: ['delhi'] }],
    ['an empty store list beside a city', { storeIds: [], cityIds: ['delhi'] }],
    ['hours past midnight', { hoursFrom: 1320, hoursTo: 120 }],
    ['a minimum order of ₹0', { minOrderPaise: 0 }],
    ['100 % with a cap', { rule: { kind: 'PERCENT', percent: 100, cap: 10000 } }],
    ['a window', { validFrom: 1000, validTo: 2000 }],
  ])('%s is fine', (_, over) => expect(couponProblems(coupon(over), world)).toEqual([]));
});

describe('dealProblems: each refused field with its text', () => {
  it('a good deal has none', () => expect(dealProblems(deal(), world)).toEqual([]));
  it('a mix-and-match deal (two sizes) has none', () =>
    expect(
      dealProblems(
        deal({
          prices: [
            { sizeId: 1, price: 9900 },
            { sizeId: 2, price: 19900 },
          ],
        }),
        world,
      ),
    ).toEqual([]));
  it.each<[string, Partial<DealDraft>, string, string]>([
    ['groups of 0', { groupSize: 0 }, 'groupSize', T.groupSize],
    ['groups of 1.5', { groupSize: 1.5 }, 'groupSize', T.groupSize],
    ['no prices', { prices: [] }, 'prices', T.prices],
    ['a price of ₹0', { prices: [{ sizeId: 2, price: 0 }] }, 'prices', T.price],
    ['a negative price', { prices: [{ sizeId: 2, price: -19900 }] }, 'prices', T.price],
    ['an unknown size', { prices: [{ sizeId: 9, price: 100 }] }, 'prices', T.unknownSize],
    [
      'a size priced twice',
      {
        prices: [
          { sizeId: 2, price: 100 },
          { sizeId: 2, price: 200 },
        ],
      },
      'prices',
      T.sizeTwice,
    ],
    ['no product type', { productTypes: [] }, 'productTypes', T.productTypes],
    ['an unknown crust', { crustIds: [7] }, 'crustIds', T.unknownCrust],
    ['an unknown product', { productCodes: ['NOPE'] }, 'productCodes', T.unknownProduct],
    ['a window ending before it starts', { validFrom: 5, validTo: 4 }, 'validTo', T.window],
    ['an unknown store', { storeIds: [4] }, 'storeIds', T.unknownStore],
  ])('%s → %s', (_, over, field, message) => {
    expect(dealProblems(deal(over), world)).toEqual([{ field, message }]);
  });
});

describe('offerProblems picks the kind', () => {
  it('a coupon draft', () =>
    expect(
      offerProblems({ kind: 'COUPON', coupon: coupon({ code: 'x' }) }, world).map((p) => p.field),
    ).toEqual(['code']));
  it('a deal draft', () =>
    expect(offerProblems({ kind: 'EDV', deal: deal({ groupSize: 0 }) }, world).map((p) => p.field)).toEqual([
      'groupSize',
    ]));
});

import { describe, expect, it } from 'vitest';
import type { CatalogueProduct } from '../src/cart-model.ts';
import { paise } from '../src/money.ts';
import { giftAtStore, giftWithOrder, surpriseGift, type SurpriseGift } from '../src/surprise-gift.ts';
import { makeSimpleProduct } from './factories.ts';

const LAVA = { productCode: 'DES2601', name: 'Choco Lava Cake' };
const lavaCake = (overrides: Partial<CatalogueProduct> = {}) =>
  makeSimpleProduct('DES2601', 'DESSERT', 10_900, { name: 'Choco Lava Cake', ...overrides });
const catalogueOf = (...products: CatalogueProduct[]) => ({
  products: new Map(products.map((p) => [p.code, p])),
});

describe('giftAtStore: offered only where the store can give it now', () => {
  it.each<[string, CatalogueProduct[], typeof LAVA | null]>([
    ['sold and in stock', [makeSimpleProduct('SID0401', 'SIDES', 9_900), lavaCake()], LAVA],
    ['not sold at the store', [makeSimpleProduct('SID0401', 'SIDES', 9_900)], null],
    ['out of stock there now', [lavaCake({ inStock: false })], null],
  ])('%s', (_, products, expected) => {
    expect(giftAtStore(catalogueOf(...products))).toEqual(expected);
  });

  it('names the product as the store menu does', () => {
    expect(giftAtStore(catalogueOf(lavaCake({ name: 'Lava Cake (new)' })))).toEqual({
      productCode: 'DES2601',
      name: 'Lava Cake (new)',
    });
  });
});

describe('surpriseGift (SPEC §9: ₹350)', () => {
  it.each<[number, boolean, number]>([
    [0, false, 35_000],
    [20_000, false, 15_000],
    [34_999, false, 1],
    [35_000, true, 0],
    [80_000, true, 0],
  ])('net %d → unlocked %s, %d to go', (net, unlocked, remaining) => {
    expect(surpriseGift(paise(net), LAVA)).toEqual({ ...LAVA, threshold: 35_000, unlocked, remaining });
  });

  it.each([0, 35_000, 80_000])('net %d with no gift at the store → no gift line', (net) => {
    expect(surpriseGift(paise(net), null)).toBeNull();
  });
});

describe('giftWithOrder: the order carries the gift only once it is unlocked', () => {
  const line = (unlocked: boolean): SurpriseGift => ({
    ...LAVA,
    threshold: paise(35_000),
    unlocked,
    remaining: paise(unlocked ? 0 : 100),
  });
  it.each<[string, SurpriseGift | null, typeof LAVA | null]>([
    ['unlocked', line(true), LAVA],
    ['not yet unlocked', line(false), null],
    ['no gift at the store', null, null],
  ])('%s', (_, gift, expected) => {
    expect(giftWithOrder(gift)).toEqual(expected);
  });
});

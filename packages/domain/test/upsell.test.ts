import { describe, expect, it } from 'vitest';
import type { CartLineInput } from '../src/cart-model.ts';
import { upsellSuggestions } from '../src/upsell.ts';
import {
  PRODUCT,
  makeCartLine,
  makeCatalogue,
  makeCatalogueProducts,
  makeSimpleProduct,
} from './factories.ts';

const catalogue = makeCatalogue();
const inCart = (...codes: string[]): CartLineInput[] =>
  codes.map((productCode) => makeCartLine({ productCode }));

describe('upsellSuggestions: in-stock sides, drinks and desserts not in the cart', () => {
  const { BREADSTICKS, STUFFED_BREAD, PEPSI, LAVA_CAKE, MARGHERITA } = PRODUCT;

  it.each<[string, CartLineInput[], number, string[]]>([
    // stuffed bread is the bestseller; the brownie is out of stock; pizzas are never suggested
    ['bestsellers first, then menu order', [], 10, [STUFFED_BREAD, BREADSTICKS, PEPSI, LAVA_CAKE]],
    [
      'a pizza in the cart changes nothing',
      inCart(MARGHERITA),
      10,
      [STUFFED_BREAD, BREADSTICKS, PEPSI, LAVA_CAKE],
    ],
    ['not what is already in the cart', inCart(STUFFED_BREAD, PEPSI), 10, [BREADSTICKS, LAVA_CAKE]],
    ['at most the limit', [], 2, [STUFFED_BREAD, BREADSTICKS]],
    ['a limit of 0', [], 0, []],
    ['a negative limit', [], -1, []],
  ])('%s', (_, lines, limit, expected) => {
    expect(upsellSuggestions(catalogue, lines, limit)).toEqual(expected);
  });

  it('orders equal sortOrder by code, and ignores other product types', () => {
    const products = [
      ...makeCatalogueProducts().filter((p) => p.productType === 'PIZZA'),
      makeSimpleProduct('DES0009', 'DESSERT', 9_900, { sortOrder: 1 }),
      makeSimpleProduct('BEV0009', 'BEVERAGE', 5_000, { sortOrder: 1 }),
      makeSimpleProduct('CMB0001', 'SIDECOMBOS', 19_900, { sortOrder: 0, isBestseller: true }),
    ];
    expect(upsellSuggestions(makeCatalogue(products), [], 5)).toEqual(['BEV0009', 'DES0009']);
  });
});

import { describe, expect, it } from 'vitest';
import { paise } from '../src/money.ts';
import {
  defaultCustomisation,
  priceCustomisation,
  selectSize,
  toggleTopping,
  validateCustomisation,
  type CustomisableProduct,
  type Customisation,
  type PricedTopping,
} from '../src/customise.ts';
import { canSwapIn, freeSwapsLeft, swapIn, swapOut } from '../src/customise-replace.ts';

const REGULAR = 1;
const MEDIUM = 2;
const ONION = 1;
const TOMATO = 2;
const PANEER = 10;
const CHICKEN = 20;
const JALAPENO = 30; // regular only

const toppings = new Map<number, PricedTopping>([
  [ONION, { id: ONION, foodType: 'VEG', prices: { [REGULAR]: paise(3000), [MEDIUM]: paise(5000) } }],
  [TOMATO, { id: TOMATO, foodType: 'VEG', prices: { [REGULAR]: paise(3000), [MEDIUM]: paise(5000) } }],
  [PANEER, { id: PANEER, foodType: 'VEG', prices: { [REGULAR]: paise(4000), [MEDIUM]: paise(7000) } }],
  [CHICKEN, { id: CHICKEN, foodType: 'NON_VEG', prices: { [REGULAR]: paise(5000), [MEDIUM]: paise(8000) } }],
  [JALAPENO, { id: JALAPENO, foodType: 'VEG', prices: { [REGULAR]: paise(3000) } }],
]);

const mania: CustomisableProduct = {
  code: 'PIZ0501',
  foodType: 'VEG',
  isCustomizable: true,
  isReplaceable: true,
  defaultToppingIds: [ONION, TOMATO],
  variants: [
    { crustId: 1, sizeId: REGULAR, price: paise(9900) },
    { crustId: 1, sizeId: MEDIUM, price: paise(19900) },
  ],
};
const notReplaceable: CustomisableProduct = { ...mania, code: 'PIZ0001', isReplaceable: false };

const base = defaultCustomisation(mania);
const withOnionOff = toggleTopping(mania, base, ONION);

describe('freeSwapsLeft', () => {
  it.each<[string, CustomisableProduct, Customisation, number]>([
    ['nothing removed', mania, base, 0],
    ['one default removed', mania, withOnionOff, 1],
    ['both removed', mania, toggleTopping(mania, withOnionOff, TOMATO), 2],
    ['one removed, one swapped', mania, swapIn(mania, withOnionOff, PANEER, toppings), 0],
    ['product not replaceable', notReplaceable, toggleTopping(notReplaceable, base, ONION), 0],
  ])('%s', (_, product, c, expected) => {
    expect(freeSwapsLeft(product, c)).toBe(expected);
  });
});

describe('canSwapIn', () => {
  it.each<[string, Customisation, number, boolean]>([
    ['no free swap', base, PANEER, false],
    ['free swap, extra topping', withOnionOff, PANEER, true],
    ['a default topping', withOnionOff, TOMATO, false],
    ['extra cheese', withOnionOff, 51, false],
    ['already added as paid extra', toggleTopping(mania, withOnionOff, PANEER), PANEER, false],
    ['not priced for the size', { ...withOnionOff, sizeId: MEDIUM }, JALAPENO, false],
    ['unknown topping', withOnionOff, 999, false],
  ])('%s', (_, c, id, expected) => {
    expect(canSwapIn(mania, c, id, toppings)).toBe(expected);
  });
});

describe('swapIn / swapOut', () => {
  it('swaps for free and the price stays the variant price', () => {
    const c = swapIn(mania, withOnionOff, PANEER, toppings);
    expect(c.replaceToppings).toEqual([PANEER]);
    expect(c.removeToppings).toEqual([ONION]);
    expect(validateCustomisation(mania, c, toppings)).toEqual([]);
    const priced = priceCustomisation(mania, c, toppings);
    expect(priced.ok && priced.price.linePrice).toBe(9900);
  });
  it('does nothing without a free swap', () => {
    expect(swapIn(mania, base, PANEER, toppings)).toBe(base);
    expect(
      swapIn(notReplaceable, toggleTopping(notReplaceable, base, ONION), PANEER, toppings).replaceToppings,
    ).toEqual([]);
  });
  it('swapOut frees the swap and keeps the default off', () => {
    const c = swapOut(swapIn(mania, withOnionOff, PANEER, toppings), PANEER);
    expect(c.replaceToppings).toEqual([]);
    expect(c.removeToppings).toEqual([ONION]);
    expect(freeSwapsLeft(mania, c)).toBe(1);
  });
  it('swapOut of a topping not swapped in is a no-op', () => {
    expect(swapOut(withOnionOff, PANEER)).toBe(withOnionOff);
  });
  it('a non-veg swap makes it a valid replacement too', () => {
    const c = swapIn(mania, withOnionOff, CHICKEN, toppings);
    expect(c.replaceToppings).toEqual([CHICKEN]);
  });
});

describe('changing size drops replacements not priced for it', () => {
  it.each<[string, number[], number, number[]]>([
    ['all priced', [PANEER], MEDIUM, [PANEER]],
    ['unpriced for the new size', [JALAPENO, PANEER], MEDIUM, [PANEER]],
    ['regular keeps jalapeno', [JALAPENO], REGULAR, [JALAPENO]],
  ])('%s', (_, replaceToppings, sizeId, expected) => {
    const c: Customisation = { ...base, removeToppings: [ONION, TOMATO], replaceToppings };
    expect(selectSize(mania, c, sizeId, toppings).replaceToppings).toEqual(expected);
  });
});

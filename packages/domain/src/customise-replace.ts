/**
 * Free topping swaps for replaceable products (Pizza Mania), completing customise.ts: each default
 * topping taken off earns one free replacement (repTopngs). The customer removes a default, then picks
 * what goes on in its place; taking a replacement off again frees the swap.
 */
import { EXTRA_CHEESE_ITEM_ID } from './constants.ts';
import {
  replaceTopping,
  type CustomisableProduct,
  type Customisation,
  type PricedTopping,
} from './customise.ts';

/** Removed defaults not yet used for a replacement. */
export function freeSwapsLeft(product: CustomisableProduct, c: Customisation): number {
  if (!product.isReplaceable) return 0;
  return Math.max(0, c.removeToppings.length - c.replaceToppings.length);
}

/**
 * Whether the topping can go on as a free replacement now: the product is replaceable, a swap is free,
 * the topping is not a default, not already on the pizza, and is priced for the chosen size.
 */
export function canSwapIn(
  product: CustomisableProduct,
  c: Customisation,
  toppingId: number,
  toppings: ReadonlyMap<number, PricedTopping>,
): boolean {
  if (freeSwapsLeft(product, c) === 0) return false;
  if (toppingId === EXTRA_CHEESE_ITEM_ID || product.defaultToppingIds.includes(toppingId)) return false;
  if (c.replaceToppings.includes(toppingId) || c.addToppings.includes(toppingId)) return false;
  return toppings.get(toppingId)?.prices[c.sizeId] !== undefined;
}

/** Puts the topping on in place of a removed default, at no charge; unchanged when that is not allowed. */
export function swapIn(
  product: CustomisableProduct,
  c: Customisation,
  toppingId: number,
  toppings: ReadonlyMap<number, PricedTopping>,
): Customisation {
  const from = c.removeToppings[0];
  if (from === undefined || !canSwapIn(product, c, toppingId, toppings)) return c;
  return replaceTopping(product, c, from, toppingId);
}

/** Takes a replacement off again; the removed default stays off and its swap is free again. */
export function swapOut(c: Customisation, toppingId: number): Customisation {
  if (!c.replaceToppings.includes(toppingId)) return c;
  return { ...c, replaceToppings: c.replaceToppings.filter((t) => t !== toppingId) };
}

import { CART_MAX_ITEMS, EXTRA_CHEESE_ITEM_ID, EXTRA_CHEESE_MAX } from './constants.ts';
import { addPaise, multiplyPaise, paise, type Paise } from './money.ts';
import { findVariant } from './customise-default.ts';

// the default pick is a module of its own: the web app's menu and cart need only it (issue 32 §1)
export { defaultCustomisation, findVariant } from './customise-default.ts';

export type FoodType = 'VEG' | 'NON_VEG';

export interface PricedVariant {
  crustId: number;
  sizeId: number;
  price: Paise;
}

export interface PricedTopping {
  id: number;
  foodType: FoodType;
  /** price by sizeId; a topping without a price for a size cannot be added to that size */
  prices: Readonly<Record<number, Paise>>;
}

export interface CustomisableProduct {
  code: string;
  foodType: FoodType;
  isCustomizable: boolean;
  /** Pizza Mania style: default toppings may be swapped one for one at no charge */
  isReplaceable: boolean;
  defaultToppingIds: readonly number[];
  variants: readonly PricedVariant[];
}

export interface Customisation {
  crustId: number;
  sizeId: number;
  /** extra toppings, charged per size (addTopngs) */
  addToppings: readonly number[];
  /** default toppings taken off, free (remTopngs) */
  removeToppings: readonly number[];
  /** toppings put in place of removed defaults, free, at most one per removed default (repTopngs) */
  replaceToppings: readonly number[];
  extraCheese: number;
  quantity: number;
}

export type CustomisationError =
  | { code: 'VARIANT_UNAVAILABLE'; crustId: number; sizeId: number }
  | { code: 'NOT_CUSTOMIZABLE' }
  | { code: 'UNKNOWN_TOPPING'; toppingId: number }
  | { code: 'TOPPING_NOT_FOR_SIZE'; toppingId: number }
  | { code: 'TOPPING_TWICE'; toppingId: number }
  | { code: 'NOT_A_DEFAULT_TOPPING'; toppingId: number }
  | { code: 'TOO_MANY_REPLACEMENTS' }
  | { code: 'EXTRA_CHEESE_LIMIT' }
  | { code: 'BAD_QUANTITY' };

export interface CustomisationPrice {
  variantPrice: Paise;
  toppingsPrice: Paise;
  extraCheesePrice: Paise;
  unitPrice: Paise;
  linePrice: Paise;
}

/**
 * Changing crust keeps the size when that crust comes in it, else takes the crust's cheapest size;
 * toppings not priced for the new size are dropped so the price always stays computable.
 */
export function selectCrust(
  product: CustomisableProduct,
  c: Customisation,
  crustId: number,
  toppings: ReadonlyMap<number, PricedTopping>,
): Customisation {
  const sameSize = findVariant(product, crustId, c.sizeId);
  const fallback = product.variants.filter((v) => v.crustId === crustId).sort((a, b) => a.price - b.price)[0];
  const variant = sameSize ?? fallback;
  if (!variant) return c;
  return dropUnpriced({ ...c, crustId, sizeId: variant.sizeId }, toppings);
}

/** Changing size keeps the crust when it comes in that size, else the cheapest crust of the size. */
export function selectSize(
  product: CustomisableProduct,
  c: Customisation,
  sizeId: number,
  toppings: ReadonlyMap<number, PricedTopping>,
): Customisation {
  const sameCrust = findVariant(product, c.crustId, sizeId);
  const fallback = product.variants.filter((v) => v.sizeId === sizeId).sort((a, b) => a.price - b.price)[0];
  const variant = sameCrust ?? fallback;
  if (!variant) return c;
  return dropUnpriced({ ...c, crustId: variant.crustId, sizeId }, toppings);
}

/** Extra toppings and free replacements not priced for the chosen size come off; so does extra cheese. */
function dropUnpriced(c: Customisation, toppings: ReadonlyMap<number, PricedTopping>): Customisation {
  const priced = (id: number) => toppings.get(id)?.prices[c.sizeId] !== undefined;
  const cheesePriced = toppings.get(EXTRA_CHEESE_ITEM_ID)?.prices[c.sizeId] !== undefined;
  return {
    ...c,
    addToppings: c.addToppings.filter(priced),
    replaceToppings: c.replaceToppings.filter(priced),
    extraCheese: cheesePriced ? c.extraCheese : 0,
  };
}

/** Tapping a topping: a default one is taken off or put back; any other is added or taken away. */
export function toggleTopping(
  product: CustomisableProduct,
  c: Customisation,
  toppingId: number,
): Customisation {
  if (product.defaultToppingIds.includes(toppingId)) {
    const removed = c.removeToppings.includes(toppingId);
    const removeToppings = removed
      ? c.removeToppings.filter((t) => t !== toppingId)
      : [...c.removeToppings, toppingId];
    // putting a default back may leave more replacements than removed defaults: drop the newest
    const replaceToppings = c.replaceToppings.slice(0, removeToppings.length);
    return { ...c, removeToppings, replaceToppings };
  }
  const added = c.addToppings.includes(toppingId);
  return {
    ...c,
    addToppings: added ? c.addToppings.filter((t) => t !== toppingId) : [...c.addToppings, toppingId],
  };
}

/** Replace a default topping with another at no charge (replaceable products only). */
export function replaceTopping(
  product: CustomisableProduct,
  c: Customisation,
  fromId: number,
  toId: number,
): Customisation {
  if (!product.isReplaceable || !product.defaultToppingIds.includes(fromId)) return c;
  if (c.replaceToppings.includes(toId) || product.defaultToppingIds.includes(toId)) return c;
  const removeToppings = c.removeToppings.includes(fromId) ? c.removeToppings : [...c.removeToppings, fromId];
  // one free swap per removed default: a default already swapped out has none left
  if (c.replaceToppings.length >= removeToppings.length) return c;
  return {
    ...c,
    removeToppings,
    addToppings: c.addToppings.filter((t) => t !== toId),
    replaceToppings: [...c.replaceToppings, toId],
  };
}

export function setExtraCheese(c: Customisation, count: number): Customisation {
  const whole = Number.isNaN(count) ? 0 : Math.trunc(count);
  return { ...c, extraCheese: Math.min(EXTRA_CHEESE_MAX, Math.max(0, whole)) };
}

export function validateCustomisation(
  product: CustomisableProduct,
  c: Customisation,
  toppings: ReadonlyMap<number, PricedTopping>,
): CustomisationError[] {
  const errors: CustomisationError[] = [];
  if (!findVariant(product, c.crustId, c.sizeId))
    errors.push({ code: 'VARIANT_UNAVAILABLE', crustId: c.crustId, sizeId: c.sizeId });
  // SPEC §9: a cart holds at most 25 items, so no single line can ask for more
  if (!Number.isSafeInteger(c.quantity) || c.quantity < 1 || c.quantity > CART_MAX_ITEMS)
    errors.push({ code: 'BAD_QUANTITY' });
  if (!Number.isInteger(c.extraCheese) || c.extraCheese < 0 || c.extraCheese > EXTRA_CHEESE_MAX)
    errors.push({ code: 'EXTRA_CHEESE_LIMIT' });
  const changesToppings =
    c.addToppings.length + c.removeToppings.length + c.replaceToppings.length + c.extraCheese > 0;
  if (changesToppings && !product.isCustomizable) errors.push({ code: 'NOT_CUSTOMIZABLE' });
  const seen = new Set<number>();
  for (const id of [...c.addToppings, ...c.replaceToppings]) {
    if (seen.has(id)) errors.push({ code: 'TOPPING_TWICE', toppingId: id });
    seen.add(id);
    const topping = toppings.get(id);
    if (!topping || id === EXTRA_CHEESE_ITEM_ID) errors.push({ code: 'UNKNOWN_TOPPING', toppingId: id });
    else if (topping.prices[c.sizeId] === undefined)
      errors.push({ code: 'TOPPING_NOT_FOR_SIZE', toppingId: id });
  }
  for (const id of c.removeToppings)
    if (!product.defaultToppingIds.includes(id))
      errors.push({ code: 'NOT_A_DEFAULT_TOPPING', toppingId: id });
  if (c.replaceToppings.length > 0 && !product.isReplaceable) errors.push({ code: 'NOT_CUSTOMIZABLE' });
  if (c.replaceToppings.length > c.removeToppings.length) errors.push({ code: 'TOO_MANY_REPLACEMENTS' });
  if (c.extraCheese > 0 && toppings.get(EXTRA_CHEESE_ITEM_ID)?.prices[c.sizeId] === undefined)
    errors.push({ code: 'TOPPING_NOT_FOR_SIZE', toppingId: EXTRA_CHEESE_ITEM_ID });
  return errors;
}

/**
 * SPEC §3 line price: the variant's price plus each extra topping's price for that size, plus extra
 * cheese (item 51) per portion, times quantity. Removed and replaced toppings cost nothing.
 */
export function priceCustomisation(
  product: CustomisableProduct,
  c: Customisation,
  toppings: ReadonlyMap<number, PricedTopping>,
): { ok: true; price: CustomisationPrice } | { ok: false; errors: CustomisationError[] } {
  const errors = validateCustomisation(product, c, toppings);
  if (errors.length > 0) return { ok: false, errors };
  const variant = findVariant(product, c.crustId, c.sizeId)!;
  const toppingsPrice = addPaise(...c.addToppings.map((id) => toppings.get(id)!.prices[c.sizeId]!));
  const cheeseUnit = toppings.get(EXTRA_CHEESE_ITEM_ID)?.prices[c.sizeId] ?? paise(0);
  const extraCheesePrice = multiplyPaise(cheeseUnit, c.extraCheese);
  const unitPrice = addPaise(variant.price, toppingsPrice, extraCheesePrice);
  return {
    ok: true,
    price: {
      variantPrice: variant.price,
      toppingsPrice,
      extraCheesePrice,
      unitPrice,
      linePrice: multiplyPaise(unitPrice, c.quantity),
    },
  };
}

/** A veg pizza with a non-veg topping added becomes non-veg. */
export function effectiveFoodType(
  product: CustomisableProduct,
  c: Customisation,
  toppings: ReadonlyMap<number, PricedTopping>,
): FoodType {
  if (product.foodType === 'NON_VEG') return 'NON_VEG';
  const extra = [...c.addToppings, ...c.replaceToppings];
  return extra.some((id) => toppings.get(id)?.foodType === 'NON_VEG') ? 'NON_VEG' : 'VEG';
}

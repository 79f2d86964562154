import type { CartItem, CartItemInput, MenuProduct } from '@crust/contract';
import type { Customisation } from '@crust/domain/customise';
import { defaultCustomisation } from '@crust/domain/customise-default';
import { toCustomisable } from '../menu/model.ts';

/** What the customer asks for, as the cart API takes it: what to make, never what it costs. */
export function toCartInput(productCode: string, c: Customisation): CartItemInput {
  const input: CartItemInput = {
    productCode,
    crustId: c.crustId,
    sizeId: c.sizeId,
    quantity: c.quantity,
  };
  if (c.addToppings.length) input.addTopngs = [...c.addToppings];
  if (c.removeToppings.length) input.remTopngs = [...c.removeToppings];
  if (c.replaceToppings.length) input.repTopngs = [...c.replaceToppings];
  if (c.extraCheese) input.extraCheese = c.extraCheese;
  return input;
}

/** One of a product as it comes: the cheapest variant, no changes (the menu's and the upsell's "Add"). */
export function defaultCartInput(p: MenuProduct): CartItemInput {
  return toCartInput(p.menuCode, { ...defaultCustomisation(toCustomisable(p)), quantity: 1 });
}

/** One of a product in a given size (an everyday-value deal's size), in an allowed crust, cheapest first. */
export function cartInputInSize(
  p: MenuProduct,
  sizeId: number,
  crustIds: readonly number[] | null,
  quantity = 1,
): CartItemInput | null {
  const variant = p.variants
    .filter((v) => v.sizeId === sizeId && (!crustIds || crustIds.includes(v.crustId)))
    .sort((a, b) => a.price - b.price)[0];
  if (!variant) return null;
  return { productCode: p.menuCode, crustId: variant.crustId, sizeId, quantity };
}

/** A cart line's choice, to open it in the customise screen. */
export function lineCustomisation(line: CartItem): Customisation {
  return {
    crustId: line.crustId,
    sizeId: line.sizeId,
    addToppings: line.addTopngs,
    removeToppings: line.remTopngs,
    replaceToppings: line.repTopngs,
    extraCheese: line.extraCheese,
    quantity: line.quantity,
  };
}

import {
  defaultCustomisation,
  validateCustomisation,
  type CustomisableProduct,
  type Customisation,
  type PricedTopping,
} from '@crust/domain/customise';
import { CART_MAX_ITEMS } from '@crust/domain/constants';

/**
 * The customer's choice lives in the URL (/customise?pizzaId=…&crust=…&size=…&add=…&rem=…&rep=…&cheese=…&qty=…)
 * so a reload, a shared link or going back keeps it. A choice that does not validate against the
 * product and toppings starts over from the product's default. `editItemId` names the cart line being
 * changed (the cart's "Edit"): the screen then saves over that line instead of adding a new one.
 */
export const MAX_QUANTITY = CART_MAX_ITEMS;

const int = (v: string | null): number | undefined =>
  v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
const ids = (v: string | null): number[] =>
  v ? v.split(',').flatMap((x) => (/^\d{1,9}$/.test(x) ? [Number(x)] : [])) : [];

export function readSelection(
  params: URLSearchParams,
  product: CustomisableProduct,
  toppings: ReadonlyMap<number, PricedTopping>,
): Customisation {
  const fallback = defaultCustomisation(product);
  const c: Customisation = {
    crustId: int(params.get('crust')) ?? fallback.crustId,
    sizeId: int(params.get('size')) ?? fallback.sizeId,
    addToppings: ids(params.get('add')),
    removeToppings: ids(params.get('rem')),
    replaceToppings: ids(params.get('rep')),
    extraCheese: int(params.get('cheese')) ?? 0,
    quantity: Math.min(MAX_QUANTITY, Math.max(1, int(params.get('qty')) ?? 1)),
  };
  return validateCustomisation(product, c, toppings).length === 0 ? c : fallback;
}

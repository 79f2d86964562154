import type { Customisation } from '@crust/domain/customise';
import { paths } from '../../config/paths.ts';

/**
 * A choice written into the customise screen's query (./customise-selection.ts reads it back): apart from the
 * reading, which needs the domain's validation, because the cart's lines link here for their "Edit" and the cart's
 * first download need not carry the rest (issue 32 §1).
 */
export function writeSelection(params: URLSearchParams, c: Customisation): URLSearchParams {
  const next = new URLSearchParams();
  const pizzaId = params.get('pizzaId');
  if (pizzaId) next.set('pizzaId', pizzaId);
  const editItemId = params.get('editItemId');
  if (editItemId) next.set('editItemId', editItemId);
  next.set('crust', String(c.crustId));
  next.set('size', String(c.sizeId));
  if (c.addToppings.length) next.set('add', c.addToppings.join(','));
  if (c.removeToppings.length) next.set('rem', c.removeToppings.join(','));
  if (c.replaceToppings.length) next.set('rep', c.replaceToppings.join(','));
  if (c.extraCheese) next.set('cheese', String(c.extraCheese));
  if (c.quantity !== 1) next.set('qty', String(c.quantity));
  return next;
}

/** The customise screen opened on a choice, e.g. a cart line's for its "Edit". */
export function customiseHref(pizzaId: string, c: Customisation, editItemId?: string): string {
  const params = new URLSearchParams({ pizzaId });
  if (editItemId) params.set('editItemId', editItemId);
  return paths.customise(writeSelection(params, c));
}

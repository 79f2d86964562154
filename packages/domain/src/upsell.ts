/** "Add more to your order": sides, drinks and desserts the cart does not have yet. */
import type { CartLineInput, StoreCatalogue } from './cart-model.ts';

/** The product types offered alongside the pizzas. */
export const UPSELL_PRODUCT_TYPES: readonly string[] = ['SIDES', 'BEVERAGE', 'DESSERT'];

/** In-stock add-ons not in the cart: bestsellers first, then menu order, then code (stable). */
export function upsellSuggestions(
  catalogue: StoreCatalogue,
  lines: readonly CartLineInput[],
  limit: number,
): string[] {
  const inCart = new Set(lines.map((l) => l.productCode));
  return [...catalogue.products.values()]
    .filter((p) => p.inStock && UPSELL_PRODUCT_TYPES.includes(p.productType) && !inCart.has(p.code))
    .sort(
      (a, b) =>
        Number(b.isBestseller) - Number(a.isBestseller) ||
        a.sortOrder - b.sortOrder ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    )
    .slice(0, Math.max(0, Math.floor(limit)))
    .map((p) => p.code);
}

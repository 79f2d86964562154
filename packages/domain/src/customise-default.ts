import type { CustomisableProduct, Customisation, PricedVariant } from './customise.ts';

/**
 * The product's variant for a crust and size, and the pick a product starts with: apart from the rest of
 * ./customise.ts because the menu's and the cart's first download need only these (issue 32 §1).
 */
export function findVariant(
  product: CustomisableProduct,
  crustId: number,
  sizeId: number,
): PricedVariant | undefined {
  return product.variants.find((v) => v.crustId === crustId && v.sizeId === sizeId);
}

/** The default pick: the cheapest variant's crust in the first size it comes in (lowest price first). */
export function defaultCustomisation(product: CustomisableProduct): Customisation {
  const first = [...product.variants].sort(
    (a, b) => a.price - b.price || a.sizeId - b.sizeId || a.crustId - b.crustId,
  )[0];
  if (!first) throw new Error(`product ${product.code} has no variants`);
  return {
    crustId: first.crustId,
    sizeId: first.sizeId,
    addToppings: [],
    removeToppings: [],
    replaceToppings: [],
    extraCheese: 0,
    quantity: 1,
  };
}

import type { LoyaltyMenuItem } from '@crust/contract/loyalty';
import type { MenuProduct } from '@crust/contract/menu';

/** What the free-pizza list reads of a store's menu (the cart module's catalogue, through wiring/routes.ts). */
export interface FreePizzaMenu {
  /** the store's products and the size ids a free pizza may be; undefined for a store with no menu */
  forStore(
    storeId: number,
  ): Promise<{ products: Iterable<MenuProduct>; sizeIds: ReadonlySet<number> } | undefined>;
}

/**
 * SPEC §7 loyalty menu items: each pizza the store can make now in a free size, once, in its cheapest crust of that
 * size (the customer may still change the crust and add toppings, which are charged).
 */
export function freePizzas(products: Iterable<MenuProduct>, sizeIds: ReadonlySet<number>): LoyaltyMenuItem[] {
  const items: LoyaltyMenuItem[] = [];
  for (const p of products) {
    if (p.productType !== 'PIZZA' || !p.inStock) continue;
    const variant = p.variants
      .filter((v) => sizeIds.has(v.sizeId))
      .sort((a, b) => a.price - b.price || a.crustId - b.crustId)[0];
    if (!variant) continue;
    items.push({
      productCode: p.menuCode,
      name: p.name,
      image: p.mediaList[0]?.url ?? '',
      nonVeg: p.foodType === 'NON_VEG',
      crustId: variant.crustId,
      crustName: variant.crustName,
      sizeId: variant.sizeId,
      sizeName: variant.sizeName,
      pricePaise: variant.price,
    });
  }
  return items;
}

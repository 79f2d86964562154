import type { Menu, MenuProduct, MenuResponse, Toppings, ToppingsResponse } from '@crust/contract/menu';
import type { CatalogueProduct, StoreCatalogue } from '@crust/domain/cart-model';
import type { PricedTopping } from '@crust/domain/customise';
import { paise, type Paise } from '@crust/domain/money';
import { FREE_PIZZA_SIZE_CODE } from '@crust/domain/loyalty';
import type { MenuCache, PreparedBody } from '../menu/service.ts';

/** A store's menu as the cart prices it, plus what the cart shows (names, sizes, pictures). */
export interface CartCatalogue {
  catalogue: StoreCatalogue;
  products: ReadonlyMap<string, MenuProduct>;
  toppingNames: ReadonlyMap<number, string>;
  sizeCodes: ReadonlyMap<number, string>;
  version: string;
}

function pricedTopping(t: Toppings['toppings'][number]): PricedTopping {
  const prices: Record<number, Paise> = {};
  for (const p of t.prices) prices[p.sizeId] = paise(p.price);
  return { id: t.toppingId, foodType: t.foodType, prices };
}

function catalogueProduct(p: MenuProduct, sortOrder: number): CatalogueProduct {
  return {
    code: p.menuCode,
    name: p.name,
    foodType: p.foodType,
    productType: p.productType,
    categoryIds: p.categoryIds,
    isCustomizable: p.metadataMap.isCustomizable,
    isReplaceable: p.metadataMap.isReplaceable,
    defaultToppingIds: p.defaultToppingIds,
    variants: p.variants.map((v) => ({
      crustId: v.crustId,
      sizeId: v.sizeId,
      price: paise(v.price),
      regularPrice: paise(v.regularPrice),
    })),
    inStock: p.inStock,
    gstRateBp: Math.round(p.taxation.gstRatePercent * 100),
    isBestseller: p.isBestseller,
    sortOrder,
  };
}

export function buildCartCatalogue(menu: Menu, toppings: Toppings): CartCatalogue {
  const all = [...toppings.toppings, toppings.extraCheese];
  return {
    catalogue: {
      storeId: menu.storeId,
      products: new Map(menu.products.map((p, i) => [p.menuCode, catalogueProduct(p, i)])),
      toppings: new Map(all.map((t) => [t.toppingId, pricedTopping(t)])),
      freePizzaSizeIds: new Set(
        menu.sizes.filter((s) => s.code === FREE_PIZZA_SIZE_CODE).map((s) => s.sizeId),
      ),
    },
    products: new Map(menu.products.map((p) => [p.menuCode, p])),
    toppingNames: new Map(all.map((t) => [t.toppingId, t.name])),
    sizeCodes: new Map(menu.sizes.map((s) => [s.sizeId, s.code])),
    version: menu.version,
  };
}

/**
 * Cart catalogues made from the precomputed menu bodies: parsed once per menu version and reused
 * for every cart at that store until the menu is rebuilt.
 */
export class CartCatalogues {
  private readonly parsed = new WeakMap<PreparedBody, CartCatalogue>();
  constructor(private readonly menus: MenuCache) {}

  async forStore(storeId: number): Promise<CartCatalogue | undefined> {
    const lookup = await this.menus.get(storeId);
    if (lookup.kind !== 'found') return undefined;
    const body = lookup.entry.menu;
    let built = this.parsed.get(body);
    if (!built) {
      const menu = (JSON.parse(body.raw.toString('utf8')) as MenuResponse).data;
      const toppings = (JSON.parse(lookup.entry.toppings.raw.toString('utf8')) as ToppingsResponse).data;
      built = buildCartCatalogue(menu, toppings);
      this.parsed.set(body, built);
    }
    return built;
  }
}

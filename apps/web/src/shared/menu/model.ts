import type { Menu, MenuCategory, MenuProduct, Toppings, Topping } from '@crust/contract';
import {
  BESTSELLERS_CATEGORY_ID,
  FAVOURITES_CATEGORY_ID,
  slugForCategoryId,
  slugify,
} from '@crust/domain/categories';
import type { CustomisableProduct, PricedTopping } from '@crust/domain/customise';
import { EXTRA_CHEESE_ITEM_ID } from '@crust/domain/constants';
import { paise, type Paise } from '@crust/domain/money';
import type { SortableItem } from '@crust/domain/menu-filters';
import { paths } from '../../config/paths.ts';

/** Categories that open the whole menu (SPEC §2), and the customer's favourites: never a product's "home". */
const WHOLE_MENU_CATEGORY_IDS: ReadonlySet<number> = new Set([
  BESTSELLERS_CATEGORY_ID,
  76,
  FAVOURITES_CATEGORY_ID,
]);

export interface ShownCategory {
  id: number;
  name: string;
  slug: string;
  codes: readonly string[];
}

/** The menu as the screens use it: categories in order with their slugs, products by code. */
export interface MenuIndex {
  categories: readonly ShownCategory[];
  products: ReadonlyMap<string, MenuProduct>;
  /** slugs of server categories not in the SPEC table → their ids, for resolveMenuRoute */
  extraSlugs: ReadonlyMap<string, number>;
}

/** The table's slug for a known id, else the server's, else one made from the name. */
export function categorySlug(c: Pick<MenuCategory, 'categoryId' | 'slug' | 'categoryName'>): string {
  return slugForCategoryId(c.categoryId) ?? (c.slug || slugify(c.categoryName));
}

export function indexMenu(menu: Menu): MenuIndex {
  const products = new Map<string, MenuProduct>();
  for (const p of menu.products) if (!products.has(p.menuCode)) products.set(p.menuCode, p);
  const extraSlugs = new Map<string, number>();
  const seen = new Set<number>();
  const categories: ShownCategory[] = [];
  // SPEC §9: categories in ascending order; a category listed twice is shown once
  for (const c of [...menu.categories].sort(
    (a, b) => a.sortOrder - b.sortOrder || a.categoryId - b.categoryId,
  )) {
    if (seen.has(c.categoryId)) continue;
    seen.add(c.categoryId);
    const slug = categorySlug(c);
    if (slugForCategoryId(c.categoryId) === undefined) extraSlugs.set(slug, c.categoryId);
    const codes = [...new Set(c.data)].filter((code) => products.has(code));
    categories.push({ id: c.categoryId, name: c.categoryName, slug, codes });
  }
  return { categories, products, extraSlugs };
}

/** The category a product is shown under when linked to: its first real category that lists it. */
export function homeCategoryId(index: MenuIndex, code: string): number | undefined {
  const listing = index.categories.filter((c) => c.codes.includes(code));
  return (listing.find((c) => !WHOLE_MENU_CATEGORY_IDS.has(c.id)) ?? listing[0])?.id;
}

/** Pizzas (and anything else the menu marks customisable) open the customise screen. */
export function isCustomisable(p: MenuProduct): boolean {
  return p.metadataMap.isCustomizable && p.variants.length > 0;
}

/** Where tapping a product leads: customise for customisable ones, else the product on the menu. */
export function productHref(index: MenuIndex, p: MenuProduct): string {
  if (isCustomisable(p)) return paths.customise({ pizzaId: p.menuCode });
  const categoryId = homeCategoryId(index, p.menuCode);
  const q = new URLSearchParams();
  if (categoryId !== undefined) q.set('categoryId', String(categoryId));
  q.set('pizzaId', p.menuCode);
  return paths.menu({ query: q });
}

export function imageOf(p: MenuProduct): string | undefined {
  return p.mediaList.find((m) => m.type === 'image')?.url;
}

export function toSortable(p: MenuProduct): SortableItem & { product: MenuProduct } {
  return {
    code: p.menuCode,
    foodType: p.foodType,
    currentPrice: p.price.currentPrice,
    regularPrice: p.price.regularPrice,
    product: p,
  };
}

export function toCustomisable(p: MenuProduct): CustomisableProduct {
  return {
    code: p.menuCode,
    foodType: p.foodType,
    isCustomizable: p.metadataMap.isCustomizable,
    isReplaceable: p.metadataMap.isReplaceable,
    defaultToppingIds: p.defaultToppingIds,
    variants: p.variants.map((v) => ({ crustId: v.crustId, sizeId: v.sizeId, price: paise(v.price) })),
  };
}

function toPriced(t: Topping): PricedTopping {
  const prices: Record<number, Paise> = {};
  for (const x of t.prices) prices[x.sizeId] = paise(x.price);
  return { id: t.toppingId, foodType: t.foodType, prices };
}

/** Toppings by id for the domain's pricing, extra cheese (item 51) included. */
export function pricedToppings(toppings: Toppings | undefined): Map<number, PricedTopping> {
  const map = new Map<number, PricedTopping>();
  if (!toppings) return map;
  for (const t of toppings.toppings)
    if (t.toppingId !== EXTRA_CHEESE_ITEM_ID) map.set(t.toppingId, toPriced(t));
  map.set(EXTRA_CHEESE_ITEM_ID, toPriced({ ...toppings.extraCheese, toppingId: EXTRA_CHEESE_ITEM_ID }));
  return map;
}

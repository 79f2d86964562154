/** SPEC §2 category id ↔ slug table. Extra categories may come from server data. */
export const CATEGORY_SLUGS = {
  0: 'favourites',
  1: 'bestsellers',
  2: 'veg-pizza',
  3: 'non-veg-pizza',
  4: 'sides',
  5: 'beverages',
  20: 'pizza-mania',
  26: 'dessert',
  46: 'speciality-chicken',
  50: 'combos',
  51: 'world-pizza-league',
  71: 'indian-masala-pizza',
  76: 'daily-essentials',
  77: 'pasta-pizza-party',
} as const satisfies Record<number, string>;

export type KnownCategoryId = keyof typeof CATEGORY_SLUGS;
export type CategorySlug = (typeof CATEGORY_SLUGS)[KnownCategoryId];

export const CATEGORY_IDS = Object.keys(CATEGORY_SLUGS).map(Number) as KnownCategoryId[];

export const BESTSELLERS_CATEGORY_ID = 1;
export const FAVOURITES_CATEGORY_ID = 0;

/** Slugs that open the whole menu rather than one category (SPEC §2). */
const WHOLE_MENU_SLUGS: ReadonlySet<string> = new Set(['bestsellers', 'daily-essentials']);

export function slugForCategoryId(id: number): string | undefined {
  return (CATEGORY_SLUGS as Record<number, string>)[id];
}

export function categoryIdForSlug(slug: string): number | undefined {
  for (const id of CATEGORY_IDS) if (CATEGORY_SLUGS[id] === slug) return id;
  return undefined;
}

/** A slug for a category that is not in the table: from its name, lower-case words joined by '-'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type MenuRoute =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'product'; categoryId: number | undefined; productCode: string }
  | { kind: 'unknown'; slug: string };

/**
 * Resolves /menu, /menu/{slug} and /menu?categoryId=&pizzaId= to what the menu screen shows.
 * `extraSlugs` maps slugs of server-provided categories to their ids.
 */
export function resolveMenuRoute(
  slug: string | undefined,
  query: { categoryId?: string | null; pizzaId?: string | null },
  extraSlugs: ReadonlyMap<string, number> = new Map(),
): MenuRoute {
  if (slug !== undefined && slug !== '') {
    if (WHOLE_MENU_SLUGS.has(slug)) return { kind: 'all' };
    const id = categoryIdForSlug(slug) ?? extraSlugs.get(slug);
    return id === undefined ? { kind: 'unknown', slug } : { kind: 'category', categoryId: id };
  }
  const rawCategory = query.categoryId ?? '';
  const categoryId = /^\d+$/.test(rawCategory) ? Number(rawCategory) : undefined;
  const pizzaId = query.pizzaId ?? '';
  if (pizzaId) return { kind: 'product', categoryId, productCode: pizzaId };
  if (categoryId !== undefined) return { kind: 'category', categoryId };
  return { kind: 'all' };
}

/** SPEC §3: the product type is PIZZA when the code starts with PIZ. */
export function isPizzaCode(code: string): boolean {
  return code.startsWith('PIZ');
}

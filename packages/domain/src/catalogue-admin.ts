/**
 * The chain's menu as the back office runs it (issue 30 §2; docs/back-office.md "Menu"): a product's life, the
 * FSSAI allergens and nutrients every size sold must declare before it is published, and which price a variant
 * sells at in a store at a moment (store beats city beats chain; the latest started entry of a scope wins).
 */

/** DRAFT: being made, never shown; PUBLISHED: sold; HIDDEN: off the menu for now; RETIRED: for good (kept). */
export const PRODUCT_STATUSES = ['DRAFT', 'PUBLISHED', 'HIDDEN', 'RETIRED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const MOVES: Record<ProductStatus, readonly ProductStatus[]> = {
  DRAFT: ['PUBLISHED', 'RETIRED'],
  PUBLISHED: ['HIDDEN', 'RETIRED'],
  HIDDEN: ['PUBLISHED', 'RETIRED'],
  RETIRED: [],
};

/** Whether a product may go from one status to another (staying put is no move). */
export const mayMoveProduct = (from: ProductStatus, to: ProductStatus): boolean => MOVES[from].includes(to);

/** The allergens FSSAI's labelling regulations (2020) ask to be declared, in their order. */
export const FSSAI_ALLERGENS = [
  { code: 'GLUTEN', name: 'Cereals containing gluten' },
  { code: 'CRUSTACEANS', name: 'Crustaceans' },
  { code: 'EGGS', name: 'Eggs' },
  { code: 'FISH', name: 'Fish' },
  { code: 'PEANUTS', name: 'Peanuts' },
  { code: 'SOY', name: 'Soy' },
  { code: 'MILK', name: 'Milk' },
  { code: 'TREE_NUTS', name: 'Tree nuts' },
  { code: 'SULPHITE', name: 'Sulphite' },
] as const;
export type AllergenCode = (typeof FSSAI_ALLERGENS)[number]['code'];
export const ALLERGEN_CODES = FSSAI_ALLERGENS.map((a) => a.code) as [AllergenCode, ...AllergenCode[]];

export const allergenName = (code: AllergenCode): string =>
  FSSAI_ALLERGENS.find((a) => a.code === code)?.name ?? code;

/** The nutrients a size declares, each with its unit and the largest value a serving may plausibly have. */
export const NUTRIENTS = [
  { key: 'servingSizeG', name: 'Serving size', unit: 'g', max: 3000 },
  { key: 'energyKcal', name: 'Energy', unit: 'kcal', max: 10_000 },
  { key: 'proteinG', name: 'Protein', unit: 'g', max: 1000 },
  { key: 'carbohydrateG', name: 'Carbohydrate', unit: 'g', max: 2000 },
  { key: 'sugarG', name: 'Total sugars', unit: 'g', max: 1000 },
  { key: 'fatG', name: 'Total fat', unit: 'g', max: 1000 },
  { key: 'sodiumMg', name: 'Sodium', unit: 'mg', max: 50_000 },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];
export type Nutrition = Record<NutrientKey, number>;

/**
 * The sizes a product is sold in that have no nutrition yet: publishing is refused until this is empty
 * (FSSAI asks a chain of 10+ outlets to show them for every item, online too).
 */
export function sizesMissingNutrition(
  soldSizeIds: Iterable<number>,
  declaredSizeIds: Iterable<number>,
): number[] {
  const declared = new Set(declaredSizeIds);
  return [...new Set(soldSizeIds)].filter((id) => !declared.has(id)).sort((a, b) => a - b);
}

/** Whether the parts of a serving add up: sugars are carbohydrate; protein, carbohydrate and fat fit in it. */
export function nutritionProblem(n: Nutrition): { key: NutrientKey; problem: string } | null {
  if (n.sugarG > n.carbohydrateG)
    return { key: 'sugarG', problem: 'Sugars are part of the carbohydrate: they cannot be more than it.' };
  if (n.proteinG + n.carbohydrateG + n.fatG > n.servingSizeG)
    return {
      key: 'servingSizeG',
      problem: 'Protein, carbohydrate and fat together cannot weigh more than the serving.',
    };
  return null;
}

// ---- price lists

/** Where a price applies: every store of the chain, a city's stores, or one store. */
export type PriceScope =
  { kind: 'chain' } | { kind: 'city'; cityId: string } | { kind: 'store'; storeId: number };

/** One entry of a price list: a variant's price in a scope, from a moment on (null: at once). */
export interface PriceEntry {
  variantCode: string;
  scope: PriceScope;
  pricePaise: number;
  regularPricePaise: number;
  /** ms since the epoch; null: in force since it was made */
  startsAt: number | null;
}

const SPECIFICITY = { store: 3, city: 2, chain: 1 } as const;

function appliesTo(scope: PriceScope, store: { storeId: number; cityId: string }): boolean {
  return (
    scope.kind === 'chain' ||
    (scope.kind === 'city' && scope.cityId === store.cityId) ||
    (scope.kind === 'store' && scope.storeId === store.storeId)
  );
}

/**
 * The entry a variant sells at, in one store, at one moment: of the entries for it in force then, the most
 * specific scope's (store beats city beats chain), and within it the one that started last. Null: no entry,
 * the variant's own (chain) price.
 */
export function priceInForce<E extends PriceEntry>(
  entries: readonly E[],
  variantCode: string,
  store: { storeId: number; cityId: string },
  now: number,
): E | null {
  let best: E | null = null;
  for (const e of entries) {
    if (e.variantCode !== variantCode || !appliesTo(e.scope, store)) continue;
    if (e.startsAt !== null && e.startsAt > now) continue;
    if (!best) {
      best = e;
      continue;
    }
    const a = SPECIFICITY[e.scope.kind];
    const b = SPECIFICITY[best.scope.kind];
    if (a > b || (a === b && (e.startsAt ?? -Infinity) > (best.startsAt ?? -Infinity))) best = e;
  }
  return best;
}

/** The first moment after `now` that an entry for this store starts: its menu must be composed again then. */
export function nextPriceChange(
  entries: readonly PriceEntry[],
  store: { storeId: number; cityId: string },
  now: number,
): number | null {
  let next: number | null = null;
  for (const e of entries)
    if (e.startsAt !== null && e.startsAt > now && appliesTo(e.scope, store))
      next = next === null ? e.startsAt : Math.min(next, e.startsAt);
  return next;
}

/** Two entries clash when they price the same variant in the same scope from the same moment. */
export function sameSlot(a: PriceEntry, b: PriceEntry): boolean {
  return (
    a.variantCode === b.variantCode && scopeKey(a.scope) === scopeKey(b.scope) && a.startsAt === b.startsAt
  );
}

export function scopeKey(scope: PriceScope): string {
  return scope.kind === 'chain'
    ? 'chain'
    : scope.kind === 'city'
      ? `city:${scope.cityId}`
      : `store:${scope.storeId}`;
}

// ---- photos

/** What an uploaded photo must be (issue 30 §2), and the widths the menu is given. */
export const PHOTO_LIMITS = { maxBytes: 5 * 1024 * 1024, minSide: 320, maxSide: 6000 } as const;
export const PHOTO_WIDTHS = [160, 320, 640] as const;
export const PHOTO_FORMATS = ['webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

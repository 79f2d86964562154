import { and, asc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  appConfig,
  categories,
  cities,
  crusts,
  photos,
  productNutrition,
  products,
  productVariants,
  sizes,
  storeProductOverrides,
  stores,
  toppingPrices,
  toppings,
  variantPrices,
} from '../../db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type NutritionRow = typeof productNutrition.$inferSelect;
export type ToppingRow = typeof toppings.$inferSelect;
export type PriceRow = typeof variantPrices.$inferSelect;

/** The next version of a row: every save bumps it, conditional on the version the caller read. */
const bump = (t: { version: AnyPgColumn }) => sql`${t.version} + 1`;

// ---- the whole catalogue, as the back office sees it (hidden, drafts and retired included)

export async function adminCatalogue(db: Db) {
  const [cats, crustRows, sizeRows, productRows, variantRows, nutritionRows, toppingRows, toppingPriceRows] =
    await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
      db.select({ id: crusts.id, name: crusts.name }).from(crusts).orderBy(asc(crusts.id)),
      db.select({ id: sizes.id, code: sizes.code, name: sizes.name }).from(sizes).orderBy(asc(sizes.id)),
      db.select().from(products).orderBy(asc(products.sortOrder), asc(products.code)),
      db.select().from(productVariants).orderBy(asc(productVariants.sizeId), asc(productVariants.crustId)),
      db.select().from(productNutrition).orderBy(asc(productNutrition.sizeId)),
      db.select().from(toppings).orderBy(asc(toppings.sortOrder), asc(toppings.id)),
      db.select().from(toppingPrices).orderBy(asc(toppingPrices.sizeId)),
    ]);
  return {
    categories: cats,
    crusts: crustRows,
    sizes: sizeRows,
    products: productRows,
    variants: variantRows,
    nutrition: nutritionRows,
    toppings: toppingRows,
    toppingPrices: toppingPriceRows,
    photos: await photoSizes(
      db,
      productRows.flatMap((p) => (p.photoId ? [p.photoId] : [])),
    ),
  };
}

// ---- categories

export async function categoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
  return (await db.select().from(categories).where(eq(categories.id, id)).limit(1))[0];
}

export async function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** A new category after every other, its id past the SPEC's table (ids under 100 are the SPEC's). */
export async function insertCategory(
  db: Db,
  row: { slug: string; name: string; hidden: boolean },
): Promise<CategoryRow> {
  const [top] = await db.select({ id: max(categories.id), sort: max(categories.sortOrder) }).from(categories);
  const id = Math.max((top?.id ?? 0) + 1, 100);
  const [created] = await db
    .insert(categories)
    .values({ id, ...row, sortOrder: (top?.sort ?? 0) + 1 })
    .returning();
  return created!;
}

export async function updateCategory(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<CategoryRow, 'name' | 'hidden' | 'sortOrder'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(categories)
    .set({ ...set, version: bump(categories) })
    .where(and(eq(categories.id, id), eq(categories.version, version)))
    .returning();
  return row;
}

/** Locks the categories for a new order: two reorders at once queue, the second seeing the first's. */
export async function lockCategories(db: Db): Promise<void> {
  await db.execute(sql`select 1 from ${categories} for update`);
}

// ---- products and variants

export async function productByCode(db: Db, code: string): Promise<ProductRow | undefined> {
  return (await db.select().from(products).where(eq(products.code, code)).limit(1))[0];
}

export async function nextProductSort(db: Db): Promise<number> {
  const [top] = await db.select({ sort: max(products.sortOrder) }).from(products);
  return (top?.sort ?? 0) + 1;
}

export async function insertProduct(db: Db, row: typeof products.$inferInsert): Promise<ProductRow> {
  const [created] = await db.insert(products).values(row).returning();
  return created!;
}

export async function updateProduct(
  db: Db,
  code: string,
  version: number,
  set: Partial<Omit<ProductRow, 'code' | 'version'>>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...set, version: bump(products) })
    .where(and(eq(products.code, code), eq(products.version, version)))
    .returning();
  return row;
}

export function variantsOf(db: Db, productCode: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productCode, productCode))
    .orderBy(asc(productVariants.sizeId), asc(productVariants.crustId));
}

export async function variantByCode(db: Db, code: string): Promise<VariantRow | undefined> {
  return (await db.select().from(productVariants).where(eq(productVariants.code, code)).limit(1))[0];
}

export async function insertVariant(db: Db, row: typeof productVariants.$inferInsert): Promise<VariantRow> {
  const [created] = await db.insert(productVariants).values(row).returning();
  return created!;
}

export async function updateVariant(
  db: Db,
  code: string,
  version: number,
  set: Partial<Pick<VariantRow, 'pricePaise' | 'regularPricePaise' | 'retired'>>,
): Promise<VariantRow | undefined> {
  const [row] = await db
    .update(productVariants)
    .set({ ...set, version: bump(productVariants) })
    .where(and(eq(productVariants.code, code), eq(productVariants.version, version)))
    .returning();
  return row;
}

export function nutritionOf(db: Db, productCode: string): Promise<NutritionRow[]> {
  return db
    .select()
    .from(productNutrition)
    .where(eq(productNutrition.productCode, productCode))
    .orderBy(asc(productNutrition.sizeId));
}

export async function insertNutrition(
  db: Db,
  row: Omit<NutritionRow, 'version'>,
): Promise<NutritionRow | undefined> {
  const [created] = await db.insert(productNutrition).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateNutrition(
  db: Db,
  key: { productCode: string; sizeId: number },
  version: number,
  set: Omit<NutritionRow, 'version' | 'productCode' | 'sizeId'>,
): Promise<NutritionRow | undefined> {
  const [row] = await db
    .update(productNutrition)
    .set({ ...set, version: bump(productNutrition) })
    .where(
      and(
        eq(productNutrition.productCode, key.productCode),
        eq(productNutrition.sizeId, key.sizeId),
        eq(productNutrition.version, version),
      ),
    )
    .returning();
  return row;
}

// ---- toppings

export async function toppingById(db: Db, id: number): Promise<ToppingRow | undefined> {
  return (await db.select().from(toppings).where(eq(toppings.id, id)).limit(1))[0];
}

export function pricesOfTopping(db: Db, toppingId: number) {
  return db
    .select({ sizeId: toppingPrices.sizeId, pricePaise: toppingPrices.pricePaise })
    .from(toppingPrices)
    .where(eq(toppingPrices.toppingId, toppingId))
    .orderBy(asc(toppingPrices.sizeId));
}

/** A new topping after the others; ids past the extra cheese (51) and the seed's, one more than the largest. */
export async function insertTopping(db: Db, row: { name: string; foodType: string }): Promise<ToppingRow> {
  const [top] = await db.select({ id: max(toppings.id), sort: max(toppings.sortOrder) }).from(toppings);
  const [created] = await db
    .insert(toppings)
    .values({ id: Math.max((top?.id ?? 0) + 1, 100), ...row, sortOrder: (top?.sort ?? 0) + 1 })
    .returning();
  return created!;
}

export async function updateTopping(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<ToppingRow, 'name' | 'foodType' | 'sortOrder'>>,
): Promise<ToppingRow | undefined> {
  const [row] = await db
    .update(toppings)
    .set({ ...set, version: bump(toppings) })
    .where(and(eq(toppings.id, id), eq(toppings.version, version)))
    .returning();
  return row;
}

export async function replaceToppingPrices(
  db: Db,
  toppingId: number,
  prices: { sizeId: number; pricePaise: number }[],
): Promise<void> {
  await db.delete(toppingPrices).where(eq(toppingPrices.toppingId, toppingId));
  await db.insert(toppingPrices).values(prices.map((p) => ({ toppingId, ...p })));
}

// ---- what a body may name

export async function existingIds(
  db: Db,
  table: 'categories' | 'toppings' | 'crusts' | 'sizes',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const t = { categories, toppings, crusts, sizes }[table];
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- price lists

export interface PriceFilter {
  productCode?: string | undefined;
  /** entries of these stores, of their cities, and the chain's; 'chain': every entry */
  reach: 'chain' | { stores: number[]; cities: string[] };
  storeId?: number | undefined;
  cityId?: string | undefined;
}

export function listPrices(db: Db, f: PriceFilter) {
  const where: (SQL | undefined)[] = [];
  if (f.productCode) where.push(eq(productVariants.productCode, f.productCode));
  if (f.storeId !== undefined) where.push(eq(variantPrices.storeId, f.storeId));
  if (f.cityId !== undefined) where.push(eq(variantPrices.cityId, f.cityId));
  if (f.reach !== 'chain')
    where.push(
      or(
        and(isNull(variantPrices.storeId), isNull(variantPrices.cityId)),
        f.reach.stores.length > 0 ? inArray(variantPrices.storeId, f.reach.stores) : undefined,
        f.reach.cities.length > 0 ? inArray(variantPrices.cityId, f.reach.cities) : undefined,
      ),
    );
  return db
    .select({ price: variantPrices, productCode: productVariants.productCode })
    .from(variantPrices)
    .innerJoin(productVariants, eq(productVariants.code, variantPrices.variantCode))
    .where(and(...where))
    .orderBy(asc(variantPrices.variantCode), asc(variantPrices.startsAt), asc(variantPrices.id));
}

export async function priceById(db: Db, id: number) {
  const [row] = await db
    .select({ price: variantPrices, productCode: productVariants.productCode })
    .from(variantPrices)
    .innerJoin(productVariants, eq(productVariants.code, variantPrices.variantCode))
    .where(eq(variantPrices.id, id))
    .limit(1);
  return row;
}

export async function insertPrices(db: Db, rows: (typeof variantPrices.$inferInsert)[]): Promise<PriceRow[]> {
  return db.insert(variantPrices).values(rows).returning();
}

export async function updatePrice(
  db: Db,
  id: number,
  version: number,
  set: Partial<Pick<PriceRow, 'pricePaise' | 'regularPricePaise' | 'startsAt'>>,
): Promise<PriceRow | undefined> {
  const [row] = await db
    .update(variantPrices)
    .set({ ...set, version: bump(variantPrices) })
    .where(and(eq(variantPrices.id, id), eq(variantPrices.version, version)))
    .returning();
  return row;
}

export async function deletePrice(db: Db, id: number, version: number): Promise<PriceRow | undefined> {
  const [row] = await db
    .delete(variantPrices)
    .where(and(eq(variantPrices.id, id), eq(variantPrices.version, version)))
    .returning();
  return row;
}

export async function storeCity(db: Db, storeId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ cityId: stores.cityId })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return row?.cityId;
}

export async function cityExists(db: Db, cityId: string): Promise<boolean> {
  return (await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1)).length > 0;
}

export async function storesOfCities(db: Db, cityIds: string[]): Promise<number[]> {
  if (cityIds.length === 0) return [];
  const rows = await db.select({ id: stores.id }).from(stores).where(inArray(stores.cityId, cityIds));
  return rows.map((r) => r.id);
}

export async function citiesOfStores(db: Db, storeIds: readonly number[]): Promise<string[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ cityId: stores.cityId })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
  return rows.map((r) => r.cityId);
}

/** Every store, or those of one city or one store: whose menus a change reaches. */
export async function storesOfScope(db: Db, scope: { storeId: number | null; cityId: string | null }) {
  if (scope.storeId !== null) return [scope.storeId];
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(scope.cityId !== null ? eq(stores.cityId, scope.cityId) : undefined);
  return rows.map((r) => r.id);
}

export async function allStoreIds(db: Db): Promise<number[]> {
  return (await db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id))).map((r) => r.id);
}

// ---- per-store availability

export type OverrideRow = typeof storeProductOverrides.$inferSelect;

/** Stores (every one, or these) with their city's name and their own setting for one product, if any. */
export function storesWithOverride(db: Db, productCode: string, storeIds: readonly number[] | 'all') {
  return db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      cityId: stores.cityId,
      cityName: cities.name,
      available: storeProductOverrides.available,
      inStock: storeProductOverrides.inStock,
      version: storeProductOverrides.version,
    })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(
      storeProductOverrides,
      and(eq(storeProductOverrides.storeId, stores.id), eq(storeProductOverrides.productCode, productCode)),
    )
    .where(storeIds === 'all' ? undefined : inArray(stores.id, [...storeIds]))
    .orderBy(asc(cities.name), asc(stores.name), asc(stores.id));
}

export async function overrideOf(db: Db, storeId: number, productCode: string) {
  const [row] = await db
    .select()
    .from(storeProductOverrides)
    .where(
      and(eq(storeProductOverrides.storeId, storeId), eq(storeProductOverrides.productCode, productCode)),
    )
    .limit(1);
  return row;
}

/** A store's first setting for a product; none when another save made one meanwhile (stale). */
export async function insertAvailability(
  db: Db,
  storeId: number,
  productCode: string,
  available: boolean,
): Promise<OverrideRow | undefined> {
  const [row] = await db
    .insert(storeProductOverrides)
    .values({ storeId, productCode, available })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The store's setting changed on the version read; none when it has changed meanwhile (stale). */
export async function updateAvailability(
  db: Db,
  storeId: number,
  productCode: string,
  version: number,
  available: boolean,
): Promise<OverrideRow | undefined> {
  const [row] = await db
    .update(storeProductOverrides)
    .set({ available, version: sql`${storeProductOverrides.version} + 1` })
    .where(
      and(
        eq(storeProductOverrides.storeId, storeId),
        eq(storeProductOverrides.productCode, productCode),
        eq(storeProductOverrides.version, version),
      ),
    )
    .returning();
  return row;
}

// ---- photos

export function photoSizes(db: Db, photoIds: string[]) {
  if (photoIds.length === 0) return Promise.resolve([]);
  return db
    .select({ photoId: photos.photoId, width: photos.width, height: photos.height, format: photos.format })
    .from(photos)
    .where(inArray(photos.photoId, photoIds));
}

export async function photoBytes(
  db: Db,
  key: { photoId: string; width: number; format: string },
): Promise<{ bytes: Uint8Array; height: number } | undefined> {
  const [row] = await db
    .select({ bytes: photos.bytes, height: photos.height })
    .from(photos)
    .where(and(eq(photos.photoId, key.photoId), eq(photos.width, key.width), eq(photos.format, key.format)))
    .limit(1);
  return row;
}

export async function insertPhotos(
  db: Db,
  rows: { photoId: string; width: number; height: number; format: string; bytes: Uint8Array }[],
): Promise<void> {
  await db.insert(photos).values(rows).onConflictDoNothing();
}

export function adminSizes(db: Db) {
  return db.select({ id: sizes.id, code: sizes.code, name: sizes.name }).from(sizes).orderBy(asc(sizes.id));
}

// ---- what the chain lets store managers do (app_config 'chain-rules')

export const CHAIN_RULES_KEY = 'chain-rules';

export async function chainRules(db: Db): Promise<{ storePrices: boolean; version: number }> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, CHAIN_RULES_KEY));
  const v = (row?.value ?? {}) as { storePrices?: unknown; version?: unknown };
  return { storePrices: v.storePrices === true, version: typeof v.version === 'number' ? v.version : 0 };
}

/** The rules saved over the version read (0: never saved); false when someone saved in between. */
export async function saveChainRules(db: Db, version: number, storePrices: boolean): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(727030)`);
  if ((await chainRules(db)).version !== version) return false;
  await db
    .insert(appConfig)
    .values({ key: CHAIN_RULES_KEY, value: { storePrices, version: version + 1 } })
    .onConflictDoUpdate({ target: appConfig.key, set: { value: { storePrices, version: version + 1 } } });
  return true;
}

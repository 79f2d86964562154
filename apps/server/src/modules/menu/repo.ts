import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  crusts,
  menuSnapshots,
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

export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogue>>;

/**
 * The chain-wide menu customers may see: published products, their variants still sold, visible categories,
 * nutrition, photo sizes and every price list entry (each store's menu picks its own). Per-store overrides apart.
 */
export async function loadCatalogue(db: Db) {
  const [cats, crustRows, sizeRows, productRows, variantRows, toppingRows, toppingPriceRows] =
    await Promise.all([
      db
        .select()
        .from(categories)
        .where(eq(categories.hidden, false))
        .orderBy(asc(categories.sortOrder), asc(categories.id)),
      db.select().from(crusts).orderBy(asc(crusts.id)),
      db.select().from(sizes).orderBy(asc(sizes.id)),
      db
        .select()
        .from(products)
        .where(eq(products.status, 'PUBLISHED'))
        .orderBy(asc(products.sortOrder), asc(products.code)),
      db
        .select()
        .from(productVariants)
        .where(eq(productVariants.retired, false))
        .orderBy(asc(productVariants.sizeId), asc(productVariants.crustId)),
      db.select().from(toppings).orderBy(asc(toppings.sortOrder), asc(toppings.id)),
      db.select().from(toppingPrices),
    ]);
  const [nutrition, prices, photoRows] = await Promise.all([
    db.select().from(productNutrition),
    db
      .select({
        variantCode: variantPrices.variantCode,
        storeId: variantPrices.storeId,
        cityId: variantPrices.cityId,
        pricePaise: variantPrices.pricePaise,
        regularPricePaise: variantPrices.regularPricePaise,
        startsAt: variantPrices.startsAt,
      })
      .from(variantPrices),
    photoSizes(
      db,
      productRows.flatMap((p) => (p.photoId ? [p.photoId] : [])),
    ),
  ]);
  return {
    categories: cats,
    crusts: crustRows,
    sizes: sizeRows,
    products: productRows,
    variants: variantRows,
    toppings: toppingRows,
    toppingPrices: toppingPriceRows,
    nutrition,
    prices,
    photos: photoRows,
  };
}

/** The renditions of these photos (without their bytes): width, height and format of each. */
export function photoSizes(db: Db, photoIds: string[]) {
  if (photoIds.length === 0) return Promise.resolve([]);
  return db
    .select({ photoId: photos.photoId, width: photos.width, height: photos.height, format: photos.format })
    .from(photos)
    .where(inArray(photos.photoId, photoIds));
}

export function loadOverrides(db: Db, storeIds: number[]) {
  return db.select().from(storeProductOverrides).where(inArray(storeProductOverrides.storeId, storeIds));
}

export function listStoreIds(db: Db) {
  return db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id));
}

/** Stores with their city: a city's price list reaches the stores of the city. */
export function storeCities(db: Db, storeIds: number[]) {
  return db.select({ id: stores.id, cityId: stores.cityId }).from(stores).where(inArray(stores.id, storeIds));
}

/** Stores whose menu holds a price that a scheduled entry replaces by `now`. */
export async function dueSnapshotStores(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ storeId: menuSnapshots.storeId })
    .from(menuSnapshots)
    .where(and(isNotNull(menuSnapshots.nextChangeAt), lte(menuSnapshots.nextChangeAt, now)));
  return rows.map((r) => r.storeId);
}

export async function findSnapshot(db: Db, storeId: number) {
  const rows = await db.select().from(menuSnapshots).where(eq(menuSnapshots.storeId, storeId)).limit(1);
  return rows[0];
}

export function listSnapshotVersions(db: Db) {
  return db.select({ storeId: menuSnapshots.storeId, version: menuSnapshots.version }).from(menuSnapshots);
}

export async function saveSnapshot(
  db: Db,
  row: {
    storeId: number;
    version: string;
    menuBody: string;
    toppingsBody: string;
    nextChangeAt: Date | null;
  },
): Promise<void> {
  await db
    .insert(menuSnapshots)
    .values({ ...row, builtAt: new Date() })
    .onConflictDoUpdate({
      target: menuSnapshots.storeId,
      set: {
        version: row.version,
        menuBody: row.menuBody,
        toppingsBody: row.toppingsBody,
        nextChangeAt: row.nextChangeAt,
        builtAt: new Date(),
      },
    });
}

/** Changes how one store sells one product (stock, availability, price), keeping what is not given. */
export async function upsertOverride(
  db: Db,
  storeId: number,
  productCode: string,
  change: { available?: boolean; inStock?: boolean; priceDeltaPaise?: number },
): Promise<void> {
  await db
    .insert(storeProductOverrides)
    .values({ storeId, productCode, ...change })
    .onConflictDoUpdate({
      target: [storeProductOverrides.storeId, storeProductOverrides.productCode],
      set: change,
    });
}

export async function productExists(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: products.code })
    .from(products)
    .where(eq(products.code, code))
    .limit(1);
  return rows.length > 0;
}

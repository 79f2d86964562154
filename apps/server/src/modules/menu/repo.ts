import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  crusts,
  menuSnapshots,
  products,
  productVariants,
  sizes,
  storeProductOverrides,
  stores,
  toppingPrices,
  toppings,
} from '../../db/schema.ts';

export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogue>>;

/** The chain-wide menu: everything but the per-store overrides. */
export async function loadCatalogue(db: Db) {
  const [cats, crustRows, sizeRows, productRows, variantRows, toppingRows, toppingPriceRows] =
    await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sortOrder)),
      db.select().from(crusts).orderBy(asc(crusts.id)),
      db.select().from(sizes).orderBy(asc(sizes.id)),
      db.select().from(products).orderBy(asc(products.sortOrder), asc(products.code)),
      db.select().from(productVariants).orderBy(asc(productVariants.sizeId), asc(productVariants.crustId)),
      db.select().from(toppings).orderBy(asc(toppings.sortOrder), asc(toppings.id)),
      db.select().from(toppingPrices),
    ]);
  return {
    categories: cats,
    crusts: crustRows,
    sizes: sizeRows,
    products: productRows,
    variants: variantRows,
    toppings: toppingRows,
    toppingPrices: toppingPriceRows,
  };
}

export function loadOverrides(db: Db, storeIds: number[]) {
  return db.select().from(storeProductOverrides).where(inArray(storeProductOverrides.storeId, storeIds));
}

export function listStoreIds(db: Db) {
  return db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id));
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
  row: { storeId: number; version: string; menuBody: string; toppingsBody: string },
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

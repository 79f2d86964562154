import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products, staff, stores, storeProductOverrides } from '../../db/schema.ts';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaff(db: Db, username: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** A new password hash; `mustChange` marks a one-time password its owner has to replace. */
export async function setStaffPassword(
  db: Db,
  id: string,
  passwordHash: string,
  mustChange: boolean,
): Promise<void> {
  await db.update(staff).set({ passwordHash, mustChangePassword: mustChange }).where(eq(staff.id, id));
}

export async function insertStaff(db: Db, rows: (typeof staff.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(staff).values(rows).onConflictDoNothing();
}

const storeColumns = {
  id: stores.id,
  name: stores.name,
  online: stores.online,
  advanceOrderStoreId: stores.advanceOrderStoreId,
};

export function listStores(db: Db, storeId: number | null) {
  const q = db.select(storeColumns).from(stores);
  return (storeId === null ? q : q.where(eq(stores.id, storeId))).orderBy(asc(stores.id));
}

export async function setOnline(db: Db, storeId: number, online: boolean) {
  const [row] = await db.update(stores).set({ online }).where(eq(stores.id, storeId)).returning(storeColumns);
  return row;
}

/** The store's products with whether each is sold and in stock there (no override: both). */
export function storeProducts(db: Db, storeId: number) {
  return db
    .select({
      code: products.code,
      name: products.name,
      categoryIds: products.categoryIds,
      sortOrder: products.sortOrder,
      available: storeProductOverrides.available,
      inStock: storeProductOverrides.inStock,
    })
    .from(products)
    .leftJoin(
      storeProductOverrides,
      and(eq(storeProductOverrides.productCode, products.code), eq(storeProductOverrides.storeId, storeId)),
    )
    .orderBy(asc(products.sortOrder), asc(products.name));
}

export function listCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, sortOrder: categories.sortOrder })
    .from(categories);
}

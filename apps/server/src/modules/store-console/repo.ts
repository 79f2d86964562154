import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StaffReach } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { categories, products, stores, storeProductOverrides } from '../../db/schema.ts';

const storeColumns = {
  id: stores.id,
  name: stores.name,
  online: stores.online,
  advanceOrderStoreId: stores.advanceOrderStoreId,
};

/** The stores a login reaches, or one of them. */
export function listStores(db: Db, reach: StaffReach, storeId?: number) {
  const q = db.select(storeColumns).from(stores);
  const only = [
    ...(reach === 'chain' ? [] : [inArray(stores.id, [...reach])]),
    ...(storeId === undefined ? [] : [eq(stores.id, storeId)]),
  ];
  return (only.length > 0 ? q.where(and(...only)) : q).orderBy(asc(stores.id));
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

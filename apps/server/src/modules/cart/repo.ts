import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { carts, crusts, products, sizes } from '../../db/schema.ts';

export type CartRow = typeof carts.$inferSelect;
export type NewCartRow = typeof carts.$inferInsert;
export type CartChanges = Partial<
  Pick<
    CartRow,
    | 'storeId'
    | 'deliveryType'
    | 'lines'
    | 'tipPaise'
    | 'optionalCharge'
    | 'promoCode'
    | 'orderTimeSec'
    | 'selectedPaymentId'
    | 'notices'
    | 'recentKeys'
  >
>;

export async function insertCart(db: Db, row: NewCartRow): Promise<CartRow> {
  const rows = await db.insert(carts).values(row).returning();
  return rows[0]!;
}

export async function findCart(db: Db, id: string): Promise<CartRow | undefined> {
  const rows = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
  return rows[0];
}

/**
 * Writes the changes only if nobody else wrote since `version` was read; the caller re-reads and
 * re-applies its change when this answers undefined.
 */
export async function updateCartAt(
  db: Db,
  id: string,
  version: number,
  changes: CartChanges,
): Promise<CartRow | undefined> {
  const rows = await db
    .update(carts)
    .set({ ...changes, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(carts.id, id), eq(carts.version, version)))
    .returning();
  return rows[0];
}

/** Names of everything the chain sells, for lines a store no longer sells. */
export async function loadChainNames(db: Db) {
  const [productRows, crustRows, sizeRows] = await Promise.all([
    db.select({ code: products.code, name: products.name }).from(products),
    db.select({ id: crusts.id, name: crusts.name }).from(crusts),
    db.select({ id: sizes.id, name: sizes.name }).from(sizes),
  ]);
  return {
    products: new Map(productRows.map((r) => [r.code, r.name])),
    crusts: new Map(crustRows.map((r) => [r.id, r.name])),
    sizes: new Map(sizeRows.map((r) => [r.id, r.name])),
  };
}
export type ChainNames = Awaited<ReturnType<typeof loadChainNames>>;

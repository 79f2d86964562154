import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertParams, insertPlaceholders } from '../../db/prepared.ts';
import { carts, crusts, products, sizes } from '../../db/schema.ts';

export type CartRow = typeof carts.$inferSelect;
/** The columns a new cart is inserted with; the rest take their defaults. */
const CART_INSERT = [
  'id',
  'ownerId',
  'storeId',
  'deliveryType',
  'lines',
  'tipPaise',
  'optionalCharge',
  'promoCode',
  'orderTimeSec',
] as const satisfies readonly (keyof typeof carts.$inferInsert)[];

export type NewCartRow = Parameters<typeof insertParams<typeof carts, (typeof CART_INSERT)[number]>>[2];

export async function insertCart(db: Db, row: NewCartRow): Promise<CartRow> {
  const rows = await statements(db).insert.execute(insertParams(carts, CART_INSERT, row));
  return rows[0]!;
}

/**
 * The two queries every cart call makes, built once per database and sent as prepared statements:
 * building a Drizzle query costs more than PostgreSQL takes to run these (docs/performance.md).
 */
function prepare(db: Db) {
  return {
    insert: db
      .insert(carts)
      .values(insertPlaceholders(carts, CART_INSERT))
      .returning()
      .prepare('cart_insert'),
    find: db
      .select()
      .from(carts)
      .where(eq(carts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('cart_find'),
    update: db
      .update(carts)
      .set({
        storeId: sql`${sql.placeholder('storeId')}::int`,
        deliveryType: sql`${sql.placeholder('deliveryType')}::text`,
        lines: sql`${sql.placeholder('lines')}::jsonb`,
        tipPaise: sql`${sql.placeholder('tipPaise')}::int`,
        optionalCharge: sql`${sql.placeholder('optionalCharge')}::boolean`,
        promoCode: sql`${sql.placeholder('promoCode')}::text`,
        orderTimeSec: sql`${sql.placeholder('orderTimeSec')}::int`,
        selectedPaymentId: sql`${sql.placeholder('selectedPaymentId')}::text`,
        notices: sql`${sql.placeholder('notices')}::jsonb`,
        recentKeys: sql`${sql.placeholder('recentKeys')}::jsonb`,
        version: sql`${carts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(carts.id, sql.placeholder('id')), eq(carts.version, sql.placeholder('version'))))
      .returning({ version: carts.version })
      .prepare('cart_update'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) {
    s = prepare(db);
    prepared.set(db, s);
  }
  return s;
}

export async function findCart(db: Db, id: string): Promise<CartRow | undefined> {
  const rows = await statements(db).find.execute({ id });
  return rows[0];
}

/**
 * The cart, locked until the transaction ends: the write that had to wait for another process (decision 006, as
 * built) reads it so, and nobody can write it between this read and its own write. Waits at most `waitMs`.
 */
export async function findCartForUpdate(tx: Db, id: string, waitMs: number): Promise<CartRow | undefined> {
  // SET takes no parameters; the figure is a whole number of our own
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.ceil(waitMs))}`));
  const rows = await tx.select().from(carts).where(eq(carts.id, id)).limit(1).for('update');
  return rows[0];
}

/** PostgreSQL's lock_not_available: `lock_timeout` ran out. */
export function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '55P03') return true;
  return false;
}

export type CartWrite = Pick<
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
>;

/**
 * Writes the cart only if nobody else wrote since `version` was read, answering the new version; the
 * caller re-reads and re-applies its change when this answers undefined.
 */
export async function updateCartAt(
  db: Db,
  id: string,
  version: number,
  cart: CartWrite,
): Promise<number | undefined> {
  const rows = await statements(db).update.execute({
    id,
    version,
    storeId: cart.storeId,
    deliveryType: cart.deliveryType,
    lines: JSON.stringify(cart.lines),
    tipPaise: cart.tipPaise,
    optionalCharge: cart.optionalCharge,
    promoCode: cart.promoCode,
    orderTimeSec: cart.orderTimeSec,
    selectedPaymentId: cart.selectedPaymentId,
    notices: JSON.stringify(cart.notices),
    recentKeys: JSON.stringify(cart.recentKeys),
  });
  return rows[0]?.version;
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

/** The owner's most recently changed cart. */
export async function findLatestCartOf(db: Db, ownerId: string): Promise<CartRow | undefined> {
  const rows = await db
    .select()
    .from(carts)
    .where(eq(carts.ownerId, ownerId))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return rows[0];
}

/** Gives a cart to a new owner with the given lines, if nobody wrote it since `version`. */
export async function transferCart(
  db: Db,
  id: string,
  version: number,
  ownerId: string,
  lines: unknown,
): Promise<boolean> {
  const rows = await db
    .update(carts)
    .set({ ownerId, lines, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(carts.id, id), eq(carts.version, version)))
    .returning({ id: carts.id });
  return rows.length === 1;
}

export async function deleteCart(db: Db, id: string): Promise<void> {
  await db.delete(carts).where(eq(carts.id, id));
}

import { and, desc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, favouriteItems, orders, payments, stores } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type HistoryFilter = 'ALL' | 'DELIVERED' | 'CANCELLED' | 'FAVOURITE';

/**
 * The orders a history shows (docs/history.md): placed, failed and cancelled ones, and those still waiting for
 * their payment if they began after `pendingSince` (older ones are abandoned; the reconciler settles them).
 */
function shown(pendingSince: Date): SQL {
  return or(
    inArray(orders.status, ['placed', 'failed', 'cancelled']),
    and(eq(orders.status, 'payment_pending'), gte(orders.createdAt, pendingSince)),
  )!;
}

function filterOf(filter: HistoryFilter): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'DELIVERED':
      return and(eq(orders.status, 'placed'), inArray(orders.stage, ['DELIVERED', 'PICKED_UP']));
    case 'CANCELLED':
      // cancelled by the customer's side (status) or by the store (stage); failed payments are not here
      return or(eq(orders.status, 'cancelled'), eq(orders.stage, 'CANCELLED'));
    case 'FAVOURITE':
      return eq(orders.favourite, true);
    default: {
      const never: never = filter;
      throw new Error(`unknown history filter ${String(never)}`);
    }
  }
}

export interface HistoryRow {
  order: OrderRow;
  storeName: string;
}

/** One page of an owner's history, newest first; `limit` is the page size plus one to learn if more follow. */
export async function listHistory(
  db: Db,
  q: {
    ownerId: string;
    filter: HistoryFilter;
    pendingSince: Date;
    offset: number;
    limit: number;
    /** only orders to a train seat (SPEC §7 irctc order history) */
    trainOnly?: boolean;
  },
): Promise<HistoryRow[]> {
  const rows = await db
    .select({ order: orders, storeName: stores.name })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        eq(orders.ownerId, q.ownerId),
        shown(q.pendingSince),
        filterOf(q.filter),
        q.trainOnly ? eq(orders.deliveryType, 'IRCTC') : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows;
}

/** The owner's latest placed orders, newest first. */
export function latestPlaced(db: Db, ownerId: string, limit: number): Promise<HistoryRow[]> {
  return db
    .select({ order: orders, storeName: stores.name })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.ownerId, ownerId), eq(orders.status, 'placed')))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit);
}

/** An order with its payment and store, only when it is this owner's (someone else's reads as missing). */
export async function findOwnedOrder(
  db: Db,
  ownerId: string,
  orderId: string,
): Promise<{ order: OrderRow; payment: PaymentRow | null; store: StoreForInvoice } | undefined> {
  const [row] = await db
    .select({
      order: orders,
      payment: payments,
      store: {
        id: stores.id,
        name: stores.name,
        address: stores.address,
        phone: stores.phone,
        state: cities.state,
      },
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.ownerId, ownerId)));
  return row;
}

export interface StoreForInvoice {
  id: number;
  name: string;
  address: string;
  phone: string;
  /** the state's name, e.g. "Karnataka" (its GST state code is derived from it) */
  state: string;
}

/** Sets an owned order's favourite flag; false when there is no such order of this owner. */
export async function setOrderFavourite(
  db: Db,
  ownerId: string,
  orderId: string,
  favourite: boolean,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ favourite })
    .where(and(eq(orders.id, orderId), eq(orders.ownerId, ownerId)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** The owner's favourite items, the most recently chosen first. */
export async function listFavouriteItems(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ code: favouriteItems.productCode })
    .from(favouriteItems)
    .where(eq(favouriteItems.ownerId, ownerId))
    .orderBy(desc(favouriteItems.createdAt), favouriteItems.productCode);
  return rows.map((r) => r.code);
}

/** Marking twice is one mark (the primary key), unmarking what is not marked changes nothing. */
export async function setFavouriteItem(
  db: Db,
  ownerId: string,
  productCode: string,
  favourite: boolean,
): Promise<void> {
  if (favourite) await db.insert(favouriteItems).values({ ownerId, productCode }).onConflictDoNothing();
  else
    await db
      .delete(favouriteItems)
      .where(and(eq(favouriteItems.ownerId, ownerId), eq(favouriteItems.productCode, productCode)));
}

/** A guest's favourite items join the customer's on login (ones the customer has already are kept). */
export async function transferFavouriteItems(db: Db, fromOwner: string, toOwner: string): Promise<void> {
  const rows = await db.select().from(favouriteItems).where(eq(favouriteItems.ownerId, fromOwner));
  if (rows.length === 0) return;
  await db
    .insert(favouriteItems)
    .values(rows.map((r) => ({ ...r, ownerId: toOwner })))
    .onConflictDoNothing();
  await db.delete(favouriteItems).where(eq(favouriteItems.ownerId, fromOwner));
}

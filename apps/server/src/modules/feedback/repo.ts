import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedbackRow = typeof feedback.$inferInsert;

/**
 * The order's rating, unless it has one: the unique order_id decides between racing submits without a lock.
 * Answers the row made, or undefined when the order was rated already.
 */
export async function insertFeedback(db: Db, row: NewFeedbackRow): Promise<FeedbackRow | undefined> {
  const [made] = await db
    .insert(feedback)
    .values(row)
    .onConflictDoNothing({ target: feedback.orderId })
    .returning();
  return made;
}

export async function findByOrder(db: Db, orderId: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedback).where(eq(feedback.orderId, orderId));
  return row;
}

export async function findById(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

/** Which of these orders have a rating. */
export async function ratedOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: feedback.orderId })
    .from(feedback)
    .where(inArray(feedback.orderId, [...orderIds]));
  return new Set(rows.map((r) => r.orderId));
}

/** How many ratings the customer gave since `since`. */
export async function countSince(db: Db, customerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.customerId, customerId), gte(feedback.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** A store's ratings given in [from, to): every score (for the summary), and the newest `limit` in full. */
export async function storeRatings(db: Db, storeId: number, from: Date, to: Date, limit: number) {
  const inPeriod = and(
    eq(feedback.storeId, storeId),
    gte(feedback.createdAt, from),
    lt(feedback.createdAt, to),
  );
  const [scores, recent] = await Promise.all([
    db.select({ overall: feedback.overall, nps: feedback.nps }).from(feedback).where(inPeriod),
    db
      .select()
      .from(feedback)
      .where(inPeriod)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit),
  ]);
  return { scores, recent };
}

/** A store's tickets: the open ones first (the oldest first), then the closed ones (the latest closed first). */
export async function storeTickets(db: Db, storeId: number, limit: number): Promise<FeedbackRow[]> {
  return db
    .select()
    .from(feedback)
    .where(and(eq(feedback.storeId, storeId), isNotNull(feedback.ticketOpenedAt)))
    .orderBy(
      sql`case when ${feedback.state} = 'TICKET_OPEN' then 0 else 1 end`,
      sql`case when ${feedback.state} = 'TICKET_OPEN' then ${feedback.ticketOpenedAt} end asc`,
      desc(feedback.closedAt),
      asc(feedback.id),
    )
    .limit(limit);
}

/** Closes an open ticket, conditional on its being open: of two closes at once one row comes back. */
export async function closeTicket(
  db: Db,
  id: string,
  close: { reply: string; closedBy: string; closedAt: Date },
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(feedback)
    .set({ state: 'CLOSED', ...close })
    .where(and(eq(feedback.id, id), eq(feedback.state, 'TICKET_OPEN')))
    .returning();
  return row;
}

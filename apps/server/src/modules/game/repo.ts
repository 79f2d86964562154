import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameDayCounters, gameRules, gameSegments, gameSpins } from '../../db/schema.ts';

export type SegmentRow = typeof gameSegments.$inferSelect;
export type RulesRow = typeof gameRules.$inferSelect;
export type SpinRow = typeof gameSpins.$inferSelect;

/** The game's settings live in one row. */
export const RULES_ROW_ID = 1;
/** The day counters' row for the total budget (segments are 0 … 7). */
export const TOTAL_POSITION = -1;

export function segments(db: Db): Promise<SegmentRow[]> {
  return db.select().from(gameSegments).orderBy(asc(gameSegments.position));
}

export async function rules(db: Db): Promise<RulesRow | undefined> {
  const [row] = await db.select().from(gameRules).where(eq(gameRules.id, RULES_ROW_ID));
  return row;
}

/** The rules row locked for a save of the prize table (saves of one table one after the other). */
export async function lockRules(db: Db): Promise<RulesRow | undefined> {
  const [row] = await db.select().from(gameRules).where(eq(gameRules.id, RULES_ROW_ID)).for('update');
  return row;
}

/** The prize table replaced, its version bumped. */
export async function replaceTable(
  db: Db,
  rows: (typeof gameSegments.$inferInsert)[],
  rulesRow: Omit<typeof gameRules.$inferInsert, 'id' | 'version'>,
  now: Date,
): Promise<void> {
  await db.delete(gameSegments);
  await db.insert(gameSegments).values(rows.map((r) => ({ ...r, updatedAt: now })));
  await db
    .update(gameRules)
    .set({ ...rulesRow, version: sql`${gameRules.version} + 1`, updatedAt: now })
    .where(eq(gameRules.id, RULES_ROW_ID));
}

/**
 * The spin's row for its order, PROCESSING: undefined when the order was spun already. A parallel spin for the
 * same order waits on the unique index for the first one's transaction, then finds it there.
 */
export async function startSpin(
  db: Db,
  row: { id: string; customerId: string; orderId: string; day: string; createdAt: Date },
): Promise<boolean> {
  const made = await db
    .insert(gameSpins)
    .values({ ...row, state: 'PROCESSING' })
    .onConflictDoNothing({ target: gameSpins.orderId })
    .returning({ id: gameSpins.id });
  return made.length > 0;
}

/** The spin ended: its segment, prize and cost; only from PROCESSING. */
export async function finishSpin(
  db: Db,
  id: string,
  end: {
    state: 'SUCCESS' | 'FAILED';
    position: number;
    prize: unknown;
    couponCode: string | null;
    costPaise: number;
    expiresAt: Date | null;
  },
): Promise<SpinRow | undefined> {
  const [row] = await db
    .update(gameSpins)
    .set(end)
    .where(and(eq(gameSpins.id, id), eq(gameSpins.state, 'PROCESSING')))
    .returning();
  return row;
}

export function spinsOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as { orderId: string }[]);
  return db
    .select({ orderId: gameSpins.orderId })
    .from(gameSpins)
    .where(inArray(gameSpins.orderId, [...orderIds]));
}

export async function spinOfOrder(db: Db, orderId: string): Promise<SpinRow | undefined> {
  const [row] = await db.select().from(gameSpins).where(eq(gameSpins.orderId, orderId));
  return row;
}

export function recentSpins(db: Db, customerId: string, since: Date, limit: number): Promise<SpinRow[]> {
  return db
    .select()
    .from(gameSpins)
    .where(and(eq(gameSpins.customerId, customerId), gte(gameSpins.createdAt, since)))
    .orderBy(desc(gameSpins.createdAt))
    .limit(limit);
}

/** What the day has given: prizes per position and the day's total cost. */
export async function dayUsage(
  db: Db,
  day: string,
): Promise<{ granted: Map<number, number>; costPaise: number }> {
  const rows = await db.select().from(gameDayCounters).where(eq(gameDayCounters.day, day));
  const granted = new Map<number, number>();
  let costPaise = 0;
  for (const r of rows) {
    if (r.position === TOTAL_POSITION) costPaise = r.costPaise;
    else granted.set(r.position, r.granted);
  }
  return { granted, costPaise };
}

/**
 * Takes one prize of `position` costing `costPaise` out of the day's budgets, in the spin's transaction: the
 * total first, then the segment, each a conditional update of its counter row (a racing spin waits for the row
 * and the condition is checked again on the row it committed, in PostgreSQL and across processes). false, with
 * nothing taken, when either has no room.
 */
export async function takeBudget(
  db: Db,
  t: {
    day: string;
    position: number;
    costPaise: number;
    dailyLimit: number | null;
    dailyBudgetPaise: number | null;
  },
): Promise<boolean> {
  await db
    .insert(gameDayCounters)
    .values([
      { day: t.day, position: TOTAL_POSITION },
      { day: t.day, position: t.position },
    ])
    .onConflictDoNothing();
  const total = await bumpCounter(
    db,
    t.day,
    TOTAL_POSITION,
    t.costPaise,
    t.dailyBudgetPaise === null
      ? undefined
      : lte(sql`${gameDayCounters.costPaise} + ${t.costPaise}`, t.dailyBudgetPaise),
  );
  if (!total) return false;
  const segment = await bumpCounter(
    db,
    t.day,
    t.position,
    t.costPaise,
    t.dailyLimit === null ? undefined : sql`${gameDayCounters.granted} < ${t.dailyLimit}`,
  );
  if (segment) return true;
  // the segment's own limit is reached: give the total back (its row is this transaction's until commit)
  await bumpCounter(db, t.day, TOTAL_POSITION, t.costPaise, undefined, -1);
  return false;
}

/**
 * One prize more (or, `by` -1, one less) on a day's counter row, when `room` holds on the row as committed; answers
 * whether it moved.
 */
async function bumpCounter(
  db: Db,
  day: string,
  position: number,
  costPaise: number,
  room: SQL | undefined,
  by: 1 | -1 = 1,
): Promise<boolean> {
  const moved = await db
    .update(gameDayCounters)
    .set({
      granted: sql`${gameDayCounters.granted} + ${by}`,
      costPaise: sql`${gameDayCounters.costPaise} + ${by * costPaise}`,
    })
    .where(and(eq(gameDayCounters.day, day), eq(gameDayCounters.position, position), room))
    .returning({ day: gameDayCounters.day });
  return moved.length > 0;
}

/** Spins, prizes by kind and their cost per IST day, for days from–to (both included). */
export async function daysReport(db: Db, from: string, to: string) {
  return db
    .select({
      day: gameSpins.day,
      kind: sql<string>`coalesce(${gameSpins.prize}->>'kind', 'NONE')`,
      spins: sql<number>`count(*)::int`,
      costPaise: sql<number>`coalesce(sum(${gameSpins.costPaise}), 0)::int`,
    })
    .from(gameSpins)
    .where(and(gte(gameSpins.day, from), lte(gameSpins.day, to), eq(gameSpins.state, 'SUCCESS')))
    .groupBy(gameSpins.day, sql`2`)
    .orderBy(asc(gameSpins.day));
}

import { and, count, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsDeviceFacts, analyticsEvents } from '../../db/schema.ts';

export type NewEventRow = typeof analyticsEvents.$inferInsert;

/** Appends events; rows are never updated (the retention pass deletes old ones). */
export async function insertEvents(db: Db, rows: readonly NewEventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values([...rows]);
}

/** A client's device facts for the day: the latest report replaces the day's earlier one. */
export async function upsertDeviceFacts(
  db: Db,
  row: typeof analyticsDeviceFacts.$inferInsert,
): Promise<void> {
  await db
    .insert(analyticsDeviceFacts)
    .values(row)
    .onConflictDoUpdate({
      target: [analyticsDeviceFacts.day, analyticsDeviceFacts.clientId],
      set: { facts: row.facts, automated: row.automated, receivedAt: row.receivedAt },
    });
}

export interface ClientReachRow {
  day: string | null;
  furthest: number;
  /** the assignment of the client's latest step event in the group */
  abTest: Record<string, string>;
}

/**
 * Each client's furthest step, per IST day (`perDay`) or over the whole range, with the `ab_test` of its latest
 * step event there: the assignment it was under when it got furthest, or after.
 */
export async function furthestSteps(
  db: Db,
  from: string,
  to: string,
  perDay: boolean,
): Promise<ClientReachRow[]> {
  const inRange = and(
    gte(analyticsEvents.day, from),
    lte(analyticsEvents.day, to),
    isNotNull(analyticsEvents.stepRank),
  );
  const furthest = sql<number>`max(${analyticsEvents.stepRank})`.mapWith(Number);
  const abTest = sql<
    Record<string, string>
  >`(array_agg(${analyticsEvents.abTest} order by ${analyticsEvents.id} desc))[1]`;
  if (perDay)
    return db
      .select({ day: analyticsEvents.day, furthest, abTest })
      .from(analyticsEvents)
      .where(inRange)
      .groupBy(analyticsEvents.day, analyticsEvents.clientId);
  const rows = await db
    .select({ furthest, abTest })
    .from(analyticsEvents)
    .where(inRange)
    .groupBy(analyticsEvents.clientId);
  return rows.map((r) => ({ ...r, day: null }));
}

/** Per IST day, the clients whose device facts said automation. */
export async function automatedPerDay(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: analyticsDeviceFacts.day, n: count() })
    .from(analyticsDeviceFacts)
    .where(
      and(
        gte(analyticsDeviceFacts.day, from),
        lte(analyticsDeviceFacts.day, to),
        sql`${analyticsDeviceFacts.automated}`,
      ),
    )
    .groupBy(analyticsDeviceFacts.day);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** Events deleted per statement: a first pass over a long backlog holds no lock for long. */
const DELETE_BATCH = 5_000;

/** Deletes events and device facts received before `before`; answers how many rows went. */
export async function deleteBefore(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(lt(analyticsEvents.receivedAt, before))
      .limit(DELETE_BATCH);
    const gone = await db
      .delete(analyticsEvents)
      .where(inArray(analyticsEvents.id, old))
      .returning({ id: analyticsEvents.id });
    total += gone.length;
    if (gone.length < DELETE_BATCH) break;
  }
  const facts = await db
    .delete(analyticsDeviceFacts)
    .where(lt(analyticsDeviceFacts.receivedAt, before))
    .returning({ day: analyticsDeviceFacts.day });
  return total + facts.length;
}

import { and, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { limitSlots } from '../../db/schema.ts';

/**
 * Waits for, and holds until the transaction ends, the lock of one limit key. Two requests for the same key
 * queue here; different keys do not touch. hashtextextended gives the 64-bit lock id both databases take.
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** How many slots of `key` were taken after `since`, and when the oldest of them was. */
export async function slotsSince(
  db: Db,
  key: string,
  since: Date,
): Promise<{ used: number; oldest: Date | null }> {
  const rows = await db
    .select({ used: count(), oldest: min(limitSlots.takenAt) })
    .from(limitSlots)
    .where(and(eq(limitSlots.key, key), gt(limitSlots.takenAt, since)));
  const row = rows[0];
  return { used: row?.used ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The newest slot of `key` after `since` (for "wait n seconds" answers). */
export async function newestSlotSince(db: Db, key: string, since: Date): Promise<Date | null> {
  const rows = await db
    .select({ takenAt: limitSlots.takenAt })
    .from(limitSlots)
    .where(and(eq(limitSlots.key, key), gt(limitSlots.takenAt, since)))
    .orderBy(sql`${limitSlots.takenAt} desc`)
    .limit(1);
  return rows[0]?.takenAt ?? null;
}

export async function insertSlot(db: Db, key: string, at: Date): Promise<number> {
  const rows = await db.insert(limitSlots).values({ key, takenAt: at }).returning({ id: limitSlots.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no slot row for ${key}`);
  return id;
}

/** Slots of `key` that no window can count any more. */
export async function dropSlotsUpTo(db: Db, key: string, upTo: Date): Promise<void> {
  await db.delete(limitSlots).where(and(eq(limitSlots.key, key), lte(limitSlots.takenAt, upTo)));
}

export async function deleteSlots(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(limitSlots).where(inArray(limitSlots.id, [...ids]));
}

export async function deleteKeySlots(db: Db, key: string): Promise<void> {
  await db.delete(limitSlots).where(eq(limitSlots.key, key));
}

/** Every key's slots taken at or before `upTo`; answers how many went. */
export async function deleteSlotsBefore(db: Db, upTo: Date): Promise<number> {
  const gone = await db
    .delete(limitSlots)
    .where(lte(limitSlots.takenAt, upTo))
    .returning({ id: limitSlots.id });
  return gone.length;
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export interface KeyId {
  principal: string;
  key: string;
}

export interface KeyRow {
  requestHash: string;
  status: string; // in_progress | done
  responseStatus: number | null;
  responseBody: unknown;
  /** an in-progress claim whose lease ran out (by the database's clock): its holder stopped renewing it */
  lapsed: boolean;
}

const which = (id: KeyId) =>
  and(eq(idempotencyKeys.principal, id.principal), eq(idempotencyKeys.key, id.key));

/** The database's clock decides leases, so processes whose clocks differ still agree on them. */
const leaseEnd = (leaseMs: number) => sql`now() + (${leaseMs}::integer * interval '1 millisecond')`;
const lapsed = sql<boolean>`(${idempotencyKeys.leaseUntil} is null or ${idempotencyKeys.leaseUntil} < now())`;
const heldBy = (id: KeyId, holder: string) =>
  and(which(id), eq(idempotencyKeys.holder, holder), eq(idempotencyKeys.status, 'in_progress'));

/**
 * Inserts the key as in progress, held by `holder` for `leaseMs`, unless it exists (`ON CONFLICT DO
 * NOTHING`); answers whether it did.
 */
export async function claimKey(
  db: Db,
  id: KeyId,
  requestHash: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, holder, leaseUntil: leaseEnd(leaseMs) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/**
 * Takes over a key still in progress whose lease ran out. Conditional on the lease having run out when the
 * row is written, so of several callers finding it lapsed exactly one gets it.
 */
export async function takeOverKey(db: Db, id: KeyId, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ holder, leaseUntil: leaseEnd(leaseMs) })
    .where(and(which(id), eq(idempotencyKeys.status, 'in_progress'), lapsed))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** The holder is still at work: its claim stands for another `leaseMs`. False when it is no longer its. */
export async function renewLease(db: Db, id: KeyId, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(heldBy(id, holder))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Db, id: KeyId): Promise<KeyRow | undefined> {
  const rows = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      lapsed,
    })
    .from(idempotencyKeys)
    .where(which(id))
    .limit(1);
  return rows[0];
}

/** Stores the answer and marks the key done, if `holder` still holds it; answers whether it did. */
export async function finishKey(
  db: Db,
  id: KeyId,
  holder: string,
  status: number,
  body: unknown,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    // jsonb null for an undefined body, so a replay answers what JSON would have carried
    .set({
      status: 'done',
      responseStatus: status,
      responseBody: sql`${JSON.stringify(body ?? null)}::jsonb`,
      leaseUntil: null,
    })
    .where(heldBy(id, holder))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Forgets a key still in progress under `holder` (its work failed), so a retry can claim it. */
export async function dropKeyInProgress(db: Db, id: KeyId, holder: string): Promise<void> {
  await db.delete(idempotencyKeys).where(heldBy(id, holder));
}

/** Deletes the keys made before `before`; answers how many went. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
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

const ph = sql.placeholder;

/** The claim and the answer every keyed call makes, built once (src/db/prepared.ts). */
const statements = preparedStatements((db) => ({
  claim: db
    .insert(idempotencyKeys)
    .values({
      principal: ph('principal'),
      key: ph('key'),
      requestHash: ph('requestHash'),
      holder: ph('holder'),
      leaseUntil: sql`now() + (${ph('leaseMs')}::integer * interval '1 millisecond')`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
  finish: db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      responseStatus: sql`${ph('status')}::integer`,
      responseBody: sql`${ph('body')}::jsonb`,
      leaseUntil: null,
    })
    .where(
      and(
        eq(idempotencyKeys.principal, ph('principal')),
        eq(idempotencyKeys.key, ph('key')),
        eq(idempotencyKeys.holder, ph('holder')),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    )
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_finish'),
}));

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
  const rows = await statements(db).claim.execute({ ...id, requestHash, holder, leaseMs });
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
  const rows = await statements(db).finish.execute({
    ...id,
    holder,
    status,
    // jsonb null for an undefined body, so a replay answers what JSON would have carried
    body: JSON.stringify(body ?? null),
  });
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

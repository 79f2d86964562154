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
}

const which = (id: KeyId) =>
  and(eq(idempotencyKeys.principal, id.principal), eq(idempotencyKeys.key, id.key));

/** Inserts the key as in progress unless it exists (`ON CONFLICT DO NOTHING`); answers whether it did. */
export async function claimKey(db: Db, id: KeyId, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash })
    .onConflictDoNothing()
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
    })
    .from(idempotencyKeys)
    .where(which(id))
    .limit(1);
  return rows[0];
}

/** Stores the answer and marks the key done. */
export async function finishKey(db: Db, id: KeyId, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    // jsonb null for an undefined body, so a replay answers what JSON would have carried
    .set({
      status: 'done',
      responseStatus: status,
      responseBody: sql`${JSON.stringify(body ?? null)}::jsonb`,
    })
    .where(which(id));
}

/** Forgets a key still in progress (its work failed), so a retry can claim it. */
export async function dropKeyInProgress(db: Db, id: KeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(which(id), eq(idempotencyKeys.status, 'in_progress')));
}

/** Deletes the keys made before `before`; answers how many went. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

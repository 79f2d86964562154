import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pgOrders, pgPayments, pgRefunds } from '../../../db/schema.ts';
import type { RefundRow } from '../repo.ts';

/** The PayU protocol's queries on the sandbox's pg_* tables (books.ts says what they keep). */

/**
 * Adds `key` → `value` to an order's notes only while the notes have no such key, in one statement: of two
 * requests with one txnid, exactly one claims it. False when the key was there.
 */
export async function addNoteOnce(db: Db, orderId: string, key: string, value: string): Promise<boolean> {
  const rows = await db
    .update(pgOrders)
    .set({ notes: sql`${pgOrders.notes} || ${JSON.stringify({ [key]: value })}::jsonb` })
    .where(and(eq(pgOrders.id, orderId), sql`(${pgOrders.notes} -> ${key}) is null`))
    .returning({ id: pgOrders.id });
  return rows.length === 1;
}

export async function orderIdOfPayment(db: Db, paymentId: string): Promise<string | undefined> {
  const rows = await db
    .select({ orderId: pgPayments.orderId })
    .from(pgPayments)
    .where(eq(pgPayments.id, paymentId))
    .limit(1);
  return rows[0]?.orderId;
}

/** A payment's refunds, oldest first. */
export function refundsOfPayment(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(pgRefunds)
    .where(eq(pgRefunds.paymentId, paymentId))
    .orderBy(asc(pgRefunds.createdAt), asc(pgRefunds.id));
}

export async function findRefund(db: Db, refundId: string): Promise<RefundRow | undefined> {
  return (await db.select().from(pgRefunds).where(eq(pgRefunds.id, refundId)).limit(1))[0];
}

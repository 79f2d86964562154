import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sandboxPartnerCodes,
  sandboxPartnerNotifications,
  sandboxPartnerOrders,
  sandboxPartnerPayments,
  sandboxPartnerRefunds,
  sandboxPartnerSwitches,
  sandboxPartnerTokens,
} from '../../db/schema.ts';

/** The partner sandbox's state (./sandbox.ts): in the database, so every server process tells the same story. */

export async function insertCode(db: Db, row: typeof sandboxPartnerCodes.$inferInsert): Promise<void> {
  await db.insert(sandboxPartnerCodes).values(row);
}

/**
 * Spends a code in one statement: only an unused, unexpired code of this vendor and client is spent, and only
 * once however many exchanges race for it. Answers its user, or undefined.
 */
export async function spendCode(
  db: Db,
  q: { codeHash: string; vendor: string; clientId: string; now: Date },
): Promise<{ mobile: string; name: string } | undefined> {
  const rows = await db
    .update(sandboxPartnerCodes)
    .set({ usedAt: q.now })
    .where(
      and(
        eq(sandboxPartnerCodes.codeHash, q.codeHash),
        eq(sandboxPartnerCodes.vendor, q.vendor),
        eq(sandboxPartnerCodes.clientId, q.clientId),
        isNull(sandboxPartnerCodes.usedAt),
        gt(sandboxPartnerCodes.expiresAt, q.now),
      ),
    )
    .returning({ mobile: sandboxPartnerCodes.mobile, name: sandboxPartnerCodes.name });
  return rows[0];
}

export async function insertToken(db: Db, row: typeof sandboxPartnerTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxPartnerTokens).values(row);
}

export async function findToken(db: Db, tokenHash: string, vendor: string, now: Date) {
  const rows = await db
    .select({ mobile: sandboxPartnerTokens.mobile, name: sandboxPartnerTokens.name })
    .from(sandboxPartnerTokens)
    .where(
      and(
        eq(sandboxPartnerTokens.tokenHash, tokenHash),
        eq(sandboxPartnerTokens.vendor, vendor),
        gt(sandboxPartnerTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

export type PartnerOrderRow = typeof sandboxPartnerOrders.$inferSelect;
export type PartnerPaymentRow = typeof sandboxPartnerPayments.$inferSelect;
export type PartnerRefundRow = typeof sandboxPartnerRefunds.$inferSelect;

/** The order of this receipt: made by the first of any racing calls, then the same one for all. */
export async function orderForReceipt(
  db: Db,
  row: typeof sandboxPartnerOrders.$inferInsert,
): Promise<PartnerOrderRow> {
  await db.insert(sandboxPartnerOrders).values(row).onConflictDoNothing();
  const found = await db
    .select()
    .from(sandboxPartnerOrders)
    .where(and(eq(sandboxPartnerOrders.vendor, row.vendor), eq(sandboxPartnerOrders.receipt, row.receipt)))
    .limit(1);
  if (!found[0]) throw new Error('a partner order vanished between its insert and its read');
  return found[0];
}

export async function findOrder(
  db: Db,
  vendor: string,
  orderRef: string,
): Promise<PartnerOrderRow | undefined> {
  const rows = await db
    .select()
    .from(sandboxPartnerOrders)
    .where(and(eq(sandboxPartnerOrders.vendor, vendor), eq(sandboxPartnerOrders.orderRef, orderRef)))
    .limit(1);
  return rows[0];
}

export function paymentsOfOrder(db: Db, vendor: string, orderRef: string): Promise<PartnerPaymentRow[]> {
  return db
    .select()
    .from(sandboxPartnerPayments)
    .where(and(eq(sandboxPartnerPayments.vendor, vendor), eq(sandboxPartnerPayments.orderRef, orderRef)))
    .orderBy(asc(sandboxPartnerPayments.createdAt), asc(sandboxPartnerPayments.paymentId));
}

export async function findPayment(
  db: Db,
  vendor: string,
  paymentId: string,
): Promise<PartnerPaymentRow | undefined> {
  const rows = await db
    .select()
    .from(sandboxPartnerPayments)
    .where(and(eq(sandboxPartnerPayments.vendor, vendor), eq(sandboxPartnerPayments.paymentId, paymentId)))
    .limit(1);
  return rows[0];
}

/** A payment of the order; a capture only if the order has none (the unique index decides between racers). */
export async function insertPayment(
  db: Db,
  row: typeof sandboxPartnerPayments.$inferInsert,
): Promise<PartnerPaymentRow | undefined> {
  const rows = await db.insert(sandboxPartnerPayments).values(row).onConflictDoNothing().returning();
  return rows[0];
}

export async function capturedOf(db: Db, vendor: string, orderRef: string) {
  const rows = await db
    .select()
    .from(sandboxPartnerPayments)
    .where(
      and(
        eq(sandboxPartnerPayments.vendor, vendor),
        eq(sandboxPartnerPayments.orderRef, orderRef),
        eq(sandboxPartnerPayments.status, 'captured'),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function refundByReceipt(db: Db, receipt: string): Promise<PartnerRefundRow | undefined> {
  const rows = await db
    .select()
    .from(sandboxPartnerRefunds)
    .where(eq(sandboxPartnerRefunds.receipt, receipt))
    .limit(1);
  return rows[0];
}

/** Takes `amount` off what is left of a captured payment in one statement; false when that much is not left. */
export async function takeRefund(db: Db, paymentId: string, amountPaise: number): Promise<boolean> {
  const rows = await db
    .update(sandboxPartnerPayments)
    .set({ refundedPaise: sql`${sandboxPartnerPayments.refundedPaise} + ${amountPaise}` })
    .where(
      and(
        eq(sandboxPartnerPayments.paymentId, paymentId),
        eq(sandboxPartnerPayments.status, 'captured'),
        lte(
          sql`${sandboxPartnerPayments.refundedPaise} + ${amountPaise}`,
          sandboxPartnerPayments.amountPaise,
        ),
      ),
    )
    .returning({ paymentId: sandboxPartnerPayments.paymentId });
  return rows.length === 1;
}

/** The refund row; false when another call with this receipt got there first (the caller then reads that one). */
export async function insertRefund(db: Db, row: typeof sandboxPartnerRefunds.$inferInsert): Promise<boolean> {
  const rows = await db.insert(sandboxPartnerRefunds).values(row).onConflictDoNothing().returning();
  return rows.length === 1;
}

export async function queueNotification(
  db: Db,
  row: { vendor: string; eventId: string; body: string; at: Date },
): Promise<void> {
  await db
    .insert(sandboxPartnerNotifications)
    .values({
      vendor: row.vendor,
      eventId: row.eventId,
      body: row.body,
      nextAttemptAt: row.at,
      createdAt: row.at,
    })
    .onConflictDoNothing();
}

/**
 * Claims due notifications for `leaseMs`: another drain does not take them meanwhile (a crash mid-delivery
 * leaves them due again after the lease).
 */
export function claimDueNotifications(db: Db, now: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ id: sandboxPartnerNotifications.id })
    .from(sandboxPartnerNotifications)
    .where(
      and(
        isNull(sandboxPartnerNotifications.deliveredAt),
        lte(sandboxPartnerNotifications.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(sandboxPartnerNotifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(sandboxPartnerNotifications)
    .set({ attempts: sql`${sandboxPartnerNotifications.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(sandboxPartnerNotifications.id, due))
    .returning();
}

export async function markNotification(
  db: Db,
  id: number,
  outcome: { deliveredAt: Date } | { nextAttemptAt: Date | null; lastError: string },
): Promise<void> {
  await db.update(sandboxPartnerNotifications).set(outcome).where(eq(sandboxPartnerNotifications.id, id));
}

export function notificationsOf(db: Db, vendor: string) {
  return db
    .select()
    .from(sandboxPartnerNotifications)
    .where(eq(sandboxPartnerNotifications.vendor, vendor))
    .orderBy(asc(sandboxPartnerNotifications.id));
}

export interface PartnerSwitches {
  decline: boolean;
  expiredCodes: boolean;
  slowMs: number;
}
export const DEFAULT_PARTNER_SWITCHES: Readonly<PartnerSwitches> = {
  decline: false,
  expiredCodes: false,
  slowMs: 0,
};

export async function readSwitches(db: Db, vendor: string): Promise<PartnerSwitches> {
  const rows = await db
    .select({
      decline: sandboxPartnerSwitches.decline,
      expiredCodes: sandboxPartnerSwitches.expiredCodes,
      slowMs: sandboxPartnerSwitches.slowMs,
    })
    .from(sandboxPartnerSwitches)
    .where(eq(sandboxPartnerSwitches.vendor, vendor))
    .limit(1);
  return rows[0] ?? { ...DEFAULT_PARTNER_SWITCHES };
}

/** Changes the given switches in one statement, so two changes at once both land. */
export async function changeSwitches(
  db: Db,
  vendor: string,
  change: Partial<PartnerSwitches>,
  at: Date,
): Promise<PartnerSwitches> {
  await db
    .insert(sandboxPartnerSwitches)
    .values({ vendor, ...DEFAULT_PARTNER_SWITCHES, ...change, updatedAt: at })
    .onConflictDoUpdate({ target: sandboxPartnerSwitches.vendor, set: { ...change, updatedAt: at } });
  return readSwitches(db, vendor);
}

export async function resetSwitches(db: Db, vendor: string): Promise<void> {
  await db.delete(sandboxPartnerSwitches).where(eq(sandboxPartnerSwitches.vendor, vendor));
}

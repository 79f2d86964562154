import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgModes, pgOrders, pgPayments, pgRefunds, pgWebhookOutbox } from '../../db/schema.ts';
import { DEFAULT_MODES, type GatewayModes, type ModesChange } from './modes.ts';

export type OrderRow = typeof pgOrders.$inferSelect;
export type PaymentRow = typeof pgPayments.$inferSelect;
export type RefundRow = typeof pgRefunds.$inferSelect;
export type OutboxRow = typeof pgWebhookOutbox.$inferSelect;

/** The new order, or undefined when the receipt already has one (a retry or a concurrent twin). */
export async function insertOrder(db: Db, row: typeof pgOrders.$inferInsert): Promise<OrderRow | undefined> {
  const rows = await db
    .insert(pgOrders)
    .values(row)
    .onConflictDoNothing({ target: pgOrders.receipt })
    .returning();
  return rows[0];
}

/**
 * The order of this receipt: the new row, or the one a retry or a concurrent twin made first (the receipt is
 * unique). The caller compares what it asked for with what it got.
 */
export async function insertOrFindOrder(db: Db, row: typeof pgOrders.$inferInsert): Promise<OrderRow> {
  const found = (await insertOrder(db, row)) ?? (await findOrderByReceipt(db, row.receipt));
  // the insert lost to a twin with this receipt, which therefore exists
  if (!found) throw new Error(`gateway order for receipt ${row.receipt} vanished`);
  return found;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return (await db.select().from(pgOrders).where(eq(pgOrders.id, id)).limit(1))[0];
}

export async function findOrderByReceipt(db: Db, receipt: string): Promise<OrderRow | undefined> {
  return (await db.select().from(pgOrders).where(eq(pgOrders.receipt, receipt)).limit(1))[0];
}

/** created → attempted on the first payment; never back from paid. */
export async function markOrderAttempted(db: Db, id: string): Promise<void> {
  await db
    .update(pgOrders)
    .set({ status: 'attempted' })
    .where(and(eq(pgOrders.id, id), eq(pgOrders.status, 'created')));
}

export async function setOrderCallback(db: Db, id: string, url: string): Promise<void> {
  await db.update(pgOrders).set({ callbackUrl: url }).where(eq(pgOrders.id, id));
}

export function refundsOfPayment(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(pgRefunds)
    .where(eq(pgRefunds.paymentId, paymentId))
    .orderBy(asc(pgRefunds.createdAt));
}

export async function markOrderPaid(db: Db, id: string): Promise<void> {
  await db.update(pgOrders).set({ status: 'paid' }).where(eq(pgOrders.id, id));
}

export async function insertPayment(db: Db, row: typeof pgPayments.$inferInsert): Promise<PaymentRow> {
  const rows = await db.insert(pgPayments).values(row).returning();
  return rows[0]!;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(pgPayments).where(eq(pgPayments.id, id)).limit(1))[0];
}

export function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(pgPayments)
    .where(eq(pgPayments.orderId, orderId))
    .orderBy(asc(pgPayments.createdAt), asc(pgPayments.id));
}

/**
 * Takes one OTP attempt from a pending payment before the guess is compared, atomically; answers the
 * attempt's number, or undefined when the payment is no longer pending or its attempts are used up.
 */
export async function takeOtpAttempt(db: Db, id: string, max: number): Promise<number | undefined> {
  const rows = await db
    .update(pgPayments)
    .set({ otpAttempts: sql`${pgPayments.otpAttempts} + 1` })
    .where(and(eq(pgPayments.id, id), eq(pgPayments.status, 'created'), lt(pgPayments.otpAttempts, max)))
    .returning({ attempts: pgPayments.otpAttempts });
  return rows[0]?.attempts;
}

/**
 * Moves a pending payment to its outcome; undefined when it was not pending (a parallel submit or a
 * resolve got there first), so each payment has exactly one outcome.
 */
export async function settlePayment(
  db: Db,
  id: string,
  change: {
    status: 'captured' | 'failed';
    errorCode: string | null;
    errorDescription: string | null;
    callbackDropped: boolean;
    at: Date;
  },
): Promise<PaymentRow | undefined> {
  const rows = await db
    .update(pgPayments)
    .set({
      status: change.status,
      errorCode: change.errorCode,
      errorDescription: change.errorDescription,
      // a payment already marked (timeout mode, then resolved) stays without its callback
      ...(change.callbackDropped ? { callbackDropped: true } : {}),
      updatedAt: change.at,
    })
    .where(and(eq(pgPayments.id, id), eq(pgPayments.status, 'created')))
    .returning();
  return rows[0];
}

/** Pending UPI collect requests to a VPA, newest first. */
export function pendingCollects(db: Db, vpa: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(pgPayments)
    .where(
      and(eq(pgPayments.vpa, vpa), eq(pgPayments.method, 'upi_collect'), eq(pgPayments.status, 'created')),
    )
    .orderBy(desc(pgPayments.createdAt))
    .limit(20);
}

/** A pending payment whose browser will not be sent back (timeout mode). */
export async function dropCallback(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(pgPayments)
    .set({ callbackDropped: true, updatedAt: at })
    .where(and(eq(pgPayments.id, id), eq(pgPayments.status, 'created')));
}

export async function insertRefund(
  db: Db,
  row: typeof pgRefunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const rows = await db
    .insert(pgRefunds)
    .values(row)
    .onConflictDoNothing({ target: pgRefunds.receipt })
    .returning();
  return rows[0];
}

export async function findRefundByReceipt(db: Db, receipt: string): Promise<RefundRow | undefined> {
  return (await db.select().from(pgRefunds).where(eq(pgRefunds.receipt, receipt)).limit(1))[0];
}

/**
 * Adds a refund to a captured payment's refunded total only while the total stays within the amount:
 * two refunds raced against one payment can never return more than it took.
 */
export async function addRefunded(
  db: Db,
  paymentId: string,
  amountPaise: number,
  at: Date,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .update(pgPayments)
    .set({ amountRefundedPaise: sql`${pgPayments.amountRefundedPaise} + ${amountPaise}`, updatedAt: at })
    .where(
      and(
        eq(pgPayments.id, paymentId),
        eq(pgPayments.status, 'captured'),
        lte(sql`${pgPayments.amountRefundedPaise} + ${amountPaise}`, pgPayments.amountPaise),
      ),
    )
    .returning();
  return rows[0];
}

export async function insertWebhooks(db: Db, rows: (typeof pgWebhookOutbox.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(pgWebhookOutbox).values(rows);
}

/**
 * Claims up to `limit` due webhooks for one delivery attempt: their attempt count goes up and they are
 * hidden until `leaseUntil`, so another process draining at the same time skips them (SKIP LOCKED) and a
 * process that dies mid-delivery leaves them to be tried again after the lease.
 */
export function claimDueWebhooks(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: pgWebhookOutbox.id })
    .from(pgWebhookOutbox)
    .where(and(isNull(pgWebhookOutbox.deliveredAt), lte(pgWebhookOutbox.nextAttemptAt, now)))
    .orderBy(asc(pgWebhookOutbox.nextAttemptAt), asc(pgWebhookOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pgWebhookOutbox)
    .set({ attempts: sql`${pgWebhookOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(pgWebhookOutbox.id, due))
    .returning();
}

export async function markWebhookDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(pgWebhookOutbox)
    .set({ deliveredAt: at, nextAttemptAt: null, lastError: null })
    .where(eq(pgWebhookOutbox.id, id));
}

/** After a failed attempt: the next one at `next`, or none (null: given up). */
export async function markWebhookFailed(db: Db, id: number, next: Date | null, error: string): Promise<void> {
  await db
    .update(pgWebhookOutbox)
    .set({ nextAttemptAt: next, lastError: error.slice(0, 500) })
    .where(eq(pgWebhookOutbox.id, id));
}

export function webhooksOfOrder(db: Db, orderId: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(pgWebhookOutbox)
    .where(eq(pgWebhookOutbox.orderId, orderId))
    .orderBy(asc(pgWebhookOutbox.id));
}

const modeColumns = {
  latencyMs: pgModes.latencyMs,
  decline: pgModes.decline,
  timeout: pgModes.timeout,
  lostCallback: pgModes.lostCallback,
  duplicateWebhooks: pgModes.duplicateWebhooks,
  shuffleWebhooks: pgModes.shuffleWebhooks,
};

export async function readModes(db: Db): Promise<GatewayModes> {
  const row = (await db.select(modeColumns).from(pgModes).where(eq(pgModes.id, 1)).limit(1))[0];
  return row ?? { ...DEFAULT_MODES };
}

/** Changes the given modes in one statement, so two changes at once both land. */
export async function changeModes(db: Db, change: ModesChange, at: Date): Promise<GatewayModes> {
  const rows = await db
    .insert(pgModes)
    .values({ id: 1, ...DEFAULT_MODES, ...change, updatedAt: at })
    .onConflictDoUpdate({ target: pgModes.id, set: { ...change, updatedAt: at } })
    .returning(modeColumns);
  return rows[0]!;
}

export async function resetModes(db: Db): Promise<void> {
  await db.delete(pgModes);
}

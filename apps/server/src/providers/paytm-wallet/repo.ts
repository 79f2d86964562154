import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sandboxPaytmAccounts,
  sandboxPaytmAddMoney,
  sandboxPaytmModes,
  sandboxPaytmOtps,
  sandboxPaytmTokens,
  sandboxPaytmTxns,
} from '../../db/schema.ts';

/** The Paytm sandbox's rows (docs/paytm-wallet.md "Sandbox"). */

export type TxnRow = typeof sandboxPaytmTxns.$inferSelect;
export type AddMoneyRow = typeof sandboxPaytmAddMoney.$inferSelect;

/** The wallet of a mobile, made with `openingPaise` the first time anyone asks. */
export async function account(db: Db, mobile: string, name: string, openingPaise: number) {
  await db
    .insert(sandboxPaytmAccounts)
    .values({ mobile, name, balancePaise: openingPaise })
    .onConflictDoNothing();
  const [row] = await db.select().from(sandboxPaytmAccounts).where(eq(sandboxPaytmAccounts.mobile, mobile));
  return row!;
}

export async function setBalance(db: Db, mobile: string, name: string, balancePaise: number): Promise<void> {
  await db
    .insert(sandboxPaytmAccounts)
    .values({ mobile, name, balancePaise })
    .onConflictDoUpdate({ target: sandboxPaytmAccounts.mobile, set: { balancePaise } });
}

/** Takes `amount` if the wallet holds it, in one statement: never below zero, whoever else is spending. */
export async function debit(db: Db, mobile: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(sandboxPaytmAccounts)
    .set({ balancePaise: sql`${sandboxPaytmAccounts.balancePaise} - ${amount}` })
    .where(
      and(eq(sandboxPaytmAccounts.mobile, mobile), sql`${sandboxPaytmAccounts.balancePaise} >= ${amount}`),
    )
    .returning({ mobile: sandboxPaytmAccounts.mobile });
  return rows.length > 0;
}

export async function credit(db: Db, mobile: string, amount: number): Promise<void> {
  await db
    .update(sandboxPaytmAccounts)
    .set({ balancePaise: sql`${sandboxPaytmAccounts.balancePaise} + ${amount}` })
    .where(eq(sandboxPaytmAccounts.mobile, mobile));
}

export async function insertOtp(db: Db, row: typeof sandboxPaytmOtps.$inferInsert): Promise<void> {
  await db.insert(sandboxPaytmOtps).values(row);
}

export async function findOtp(db: Db, state: string) {
  const [row] = await db.select().from(sandboxPaytmOtps).where(eq(sandboxPaytmOtps.state, state));
  return row;
}

/** One attempt at an OTP, counted before it is checked; answers the row after, or nothing when none was left. */
export async function takeOtpAttempt(db: Db, state: string, max: number) {
  const [row] = await db
    .update(sandboxPaytmOtps)
    .set({ attempts: sql`${sandboxPaytmOtps.attempts} + 1` })
    .where(
      and(
        eq(sandboxPaytmOtps.state, state),
        isNull(sandboxPaytmOtps.usedAt),
        lt(sandboxPaytmOtps.attempts, max),
      ),
    )
    .returning();
  return row;
}

/** Spends the OTP; false when another request spent it first. */
export async function useOtp(db: Db, state: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxPaytmOtps)
    .set({ usedAt: at })
    .where(and(eq(sandboxPaytmOtps.state, state), isNull(sandboxPaytmOtps.usedAt)))
    .returning({ state: sandboxPaytmOtps.state });
  return rows.length > 0;
}

export async function insertToken(db: Db, row: typeof sandboxPaytmTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxPaytmTokens).values(row);
}

export async function findToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(sandboxPaytmTokens)
    .where(and(eq(sandboxPaytmTokens.tokenHash, tokenHash), gt(sandboxPaytmTokens.expiresAt, now)));
  return row;
}

/** A transaction by its kind and the merchant's reference. */
export async function findTxn(
  db: Db,
  kind: 'withdraw' | 'refund' | 'add',
  ref: string,
): Promise<TxnRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaytmTxns)
    .where(and(eq(sandboxPaytmTxns.kind, kind), eq(sandboxPaytmTxns.ref, ref)));
  return row;
}

export async function findTxnById(db: Db, id: string): Promise<TxnRow | undefined> {
  const [row] = await db.select().from(sandboxPaytmTxns).where(eq(sandboxPaytmTxns.id, id));
  return row;
}

/** The transaction, unless one with its kind and reference exists (then nothing: the caller reads that one). */
export async function insertTxn(db: Db, row: typeof sandboxPaytmTxns.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(sandboxPaytmTxns)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: sandboxPaytmTxns.id });
  return rows.length > 0;
}

/** Counts a refund against its withdraw, never beyond what was taken. */
export async function addRefunded(db: Db, txnId: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(sandboxPaytmTxns)
    .set({ refundedPaise: sql`${sandboxPaytmTxns.refundedPaise} + ${amount}` })
    .where(
      and(
        eq(sandboxPaytmTxns.id, txnId),
        sql`${sandboxPaytmTxns.refundedPaise} + ${amount} <= ${sandboxPaytmTxns.amountPaise}`,
      ),
    )
    .returning({ id: sandboxPaytmTxns.id });
  return rows.length > 0;
}

/** The open add-money request for an order and amount (a repeated answer opens no second page). */
export async function openAddMoney(
  db: Db,
  orderRef: string,
  amountPaise: number,
): Promise<AddMoneyRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaytmAddMoney)
    .where(
      and(
        eq(sandboxPaytmAddMoney.orderRef, orderRef),
        eq(sandboxPaytmAddMoney.amountPaise, amountPaise),
        eq(sandboxPaytmAddMoney.status, 'OPEN'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAddMoney(db: Db, row: typeof sandboxPaytmAddMoney.$inferInsert): Promise<void> {
  await db.insert(sandboxPaytmAddMoney).values(row);
}

export async function findAddMoney(db: Db, id: string): Promise<AddMoneyRow | undefined> {
  const [row] = await db.select().from(sandboxPaytmAddMoney).where(eq(sandboxPaytmAddMoney.id, id));
  return row;
}

/** Closes an open request; false when it was closed already (a second tap, a second tab). */
export async function closeAddMoney(db: Db, id: string, status: 'SUCCESS' | 'CANCELLED'): Promise<boolean> {
  const rows = await db
    .update(sandboxPaytmAddMoney)
    .set({ status })
    .where(and(eq(sandboxPaytmAddMoney.id, id), eq(sandboxPaytmAddMoney.status, 'OPEN')))
    .returning({ id: sandboxPaytmAddMoney.id });
  return rows.length > 0;
}

export async function readModes(db: Db): Promise<{ refuseWithdraw: boolean }> {
  const [row] = await db.select().from(sandboxPaytmModes).where(eq(sandboxPaytmModes.id, 1));
  return { refuseWithdraw: row?.refuseWithdraw ?? false };
}

export async function setModes(db: Db, refuseWithdraw: boolean, at: Date): Promise<void> {
  await db
    .insert(sandboxPaytmModes)
    .values({ id: 1, refuseWithdraw, updatedAt: at })
    .onConflictDoUpdate({ target: sandboxPaytmModes.id, set: { refuseWithdraw, updatedAt: at } });
}

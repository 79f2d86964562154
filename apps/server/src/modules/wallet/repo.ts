import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { LedgerEntryKind } from '@crust/domain/wallet-ledger';
import type { Db } from '../../db/client.ts';
import { walletEntries, wallets } from '../../db/schema.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletEntryRow = Omit<typeof walletEntries.$inferSelect, 'kind'> & { kind: LedgerEntryKind };

/** Makes the customer's wallet (empty) unless it exists. */
export async function ensureWallet(db: Db, customerId: string): Promise<void> {
  await db.insert(wallets).values({ customerId }).onConflictDoNothing();
}

export async function findWallet(db: Db, customerId: string): Promise<WalletRow | undefined> {
  const rows = await db.select().from(wallets).where(eq(wallets.customerId, customerId)).limit(1);
  return rows[0];
}

/**
 * Writes the entry unless the customer already has one of its kind and ref, or (for a debit or release)
 * the ref's hold is already closed; answers the new entry, or undefined when nothing was written.
 */
export async function insertEntry(
  db: Db,
  entry: { customerId: string; kind: LedgerEntryKind; amountPaise: number; ref: string },
): Promise<WalletEntryRow | undefined> {
  const rows = await db.insert(walletEntries).values(entry).onConflictDoNothing().returning();
  return rows[0] as WalletEntryRow | undefined;
}

/** The customer's entries for one ref of the given kinds. */
export async function findEntries(
  db: Db,
  customerId: string,
  ref: string,
  kinds: readonly LedgerEntryKind[],
): Promise<WalletEntryRow[]> {
  const rows = await db
    .select()
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.customerId, customerId),
        eq(walletEntries.ref, ref),
        inArray(walletEntries.kind, [...kinds]),
      ),
    )
    .orderBy(asc(walletEntries.id));
  return rows as WalletEntryRow[];
}

/** The whole ledger, in the order it was written. */
export async function listEntries(db: Db, customerId: string): Promise<WalletEntryRow[]> {
  const rows = await db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.customerId, customerId))
    .orderBy(asc(walletEntries.id));
  return rows as WalletEntryRow[];
}

/** Adds `amount` to the balance (a credit, a refund, a released hold); answers the new balance. */
export async function addBalance(db: Db, customerId: string, amount: number): Promise<number | undefined> {
  const rows = await db
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} + ${amount}::int`,
      version: sql`${wallets.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(wallets.customerId, customerId))
    .returning({ balancePaise: wallets.balancePaise });
  return rows[0]?.balancePaise;
}

/**
 * Takes `amount` from the balance only if the balance covers it:
 * `UPDATE wallets SET balance_paise = balance_paise - $a WHERE customer_id = $c AND balance_paise >= $a`.
 * Answers the new balance, or undefined when it does not cover it (nothing changed).
 */
export async function takeBalance(db: Db, customerId: string, amount: number): Promise<number | undefined> {
  const rows = await db
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} - ${amount}::int`,
      version: sql`${wallets.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(wallets.customerId, customerId), sql`${wallets.balancePaise} >= ${amount}::int`))
    .returning({ balancePaise: wallets.balancePaise });
  return rows[0]?.balancePaise;
}

/** The ledger's sums by kind (credit, debit, refund, hold, release) in paise. */
export async function sumsByKind(db: Db, customerId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: walletEntries.kind, total: sql<string>`sum(${walletEntries.amountPaise})` })
    .from(walletEntries)
    .where(eq(walletEntries.customerId, customerId))
    .groupBy(walletEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]));
}

/**
 * One page of what moved money (credits, refunds, debits), newest first, over the (customer_id, id) index: a
 * page costs the same whatever the customer's number of entries. `size + 1` rows tell whether there is a next.
 */
export async function entriesPage(
  db: Db,
  customerId: string,
  opts: { offset: number; size: number; from?: Date; to?: Date },
): Promise<WalletEntryRow[]> {
  const rows = await db
    .select()
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.customerId, customerId),
        inArray(walletEntries.kind, ['credit', 'debit', 'refund']),
        opts.from ? gte(walletEntries.createdAt, opts.from) : undefined,
        opts.to ? lt(walletEntries.createdAt, opts.to) : undefined,
      ),
    )
    .orderBy(desc(walletEntries.id))
    .limit(opts.size + 1)
    .offset(opts.offset);
  return rows as WalletEntryRow[];
}

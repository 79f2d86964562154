/**
 * The customer's wallet (PIGGYBANK) as a ledger in the database (docs/decisions/010-orders-and-payments.md,
 * rules in packages/domain wallet-ledger.ts). Every operation is idempotent by its (kind, ref): a repeat
 * answers the first outcome with `replayed: true` and never changes the balance again. The cached
 * `wallets.balance_paise` is the ledger's available balance, changed only in the transaction that writes
 * the entry, and a hold only takes money the balance covers (a conditional update), so it never goes
 * below zero however many requests race.
 */
import type { WalletLedger, WalletSummary } from '@crust/contract/wallet';
import { WALLET_LEDGER_PAGE_SIZE } from '@crust/contract/wallet';
import { LOYALTY } from '@crust/domain/loyalty';
import { bucketsOf, type LedgerEntry, type LedgerEntryKind } from '@crust/domain/wallet-ledger';
import { paise, type Paise } from '@crust/domain/money';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

export interface WalletEntry {
  id: number;
  kind: LedgerEntryKind;
  amountPaise: Paise;
  ref: string;
  createdAt: Date;
}

export type WalletRefusal =
  /** not a whole number of paise above 0 (and within the column's range) */
  | 'INVALID_AMOUNT'
  /** the available balance does not cover the hold */
  | 'INSUFFICIENT_BALANCE'
  /** the ref already names an entry of this kind for another amount */
  | 'REF_IN_USE'
  /** capture or release of a ref that was never held */
  | 'NO_HOLD'
  /** release of a hold that was captured */
  | 'ALREADY_CAPTURED'
  /** capture of a hold that was released */
  | 'ALREADY_RELEASED';

export type WalletOutcome =
  { ok: true; entry: WalletEntry; replayed: boolean } | { ok: false; reason: WalletRefusal };

const MAX_PAISE = 2_147_483_647; // the integer columns' limit

const validAmount = (amount: number): boolean =>
  Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_PAISE;

function checkRef(ref: string): void {
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 200)
    throw new TypeError('a wallet ref is 1 to 200 characters');
}

function entryOf(row: repo.WalletEntryRow): WalletEntry {
  return {
    id: row.id,
    kind: row.kind,
    amountPaise: paise(row.amountPaise),
    ref: row.ref,
    createdAt: row.createdAt,
  };
}

const written = (row: repo.WalletEntryRow): WalletOutcome => ({
  ok: true,
  entry: entryOf(row),
  replayed: false,
});

/** The answer to a repeat: the entry already written, if it is the same operation. */
function repeatOf(existing: repo.WalletEntryRow | undefined, amount: number): WalletOutcome {
  if (!existing) throw new Error('a wallet entry conflicted but cannot be found');
  if (existing.amountPaise !== amount) return { ok: false, reason: 'REF_IN_USE' };
  return { ok: true, entry: entryOf(existing), replayed: true };
}

/** Thrown inside a transaction to roll back the entry it wrote when the balance does not cover a hold. */
class Insufficient extends Error {}

export class WalletService {
  constructor(private readonly db: Db) {}

  /** The available balance (credits and refunds less debits and open holds); 0 without a wallet. */
  async balance(customerId: string): Promise<Paise> {
    const wallet = await repo.findWallet(this.db, customerId);
    return paise(wallet?.balancePaise ?? 0);
  }

  /** The ledger in the order it was written, for packages/domain `walletBalance`. */
  async ledger(customerId: string): Promise<LedgerEntry[]> {
    const rows = await repo.listEntries(this.db, customerId);
    return rows.map((r) => ({ kind: r.kind, amountPaise: paise(r.amountPaise), ref: r.ref }));
  }

  /** SPEC §3 Wallet summary: what can be spent, in its two parts, and the loyalty points beside it. */
  async summary(customerId: string, loyaltyPoints: number): Promise<WalletSummary> {
    const [available, sums] = await Promise.all([
      this.balance(customerId),
      repo.sumsByKind(this.db, customerId),
    ]);
    const n = (kind: string) => sums[kind] ?? 0;
    const total = n('credit') + n('refund') - n('debit');
    const { promo, refund } = bucketsOf({
      credits: n('credit'),
      debits: n('debit'),
      held: total - available,
      available,
    });
    return {
      totalBalance: available,
      loyaltyProgram: { code: LOYALTY.cardCode, points: loyaltyPoints },
      entries: [
        { title: 'Pizza Pals Points', amount: loyaltyPoints },
        { title: 'Promo Points', amount: promo },
        { title: 'Refund Points', amount: refund },
      ],
    };
  }

  /** One page of the ledger (SPEC §7), newest first; `day` (an IST date) keeps that day's entries only. */
  async page(customerId: string, pageNo: number, day: string | null): Promise<WalletLedger> {
    const size = WALLET_LEDGER_PAGE_SIZE;
    const range = day ? istDayRange(day) : null;
    const rows = await repo.entriesPage(this.db, customerId, {
      offset: (pageNo - 1) * size,
      size,
      ...(range ? { from: range.from, to: range.to } : {}),
    });
    return {
      pageNo,
      hasNext: rows.length > size,
      entries: rows.slice(0, size).map((r) => ({
        id: r.id,
        kind: r.kind as 'credit' | 'debit' | 'refund',
        title: ledgerTitle(r.kind, r.ref),
        amountPaise: r.amountPaise,
        orderId: orderIdOfRef(r.ref),
        at: r.createdAt.toISOString(),
      })),
    };
  }

  /** Adds money (a top-up, a promotion), once per ref. */
  credit(customerId: string, amount: number, ref: string): Promise<WalletOutcome> {
    return this.add('credit', customerId, amount, ref);
  }

  /** Gives money back (an order refunded to the wallet), once per ref. */
  refund(customerId: string, amount: number, ref: string): Promise<WalletOutcome> {
    return this.add('refund', customerId, amount, ref);
  }

  /**
   * Sets `amount` aside for a payment in progress, once per ref: the entry and the conditional balance
   * update are one transaction, so two holds racing for a balance that covers one end in one hold.
   */
  async hold(customerId: string, amount: number, ref: string): Promise<WalletOutcome> {
    checkRef(ref);
    if (!validAmount(amount)) return { ok: false, reason: 'INVALID_AMOUNT' };
    try {
      return await this.db.transaction(async (tx) => {
        await repo.ensureWallet(tx, customerId);
        const entry = await repo.insertEntry(tx, { customerId, kind: 'hold', amountPaise: amount, ref });
        if (!entry) return repeatOf((await repo.findEntries(tx, customerId, ref, ['hold']))[0], amount);
        if ((await repo.takeBalance(tx, customerId, amount)) === undefined) throw new Insufficient();
        return written(entry);
      });
    } catch (err) {
      if (err instanceof Insufficient) return { ok: false, reason: 'INSUFFICIENT_BALANCE' };
      throw err;
    }
  }

  /**
   * The payment went through: the ref's hold becomes a debit of the same amount. The money already left
   * the available balance with the hold, so the balance does not change. Refused once released.
   */
  async captureHold(customerId: string, ref: string): Promise<WalletOutcome> {
    checkRef(ref);
    const hold = (await repo.findEntries(this.db, customerId, ref, ['hold']))[0];
    if (!hold) return { ok: false, reason: 'NO_HOLD' };
    const debit = await repo.insertEntry(this.db, {
      customerId,
      kind: 'debit',
      amountPaise: hold.amountPaise,
      ref,
    });
    if (debit) return written(debit);
    return this.closedAlready(customerId, ref, 'debit');
  }

  /** The payment failed: the ref's hold is given back, once. Refused once captured. */
  async releaseHold(customerId: string, ref: string): Promise<WalletOutcome> {
    checkRef(ref);
    const hold = (await repo.findEntries(this.db, customerId, ref, ['hold']))[0];
    if (!hold) return { ok: false, reason: 'NO_HOLD' };
    const released = await this.db.transaction(async (tx) => {
      const entry = await repo.insertEntry(tx, {
        customerId,
        kind: 'release',
        amountPaise: hold.amountPaise,
        ref,
      });
      if (entry) await repo.addBalance(tx, customerId, hold.amountPaise);
      return entry;
    });
    if (released) return written(released);
    return this.closedAlready(customerId, ref, 'release');
  }

  /** A hold is closed once (a unique index): a repeat of the same close replays, the other is refused. */
  private async closedAlready(
    customerId: string,
    ref: string,
    wanted: 'debit' | 'release',
  ): Promise<WalletOutcome> {
    const closing = (await repo.findEntries(this.db, customerId, ref, ['debit', 'release']))[0];
    if (!closing) throw new Error(`the hold ${ref} conflicted on closing but no close is found`);
    if (closing.kind === wanted) return { ok: true, entry: entryOf(closing), replayed: true };
    return { ok: false, reason: closing.kind === 'debit' ? 'ALREADY_CAPTURED' : 'ALREADY_RELEASED' };
  }

  private async add(
    kind: 'credit' | 'refund',
    customerId: string,
    amount: number,
    ref: string,
  ): Promise<WalletOutcome> {
    checkRef(ref);
    if (!validAmount(amount)) return { ok: false, reason: 'INVALID_AMOUNT' };
    return this.db.transaction(async (tx) => {
      await repo.ensureWallet(tx, customerId);
      const entry = await repo.insertEntry(tx, { customerId, kind, amountPaise: amount, ref });
      if (!entry) return repeatOf((await repo.findEntries(tx, customerId, ref, [kind]))[0], amount);
      await repo.addBalance(tx, customerId, amount);
      return written(entry);
    });
  }
}

/** The order a ledger ref names (`order:`, `cancel:`, `guarantee:` + its id), else null. */
export function orderIdOfRef(ref: string): string | null {
  const match = /^(?:order|cancel|guarantee):(.+)$/.exec(ref);
  return match ? match[1]! : null;
}

/** The customer's words for a ledger entry. */
export function ledgerTitle(kind: string, ref: string): string {
  if (ref.startsWith('guarantee:')) return 'Late delivery credit';
  if (ref.startsWith('cancel:')) return 'Refund for a cancelled order';
  if (kind === 'debit') return 'Paid for an order';
  if (kind === 'refund') return 'Refund';
  return 'Added to your wallet';
}

/** An IST calendar date (YYYY-MM-DD) as the instants it spans. */
function istDayRange(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+05:30`);
  return { from, to: new Date(from.getTime() + 24 * 3_600_000) };
}

/**
 * The wallet as an append-only ledger. The balance is never stored: it is the fold of the entries.
 * - credit and refund add money; debit takes it;
 * - a hold sets money aside for a payment in progress: it is not available while it is open, and it is
 *   closed by a release (the payment failed: the money is available again) or by a debit with the same
 *   ref (the payment went through: the debit takes its place).
 * Amounts are positive paise; the kind says which way the money goes.
 */
import { assertNever } from './delivery-types.ts';
import { paise, type Paise } from './money.ts';

export const LEDGER_ENTRY_KINDS = ['credit', 'debit', 'refund', 'hold', 'release'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerEntryKind;
  amountPaise: Paise;
  /** what the entry is for: an order transaction id, a refund id, a promotion … */
  ref: string;
}

export interface WalletBalance {
  /** credits and refunds less debits */
  total: Paise;
  /** set aside by open holds */
  held: Paise;
  /** what can be spent: total less held */
  available: Paise;
}

/** The open holds by ref, after the entries in order. */
function openHolds(entries: readonly LedgerEntry[]): Map<string, Paise> {
  const holds = new Map<string, Paise>();
  for (const e of entries) {
    switch (e.kind) {
      case 'hold':
        holds.set(e.ref, paise((holds.get(e.ref) ?? 0) + e.amountPaise));
        break;
      case 'release':
      case 'debit':
        holds.delete(e.ref);
        break;
      case 'credit':
      case 'refund':
        break;
      default:
        assertNever(e.kind);
    }
  }
  return holds;
}

function signed(e: LedgerEntry): number {
  switch (e.kind) {
    case 'credit':
    case 'refund':
      return e.amountPaise;
    case 'debit':
      return 0 - e.amountPaise;
    case 'hold':
    case 'release':
      return 0;
    default:
      return assertNever(e.kind);
  }
}

export function walletBalance(entries: readonly LedgerEntry[]): WalletBalance {
  const total = entries.reduce((sum, e) => sum + signed(e), 0);
  const held = [...openHolds(entries).values()].reduce((sum, h) => sum + h, 0);
  return { total: paise(total), held: paise(held), available: paise(total - held) };
}

/** The balance that can be spent: holds count against it until they are released or debited. */
export function balanceOf(entries: readonly LedgerEntry[]): Paise {
  return walletBalance(entries).available;
}

/** What is held for one ref (0 when it has no open hold). */
export function heldFor(entries: readonly LedgerEntry[], ref: string): Paise {
  return openHolds(entries).get(ref) ?? paise(0);
}

const positive = (amount: number): boolean => Number.isSafeInteger(amount) && amount > 0;

/**
 * Whether a debit of `amount` may be written: a positive amount within the available balance, where a
 * debit that closes its own ref's hold may also spend what that hold set aside.
 */
export function canDebit(entries: readonly LedgerEntry[], amount: Paise, ref: string): boolean {
  return positive(amount) && amount <= balanceOf(entries) + heldFor(entries, ref);
}

/** Whether `amount` may be held for `ref`: positive, available, and no hold already open for the ref. */
export function canHold(entries: readonly LedgerEntry[], amount: Paise, ref: string): boolean {
  return positive(amount) && heldFor(entries, ref) === 0 && amount <= balanceOf(entries);
}

/**
 * The wallet summary's split (SPEC §3: Promo Points, Refund Points) of what can be spent: credits (promotions,
 * late-delivery credits, top-ups) are spent before refunds, since a refund is the customer's own money coming back
 * and is the last thing a payment should use up. Both are ₹ amounts in paise and add up to `available`.
 */
export function walletBuckets(entries: readonly LedgerEntry[]): { promo: Paise; refund: Paise } {
  const { total, available } = walletBalance(entries);
  const sum = (kind: LedgerEntryKind) =>
    entries.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountPaise, 0);
  return bucketsOf({ credits: sum('credit'), debits: sum('debit'), held: total - available, available });
}

/** walletBuckets from the ledger's sums (what a database can add up without reading every entry). */
export function bucketsOf(s: { credits: number; debits: number; held: number; available: number }): {
  promo: Paise;
  refund: Paise;
} {
  // what payments took or hold comes out of the credits first
  const promo = Math.max(0, Math.min(s.available, s.credits - s.debits - s.held));
  return { promo: paise(promo), refund: paise(s.available - promo) };
}

import type { WalletLedgerEntry } from '@crust/contract/wallet';
import { HOUR_MINUTE, istFormat } from '../../shared/format.ts';

/** The IST calendar day of an instant as YYYY-MM-DD (en-CA writes dates that way): the ledger's grouping key. */
const istDay = istFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');

/** "Thu, 26 Nov, 2026" (en-IN): a day's heading, on India's clock. */
export const dayHeading: (iso: string) => string = istFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "7:05 pm": an entry's time within its day. */
export const entryTime: (iso: string) => string = istFormat(HOUR_MINUTE);

export interface LedgerDay {
  /** YYYY-MM-DD in IST */
  day: string;
  /** the heading shown for it */
  heading: string;
  entries: WalletLedgerEntry[];
}

/**
 * The ledger's entries (newest first, as the server sends them, over as many pages as are loaded) grouped by
 * their IST day, so an entry at 1 am IST sits under that day and not the UTC one before it. A day split over
 * two pages stays one group.
 */
export function groupByDay(entries: readonly WalletLedgerEntry[]): LedgerDay[] {
  const days: LedgerDay[] = [];
  for (const entry of entries) {
    const day = istDay(entry.at);
    const last = days[days.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, heading: dayHeading(entry.at), entries: [entry] });
  }
  return days;
}

/** A credit or a refund adds to the wallet, a debit takes from it. */
export const isCredit = (entry: WalletLedgerEntry): boolean => entry.kind !== 'debit';

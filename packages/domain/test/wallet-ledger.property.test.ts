import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paise, type Paise } from '../src/money.ts';
import {
  balanceOf,
  canDebit,
  canHold,
  heldFor,
  walletBalance,
  type LedgerEntry,
} from '../src/wallet-ledger.ts';

/** What a customer's wallet sees: top-ups, payments held and then released or debited, refunds. */
type Command =
  | { op: 'credit' | 'refund'; amount: Paise }
  | { op: 'hold' | 'debit'; amount: Paise; ref: string }
  | { op: 'release'; ref: string };

const amount = fc.integer({ min: -1_000, max: 50_000 }).map(paise);
const ref = fc.constantFrom('tx-1', 'tx-2', 'tx-3');
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constantFrom('credit' as const, 'refund' as const),
    amount: amount.filter((a) => a > 0),
  }),
  fc.record({ op: fc.constantFrom('hold' as const, 'debit' as const), amount, ref }),
  fc.record({ op: fc.constant('release' as const), ref }),
);

/** Independent model: a running total and the open holds by ref. */
function model(entries: readonly LedgerEntry[]): { total: number; held: number } {
  let total = 0;
  const holds: Record<string, number> = {};
  for (const entry of entries) {
    if (entry.kind === 'credit' || entry.kind === 'refund') total += entry.amountPaise;
    if (entry.kind === 'debit') {
      total -= entry.amountPaise;
      delete holds[entry.ref];
    }
    if (entry.kind === 'hold') holds[entry.ref] = (holds[entry.ref] ?? 0) + entry.amountPaise;
    if (entry.kind === 'release') delete holds[entry.ref];
  }
  return { total, held: Object.values(holds).reduce((s, h) => s + h, 0) };
}

/** The ledger written by a careful caller: holds and debits only when canHold / canDebit allow them. */
function write(commands: readonly Command[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const c of commands) {
    switch (c.op) {
      case 'credit':
      case 'refund':
        entries.push({ kind: c.op, amountPaise: c.amount, ref: 'x' });
        break;
      case 'hold':
        if (canHold(entries, c.amount, c.ref))
          entries.push({ kind: 'hold', amountPaise: c.amount, ref: c.ref });
        break;
      case 'debit':
        if (canDebit(entries, c.amount, c.ref))
          entries.push({ kind: 'debit', amountPaise: c.amount, ref: c.ref });
        break;
      case 'release': {
        const held = heldFor(entries, c.ref);
        if (held > 0) entries.push({ kind: 'release', amountPaise: held, ref: c.ref });
        break;
      }
      default:
        throw new Error('unreachable');
    }
  }
  return entries;
}

describe('wallet ledger (property)', () => {
  it('the balance is the fold of the entries, and never negative when every debit went through canDebit', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const entries = write(commands);
        const { total, held } = model(entries);
        expect(walletBalance(entries)).toEqual({ total, held, available: total - held });
        expect(balanceOf(entries)).toBe(total - held);
        // every prefix too: the wallet never dipped below zero on the way
        for (let n = 0; n <= entries.length; n++) {
          const b = walletBalance(entries.slice(0, n));
          expect(b.available).toBeGreaterThanOrEqual(0);
          expect(b.held).toBeGreaterThanOrEqual(0);
          expect(b.total).toBeGreaterThanOrEqual(b.held);
        }
      }),
    );
  });

  it('an allowed debit lowers the total by exactly its amount; a refused one would overdraw', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), amount, ref, (commands, a, r) => {
        const entries = write(commands);
        const before = walletBalance(entries);
        const after = walletBalance([...entries, { kind: 'debit', amountPaise: a, ref: r }]);
        if (canDebit(entries, a, r)) {
          expect(after.total).toBe(before.total - a);
          expect(after.available).toBeGreaterThanOrEqual(0);
        } else {
          expect(a <= 0 || after.available < 0).toBe(true);
        }
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { paise } from '../src/money.ts';
import { walletBuckets, type LedgerEntry, type LedgerEntryKind } from '../src/wallet-ledger.ts';

const e = (kind: LedgerEntryKind, amount: number, ref = 'r'): LedgerEntry => ({
  kind,
  amountPaise: paise(amount),
  ref,
});

describe('the wallet summary: promo before refund', () => {
  it.each<[string, LedgerEntry[], { promo: number; refund: number }]>([
    ['empty', [], { promo: 0, refund: 0 }],
    ['a credit', [e('credit', 5000)], { promo: 5000, refund: 0 }],
    ['a refund', [e('refund', 3000)], { promo: 0, refund: 3000 }],
    ['both', [e('credit', 5000), e('refund', 3000)], { promo: 5000, refund: 3000 }],
    [
      'a payment spends the credit first',
      [e('credit', 5000), e('refund', 3000), e('hold', 6000, 'o1'), e('debit', 6000, 'o1')],
      { promo: 0, refund: 2000 },
    ],
    [
      'a hold counts like the payment it may become',
      [e('credit', 5000), e('refund', 3000), e('hold', 2000, 'o1')],
      { promo: 3000, refund: 3000 },
    ],
    [
      'a released hold gives it back',
      [e('credit', 5000), e('hold', 2000, 'o1'), e('release', 2000, 'o1')],
      { promo: 5000, refund: 0 },
    ],
  ])('%s', (_, entries, expected) => {
    const b = walletBuckets(entries);
    expect({ promo: b.promo, refund: b.refund }).toEqual(expected);
  });
});

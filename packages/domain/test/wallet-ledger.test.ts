import { describe, expect, it } from 'vitest';
import { paise } from '../src/money.ts';
import {
  balanceOf,
  canDebit,
  canHold,
  heldFor,
  walletBalance,
  type LedgerEntry,
  type LedgerEntryKind,
} from '../src/wallet-ledger.ts';

const e = (kind: LedgerEntryKind, amount: number, ref: string): LedgerEntry => ({
  kind,
  amountPaise: paise(amount),
  ref,
});

describe('walletBalance and balanceOf', () => {
  it.each<[string, LedgerEntry[], number, number, number]>([
    ['an empty wallet', [], 0, 0, 0],
    ['a credit', [e('credit', 10_000, 'promo-1')], 10_000, 0, 10_000],
    [
      'a credit and a refund',
      [e('credit', 10_000, 'promo-1'), e('refund', 2_500, 'tx-9')],
      12_500,
      0,
      12_500,
    ],
    ['a debit', [e('credit', 10_000, 'promo-1'), e('debit', 4_000, 'tx-1')], 6_000, 0, 6_000],
    ['an open hold', [e('credit', 10_000, 'promo-1'), e('hold', 4_000, 'tx-1')], 10_000, 4_000, 6_000],
    [
      'a hold released',
      [e('credit', 10_000, 'promo-1'), e('hold', 4_000, 'tx-1'), e('release', 4_000, 'tx-1')],
      10_000,
      0,
      10_000,
    ],
    [
      'a hold turned into a debit',
      [e('credit', 10_000, 'promo-1'), e('hold', 4_000, 'tx-1'), e('debit', 4_000, 'tx-1')],
      6_000,
      0,
      6_000,
    ],
    [
      'a release for another ref leaves the hold open',
      [e('credit', 10_000, 'promo-1'), e('hold', 4_000, 'tx-1'), e('release', 4_000, 'tx-2')],
      10_000,
      4_000,
      6_000,
    ],
    [
      'a release before its hold does not close it',
      [e('credit', 10_000, 'promo-1'), e('release', 4_000, 'tx-1'), e('hold', 4_000, 'tx-1')],
      10_000,
      4_000,
      6_000,
    ],
    [
      'a debit, refunded after the order failed',
      [e('credit', 10_000, 'promo-1'), e('debit', 4_000, 'tx-1'), e('refund', 4_000, 'tx-1')],
      10_000,
      0,
      10_000,
    ],
    [
      'two holds for two payments',
      [e('credit', 10_000, 'promo-1'), e('hold', 3_000, 'tx-1'), e('hold', 2_000, 'tx-2')],
      10_000,
      5_000,
      5_000,
    ],
  ])('%s → total %d, held %d, available %d', (_, entries, total, held, available) => {
    expect(walletBalance(entries)).toEqual({ total, held, available });
    expect(balanceOf(entries)).toBe(available);
  });
});

describe('heldFor', () => {
  const entries = [e('credit', 10_000, 'p'), e('hold', 3_000, 'tx-1'), e('hold', 2_000, 'tx-2')];
  it.each<[LedgerEntry[], string, number]>([
    [entries, 'tx-1', 3_000],
    [entries, 'tx-2', 2_000],
    [entries, 'tx-3', 0],
    [[...entries, e('release', 3_000, 'tx-1')], 'tx-1', 0],
    [[...entries, e('debit', 3_000, 'tx-1')], 'tx-1', 0],
  ])('%#: %s → %d', (list, ref, held) => {
    expect(heldFor(list, ref)).toBe(held);
  });
});

describe('canDebit: positive and within the available balance, plus the ref’s own hold', () => {
  const funded = [e('credit', 10_000, 'promo-1')];
  const held = [...funded, e('hold', 4_000, 'tx-1')];
  it.each<[string, LedgerEntry[], number, string, boolean]>([
    ['the whole balance', funded, 10_000, 'tx-1', true],
    ['a paisa over', funded, 10_001, 'tx-1', false],
    ['nothing', funded, 0, 'tx-1', false],
    ['a negative amount', funded, -100, 'tx-1', false],
    ['a fraction of a paisa', funded, 0.5, 'tx-1', false],
    ['an empty wallet', [], 1, 'tx-1', false],
    ['another ref cannot spend the hold', held, 6_001, 'tx-2', false],
    ['another ref within what is left', held, 6_000, 'tx-2', true],
    ['the held ref can spend its hold', held, 10_000, 'tx-1', true],
    ['the held ref, a paisa over', held, 10_001, 'tx-1', false],
  ])('%s', (_, entries, amount, ref, allowed) => {
    expect(canDebit(entries, amount as never, ref)).toBe(allowed);
  });
});

describe('canHold: positive, available, one open hold per ref', () => {
  const funded = [e('credit', 10_000, 'promo-1')];
  it.each<[string, LedgerEntry[], number, string, boolean]>([
    ['within the balance', funded, 4_000, 'tx-1', true],
    ['the whole balance', funded, 10_000, 'tx-1', true],
    ['over the balance', funded, 10_001, 'tx-1', false],
    ['nothing', funded, 0, 'tx-1', false],
    ['a second hold for the same ref', [...funded, e('hold', 1_000, 'tx-1')], 1_000, 'tx-1', false],
    [
      'again after a release',
      [...funded, e('hold', 1_000, 'tx-1'), e('release', 1_000, 'tx-1')],
      1_000,
      'tx-1',
      true,
    ],
    ['over what other holds leave', [...funded, e('hold', 6_000, 'tx-1')], 4_001, 'tx-2', false],
  ])('%s', (_, entries, amount, ref, allowed) => {
    expect(canHold(entries, amount as never, ref)).toBe(allowed);
  });
});

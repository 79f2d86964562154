import { describe, expect, it } from 'vitest';
import { binInfo, CARD_BIN_TEXTS, cardBinError } from '../src/card-bin.ts';

describe('cardBinError', () => {
  it.each([
    ['a Visa credit card as credit', '411111', 'CC', null],
    ['a Visa credit card as debit', '411111', 'DC', CARD_BIN_TEXTS.isCredit],
    ['a Mastercard debit card as credit', '520082', 'CC', CARD_BIN_TEXTS.isDebit],
    ['a RuPay debit card as debit', '508500', 'DC', null],
    ['an unknown Visa BIN either way', '426789', 'DC', null],
    ['an unknown brand', '999999', 'CC', CARD_BIN_TEXTS.notSupported],
    ['eight digits read by their first six', '41111111', 'DC', CARD_BIN_TEXTS.isCredit],
  ] as const)('%s', (_name, digits, option, expected) => {
    expect(cardBinError(digits, option)).toBe(expected);
  });

  it('names the brand and kind', () => {
    expect(binInfo('555555')).toEqual({ brand: 'MASTERCARD', kind: 'credit' });
    expect(binInfo('426789')).toEqual({ brand: 'VISA', kind: null });
  });
});

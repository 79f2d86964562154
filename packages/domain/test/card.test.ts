import { describe, expect, it } from 'vitest';
import {
  brandOf,
  cardErrors,
  cardInitialDigits,
  cvvLength,
  last4,
  luhnValid,
  maskedCard,
  type CardBrand,
  type CardErrors,
  type CardInput,
} from '../src/card.ts';

/**
 * Published gateway test numbers: the card networks' and Stripe's classics, PayU's RuPay
 * (6082015309577308), the Mastercard Gateway NPCI emulator's RuPay (6074849200004917), and a 6522
 * RuPay number built here with its Luhn check digit (6522000000000006).
 */
const CARDS = {
  VISA: '4111111111111111',
  VISA_2: '4012888888881881',
  MASTERCARD: '5555555555554444',
  MASTERCARD_2: '5105105105105100',
  MASTERCARD_2_SERIES: '2223003122003222',
  AMEX: '378282246310005',
  AMEX_2: '371449635398431',
  RUPAY_PAYU: '6082015309577308',
  RUPAY_NPCI: '6074849200004917',
  RUPAY_6522: '6522000000000006',
  MAESTRO: '6759649826438453',
  MAESTRO_50: '5018000000000009',
  DINERS: '30569309025904',
} as const;

describe('luhnValid', () => {
  it.each<[string, boolean]>([
    ...Object.values(CARDS).map((n): [string, boolean] => [n, true]),
    ['4111 1111 1111 1111', true],
    ['4111-1111-1111-1111', true],
    ['4111111111111112', false],
    ['5555555555554440', false],
    ['378282246310006', false],
    ['6522000000000000', false],
    ['0', true],
    ['', false],
    ['4111a11111111111', false],
    ['79927398713', true], // the classic worked example
    ['79927398710', false],
  ])('%j → %s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });
});

describe('brandOf: by issuer range, from the third digit', () => {
  it.each<[string, CardBrand]>([
    [CARDS.VISA, 'VISA'],
    [CARDS.VISA_2, 'VISA'],
    [CARDS.MASTERCARD, 'MASTERCARD'],
    [CARDS.MASTERCARD_2, 'MASTERCARD'],
    [CARDS.MASTERCARD_2_SERIES, 'MASTERCARD'],
    [CARDS.AMEX, 'AMEX'],
    [CARDS.AMEX_2, 'AMEX'],
    [CARDS.RUPAY_PAYU, 'RUPAY'],
    [CARDS.RUPAY_NPCI, 'RUPAY'],
    [CARDS.RUPAY_6522, 'RUPAY'],
    [CARDS.MAESTRO, 'MAESTRO'],
    [CARDS.MAESTRO_50, 'MAESTRO'],
    [CARDS.DINERS, 'GENERIC'],
    // fewer than 3 digits: not yet decided
    ['', 'GENERIC'],
    ['4', 'GENERIC'],
    ['41', 'GENERIC'],
    ['411', 'VISA'],
    ['555', 'MASTERCARD'],
    ['378', 'AMEX'],
    ['341', 'AMEX'],
    ['4 1 1', 'VISA'],
    // Mastercard 2-series: 2221–2720; 222x and 272x wait for the fourth digit
    ['222', 'GENERIC'],
    ['2220', 'GENERIC'],
    ['2221', 'MASTERCARD'],
    ['223', 'MASTERCARD'],
    ['271', 'MASTERCARD'],
    ['272', 'GENERIC'],
    ['2720', 'MASTERCARD'],
    ['2721', 'GENERIC'],
    ['500', 'MAESTRO'],
    ['510', 'MASTERCARD'],
    ['560', 'MAESTRO'],
    ['589', 'MAESTRO'],
    ['590', 'GENERIC'],
    // RuPay over Discover, JCB and Maestro in the overlapping ranges
    ['6011111111111117', 'RUPAY'],
    ['650', 'RUPAY'],
    ['811', 'RUPAY'],
    ['820', 'RUPAY'],
    ['508', 'RUPAY'],
    ['507', 'MAESTRO'],
    ['353', 'RUPAY'],
    ['356', 'RUPAY'],
    ['354', 'GENERIC'], // the rest of JCB
    ['3530111333300000', 'RUPAY'],
    // other 6s are Maestro
    ['630', 'MAESTRO'],
    ['620', 'MAESTRO'],
    ['690', 'MAESTRO'],
    ['300', 'GENERIC'],
    ['830', 'GENERIC'],
    ['999', 'GENERIC'],
    ['abc', 'GENERIC'],
  ])('%s → %s', (number, brand) => {
    expect(brandOf(number)).toBe(brand);
  });
});

describe('cvvLength: 4 for Amex, 3 otherwise', () => {
  it.each<[CardBrand, number]>([
    ['AMEX', 4],
    ['VISA', 3],
    ['MASTERCARD', 3],
    ['RUPAY', 3],
    ['MAESTRO', 3],
    ['GENERIC', 3],
  ])('%s → %d', (brand, length) => {
    expect(cvvLength(brand)).toBe(length);
  });
});

/** 15 March 2026, 12:00 IST. */
const NOW = Date.UTC(2026, 2, 15, 6, 30);
const GOOD: CardInput = { number: CARDS.VISA, cvv: '123', month: '04', year: '2027', name: 'Asha Rao' };
const errorsOf = (overrides: Partial<CardInput>, validateWithLuhn = true): CardErrors =>
  cardErrors({ ...GOOD, ...overrides }, { now: NOW, validateWithLuhn });

describe('cardErrors: number', () => {
  it.each<[string, boolean, string | undefined]>([
    [CARDS.VISA, true, undefined],
    ['4111 1111 1111 1111', true, undefined],
    [CARDS.AMEX, true, undefined],
    ['', true, 'Invalid card Number'],
    ['41111111111', true, 'Invalid card Number'], // 11 digits
    ['41111111111111111111', true, 'Invalid card Number'], // 20 digits
    ['4111x11111111111', true, 'Invalid card Number'],
    ['4111111111111112', true, 'Incorrect card number.'],
    ['4111111111111112', false, undefined], // Luhn configured off
  ])('%j (Luhn %s) → %s', (number, luhn, error) => {
    const cvv = brandOf(number) === 'AMEX' ? '1234' : '123';
    expect(errorsOf({ number, cvv }, luhn).number).toBe(error);
  });

  it('takes the remote-config text for a Luhn failure', () => {
    const errors = cardErrors(
      { ...GOOD, number: '4111111111111112' },
      { now: NOW, validateWithLuhn: true, incorrectCardError: 'Check your card number' },
    );
    expect(errors.number).toBe('Check your card number');
  });
});

describe('cardErrors: CVV (3 digits, 4 for Amex)', () => {
  it.each<[string, string, string | undefined]>([
    [CARDS.VISA, '123', undefined],
    [CARDS.VISA, '000', undefined],
    [CARDS.VISA, '12', 'Invalid CVV'],
    [CARDS.VISA, '1234', 'Invalid CVV'],
    [CARDS.VISA, '12a', 'Invalid CVV'],
    [CARDS.VISA, '', 'Invalid CVV'],
    [CARDS.RUPAY_PAYU, '123', undefined],
    [CARDS.AMEX, '1234', undefined],
    [CARDS.AMEX, '123', 'Invalid CVV'],
  ])('%s with %j → %s', (number, cvv, error) => {
    expect(errorsOf({ number, cvv }).cvv).toBe(error);
  });
});

describe('cardErrors: month and year (not in the past, in IST)', () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    ['04', '2027', undefined, undefined],
    ['01', '2027', undefined, undefined],
    ['12', '2027', undefined, undefined],
    ['4', '27', undefined, undefined],
    ['03', '2026', undefined, undefined], // this month is still good
    ['12', '2026', undefined, undefined],
    ['02', '2026', 'Invalid Month', undefined],
    ['01', '26', 'Invalid Month', undefined],
    ['00', '2027', 'Invalid Month', undefined],
    ['13', '2027', 'Invalid Month', undefined],
    ['ab', '2027', 'Invalid Month', undefined],
    ['', '2027', 'Please select Month', undefined],
    ['04', '', undefined, 'Please select Year'],
    ['', '', 'Please select Month', 'Please select Year'],
    ['04', '2025', undefined, 'Please select Year'],
    ['04', '202', undefined, 'Please select Year'],
    ['13', '', 'Invalid Month', 'Please select Year'],
  ])('%j / %j → month %s, year %s', (month, year, monthError, yearError) => {
    const errors = errorsOf({ month, year });
    expect([errors.month, errors.year]).toEqual([monthError, yearError]);
  });

  it('reads the month in IST: 28 Feb 2026 23:00 UTC is already March in India', () => {
    const now = Date.UTC(2026, 1, 28, 23, 0);
    const errors = cardErrors({ ...GOOD, month: '02', year: '2026' }, { now, validateWithLuhn: true });
    expect(errors.month).toBe('Invalid Month');
    const stillFeb = Date.UTC(2026, 1, 28, 18, 0); // 23:30 IST
    expect(
      cardErrors({ ...GOOD, month: '02', year: '2026' }, { now: stillFeb, validateWithLuhn: true }),
    ).toEqual({});
  });
});

describe('cardErrors: name', () => {
  it.each<[string, string | undefined]>([
    ['Asha Rao', undefined],
    ['  Asha Rao  ', undefined],
    ["D'Souza", undefined],
    ['R. K. Narayan-Iyer', undefined],
    ['', 'Please Enter Valid Name'],
    ['   ', 'Please Enter Valid Name'],
    ['Asha 2', 'Please Enter Valid Name'],
    ['.Asha', 'Please Enter Valid Name'],
    ['A'.repeat(80), undefined],
    ['A'.repeat(81), 'Please Enter Valid Name'],
  ])('%j → %s', (name, error) => {
    expect(errorsOf({ name }).name).toBe(error);
  });
});

describe('cardErrors: a good card has none', () => {
  it.each(Object.entries(CARDS))('%s', (_, number) => {
    const cvv = brandOf(number) === 'AMEX' ? '1234' : '123';
    expect(errorsOf({ number, cvv })).toEqual({});
  });

  it('an empty form has every error', () => {
    expect(errorsOf({ number: '', cvv: '', month: '', year: '', name: '' })).toEqual({
      number: 'Invalid card Number',
      cvv: 'Invalid CVV',
      month: 'Please select Month',
      year: 'Please select Year',
      name: 'Please Enter Valid Name',
    });
  });
});

describe('last4, cardInitialDigits and maskedCard', () => {
  it.each<[string, string, string]>([
    [CARDS.VISA, '1111', '411111'],
    ['5555 5555 5555 4444', '4444', '555555'],
    [CARDS.AMEX, '0005', '378282'],
    ['12', '12', '12'],
  ])('%s → last 4 %s, first 6 %s', (number, four, six) => {
    expect([last4(number), cardInitialDigits(number)]).toEqual([four, six]);
  });

  it.each<[CardBrand, string, string]>([
    ['VISA', '1111', 'Visa •••• 1111'],
    ['MASTERCARD', '4444', 'Mastercard •••• 4444'],
    ['AMEX', '0005', 'Amex •••• 0005'],
    ['RUPAY', '7308', 'RuPay •••• 7308'],
    ['MAESTRO', '8453', 'Maestro •••• 8453'],
    ['GENERIC', '5904', 'Card •••• 5904'],
  ])('%s %s → %s', (brand, four, masked) => {
    expect(maskedCard(brand, four)).toBe(masked);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPaise, formatRupees, multiplyPaise, paise, rupees, type Paise } from '../src/money.ts';

/** Reads a formatRupees string back into paise: the inverse the round-trip property checks. */
function parseRupees(text: string): number {
  const match = /^(-?)₹(\d{1,3}(?:,\d{2})*(?:,\d{3})?|\d{1,3})(?:\.(\d{2}))?$/.exec(text);
  if (!match) throw new Error(`not a rupee amount: ${text}`);
  const [, sign = '', whole = '', fraction = '00'] = match;
  const value = Number(whole.replaceAll(',', '')) * 100 + Number(fraction);
  return sign === '-' ? -value : value;
}

describe('paise', () => {
  it.each([0, 1, -1, 12_345, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])(
    'accepts the integer %d',
    (n) => {
      expect(paise(n)).toBe(n);
    },
  );

  it.each([
    0.5,
    -1.25,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 1,
  ])('rejects %d', (n) => {
    expect(() => paise(n)).toThrow(RangeError);
  });
});

describe('rupees', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 100],
    [50, 5_000],
    [123.45, 12_345],
    [99.99, 9_999],
    [0.1 + 0.2, 30], // float noise is rounded away
    [10.004, 1_000], // rounds down below half a paisa
    [10.006, 1_001], // rounds up above half a paisa
    [-12.5, -1_250],
  ])('₹%d is %d paise', (r, expected) => {
    expect(rupees(r)).toBe(expected);
  });

  it('rejects an amount too large to hold in paise', () => {
    expect(() => rupees(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});

describe('addPaise', () => {
  it.each<[string, number[], number]>([
    ['nothing', [], 0],
    ['one amount', [9_900], 9_900],
    ['several amounts', [9_900, 3_500, 4_500], 17_900],
    ['with a negative (discount)', [19_900, -2_000], 17_900],
  ])('%s', (_, amounts, expected) => {
    expect(addPaise(...amounts.map(paise))).toBe(expected);
  });

  it('rejects a sum beyond a safe integer', () => {
    expect(() => addPaise(paise(Number.MAX_SAFE_INTEGER), paise(1))).toThrow(RangeError);
  });
});

describe('multiplyPaise', () => {
  it.each<[number, number, number]>([
    [9_900, 0, 0],
    [9_900, 1, 9_900],
    [9_900, 3, 29_700],
    [4_500, -2, -9_000],
  ])('%d × %d = %d', (amount, factor, expected) => {
    expect(multiplyPaise(paise(amount), factor)).toBe(expected);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects the non-integer factor %d', (factor) => {
    expect(() => multiplyPaise(paise(100), factor)).toThrow(RangeError);
  });

  it('rejects a product beyond a safe integer', () => {
    expect(() => multiplyPaise(paise(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });
});

describe('formatRupees', () => {
  it.each<[number, string]>([
    [0, '₹0'],
    [5, '₹0.05'],
    [99, '₹0.99'],
    [100, '₹1'],
    [5_000, '₹50'],
    [12_345, '₹123.45'],
    [12_305, '₹123.05'],
    [99_999, '₹999.99'],
    [100_000, '₹1,000'],
    [1_234_500, '₹12,345'],
    [10_000_000, '₹1,00,000'],
    [123_456_700, '₹12,34,567'],
    [1_234_567_800, '₹1,23,45,678'],
    [1_234_567_890, '₹1,23,45,678.90'],
    [-5_000, '-₹50'],
    [-12_345, '-₹123.45'],
    [-10_000_000, '-₹1,00,000'],
  ])('%d paise → %s', (amount, expected) => {
    expect(formatRupees(paise(amount))).toBe(expected);
  });

  it('round-trips: parsing the text gives back the same paise (any safe integer within ±10^12)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(parseRupees(formatRupees(n as Paise))).toBe(n);
      }),
    );
  });

  it('always groups Indian style: three digits last, then pairs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        const whole =
          formatRupees(n as Paise)
            .slice(1)
            .split('.')[0] ?? '';
        expect(whole).toMatch(/^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3})$/);
      }),
    );
  });
});

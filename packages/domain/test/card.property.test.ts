import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandOf, cardErrors, last4, luhnValid, maskedCard } from '../src/card.ts';

/** The digit that makes `body` + digit pass Luhn. */
function checkDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + String(d))) return String(d);
  throw new Error('no check digit');
}

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((a) => a.join(''));

describe('card (property)', () => {
  it('exactly one check digit completes any number, and changing any one digit breaks it', () => {
    fc.assert(
      fc.property(digits(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const valid = [...Array(10).keys()].filter((d) => luhnValid(body + String(d)));
        expect(valid).toHaveLength(1);
        const number = body + checkDigit(body);
        const i = at % number.length;
        const changed = number.slice(0, i) + String((Number(number[i]) + delta) % 10) + number.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  it('the brand is decided at the third digit (the fourth for 222x and 272x) and never changes after', () => {
    fc.assert(
      fc.property(digits(3, 19), (number) => {
        const brand = brandOf(number);
        const decidedAt = ['222', '272'].includes(number.slice(0, 3)) ? 4 : 3;
        for (let n = decidedAt; n <= number.length; n++) expect(brandOf(number.slice(0, n))).toBe(brand);
      }),
    );
  });

  it('a Luhn-valid number of 12–19 digits has no number error; the mask shows its last four', () => {
    fc.assert(
      fc.property(digits(11, 18), (body) => {
        const number = body + checkDigit(body);
        const errors = cardErrors(
          { number, cvv: '', month: '', year: '', name: '' },
          { now: 0, validateWithLuhn: true },
        );
        expect(errors.number).toBeUndefined();
        expect(maskedCard(brandOf(number), last4(number))).toMatch(new RegExp(`•••• ${number.slice(-4)}$`));
      }),
    );
  });
});

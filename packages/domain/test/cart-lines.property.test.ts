import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineKey, mergeLines } from '../src/cart-lines.ts';
import type { CartLine } from '../src/cart-model.ts';
import { paise } from '../src/money.ts';
import { CRUST, SIZE, TOPPING, makeCartLine } from './factories.ts';

/** Lines drawn from a small pool of items so that merges happen often. */
const lines: fc.Arbitrary<CartLine[]> = fc
  .array(
    fc.record({
      sizeId: fc.constantFrom(SIZE.MEDIUM, SIZE.LARGE),
      crustId: fc.constantFrom(CRUST.THIN, CRUST.HAND_TOSSED),
      addToppings: fc.shuffledSubarray([TOPPING.PANEER, TOPPING.CHICKEN], { maxLength: 2 }),
      extraCheese: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      promoGroupId: fc.option(fc.constantFrom('g1', 'g2'), { freq: 4 }),
    }),
    { maxLength: 12 },
  )
  .map((specs) =>
    specs.map((s, i) => makeCartLine({ ...s, itemId: `line-${i + 1}`, seenUnitPrice: paise(1) })),
  );

/** The merged cart as a multiset: ordinary items by key with their quantity, promo lines one by one. */
function multiset(merged: readonly CartLine[]): string[] {
  return merged.map((l) => JSON.stringify([lineKey(l), l.promoGroupId, l.quantity])).sort();
}

describe('mergeLines (property)', () => {
  it('gives the same items and quantities whatever the order of the lines', () => {
    fc.assert(
      fc.property(
        lines.chain((ls) => fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length }))),
        ([original, shuffled]) => {
          expect(multiset(mergeLines(shuffled))).toEqual(multiset(mergeLines(original)));
        },
      ),
    );
  });

  it('keeps every unit, leaves no two ordinary lines of one item, and keeps promo lines as they are', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const merged = mergeLines(ls);
        const units = (xs: readonly CartLine[]) => xs.reduce((n, l) => n + l.quantity, 0);
        expect(units(merged)).toBe(units(ls));
        const ordinaryKeys = merged.filter((l) => l.promoGroupId === null).map(lineKey);
        expect(new Set(ordinaryKeys).size).toBe(ordinaryKeys.length);
        expect(merged.filter((l) => l.promoGroupId !== null)).toEqual(
          ls.filter((l) => l.promoGroupId !== null),
        );
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        expect(mergeLines(mergeLines(ls))).toEqual(mergeLines(ls));
      }),
    );
  });
});

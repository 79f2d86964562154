import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateProportionally } from '../src/allocation.ts';
import { paise } from '../src/money.ts';

const weights = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 30 });

/** Weights and a total that can be split over them. */
const splittable = weights.chain((ws) => {
  const sum = ws.reduce((s, w) => s + w, 0);
  return fc.tuple(fc.constant(ws), fc.integer({ min: 0, max: sum }));
});

describe('allocateProportionally (property)', () => {
  it('sums exactly, never gives a weight more than itself, and gives a zero weight nothing', () => {
    fc.assert(
      fc.property(splittable, ([ws, total]) => {
        const shares = allocateProportionally(paise(total), ws.map(paise));
        expect(shares).toHaveLength(ws.length);
        expect(shares.reduce((s, q) => s + q, 0)).toBe(total);
        shares.forEach((q, i) => {
          expect(Number.isInteger(q)).toBe(true);
          expect(q).toBeGreaterThanOrEqual(0);
          expect(q).toBeLessThanOrEqual(ws[i]!);
        });
      }),
    );
  });

  it('is within a paisa of the exact proportion', () => {
    fc.assert(
      fc.property(splittable, ([ws, total]) => {
        const sum = ws.reduce((s, w) => s + w, 0);
        const shares = allocateProportionally(paise(total), ws.map(paise));
        shares.forEach((q, i) => {
          if (sum > 0) expect(Math.abs(q - (total * ws[i]!) / sum)).toBeLessThan(1);
        });
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(splittable, ([ws, total]) => {
        expect(allocateProportionally(paise(total), ws.map(paise))).toEqual(
          allocateProportionally(paise(total), ws.map(paise)),
        );
      }),
    );
  });
});

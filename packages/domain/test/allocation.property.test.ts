import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateInWholeRupees, allocateProportionally } from '../src/allocation.ts';
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

describe('allocateInWholeRupees (property)', () => {
  it('sums exactly and never gives a weight more than itself', () => {
    fc.assert(
      fc.property(splittable, ([ws, total]) => {
        const shares = allocateInWholeRupees(paise(total), ws.map(paise));
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

  /** Whole-rupee weights (line prices) and a whole-rupee total that they can take. */
  const wholeRupees = fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 30 }).chain((rs) =>
    fc.tuple(
      fc.constant(rs.map((r) => r * 100)),
      fc.integer({ min: 0, max: rs.reduce((s, r) => s + r, 0) }).map((r) => r * 100),
    ),
  );

  it('a whole-rupee total over whole-rupee weights gives whole-rupee shares, within a rupee of the proportion', () => {
    fc.assert(
      fc.property(wholeRupees, ([ws, total]) => {
        const sum = ws.reduce((s, w) => s + w, 0);
        const shares = allocateInWholeRupees(paise(total), ws.map(paise));
        expect(shares.reduce((s, q) => s + q, 0)).toBe(total);
        shares.forEach((q, i) => {
          expect(q % 100).toBe(0);
          expect(q).toBeLessThanOrEqual(ws[i]!);
          if (sum > 0) expect(Math.abs(q - (total * ws[i]!) / sum)).toBeLessThan(100);
        });
      }),
    );
  });
});

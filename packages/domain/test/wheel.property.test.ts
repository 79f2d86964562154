import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chances, draw, type Prize, type WheelSegment } from '../src/wheel.ts';

const prizeOf = (kind: Prize['kind']): Prize => ({
  kind,
  value: kind === 'NONE' ? 0 : 1,
  minOrderPaise: 0,
  productCode: kind === 'FREE_SIDE' ? 'SIDE' : null,
});

/** 8 segments, positions shuffled, at least one NONE, at least one weight above 0 */
const tableArb = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 8, maxLength: 8 }),
    fc.array(fc.constantFrom<Prize['kind']>('COUPON', 'POINTS', 'FREE_SIDE', 'NONE'), {
      minLength: 8,
      maxLength: 8,
    }),
    fc.integer({ min: 0, max: 7 }),
    fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 8, maxLength: 8 }),
  )
  .filter(([weights]) => weights.some((w) => w > 0))
  .map(([weights, kinds, noneAt, positions]) =>
    weights.map((weight, i): WheelSegment => ({
      position: positions[i]!,
      colourIndex: i,
      label: `s${i}`,
      prize: prizeOf(i === noneAt ? 'NONE' : kinds[i]!),
      weight,
      dailyLimit: null,
      costPaise: 0,
    })),
  );

const randomArb = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('the draw, for any prize table and random number', () => {
  it('lands on a segment of the table that has weight, when every prize has budget', () => {
    fc.assert(
      fc.property(tableArb, randomArb, (table, r) => {
        const { segment, fellBack } = draw(table, r, () => true);
        expect(table).toContain(segment);
        expect(segment.weight).toBeGreaterThan(0);
        expect(fellBack).toBe(false);
      }),
    );
  });

  it('never gives a prize that is out of budget: such a draw is "better luck next time"', () => {
    fc.assert(
      fc.property(tableArb, randomArb, fc.integer({ min: 0, max: 255 }), (table, r, spentMask) => {
        const spent = (s: WheelSegment) => s.prize.kind !== 'NONE' && ((spentMask >> s.position) & 1) === 1;
        const { segment } = draw(table, r, (s) => !spent(s));
        expect(spent(segment)).toBe(false);
      }),
    );
  });

  it('gives each segment a share of [0, 1) equal to its chance', () => {
    fc.assert(
      fc.property(tableArb, (table) => {
        // a fine even grid over [0, 1): the share of points landing on a segment is its chance within 1/N
        const N = 2000;
        const hits = new Map<number, number>();
        for (let i = 0; i < N; i++) {
          const p = draw(table, i / N, () => true).segment.position;
          hits.set(p, (hits.get(p) ?? 0) + 1);
        }
        for (const [position, chance] of chances(table)) {
          expect(Math.abs((hits.get(position) ?? 0) / N - chance)).toBeLessThanOrEqual(1 / N + 1e-9);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("a prize running out never raises another prize's odds", () => {
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 0, max: 7 }), (table, out) => {
        const N = 1000;
        for (let i = 0; i < N; i++) {
          const before = draw(table, i / N, () => true);
          const after = draw(table, i / N, (s) => s.position !== out);
          // the same random number lands on the same prize, or on "better luck next time"
          if (after.segment !== before.segment) {
            expect(before.segment.position).toBe(out);
            expect(after.segment.prize.kind).toBe('NONE');
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});

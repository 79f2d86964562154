import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GUARANTEE_MAX_PAISE,
  guaranteeCompensation,
  guaranteeMinutes,
  istHour,
  promisedAt,
} from '../src/delivery-guarantee.ts';
import { DELIVERY_TYPES } from '../src/delivery-types.ts';

const MIN = 60_000;
/** an instant at hh:mm India time on 2026-11-22 */
const ist = (hh: number, mm = 0) => Date.UTC(2026, 10, 22, hh, mm) - 330 * MIN;

describe('guarantee minutes (SPEC §9: 30; 45 from 11 PM to 3 AM)', () => {
  it.each([
    [10, 0, 30],
    [22, 59, 30],
    [23, 0, 45],
    [0, 30, 45],
    [2, 59, 45],
    [3, 0, 30],
    [12, 0, 30],
  ])('%i:%i IST gives %i minutes', (hh, mm, minutes) => {
    expect(istHour(ist(hh, mm))).toBe(hh);
    expect(guaranteeMinutes(ist(hh, mm))).toBe(minutes);
  });

  it('counts from the slot for an advance order', () => {
    expect(promisedAt(ist(12), null)).toBe(ist(12, 30));
    expect(promisedAt(ist(12), ist(23, 30))).toBe(ist(23, 30) + 45 * MIN);
  });
});

describe('compensation', () => {
  const base = { deliveryType: 'D' as const, totalPaise: 45_000, promisedMs: ist(20), deliveredMs: ist(20) };
  it.each([
    ['on time', base, 0],
    ['a minute late: the order cost up to ₹300', { ...base, deliveredMs: ist(20, 1) }, 30_000],
    ['late on a small order: the order cost', { ...base, totalPaise: 19_900, deliveredMs: ist(21) }, 19_900],
    ['takeaway is never compensated', { ...base, deliveryType: 'T' as const, deliveredMs: ist(21) }, 0],
  ])('%s', (_, c, expected) => {
    expect(guaranteeCompensation(c)).toBe(expected);
  });

  it('never exceeds ₹300 or the order cost, and is zero when on time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DELIVERY_TYPES),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: -(10 ** 7), max: 10 ** 7 }),
        (deliveryType, totalPaise, promisedMs, lateBy) => {
          const got = guaranteeCompensation({
            deliveryType,
            totalPaise,
            promisedMs,
            deliveredMs: promisedMs + lateBy,
          });
          expect(got).toBeLessThanOrEqual(Math.min(totalPaise, GUARANTEE_MAX_PAISE));
          expect(got).toBeGreaterThanOrEqual(0);
          if (lateBy <= 0 || deliveryType !== 'D') expect(got).toBe(0);
        },
      ),
    );
  });
});

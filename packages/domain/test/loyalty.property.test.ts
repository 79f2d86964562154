import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRedeem,
  earningDayOf,
  earningOrders,
  LOYALTY,
  pointsBalance,
  type PointsEntry,
} from '../src/loyalty.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 1, 0, 0);

/** What can happen to a customer's points, in any order; each step is applied only when the rules allow it. */
type Step =
  | { kind: 'order'; ref: number }
  | { kind: 'deliver'; ref: number }
  | { kind: 'cancel'; ref: number }
  | { kind: 'refund'; ref: number }
  | { kind: 'redeem'; ref: number }
  | { kind: 'fail_redeemed'; ref: number }
  | { kind: 'wait'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), ref: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('deliver' as const), ref: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('cancel' as const), ref: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('refund' as const), ref: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('redeem' as const), ref: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('fail_redeemed' as const), ref: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }),
);

/** The entries a server would write for the steps, following the rules (as the loyalty module does). */
function ledgerOf(steps: Step[]): { entries: PointsEntry[]; now: number } {
  const entries: PointsEntry[] = [];
  let now = T0;
  const state = new Map<string, 'pending' | 'credited' | 'gone'>();
  const redeemed = new Set<string>();
  for (const s of steps) {
    if (s.kind === 'wait') {
      now += s.hours * H;
      continue;
    }
    const ref = `${s.kind.includes('redeem') ? 'r' : 'o'}${s.ref}`;
    switch (s.kind) {
      case 'order':
        if (!state.has(ref)) {
          state.set(ref, 'pending');
          entries.push({ kind: 'earn_pending', ref, points: LOYALTY.earnPointsPerOrder, at: now });
        }
        break;
      case 'deliver':
        if (state.get(ref) === 'pending') {
          state.set(ref, 'credited');
          entries.push({ kind: 'earn_credited', ref, points: LOYALTY.earnPointsPerOrder, at: now });
        }
        break;
      case 'cancel':
        if (state.get(ref) === 'pending') {
          state.set(ref, 'gone');
          entries.push({ kind: 'earn_voided', ref, points: LOYALTY.earnPointsPerOrder, at: now });
        }
        break;
      case 'refund':
        if (state.get(ref) === 'credited') {
          state.set(ref, 'gone');
          entries.push({ kind: 'clawback', ref, points: LOYALTY.earnPointsPerOrder, at: now });
        }
        break;
      case 'redeem':
        if (!redeemed.has(ref) && canRedeem(pointsBalance(entries, now), 1)) {
          redeemed.add(ref);
          entries.push({ kind: 'redeem', ref, points: LOYALTY.itemRedeemPoints, at: now });
        }
        break;
      case 'fail_redeemed':
        if (redeemed.delete(ref.replace('fail_', ''))) {
          entries.push({ kind: 'redeem_restored', ref, points: LOYALTY.itemRedeemPoints, at: now });
        }
        break;
    }
  }
  return { entries, now };
}

const signed = (e: PointsEntry): number => {
  switch (e.kind) {
    case 'earn_credited':
    case 'redeem_restored':
      return e.points;
    case 'redeem':
    case 'clawback':
      return -e.points;
    default:
      return 0;
  }
};

describe('points (property)', () => {
  it('the balance is the sum of its ledger less what is owed, never negative, burnable within it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const { entries, now } = ledgerOf(steps);
        const b = pointsBalance(entries, now);
        expect(b.points).toBeGreaterThanOrEqual(0);
        expect(b.owed).toBeGreaterThanOrEqual(0);
        expect(b.points - b.owed).toBe(entries.reduce((sum, x) => sum + signed(x), 0));
        expect(b.burnable).toBeGreaterThanOrEqual(0);
        expect(b.burnable).toBeLessThanOrEqual(b.points);
        // later, everything credited is burnable
        expect(pointsBalance(entries, now + LOYALTY.burnableAfterMs).burnable).toBe(b.points);
      }),
    );
  });

  it('a redemption then its failure restores the balance exactly', () => {
    // six orders delivered a day apart first, so a free pizza is usually within reach
    const sixOrders: Step[] = [0, 1, 2, 3, 4, 5].flatMap((ref): Step[] => [
      { kind: 'order', ref },
      { kind: 'deliver', ref },
      { kind: 'wait', hours: 24 },
    ]);
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 0, max: 5 }), (steps, days) => {
        const { entries, now } = ledgerOf([...sixOrders, ...steps]);
        const later = now + days * 24 * H;
        const before = pointsBalance(entries, later);
        fc.pre(canRedeem(before, 1));
        const spent = [
          ...entries,
          { kind: 'redeem' as const, ref: 'x', points: LOYALTY.itemRedeemPoints, at: later },
        ];
        expect(pointsBalance(spent, later).points).toBe(before.points - LOYALTY.itemRedeemPoints);
        const back = [
          ...spent,
          { kind: 'redeem_restored' as const, ref: 'x', points: LOYALTY.itemRedeemPoints, at: later },
        ];
        expect(pointsBalance(back, later)).toEqual(before);
      }),
    );
  });

  it('whatever the order placements interleave, one earning order per customer per IST day', () => {
    const placements = fc.uniqueArray(fc.integer({ min: 0, max: 30 * 24 * 60 }), { maxLength: 50 });
    fc.assert(
      fc.property(
        placements.chain((ms) => fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length })),
        (minutes) => {
          const orders = minutes.map((m, i) => ({ ref: i, placedAtMs: T0 + m * 60_000 }));
          const earning = earningOrders(orders);
          const days = earning.map((o) => earningDayOf(o.placedAtMs));
          // one per day, every day with an order has one, and it is that day's first to arrive
          expect(new Set(days).size).toBe(days.length);
          expect(days.length).toBe(new Set(orders.map((o) => earningDayOf(o.placedAtMs))).size);
          for (const o of earning)
            expect(orders.find((x) => earningDayOf(x.placedAtMs) === earningDayOf(o.placedAtMs))).toBe(o);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_EVENT_KINDS,
  PAYMENT_STATES,
  applyPaymentEvent,
  paymentStateRank,
  type PaymentEffect,
  type PaymentEvent,
  type PaymentState,
} from '../src/payment-state.ts';

const SUCCESS_KINDS = new Set<string>(['authorised', 'captured']);

/** Any events, duplicates included: a gateway's reports shuffled and repeated. */
const events = fc.array(
  fc.constantFrom(...PAYMENT_EVENT_KINDS).map((kind): PaymentEvent => ({ kind })),
  { maxLength: 30 },
);

function run(list: readonly PaymentEvent[]) {
  const effects: PaymentEffect[] = [];
  const states: PaymentState[] = ['created'];
  for (const event of list) {
    const step = applyPaymentEvent(states.at(-1)!, event);
    states.push(step.state);
    effects.push(...step.effects);
  }
  return { effects, states };
}

const count = (effects: readonly PaymentEffect[], e: PaymentEffect) => effects.filter((x) => x === e).length;

describe('payment state machine (property)', () => {
  it('at most one confirm_order and one refund; never confirm after fail_order; money is accounted for', () => {
    fc.assert(
      fc.property(events, (list) => {
        const { effects, states } = run(list);
        expect(count(effects, 'confirm_order')).toBeLessThanOrEqual(1);
        expect(count(effects, 'fail_order')).toBeLessThanOrEqual(1);
        expect(count(effects, 'refund')).toBeLessThanOrEqual(1);
        expect(count(effects, 'release_wallet_hold')).toBe(count(effects, 'fail_order'));
        // the outcome is decided once: a failed order is never confirmed afterwards
        const failedAt = effects.indexOf('fail_order');
        if (failedAt >= 0) expect(effects.slice(failedAt)).not.toContain('confirm_order');
        expect(count(effects, 'confirm_order') + count(effects, 'fail_order')).toBeLessThanOrEqual(1);
        // a success reported after the failure is refunded (states[i] is the state event i met)
        if (list.some((e, i) => states[i] === 'failed' && SUCCESS_KINDS.has(e.kind)))
          expect(effects).toContain('refund');
        // money taken is either kept for a confirmed order or refunded
        if (list.some((e) => SUCCESS_KINDS.has(e.kind)))
          expect(effects.includes('confirm_order') || effects.includes('refund')).toBe(true);
        // a refund only ever follows a success
        if (effects.includes('refund')) expect(list.some((e) => SUCCESS_KINDS.has(e.kind))).toBe(true);
      }),
    );
  });

  it('never moves backwards, and a repeated event is a no-op with no effects', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_STATES), events, (start, list) => {
        let state = start;
        for (const event of list) {
          const step = applyPaymentEvent(state, event);
          expect(paymentStateRank(step.state)).toBeGreaterThanOrEqual(paymentStateRank(state));
          expect(applyPaymentEvent(step.state, event)).toEqual({ state: step.state, effects: [] });
          state = step.state;
        }
      }),
    );
  });

  it('repeating every event in place changes neither the outcome nor the effects', () => {
    fc.assert(
      fc.property(events, fc.array(fc.nat({ max: 3 }), { maxLength: 30 }), (list, repeats) => {
        const repeated = list.flatMap((e, i) => Array.from({ length: 1 + (repeats[i] ?? 0) }, () => e));
        const a = run(list);
        const b = run(repeated);
        expect(b.states.at(-1)).toBe(a.states.at(-1));
        expect(b.effects).toEqual(a.effects);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_POLL_TOTAL_SECONDS } from '../src/constants.ts';
import { nextPollDelay } from '../src/payment-polling.ts';

const hint = fc.option(fc.integer({ min: -5, max: 200 }), { nil: undefined });

describe('payment polling (property)', () => {
  it('a poller following nextPollDelay stops within the 80 s budget, and every wait is positive', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ next: hint, interval: hint }), { maxLength: 50 }), (answers) => {
        let elapsed = 0;
        let polls = 0;
        for (;;) {
          const answer = answers[polls % Math.max(1, answers.length)];
          const delay = nextPollDelay({
            nextCallTimeSec: answer?.next,
            apiHitIntervalSec: answer?.interval,
            elapsedSec: elapsed,
          });
          if (delay === null) break;
          expect(delay).toBeGreaterThan(0);
          elapsed += delay;
          polls += 1;
          expect(elapsed).toBeLessThanOrEqual(PAYMENT_POLL_TOTAL_SECONDS);
        }
        // the budget is used to its end, never stopped early
        expect(elapsed).toBe(PAYMENT_POLL_TOTAL_SECONDS);
        expect(polls).toBeLessThanOrEqual(PAYMENT_POLL_TOTAL_SECONDS);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { nextPollDelay } from '../src/payment-polling.ts';

describe('nextPollDelay: nextCallTime, else apiHitInterval, else 3 s, within the 80 s budget', () => {
  it.each<[string, Parameters<typeof nextPollDelay>[0], number | null]>([
    ['no hint: 3 s', { elapsedSec: 0 }, 3],
    ['the server’s nextCallTime', { nextCallTimeSec: 5, apiHitIntervalSec: 2, elapsedSec: 0 }, 5],
    ['apiHitInterval when there is no nextCallTime', { apiHitIntervalSec: 2, elapsedSec: 10 }, 2],
    ['a zero nextCallTime is no hint', { nextCallTimeSec: 0, apiHitIntervalSec: 4, elapsedSec: 0 }, 4],
    ['a negative interval is no hint', { apiHitIntervalSec: -1, elapsedSec: 0 }, 3],
    ['NaN is no hint', { nextCallTimeSec: Number.NaN, elapsedSec: 0 }, 3],
    ['fractions are kept', { nextCallTimeSec: 1.5, elapsedSec: 0 }, 1.5],
    ['77 s in: 3 s', { elapsedSec: 77 }, 3],
    ['79 s in: cut to the last second', { elapsedSec: 79 }, 1],
    ['a long server wait is cut to the budget', { nextCallTimeSec: 600, elapsedSec: 20 }, 60],
    ['80 s in: done', { elapsedSec: 80 }, null],
    ['past the budget: done', { elapsedSec: 95 }, null],
    ['a clock gone backwards counts as 0', { elapsedSec: -5 }, 3],
    ['an unreadable clock: done', { elapsedSec: Number.NaN }, null],
    ['UPI’s 30 s budget', { elapsedSec: 29, budgetSec: 30 }, 1],
    ['UPI’s 30 s budget spent', { elapsedSec: 30, budgetSec: 30 }, null],
  ])('%s', (_, input, expected) => {
    expect(nextPollDelay(input)).toBe(expected);
  });
});

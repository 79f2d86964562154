/**
 * SPEC §4 payment status polling: on IN_PROGRESS or WAIT, wait what the server asks (nextCallTime, else
 * apiHitInterval, else 3 s) and poll again, until the 80 s budget is spent. The caller passes the time
 * already spent, so the rule has no clock of its own.
 */
import { PAYMENT_POLL_NEXT_SECONDS, PAYMENT_POLL_TOTAL_SECONDS } from './constants.ts';

const given = (seconds: number | undefined): seconds is number =>
  seconds !== undefined && Number.isFinite(seconds) && seconds > 0;

/**
 * Seconds to wait before the next poll, or null when the budget is used up. A wait that would run past
 * the budget is cut short, so the last poll happens as the budget ends rather than being skipped.
 */
export function nextPollDelay(input: {
  nextCallTimeSec?: number;
  apiHitIntervalSec?: number;
  elapsedSec: number;
  budgetSec?: number;
}): number | null {
  const budget = input.budgetSec ?? PAYMENT_POLL_TOTAL_SECONDS;
  const remaining = budget - Math.max(0, input.elapsedSec);
  if (!(remaining > 0)) return null;
  const wanted = given(input.nextCallTimeSec)
    ? input.nextCallTimeSec
    : given(input.apiHitIntervalSec)
      ? input.apiHitIntervalSec
      : PAYMENT_POLL_NEXT_SECONDS;
  return Math.min(wanted, remaining);
}

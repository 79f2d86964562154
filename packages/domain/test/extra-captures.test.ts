import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captureMatchesOrder,
  extraCaptures,
  hasOpenAttempts,
  type AttemptStatus,
  type CaptureAttempt,
} from '../src/extra-captures.ts';

const ORDER = { amountPaise: 53_450, currency: 'INR' };
const at = (paymentId: string, status: AttemptStatus, amountPaise = 53_450, currency = 'INR') => ({
  paymentId,
  status,
  amountPaise,
  currency,
});

describe('extraCaptures', () => {
  it.each([
    ['nothing kept yet: nothing is extra', [at('a', 'captured'), at('b', 'captured')], null, []],
    ['only the kept capture', [at('a', 'captured'), at('b', 'failed')], 'a', []],
    [
      'a second capture is a duplicate',
      [at('a', 'captured'), at('b', 'captured')],
      'a',
      [{ paymentId: 'b', amountPaise: 53_450, currency: 'INR', reason: 'DUPLICATE' }],
    ],
    [
      'the kept one may be the later capture',
      [at('a', 'captured'), at('b', 'captured')],
      'b',
      [{ paymentId: 'a', amountPaise: 53_450, currency: 'INR', reason: 'DUPLICATE' }],
    ],
    [
      'open and authorised attempts wait until they capture',
      [at('a', 'captured'), at('b', 'created'), at('c', 'authorized')],
      'a',
      [],
    ],
    [
      'another amount is a mismatch',
      [at('a', 'captured'), at('b', 'captured', 100)],
      'a',
      [{ paymentId: 'b', amountPaise: 100, currency: 'INR', reason: 'AMOUNT_MISMATCH' }],
    ],
    [
      'another currency is a mismatch',
      [at('a', 'captured'), at('b', 'captured', 53_450, 'USD')],
      'a',
      [{ paymentId: 'b', amountPaise: 53_450, currency: 'USD', reason: 'AMOUNT_MISMATCH' }],
    ],
  ])('%s', (_name, attempts, kept, expected) => {
    expect(extraCaptures(attempts as CaptureAttempt[], kept, ORDER)).toEqual(expected);
  });

  it('never names the kept payment, and names every other capture once', () => {
    const statuses: AttemptStatus[] = ['created', 'authorized', 'captured', 'failed'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...statuses), { maxLength: 8 }),
        fc.nat({ max: 8 }),
        (list, keptIndex) => {
          const attempts = list.map((s, i) => at(`p${i}`, s));
          const kept = attempts[keptIndex]?.paymentId ?? 'p-none';
          const extra = extraCaptures(attempts, kept, ORDER).map((e) => e.paymentId);
          expect(extra).not.toContain(kept);
          expect(new Set(extra).size).toBe(extra.length);
          const captured = attempts.filter((a) => a.status === 'captured' && a.paymentId !== kept);
          expect(extra).toEqual(captured.map((a) => a.paymentId));
        },
      ),
    );
  });
});

describe('captureMatchesOrder', () => {
  it.each([
    [at('a', 'captured'), true],
    [at('a', 'captured', 53_449), false],
    [at('a', 'captured', 53_450, 'USD'), false],
  ])('%o → %s', (capture, expected) => {
    expect(captureMatchesOrder(capture, ORDER)).toBe(expected);
  });
});

describe('hasOpenAttempts', () => {
  it.each([
    ['none', [], 'a', false],
    ['a created one besides the kept', [at('a', 'captured'), at('b', 'created')], 'a', true],
    ['an authorised one besides the kept', [at('a', 'captured'), at('b', 'authorized')], 'a', true],
    ['the kept one itself does not count', [at('a', 'authorized')], 'a', false],
    ['settled ones do not count', [at('a', 'captured'), at('b', 'failed'), at('c', 'captured')], 'a', false],
  ])('%s', (_name, attempts, kept, expected) => {
    expect(hasOpenAttempts(attempts as CaptureAttempt[], kept)).toBe(expected);
  });
});

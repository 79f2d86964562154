import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@crust/domain/messages';
import { TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import { answerOf } from '../src/modules/orders/answers.ts';
import { nextActionOf, refundOf } from '../src/modules/orders/next-action.ts';
import type { OrderRow, PaymentRow } from '../src/modules/orders/repo.ts';

/**
 * SPEC §3 REFUND_PAGE: an order that was not placed (or was cancelled) after money was taken sends the customer to
 * follow the refund; one where nothing was taken is a plain failure.
 */
const order = (status: string) =>
  ({
    id: 'O00000000000000000001',
    transactionId: 'T00000000000000000001',
    status,
    amountPaise: 45_900,
    walletPaise: 0,
    primaryPaymentId: 'CC',
    snapshot: {},
  }) as unknown as OrderRow;
const payment = (state: string, failureCode: string | null = null) =>
  ({ state, failureCode }) as unknown as PaymentRow;

describe('refundOf', () => {
  it.each([
    ['refund_pending', 'PENDING'],
    ['refunded', 'DONE'],
    ['failed', null],
    ['success', null],
    ['created', null],
  ])('a payment %s → %s', (state, refund) => {
    expect(refundOf(payment(state))).toBe(refund);
  });
  it('no payment → null', () => expect(refundOf(undefined)).toBeNull());
});

describe('the next action of an order that did not go through', () => {
  it.each([
    ['failed', 'failed', 'FAILED'],
    ['failed', 'refund_pending', 'REFUND_PAGE'],
    ['failed', 'refunded', 'REFUND_PAGE'],
    ['cancelled', 'refunded', 'REFUND_PAGE'],
    ['placed', 'success', 'THANKYOU'],
  ])('an order %s with its payment %s → %s', (status, state, next) => {
    expect(nextActionOf(order(status), payment(state), null, null).nextAction).toBe(next);
  });

  it('REFUND_PAGE is an answer with the words; FAILED is a refusal', () => {
    expect(answerOf(order('failed'), payment('refund_pending'), null, null)).toMatchObject({
      ok: true,
      data: { nextAction: 'REFUND_PAGE', displayMsg: MESSAGES.orderFailedRefund },
    });
    expect(answerOf(order('failed'), payment('refunded', 'TRAIN_PAY_LATE'), null, null)).toMatchObject({
      ok: true,
      data: { nextAction: 'REFUND_PAGE', displayMsg: TRAIN_ORDER_TEXTS.payLate },
    });
    expect(answerOf(order('failed'), payment('failed'), null, null)).toMatchObject({
      ok: false,
      errors: [{ code: 'PAYMENT_FAILED', displayMsg: MESSAGES.paymentFailed }],
    });
  });
});

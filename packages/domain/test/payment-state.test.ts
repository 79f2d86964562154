import { describe, expect, it } from 'vitest';
import {
  PAYMENT_EVENT_KINDS,
  PAYMENT_STATES,
  applyPaymentEvent,
  applyPaymentEvents,
  paymentStateRank,
  type PaymentEffect,
  type PaymentEventKind,
  type PaymentState,
} from '../src/payment-state.ts';

const CONFIRM: PaymentEffect[] = ['confirm_order'];
const FAIL: PaymentEffect[] = ['fail_order', 'release_wallet_hold'];
const REFUND: PaymentEffect[] = ['refund'];

/** Every (state, event) pair: the state after it and the effects it makes due. */
const TABLE: Record<PaymentState, Record<PaymentEventKind, [PaymentState, PaymentEffect[]]>> = {
  created: {
    gateway_order_created: ['pending', []],
    authorised: ['success', CONFIRM],
    captured: ['success', CONFIRM],
    declined: ['failed', FAIL],
    expired: ['failed', FAIL],
    timed_out: ['failed', FAIL],
    refund_requested: ['created', []],
    refund_settled: ['created', []],
  },
  pending: {
    gateway_order_created: ['pending', []],
    authorised: ['success', CONFIRM],
    captured: ['success', CONFIRM],
    declined: ['failed', FAIL],
    expired: ['failed', FAIL],
    timed_out: ['failed', FAIL],
    refund_requested: ['pending', []],
    refund_settled: ['pending', []],
  },
  success: {
    gateway_order_created: ['success', []],
    authorised: ['success', []],
    captured: ['success', []],
    declined: ['success', []],
    expired: ['success', []],
    timed_out: ['success', []],
    refund_requested: ['refund_pending', REFUND],
    refund_settled: ['success', []],
  },
  failed: {
    gateway_order_created: ['failed', []],
    authorised: ['refund_pending', REFUND],
    captured: ['refund_pending', REFUND],
    declined: ['failed', []],
    expired: ['failed', []],
    timed_out: ['failed', []],
    refund_requested: ['failed', []],
    refund_settled: ['failed', []],
  },
  refund_pending: {
    gateway_order_created: ['refund_pending', []],
    authorised: ['refund_pending', []],
    captured: ['refund_pending', []],
    declined: ['refund_pending', []],
    expired: ['refund_pending', []],
    timed_out: ['refund_pending', []],
    refund_requested: ['refund_pending', []],
    refund_settled: ['refunded', []],
  },
  refunded: {
    gateway_order_created: ['refunded', []],
    authorised: ['refunded', []],
    captured: ['refunded', []],
    declined: ['refunded', []],
    expired: ['refunded', []],
    timed_out: ['refunded', []],
    refund_requested: ['refunded', []],
    refund_settled: ['refunded', []],
  },
};

const ROWS = PAYMENT_STATES.flatMap((state) =>
  PAYMENT_EVENT_KINDS.map((kind) => [state, kind, ...TABLE[state][kind]] as const),
);

describe('applyPaymentEvent: every (state, event) pair', () => {
  it('the table covers all 48 pairs', () => {
    expect(ROWS).toHaveLength(PAYMENT_STATES.length * PAYMENT_EVENT_KINDS.length);
    expect(ROWS).toHaveLength(48);
  });

  it.each(ROWS)('%s + %s → %s %j', (state, kind, next, effects) => {
    expect(applyPaymentEvent(state, { kind })).toEqual({ state: next, effects });
  });

  it.each(ROWS)('%s + %s never moves backwards', (state, kind) => {
    const { state: next } = applyPaymentEvent(state, { kind });
    expect(paymentStateRank(next)).toBeGreaterThanOrEqual(paymentStateRank(state));
  });

  it.each(ROWS)('%s + %s twice: the second is a no-op', (state, kind) => {
    const once = applyPaymentEvent(state, { kind });
    expect(applyPaymentEvent(once.state, { kind })).toEqual({ state: once.state, effects: [] });
  });
});

describe('paymentStateRank', () => {
  it.each<[PaymentState, number]>([
    ['created', 0],
    ['pending', 1],
    ['success', 2],
    ['failed', 2],
    ['refund_pending', 3],
    ['refunded', 4],
  ])('%s → %d', (state, rank) => {
    expect(paymentStateRank(state)).toBe(rank);
  });
});

describe('applyPaymentEvents: stories', () => {
  it.each<[string, PaymentEventKind[], PaymentState, PaymentEffect[]]>([
    ['a card payment', ['gateway_order_created', 'authorised', 'captured'], 'success', CONFIRM],
    ['a poll reporting success twice', ['gateway_order_created', 'captured', 'captured'], 'success', CONFIRM],
    ['a decline', ['gateway_order_created', 'declined'], 'failed', FAIL],
    [
      'a late success after a timeout',
      ['gateway_order_created', 'timed_out', 'captured', 'refund_settled'],
      'refunded',
      [...FAIL, ...REFUND],
    ],
    [
      'a success whose order was cancelled',
      ['gateway_order_created', 'captured', 'refund_requested', 'refund_requested', 'refund_settled'],
      'refunded',
      [...CONFIRM, ...REFUND],
    ],
    ['a stale failure after success', ['captured', 'expired', 'gateway_order_created'], 'success', CONFIRM],
    ['the gateway ack arriving after the outcome', ['declined', 'gateway_order_created'], 'failed', FAIL],
    ['a refund settled before it was due', ['refund_settled', 'captured'], 'success', CONFIRM],
    ['nothing', [], 'created', []],
  ])('%s', (_, kinds, state, effects) => {
    expect(
      applyPaymentEvents(
        'created',
        kinds.map((kind) => ({ kind })),
      ),
    ).toEqual({ state, effects });
  });
});

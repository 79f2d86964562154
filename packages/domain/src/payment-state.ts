/**
 * The life of one payment: created → pending → success | failed, and refund_pending → refunded when
 * money arrives that the order cannot keep (a success reported after the payment had failed, or a
 * success whose order was cancelled).
 *
 * Gateways and pollers report the same outcome more than once and out of order, so the machine is
 * forward-only: a duplicate event is a no-op, an event that would move the payment backwards is ignored,
 * and each effect the caller must carry out is returned exactly once, on the step that makes it due.
 */
import { assertNever } from './delivery-types.ts';

export const PAYMENT_STATES = [
  'created',
  'pending',
  'success',
  'failed',
  'refund_pending',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_EVENT_KINDS = [
  'gateway_order_created',
  'authorised',
  'captured',
  'declined',
  'expired',
  'timed_out',
  'refund_requested',
  'refund_settled',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

export interface PaymentEvent {
  kind: PaymentEventKind;
}

/**
 * What the caller must do, each exactly once per payment:
 * - confirm_order: the money is in; place the order and turn the wallet hold into a debit;
 * - fail_order: the payment failed; the order is not placed;
 * - release_wallet_hold: give back the wallet part held for this payment (comes with fail_order);
 * - refund: return the money taken for this payment (a late success, or a cancelled order).
 */
export const PAYMENT_EFFECTS = ['confirm_order', 'fail_order', 'release_wallet_hold', 'refund'] as const;
export type PaymentEffect = (typeof PAYMENT_EFFECTS)[number];

export interface PaymentStep {
  state: PaymentState;
  effects: readonly PaymentEffect[];
}

/** How far along a state is; a step never lowers it (success and failed are alternatives at one rank). */
export function paymentStateRank(state: PaymentState): number {
  switch (state) {
    case 'created':
      return 0;
    case 'pending':
      return 1;
    case 'success':
    case 'failed':
      return 2;
    case 'refund_pending':
      return 3;
    case 'refunded':
      return 4;
    default:
      return assertNever(state);
  }
}

type EventClass = 'opened' | 'succeeded' | 'failed' | 'refund_requested' | 'refund_settled';

function classify(kind: PaymentEventKind): EventClass {
  switch (kind) {
    case 'gateway_order_created':
      return 'opened';
    case 'authorised':
    case 'captured':
      return 'succeeded';
    case 'declined':
    case 'expired':
    case 'timed_out':
      return 'failed';
    case 'refund_requested':
      return 'refund_requested';
    case 'refund_settled':
      return 'refund_settled';
    default:
      return assertNever(kind);
  }
}

const stay = (state: PaymentState): PaymentStep => ({ state, effects: [] });

/** Before an outcome: the gateway order opens it, the first success or failure decides it. */
function undecided(state: 'created' | 'pending', event: EventClass): PaymentStep {
  switch (event) {
    case 'opened':
      return stay('pending');
    case 'succeeded':
      return { state: 'success', effects: ['confirm_order'] };
    case 'failed':
      return { state: 'failed', effects: ['fail_order', 'release_wallet_hold'] };
    // nothing has been taken yet, so there is nothing to refund
    case 'refund_requested':
    case 'refund_settled':
      return stay(state);
    default:
      return assertNever(event);
  }
}

export function applyPaymentEvent(state: PaymentState, event: PaymentEvent): PaymentStep {
  const kind = classify(event.kind);
  switch (state) {
    case 'created':
    case 'pending':
      return undecided(state, kind);
    case 'success':
      // a failure reported after the success is stale: the money was taken and the order confirmed
      return kind === 'refund_requested' ? { state: 'refund_pending', effects: ['refund'] } : stay(state);
    case 'failed':
      // the order was already failed and the wallet released: money arriving now goes back
      return kind === 'succeeded' ? { state: 'refund_pending', effects: ['refund'] } : stay(state);
    case 'refund_pending':
      return kind === 'refund_settled' ? stay('refunded') : stay(state);
    case 'refunded':
      return stay(state);
    default:
      return assertNever(state);
  }
}

/** The events applied in turn, with every effect in the order it became due. */
export function applyPaymentEvents(state: PaymentState, events: readonly PaymentEvent[]): PaymentStep {
  const effects: PaymentEffect[] = [];
  let current = state;
  for (const event of events) {
    const step = applyPaymentEvent(current, event);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}

/**
 * What happens to a placed order (issue 6, SPEC §4 Tracker and order labels): the store moves it forward one
 * stage at a time — confirmed, being baked, dispatched (or ready, for orders collected at the store), then
 * delivered (or picked up) — or cancels it. Nothing moves backwards and nothing leaves a final stage. An
 * advance order waits as ADVANCE ORDER until its processing starts, 30 minutes before its slot (SPEC §9).
 */
import { processingStartsAt } from './checkout-advance.ts';
import { assertNever, isPickupType, type DeliveryType } from './delivery-types.ts';

export const ORDER_STAGES = [
  'CONFIRMED',
  'BEING_BAKED',
  'DISPATCHED',
  'READY',
  'DELIVERED',
  'PICKED_UP',
  /** a train order whose train left its station before the pizza was handed over (issue 16): refunded */
  'UNDELIVERED',
  'CANCELLED',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export function isOrderStage(value: unknown): value is OrderStage {
  return typeof value === 'string' && (ORDER_STAGES as readonly string[]).includes(value);
}

/**
 * SPEC §4 tracking codes. READY shares DISPATCHED's place on the bar; PICKED_UP shares DELIVERED's; an undelivered
 * train order ends like a cancelled one.
 */
export function stageCode(stage: OrderStage): 1 | 2 | 4 | 5 | 9 {
  switch (stage) {
    case 'CONFIRMED':
      return 1;
    case 'BEING_BAKED':
      return 2;
    case 'DISPATCHED':
    case 'READY':
      return 4;
    case 'CANCELLED':
    case 'UNDELIVERED':
      return 5;
    case 'DELIVERED':
    case 'PICKED_UP':
      return 9;
    default:
      return assertNever(stage);
  }
}

/** The stages an order of this type goes through, in order (cancelled aside). */
export function stagesFor(type: DeliveryType): readonly OrderStage[] {
  return isPickupType(type)
    ? ['CONFIRMED', 'BEING_BAKED', 'READY', 'PICKED_UP']
    : ['CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'DELIVERED'];
}

export function isFinalStage(stage: OrderStage): boolean {
  return stage === 'DELIVERED' || stage === 'PICKED_UP' || stage === 'CANCELLED' || stage === 'UNDELIVERED';
}

/** The stage the store's "next" button moves the order to; null at the end. */
export function nextStage(stage: OrderStage, type: DeliveryType): OrderStage | null {
  if (isFinalStage(stage)) return null;
  const path = stagesFor(type);
  const at = path.indexOf(stage);
  return at < 0 ? null : (path[at + 1] ?? null);
}

/**
 * Allowed: the next stage of its type, or a cancel before the end; a train order may also end undelivered (its
 * train left the station first). Everything else is refused.
 */
export function canMove(from: OrderStage, to: OrderStage, type: DeliveryType): boolean {
  if (isFinalStage(from)) return false;
  if (to === 'CANCELLED') return true;
  if (to === 'UNDELIVERED') return type === 'IRCTC';
  return nextStage(from, type) === to;
}

/** Whether an advance order still waits: its processing has not started (30 minutes before the slot). */
export function isAdvanceWaiting(slotMs: number | null, nowMs: number): boolean {
  return slotMs !== null && nowMs < processingStartsAt(slotMs);
}

/** SPEC §4 Other order labels, as order history and the tracker show them. */
export const ORDER_LABELS = {
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
  DELIVERED: 'DELIVERED',
  PICKED: 'Picked Up',
  PENDING: 'Order Placed',
  INPROCESS: 'INPROCESS',
  ADVANCE: 'ADVANCE ORDER',
  PENDING_CONFIRMATION: 'pending confirmation',
} as const;
export type OrderLabel = (typeof ORDER_LABELS)[keyof typeof ORDER_LABELS];

export interface OrderForLabel {
  /** the payment side: the order exists, but is it paid and placed? */
  status: 'PAYMENT_PENDING' | 'PLACED' | 'FAILED' | 'CANCELLED';
  /** the store side; null until the store has it */
  stage: OrderStage | null;
  /** an advance order's slot, epoch ms */
  slotMs: number | null;
}

export function orderLabel(order: OrderForLabel, nowMs: number): OrderLabel {
  switch (order.status) {
    case 'FAILED':
      return ORDER_LABELS.FAILED;
    case 'CANCELLED':
      return ORDER_LABELS.CANCELLED;
    case 'PAYMENT_PENDING':
      return ORDER_LABELS.PENDING_CONFIRMATION;
    case 'PLACED':
      break;
    default:
      return assertNever(order.status);
  }
  switch (order.stage) {
    case null:
    case 'CONFIRMED':
      return isAdvanceWaiting(order.slotMs, nowMs) ? ORDER_LABELS.ADVANCE : ORDER_LABELS.PENDING;
    case 'BEING_BAKED':
    case 'DISPATCHED':
    case 'READY':
      return ORDER_LABELS.INPROCESS;
    case 'DELIVERED':
      return ORDER_LABELS.DELIVERED;
    case 'PICKED_UP':
      return ORDER_LABELS.PICKED;
    case 'CANCELLED':
    case 'UNDELIVERED':
      return ORDER_LABELS.CANCELLED;
    default:
      return assertNever(order.stage);
  }
}

/**
 * SPEC §4 Tracker: whether a tracking page keeps asking for news. The stages still moving repoll, and so does null
 * (the store has not got the order yet). CANCELLED is final for the store, yet the SPEC has it "treated like the
 * polling stages", so it repolls too. DELIVERED and PICKED_UP stop everything.
 */
export function keepsPolling(stage: OrderStage | null): boolean {
  switch (stage) {
    case null:
    case 'CONFIRMED':
    case 'BEING_BAKED':
    case 'DISPATCHED':
    case 'READY':
    case 'CANCELLED':
      return true;
    case 'DELIVERED':
    case 'PICKED_UP':
    case 'UNDELIVERED':
      return false;
    default:
      return assertNever(stage);
  }
}

import type { ConsoleOrder } from '@crust/contract/store-console';
import { ADVANCE_PROCESSING_MINUTES } from '@crust/domain/constants';
import { assertNever, type DeliveryType } from '@crust/domain/delivery-types';
import { isAdvanceWaiting, type OrderStage } from '@crust/domain/order-lifecycle';
import { formatDayTime, HOUR_MINUTE, istFormat } from '../../shared/format.ts';
import { sc } from './texts.ts';

const MINUTE_MS = 60_000;
/** how often the queue's "12 min left" moves on */
export const CLOCK_TICK_MS = 30_000;

// the store's clock is India's, whatever the tablet's time zone says
const time = istFormat(HOUR_MINUTE);
const day = istFormat({ dateStyle: 'short' });

/** A time of today as "7:05 pm"; another day's with its date, so a slot tomorrow is not read as tonight. */
export function formatTime(when: string | number, nowMs: number): string {
  return day(when) === day(nowMs) ? time(when) : formatDayTime(when);
}

export type Due = { kind: 'left'; minutes: number } | { kind: 'due' } | { kind: 'late'; minutes: number };

export function dueState(promisedAt: string, nowMs: number): Due {
  const diff = Date.parse(promisedAt) - nowMs;
  const minutes = Math.floor(Math.abs(diff) / MINUTE_MS);
  if (minutes === 0) return { kind: 'due' };
  return diff > 0 ? { kind: 'left', minutes } : { kind: 'late', minutes };
}

export function dueText(due: Due): string {
  switch (due.kind) {
    case 'left':
      return sc('minutesLeft', { minutes: due.minutes });
    case 'late':
      return sc('late', { minutes: due.minutes });
    case 'due':
      return sc('dueNow');
    default:
      return assertNever(due);
  }
}

/**
 * An advance order still waiting for its kitchen start. The server says so when it answers; the clock ends
 * the wait on screen without waiting for the next fetch.
 */
export function advanceWait(order: ConsoleOrder, nowMs: number): { startsAt: number } | null {
  if (!order.advanceWaiting || !order.slotAt) return null;
  const slot = Date.parse(order.slotAt);
  return isAdvanceWaiting(slot, nowMs) ? { startsAt: slot - ADVANCE_PROCESSING_MINUTES * MINUTE_MS } : null;
}

type Text = Parameters<typeof sc>[0];

/**
 * Per stage: the console's name for it (the customer's tracker words some of them differently, on purpose)
 * and the words on the one primary button that moves an order there.
 */
const STAGE_TEXT = {
  CONFIRMED: ['stageConfirmed', 'toConfirm'],
  BEING_BAKED: ['stageBaking', 'toBake'],
  DISPATCHED: ['stageDispatched', 'toDispatch'],
  READY: ['stageReady', 'toReady'],
  DELIVERED: ['stageDelivered', 'toDelivered'],
  PICKED_UP: ['stagePickedUp', 'toPickedUp'],
  // only the train watch ends an order undelivered: no button moves it there
  UNDELIVERED: ['stageUndelivered', 'stageUndelivered'],
  CANCELLED: ['stageCancelled', 'cancelOrder'],
} as const satisfies Record<OrderStage, readonly [Text, Text]>;

/** A dine-in order is served at the table, not picked up at the counter. */
const DINE_IN_TEXT: Partial<Record<OrderStage, readonly [Text, Text]>> = {
  READY: ['stageReadyToServe', 'toReadyToServe'],
  PICKED_UP: ['stageServed', 'toServed'],
};

const textOf = (stage: OrderStage, deliveryType?: DeliveryType) =>
  (deliveryType === 'DINEIN' ? DINE_IN_TEXT[stage] : undefined) ?? STAGE_TEXT[stage];

export const stageLabel = (stage: OrderStage | null, deliveryType?: DeliveryType): string =>
  sc(stage === null ? 'stageNew' : textOf(stage, deliveryType)[0]);

export const nextLabel = (next: OrderStage, deliveryType?: DeliveryType): string =>
  sc(textOf(next, deliveryType)[1]);

/** Oldest first: the order that has waited longest is the next one to make. */
export function byPlacedAt(a: ConsoleOrder, b: ConsoleOrder): number {
  const at = (o: ConsoleOrder) => (o.placedAt ? Date.parse(o.placedAt) : Number.MAX_SAFE_INTEGER);
  return at(a) - at(b) || a.dominosOrderId.localeCompare(b.dominosOrderId);
}

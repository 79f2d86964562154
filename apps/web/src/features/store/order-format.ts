import { useEffect, useState } from 'react';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { ADVANCE_PROCESSING_MINUTES } from '@crust/domain/constants';
import { assertNever } from '@crust/domain/delivery-types';
import { isAdvanceWaiting, type OrderStage } from '@crust/domain/order-lifecycle';
import { sc } from './texts.ts';

const MINUTE_MS = 60_000;

// the store's clock is India's, whatever the tablet's time zone says
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dayTimeFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'short', timeZone: 'Asia/Kolkata' });

/** A time of today as "7:05 pm"; another day's with its date, so a slot tomorrow is not read as tonight. */
export function formatTime(when: string | number, nowMs: number): string {
  const at = new Date(when);
  return dayFormat.format(at) === dayFormat.format(nowMs) ? timeFormat.format(at) : dayTimeFormat.format(at);
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

export function stageLabel(stage: OrderStage | null): string {
  switch (stage) {
    case null:
      return sc('stageNew');
    case 'CONFIRMED':
      return sc('stageConfirmed');
    case 'BEING_BAKED':
      return sc('stageBaking');
    case 'DISPATCHED':
      return sc('stageDispatched');
    case 'READY':
      return sc('stageReady');
    case 'DELIVERED':
      return sc('stageDelivered');
    case 'PICKED_UP':
      return sc('stagePickedUp');
    case 'CANCELLED':
      return sc('stageCancelled');
    default:
      return assertNever(stage);
  }
}

/** The words on the one primary button that moves the order to `next`. */
export function nextLabel(next: OrderStage): string {
  switch (next) {
    case 'CONFIRMED':
      return sc('toConfirm');
    case 'BEING_BAKED':
      return sc('toBake');
    case 'DISPATCHED':
      return sc('toDispatch');
    case 'READY':
      return sc('toReady');
    case 'DELIVERED':
      return sc('toDelivered');
    case 'PICKED_UP':
      return sc('toPickedUp');
    case 'CANCELLED':
      return sc('cancelOrder');
    default:
      return assertNever(next);
  }
}

/** Oldest first: the order that has waited longest is the next one to make. */
export function byPlacedAt(a: ConsoleOrder, b: ConsoleOrder): number {
  const at = (o: ConsoleOrder) => (o.placedAt ? Date.parse(o.placedAt) : Number.MAX_SAFE_INTEGER);
  return at(a) - at(b) || a.dominosOrderId.localeCompare(b.dominosOrderId);
}

/** A clock for "12 min left" that moves on by itself. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

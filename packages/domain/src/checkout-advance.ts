/**
 * Advance (scheduled) orders: which slots a customer may pick, when the kitchen starts on them, and
 * when a store sends the customer to an advance order at all.
 *
 * - SPEC §9: a scheduled order's processing begins 30 minutes before its slot.
 * - The earliest slot is at least 30 minutes plus the preparation lead after now, rounded up to the
 *   next step on the Asia/Kolkata clock (steps count from IST midnight: with 15-minute steps the slots
 *   are :00, :15, :30 and :45). A slot exactly that far away is offered.
 * - A slot is offered when the store is open for the whole span from processing start to the slot
 *   (both ends included): with hours 11:00–23:00 the first slot of the day is 11:30 (the kitchen starts
 *   at 11:00) and the last is 22:45 (it must start before closing; the store is closed at 23:00).
 *   The hours are the store's week and its exceptions (store-hours.ts): a holiday offers no slots that day,
 *   hours that wrap past midnight (10:00–02:00) belong to the day they open, and round-the-clock days
 *   (opensAt = closesAt) that meet run on.
 * - Slots cover whole IST calendar days, today first: `days: 2` is today and tomorrow, from 00:00 today
 *   up to (not including) 00:00 the day after tomorrow. An after-midnight slot belongs to the date it
 *   falls on: with 10:00–02:00 hours, tomorrow's 00:00–01:45 slots are the tail of tonight's trading.
 * - SPEC §4 Store selection / §8: an offline store (online 0) shows "Store is currently offline, browse
 *   menu or book an advance order"; the advance order goes to its advanceOrderStoreId. An offline store
 *   without one can only be browsed.
 */
import { ADVANCE_PROCESSING_MINUTES } from './constants.ts';
import { istMinutesOfDay } from './hours.ts';
import { istDayNumber, openIntervals, type StoreHours } from './store-hours.ts';
import { MESSAGES } from './messages.ts';
export const ADVANCE_SLOT_DEFAULTS = { days: 2, stepMinutes: 15, leadMinutes: 0 } as const;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

export interface AdvanceSlotOptions {
  /** IST calendar days offered, today included; default 2 (today and tomorrow) */
  days?: number;
  /** minutes between slots; must divide a day (5, 10, 15, 30, 60, …); default 15 */
  stepMinutes?: number;
  /** preparation time the store needs beyond the 30-minute processing window; default 0 */
  leadMinutes?: number;
}

function resolveOptions(options: AdvanceSlotOptions): Required<AdvanceSlotOptions> {
  const { days, stepMinutes, leadMinutes } = { ...ADVANCE_SLOT_DEFAULTS, ...options };
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a positive integer: ${days}`);
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1 || DAY_MINUTES % stepMinutes !== 0)
    throw new RangeError(`stepMinutes must divide a day: ${stepMinutes}`);
  if (!Number.isInteger(leadMinutes) || leadMinutes < 0)
    throw new RangeError(`leadMinutes must be a whole number of minutes ≥ 0: ${leadMinutes}`);
  return { days, stepMinutes, leadMinutes };
}

/** When the kitchen starts on an order for this slot (SPEC §9). */
export function processingStartsAt(slotMs: number): number {
  return slotMs - ADVANCE_PROCESSING_MINUTES * MINUTE_MS;
}

/** The instant of 00:00 in Asia/Kolkata on the IST date of `epochMs`. */
export function istDayStart(epochMs: number): number {
  return Math.floor(epochMs / MINUTE_MS) * MINUTE_MS - istMinutesOfDay(epochMs) * MINUTE_MS;
}

/** The slot start times (epoch ms, ascending) a customer may pick now; see the file comment. */
export function advanceSlots(hours: StoreHours, nowMs: number, options: AdvanceSlotOptions = {}): number[] {
  if (!Number.isFinite(nowMs)) throw new RangeError(`not an instant: ${nowMs}`);
  const { days, stepMinutes, leadMinutes } = resolveOptions(options);
  const stepMs = stepMinutes * MINUTE_MS;
  const dayStart = istDayStart(nowMs);
  const end = dayStart + days * DAY_MINUTES * MINUTE_MS;
  const earliest = nowMs + (ADVANCE_PROCESSING_MINUTES + leadMinutes) * MINUTE_MS;
  const first = dayStart + Math.ceil((earliest - dayStart) / stepMs) * stepMs;
  const today = istDayNumber(nowMs);
  const open = openIntervals(hours, today - 1, today + days);
  const span = ADVANCE_PROCESSING_MINUTES * MINUTE_MS;
  const slots: number[] = [];
  for (let slot = first; slot < end; slot += stepMs) {
    // open at every minute from processing start to the slot, both included
    const from = processingStartsAt(slot);
    if (open.some(([s, e]) => from >= s && from + span < e)) slots.push(slot);
  }
  return slots;
}

/** Whether `slotMs` is one of the slots advanceSlots offers now (same options). */
export function isAdvanceSlotValid(
  hours: StoreHours,
  slotMs: number,
  nowMs: number,
  options: AdvanceSlotOptions = {},
): boolean {
  return Number.isFinite(slotMs) && advanceSlots(hours, nowMs, options).includes(slotMs);
}

/** How stores expose availability: the contract's Store (online 0/1) or the domain's StoreForChoice. */
export interface StoreAvailability {
  id: number;
  /** SPEC §3 Store: 0 (or false) means offline */
  online: boolean | 0 | 1;
  advanceOrderStoreId: number | null;
}

/** SPEC §4: an offline store takes no orders now; the customer may book an advance order instead. */
export function needsAdvanceOrder(store: Pick<StoreAvailability, 'online'>): boolean {
  return !store.online;
}

export type StoreOrderMode =
  /** online: order now at this store */
  | { mode: 'NOW'; storeId: number }
  /** offline: show the message; an advance order goes to `storeId` (the advanceOrderStoreId) */
  | { mode: 'ADVANCE'; storeId: number; message: string }
  /** offline with no advance-order store: the menu can be browsed, nothing ordered */
  | { mode: 'BROWSE_ONLY'; message: string };

export function storeOrderMode(store: StoreAvailability): StoreOrderMode {
  if (!needsAdvanceOrder(store)) return { mode: 'NOW', storeId: store.id };
  const message = MESSAGES.storeOfflineAdvance;
  if (store.advanceOrderStoreId === null) return { mode: 'BROWSE_ONLY', message };
  return { mode: 'ADVANCE', storeId: store.advanceOrderStoreId, message };
}

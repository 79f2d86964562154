/**
 * A store that is online but outside its opening hours (hours.ts) takes no order for now: it offers
 * advance slots only (checkout-advance.ts), the first of them after it opens. SPEC gives no text for this
 * (its offline text is for a store switched off), so this file words it after SPEC §8's "Store is currently
 * offline, browse menu or book an advance order", naming when the store opens: "today" or "tomorrow" on the
 * Asia/Kolkata calendar, or the day it opens when that is later (a holiday, a day the store keeps closed:
 * store-hours.ts nextStoreOpeningAt).
 *
 * The server's refusal of a "now" order and the web's notices on the menu, cart and checkout all read it
 * from here, so they say the same thing.
 */
import { IST_OFFSET_MINUTES } from './constants.ts';
import { formatHHMM, istMinutesOfDay } from './hours.ts';
import { nextStoreOpeningAt, type StoreHours } from './store-hours.ts';

/** Which Asia/Kolkata calendar day an instant falls on (days since the epoch's IST date). */
const istDay = (epochMs: number): number => Math.floor((epochMs / 60_000 + IST_OFFSET_MINUTES) / 1440);

export const STORE_CLOSED_TEXTS = {
  opensToday: 'Store is closed now and opens at {time} today: browse the menu or book an advance order',
  opensTomorrow: 'Store is closed now and opens at {time} tomorrow: browse the menu or book an advance order',
  opensOn: 'Store is closed now and opens at {time} on {day}: browse the menu or book an advance order',
} as const;

/** The closed-store text for a store opening at `opensAtMs`, told at `nowMs`. */
export function storeClosedMessage(opensAtMs: number, nowMs: number): string {
  const time = formatHHMM(istMinutesOfDay(opensAtMs));
  const days = istDay(opensAtMs) - istDay(nowMs);
  if (days <= 0) return STORE_CLOSED_TEXTS.opensToday.replace('{time}', time);
  if (days === 1) return STORE_CLOSED_TEXTS.opensTomorrow.replace('{time}', time);
  return STORE_CLOSED_TEXTS.opensOn.replace('{time}', time).replace('{day}', dayName(opensAtMs));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Friday 1 November" on the Asia/Kolkata calendar. */
export function dayName(epochMs: number): string {
  const d = new Date(epochMs + IST_OFFSET_MINUTES * 60_000);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** Whether a store takes "now" orders at `nowMs`: open, or closed with when it opens and what to say. */
export type OpenNow = { open: true } | { open: false; opensAtMs: number; message: string };

export function openNow(hours: StoreHours, nowMs: number): OpenNow {
  const opensAtMs = nextStoreOpeningAt(hours, nowMs);
  return opensAtMs === null
    ? { open: true }
    : { open: false, opensAtMs, message: storeClosedMessage(opensAtMs, nowMs) };
}

/**
 * A store that is online but outside its opening hours (hours.ts) takes no order for now: it offers
 * advance slots only (checkout-advance.ts), the first of them after it opens. SPEC gives no text for this
 * (its offline text is for a store switched off), so this file words it after SPEC §8's "Store is currently
 * offline, browse menu or book an advance order", naming when the store opens: "today" or "tomorrow" on the
 * Asia/Kolkata calendar (a closed store opens within a day, hours.ts nextOpeningAt).
 *
 * The server's refusal of a "now" order and the web's notices on the menu, cart and checkout all read it
 * from here, so they say the same thing.
 */
import { IST_OFFSET_MINUTES } from './constants.ts';
import { formatHHMM, istMinutesOfDay, nextOpeningAt, type OpeningHours } from './hours.ts';

/** Which Asia/Kolkata calendar day an instant falls on (days since the epoch's IST date). */
const istDay = (epochMs: number): number => Math.floor((epochMs / 60_000 + IST_OFFSET_MINUTES) / 1440);

export const STORE_CLOSED_TEXTS = {
  opensToday: 'Store is closed now and opens at {time} today: browse the menu or book an advance order',
  opensTomorrow: 'Store is closed now and opens at {time} tomorrow: browse the menu or book an advance order',
} as const;

/** The closed-store text for a store opening at `opensAtMs`, told at `nowMs`. */
export function storeClosedMessage(opensAtMs: number, nowMs: number): string {
  const time = formatHHMM(istMinutesOfDay(opensAtMs));
  const text =
    istDay(opensAtMs) === istDay(nowMs) ? STORE_CLOSED_TEXTS.opensToday : STORE_CLOSED_TEXTS.opensTomorrow;
  return text.replace('{time}', time);
}

/** Whether a store takes "now" orders at `nowMs`: open, or closed with when it opens and what to say. */
export type OpenNow = { open: true } | { open: false; opensAtMs: number; message: string };

export function openNow(hours: OpeningHours, nowMs: number): OpenNow {
  const opensAtMs = nextOpeningAt(hours, nowMs);
  return opensAtMs === null
    ? { open: true }
    : { open: false, opensAtMs, message: storeClosedMessage(opensAtMs, nowMs) };
}

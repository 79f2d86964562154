import { IST_OFFSET_MINUTES } from './constants.ts';

/** Opening hours in minutes after midnight, Asia/Kolkata. closesAt ≤ opensAt means the store closes after midnight. */
export interface OpeningHours {
  opensAt: number;
  closesAt: number;
}

/** Minutes after midnight in Asia/Kolkata for an instant (India has no daylight saving). */
export function istMinutesOfDay(epochMs: number): number {
  const minutes = Math.floor(epochMs / 60_000) + IST_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

export function isOpenAt(hours: OpeningHours, epochMs: number): boolean {
  const m = istMinutesOfDay(epochMs);
  if (hours.opensAt === hours.closesAt) return true; // open round the clock
  if (hours.opensAt < hours.closesAt) return m >= hours.opensAt && m < hours.closesAt;
  return m >= hours.opensAt || m < hours.closesAt;
}

/**
 * The instant the store next opens: the start of its opening minute, after `epochMs`. Null when it is
 * open at `epochMs` (round-the-clock hours are always open), so a closed store always has one, within a day.
 */
export function nextOpeningAt(hours: OpeningHours, epochMs: number): number | null {
  if (isOpenAt(hours, epochMs)) return null;
  const minuteStart = Math.floor(epochMs / 60_000) * 60_000;
  const wait = (((hours.opensAt - istMinutesOfDay(epochMs)) % 1440) + 1440) % 1440;
  return minuteStart + wait * 60_000;
}

export function parseHHMM(text: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new RangeError(`not a HH:MM time: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatHHMM(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Minutes after midnight as 24-hour HH:MM, the inverse of parseHHMM (the back office's time fields). */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

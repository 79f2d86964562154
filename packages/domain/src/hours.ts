import { IST_OFFSET_MINUTES } from './constants.ts';

/**
 * A daily window in minutes after midnight, Asia/Kolkata: closesAt ≤ opensAt closes after midnight, equal is round
 * the clock. One day of a store's week (store-hours.ts), and a coupon's hours (promotions.ts).
 */
export interface OpeningHours {
  opensAt: number;
  closesAt: number;
}

/** Minutes after midnight in Asia/Kolkata for an instant (India has no daylight saving). */
export function istMinutesOfDay(epochMs: number): number {
  const minutes = Math.floor(epochMs / 60_000) + IST_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

/** Whether an instant falls in the daily window (a coupon's hours; a store's open state is store-hours.ts). */
export function isOpenAt(hours: OpeningHours, epochMs: number): boolean {
  const m = istMinutesOfDay(epochMs);
  if (hours.opensAt === hours.closesAt) return true; // open round the clock
  if (hours.opensAt < hours.closesAt) return m >= hours.opensAt && m < hours.closesAt;
  return m >= hours.opensAt || m < hours.closesAt;
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

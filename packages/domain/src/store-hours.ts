/**
 * A store's week of opening hours and its dated exceptions (issue 30 §4), on the Asia/Kolkata clock.
 *
 * - The week has one entry per weekday, 0 Sunday … 6 Saturday: the hours of that day (hours.ts OpeningHours,
 *   minutes after midnight; a closing time at or before the opening time closes after midnight, equal is 24 hours
 *   from the opening) or null, closed all day.
 * - An exception names an IST date (YYYY-MM-DD) and replaces that day's hours: null closes the store all day (a
 *   holiday), hours open it differently; a note says why ("Diwali").
 * - **Hours belong to the day they open**: Friday 18:00–02:00 keeps the store open until 02:00 on Saturday, even
 *   when Saturday is a holiday; a holiday on Saturday closes Saturday's own opening.
 *
 * isStoreOpenAt, nextStoreOpeningAt and openIntervals are what the store list, the closed-store texts
 * (store-open.ts), the advance slots (checkout-advance.ts) and the train outlets read.
 */
import { parseCalendarDate } from './calendar-date.ts';
import { IST_OFFSET_MINUTES } from './constants.ts';
import { formatClock, parseHHMM, type OpeningHours } from './hours.ts';

/** A day's hours, or null: closed all day. */
export type DayHours = OpeningHours | null;

export interface HoursException {
  /** IST date, YYYY-MM-DD */
  date: string;
  hours: DayHours;
  note: string;
}

export interface StoreHours {
  /** seven entries, 0 Sunday … 6 Saturday */
  week: readonly DayHours[];
  exceptions: readonly HoursException[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY_MINUTES = 1440;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * MINUTE_MS;
/** How far ahead an exception may be set, in days; the next opening is looked for a little further. */
export const EXCEPTION_HORIZON_DAYS = 366;
const SEARCH_DAYS = EXCEPTION_HORIZON_DAYS + 8;

/** The IST calendar day (days since 1970-01-01) an instant falls on. */
export function istDayNumber(epochMs: number): number {
  return Math.floor((epochMs + IST_OFFSET_MS) / DAY_MS);
}

/** The instant of 00:00 IST on an IST day. */
export function istDayStartOf(day: number): number {
  return day * DAY_MS - IST_OFFSET_MS;
}

/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** YYYY-MM-DD of an IST day. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The IST day a YYYY-MM-DD names; null when it names no real day. */
export function dayOfDate(date: string): number | null {
  const d = parseCalendarDate(date);
  return d ? Date.UTC(d.year, d.month - 1, d.day) / DAY_MS : null;
}

/** The IST date (YYYY-MM-DD) of an instant. */
export function istDateOf(epochMs: number): string {
  return dateOfDay(istDayNumber(epochMs));
}

/** The same hours every day of the week (a store's hours before weeks, and tests). */
export function everyDay(hours: DayHours): DayHours[] {
  return Array.from({ length: 7 }, () => hours);
}

/** The hours a day trades by: its exception if it has one, else its weekday's. */
export function hoursOnDay(
  hours: StoreHours,
  day: number,
): { hours: DayHours; exception: HoursException | null } {
  const date = dateOfDay(day);
  const exception = hours.exceptions.find((e) => e.date === date) ?? null;
  return { hours: exception ? exception.hours : (hours.week[weekdayOf(day)] ?? null), exception };
}

/** The span [start, end) a day's hours keep the store open, or null when it is closed that day. */
function dayInterval(hours: StoreHours, day: number): [number, number] | null {
  const h = hoursOnDay(hours, day).hours;
  if (!h) return null;
  const start = istDayStartOf(day) + h.opensAt * MINUTE_MS;
  const minutes = (((h.closesAt - h.opensAt) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  return [start, start + minutes * MINUTE_MS];
}

/**
 * The spans the store is open, merged where they meet or overlap, for the hours of the IST days `fromDay` to
 * `toDay` (both included), ascending.
 */
export function openIntervals(hours: StoreHours, fromDay: number, toDay: number): [number, number][] {
  const merged: [number, number][] = [];
  for (let day = fromDay; day <= toDay; day++) {
    const span = dayInterval(hours, day);
    if (!span) continue;
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}

/** Whether the store is open at an instant (its own day's hours, or the day before's running past midnight). */
export function isStoreOpenAt(hours: StoreHours, epochMs: number): boolean {
  const day = istDayNumber(epochMs);
  return openIntervals(hours, day - 1, day).some(([s, e]) => epochMs >= s && epochMs < e);
}

/**
 * The instant the store next opens after `epochMs`: null when it is open then. A week with no open day has no
 * next opening (the settings refuse one: weekProblem); that throws.
 */
export function nextStoreOpeningAt(hours: StoreHours, epochMs: number): number | null {
  if (isStoreOpenAt(hours, epochMs)) return null;
  const today = istDayNumber(epochMs);
  for (let day = today; day <= today + SEARCH_DAYS; day++) {
    const span = dayInterval(hours, day);
    if (span && span[0] > epochMs) return span[0];
  }
  throw new RangeError('the store never opens');
}

/** Why a week cannot be saved, or null: seven days, at least one of them open. */
export function weekProblem(week: readonly DayHours[]): 'NOT_SEVEN_DAYS' | 'NEVER_OPEN' | null {
  if (week.length !== 7) return 'NOT_SEVEN_DAYS';
  return week.some((d) => d !== null) ? null : 'NEVER_OPEN';
}

/** Why an exception's date cannot be added at `nowMs`, or null: a real IST date, today or later, within a year. */
export function exceptionDateProblem(date: string, nowMs: number): 'NOT_A_DATE' | 'PAST' | 'TOO_FAR' | null {
  const day = dayOfDate(date);
  if (day === null) return 'NOT_A_DATE';
  const today = istDayNumber(nowMs);
  if (day < today) return 'PAST';
  return day > today + EXCEPTION_HORIZON_DAYS ? 'TOO_FAR' : null;
}

/** A day's hours as the API writes them: 24-hour HH:MM, or null closed all day. */
export type DayHoursText = { opensAt: string; closesAt: string } | null;
export interface HoursExceptionText {
  date: string;
  hours: DayHoursText;
  note: string;
}
export interface StoreHoursText {
  week: DayHoursText[];
  exceptions: HoursExceptionText[];
}

export function dayHoursToText(d: DayHours): DayHoursText {
  return d ? { opensAt: formatClock(d.opensAt), closesAt: formatClock(d.closesAt) } : null;
}

/** The inverse of dayHoursToText; throws on a time that is not HH:MM (the contract checks them first). */
export function dayHoursOfText(d: DayHoursText): DayHours {
  return d ? { opensAt: parseHHMM(d.opensAt), closesAt: parseHHMM(d.closesAt) } : null;
}

export function storeHoursToText(hours: StoreHours): StoreHoursText {
  return {
    week: hours.week.map(dayHoursToText),
    exceptions: hours.exceptions.map((e) => ({ date: e.date, hours: dayHoursToText(e.hours), note: e.note })),
  };
}

export function storeHoursOfText(hours: StoreHoursText): StoreHours {
  return {
    week: hours.week.map(dayHoursOfText),
    exceptions: hours.exceptions.map((e) => ({ date: e.date, hours: dayHoursOfText(e.hours), note: e.note })),
  };
}

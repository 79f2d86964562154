/** A calendar date as the API takes it in headers and queries: `YYYY-MM-DD`, a day that exists. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `YYYY-MM-DD` when it names a real day, else null: `Date` would roll 2026-02-30 over into March and turn
 * 2026-13-45 into an invalid date, so the digits are checked here, before any `Date` is made of them.
 */
export function parseCalendarDate(text: string): CalendarDate | null {
  const m = FORM.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

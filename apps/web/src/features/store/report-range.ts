import { dayNumber, dayOfNumber, istDayOf, REPORT_MAX_DAYS } from '@crust/domain/report-periods';
import { parseCalendarDate } from '@crust/domain/calendar-date';

/**
 * The Reports view's choices (docs/back-office.md "Reports"): the range presets, on India's calendar whatever
 * the device's time zone, and the tables' sorting. Pure, so the presets can be tested around IST midnight.
 */

export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const isRangePreset = (v: string | null): v is RangePreset =>
  v !== null && (RANGE_PRESETS as readonly string[]).includes(v);

/** IST days, YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The first day of the month before the one `day` falls in. */
function firstOfMonthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/** A preset's days at the instant `nowMs` (India's today, not the device's); `custom` has none of its own. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, nowMs: number): DayRange {
  const today = istDayOf(nowMs);
  const n = dayNumber(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = dayOfNumber(n - 1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: dayOfNumber(n - 6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const first = `${today.slice(0, 7)}-01`;
      return { from: firstOfMonthBefore(today), to: dayOfNumber(dayNumber(first) - 1) };
    }
  }
}

/** What is wrong with a custom range before it is asked for (the server says the same, 400 BAD_RANGE). */
export type RangeProblem = 'fromMissing' | 'toMissing' | 'toBeforeFrom' | 'tooLong';

export function customRangeProblem(range: DayRange): { field: 'from' | 'to'; problem: RangeProblem } | null {
  if (!parseCalendarDate(range.from)) return { field: 'from', problem: 'fromMissing' };
  if (!parseCalendarDate(range.to)) return { field: 'to', problem: 'toMissing' };
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  if (days < 1) return { field: 'to', problem: 'toBeforeFrom' };
  if (days > REPORT_MAX_DAYS) return { field: 'to', problem: 'tooLong' };
  return null;
}

export type SortValue = string | number | null;

/**
 * Rows in a column's order: numbers by size, texts as people read them (numbers inside texts by value); rows
 * with no value (a median of no deliveries) last either way, and equal rows keep their order.
 */
export function sortRows<R>(rows: readonly R[], value: (row: R) => SortValue, ascending: boolean): R[] {
  const dir = ascending ? 1 : -1;
  return rows
    .map((row, at) => ({ row, at, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.at - b.at : a.v === null ? 1 : -1;
      const c =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v), 'en-IN', { numeric: true });
      return c === 0 ? a.at - b.at : c * dir;
    })
    .map((x) => x.row);
}

/**
 * The back office's reports (issue 30 §5, docs/back-office.md "Reports"): IST days and the periods they fall in,
 * the range a report may cover, and the arithmetic the reports share (percentiles of a histogram, the average
 * order value, ratings from their counts). Pure: the server's SQL buckets by the same rules (`date_trunc` on the
 * IST day), and tests hold both to these functions.
 */
import { parseCalendarDate } from './calendar-date.ts';
import { IST_OFFSET_MINUTES } from './constants.ts';
import { npsGroup, type RatingSummary } from './feedback.ts';

/** How a report's rows are cut in time: IST days, weeks from Monday, calendar months. */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** A report covers at most this many IST days, both ends included (a leap year). */
export const REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** Days since 1970-01-01 of a valid `YYYY-MM-DD` (no time zone: a calendar day). */
export function dayNumber(day: string): number {
  const d = parseCalendarDate(day);
  if (!d) throw new Error(`not a calendar day: ${day}`);
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
}

/** The `YYYY-MM-DD` of a day number. */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The IST calendar day an instant falls on. */
export function istDayOf(epochMs: number): string {
  return new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an IST day begins (its midnight in India). */
export function istDayStartMs(day: string): number {
  return dayNumber(day) * DAY_MS - IST_OFFSET_MS;
}

/**
 * The period a day falls in, named by its first day: the day itself, the Monday of its week (ISO weeks, as
 * PostgreSQL's `date_trunc('week', …)`), or the first of its month.
 */
export function periodOf(day: string, grouping: ReportGrouping): string {
  switch (grouping) {
    case 'day':
      return dayOfNumber(dayNumber(day));
    case 'week': {
      const n = dayNumber(day);
      // 1970-01-01 was a Thursday: (n + 3) mod 7 is the days since Monday
      return dayOfNumber(n - ((((n + 3) % 7) + 7) % 7));
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
  }
}

/** Every period a range of days touches, in order (the first and last may be partly outside the range). */
export function periodsBetween(from: string, to: string, grouping: ReportGrouping): string[] {
  const periods: string[] = [];
  for (let n = dayNumber(from), last = dayNumber(to); n <= last; n++) {
    const p = periodOf(dayOfNumber(n), grouping);
    if (periods.at(-1) !== p) periods.push(p);
  }
  return periods;
}

/** The rollups' grains: a day, an ISO week (from Monday), a calendar month. */
export type RollupGrain = ReportGrouping;

/** Days from–to, both included, read from the rollups of one grain (`from`, `to`: the periods' first days). */
export interface Span {
  grain: RollupGrain;
  from: string;
  to: string;
}

/** The first day of the period after the one `day` falls in. */
function nextPeriod(day: string, grain: RollupGrain): string {
  const start = dayNumber(periodOf(day, grain));
  if (grain === 'day') return dayOfNumber(start + 1);
  if (grain === 'week') return dayOfNumber(start + 7);
  return periodOf(dayOfNumber(start + 31), 'month');
}

/**
 * A range of days as few rollup rows as can give it: the periods of the first grain wholly inside it, then the
 * days left over at either end the same way with the next grains, then single days. Finer rows never cross the
 * first grain's boundaries, so weeks may fill a month-grouped report's partial months (each week wholly inside
 * one month); a month may not fill a week.
 */
export function coverRange(from: string, to: string, grains: readonly ('week' | 'month')[]): Span[] {
  const [grain, ...finer] = grains;
  if (!grain) return [{ grain: 'day', from, to }];
  const first = periodOf(from, grain) === from ? from : nextPeriod(from, grain);
  const after = dayOfNumber(dayNumber(to) + 1);
  // the first day after the last period wholly inside the range
  const end = periodOf(after, grain) === after ? after : periodOf(to, grain);
  if (dayNumber(first) >= dayNumber(end)) {
    // no whole period: each period's part of the range, by the finer grains (a week must not carry one month's
    // days into the next)
    const spans: Span[] = [];
    for (let a = from; a <= to; a = nextPeriod(a, grain)) {
      const next = nextPeriod(a, grain);
      spans.push(...coverRange(a, next <= to ? dayOfNumber(dayNumber(next) - 1) : to, finer));
    }
    return spans;
  }
  const lastStart = periodOf(dayOfNumber(dayNumber(end) - 1), grain);
  return [
    ...(from < first ? coverRange(from, dayOfNumber(dayNumber(first) - 1), finer) : []),
    { grain, from: first, to: lastStart },
    ...(end <= to ? coverRange(end, to, finer) : []),
  ];
}

/** What is wrong with a report's range, and which end says so; null when it may be reported. */
export function reportRangeProblem(
  from: string,
  to: string,
): { field: 'from' | 'to'; message: string } | null {
  if (!parseCalendarDate(from)) return { field: 'from', message: 'Enter the first day as YYYY-MM-DD' };
  if (!parseCalendarDate(to)) return { field: 'to', message: 'Enter the last day as YYYY-MM-DD' };
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return { field: 'to', message: 'The last day must not be before the first' };
  if (days > REPORT_MAX_DAYS)
    return { field: 'to', message: `A report covers at most ${REPORT_MAX_DAYS} days` };
  return null;
}

/** How many of a value were seen (a histogram's bar). */
export interface Bar {
  value: number;
  count: number;
}

/**
 * The nearest-rank percentile (0 < p ≤ 1) of a histogram: the smallest value with at least ⌈p·N⌉ of the N
 * observations at or below it. The median is p = 0.5 (of an even count, the lower middle). Null with none.
 */
export function percentileOf(bars: readonly Bar[], p: number): number | null {
  if (!(p > 0 && p <= 1)) throw new Error(`a percentile is in (0, 1]: ${p}`);
  const sorted = bars.filter((b) => b.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((n, b) => n + b.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) return b.value;
  }
  return sorted.at(-1)!.value;
}

/** `percentileOf` over plain observations. */
export function percentileOfValues(values: readonly number[], p: number): number | null {
  return percentileOf(
    values.map((value) => ({ value, count: 1 })),
    p,
  );
}

/** Net sales over the orders, rounded half up to the paisa; 0 with no orders. */
export function averageOrderValue(netPaise: number, orders: number): number {
  return orders > 0 ? Math.round(netPaise / orders) : 0;
}

/** Ratings as the reports count them in SQL: how many, the sum of their overall scores, and the NPS groups. */
export interface RatingCounts {
  ratings: number;
  overallSum: number;
  promoters: number;
  passives: number;
  detractors: number;
}

/** The same summary as `summarizeRatings`, from counts (the reports add them up per store, city or chain). */
export function ratingsFromCounts(c: RatingCounts): RatingSummary {
  const scored = c.promoters + c.passives + c.detractors;
  return {
    count: c.ratings,
    csatAverage: c.ratings === 0 ? null : Math.round((c.overallSum / c.ratings) * 100) / 100,
    // + 0 turns a -0 into 0
    nps: scored === 0 ? null : Math.round(((c.promoters - c.detractors) / scored) * 100) + 0,
    promoters: c.promoters,
    passives: c.passives,
    detractors: c.detractors,
  };
}

/** The counts of a list of ratings (what the SQL adds up), for tests and small lists. */
export function ratingCountsOf(ratings: readonly { overall: number; nps: number | null }[]): RatingCounts {
  const c: RatingCounts = { ratings: 0, overallSum: 0, promoters: 0, passives: 0, detractors: 0 };
  for (const r of ratings) {
    c.ratings++;
    c.overallSum += r.overall;
    if (r.nps === null) continue;
    const g = npsGroup(r.nps);
    if (g === 'PROMOTER') c.promoters++;
    else if (g === 'PASSIVE') c.passives++;
    else c.detractors++;
  }
  return c;
}

/** Paise as rupees with two decimals, for a spreadsheet: 123456 → "1234.56", -5 → "-0.05". */
export function rupeesCell(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV line (RFC 4180): a field with a comma, quote or line break is quoted, its quotes doubled; a text that a
 * spreadsheet would run as a formula (=, +, -, @ first, other than a plain number) is kept as text with a leading
 * apostrophe.
 */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells
    .map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return String(cell);
      const formula = /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);
      const text = formula ? `'${cell}` : cell;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

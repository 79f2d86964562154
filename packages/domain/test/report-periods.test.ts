import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeRatings } from '../src/feedback.ts';
import {
  averageOrderValue,
  coverRange,
  csvLine,
  dayNumber,
  dayOfNumber,
  istDayOf,
  istDayStartMs,
  percentileOf,
  percentileOfValues,
  periodOf,
  periodsBetween,
  ratingCountsOf,
  ratingsFromCounts,
  reportRangeProblem,
  rupeesCell,
  type ReportGrouping,
  type Span,
} from '../src/report-periods.ts';

describe('IST days', () => {
  it.each<[string, string, string]>([
    ['midnight in India is 18:30 UTC the day before', '2026-11-25T18:30:00Z', '2026-11-26'],
    ['a minute earlier is still the day before', '2026-11-25T18:29:59.999Z', '2026-11-25'],
    ['noon UTC', '2026-11-26T12:00:00Z', '2026-11-26'],
    ['the last instant of an IST year', '2026-12-31T18:29:59.999Z', '2026-12-31'],
    ['the first of the next', '2026-12-31T18:30:00Z', '2027-01-01'],
    ['29 February', '2028-02-28T20:00:00Z', '2028-02-29'],
  ])('%s: %s → %s', (_, instant, day) => {
    expect(istDayOf(Date.parse(instant))).toBe(day);
  });

  it.each<[string, string]>([
    ['2026-11-26', '2026-11-25T18:30:00.000Z'],
    ['2027-01-01', '2026-12-31T18:30:00.000Z'],
    ['1970-01-01', '1969-12-31T18:30:00.000Z'],
  ])('%s begins at %s', (day, instant) => {
    expect(new Date(istDayStartMs(day)).toISOString()).toBe(instant);
    expect(istDayOf(istDayStartMs(day))).toBe(day);
    expect(istDayOf(istDayStartMs(day) - 1)).not.toBe(day);
  });

  it('day numbers round-trip', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayOfNumber(dayNumber('2028-02-29'))).toBe('2028-02-29');
    expect(() => dayNumber('2026-02-30')).toThrow();
  });
});

describe('periods', () => {
  it.each<[string, ReportGrouping, string]>([
    ['2026-11-26', 'day', '2026-11-26'],
    // 2026-11-26 is a Thursday; its week began on Monday 23rd
    ['2026-11-26', 'week', '2026-11-23'],
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'week', '2026-11-23'],
    ['2026-11-30', 'week', '2026-11-30'],
    // a week across the new year belongs to its Monday's year
    ['2027-01-01', 'week', '2026-12-28'],
    ['1970-01-01', 'week', '1969-12-29'],
    ['2026-11-26', 'month', '2026-11-01'],
    ['2028-02-29', 'month', '2028-02-01'],
    ['2026-12-31', 'month', '2026-12-01'],
  ])('%s by %s → %s', (day, grouping, period) => {
    expect(periodOf(day, grouping)).toBe(period);
  });

  it.each<[string, string, string, ReportGrouping, string[]]>([
    ['one day', '2026-11-26', '2026-11-26', 'day', ['2026-11-26']],
    ['three days', '2026-11-29', '2026-12-01', 'day', ['2026-11-29', '2026-11-30', '2026-12-01']],
    ['a Sunday and a Monday: two weeks', '2026-11-29', '2026-11-30', 'week', ['2026-11-23', '2026-11-30']],
    ['Monday to Sunday: one week', '2026-11-23', '2026-11-29', 'week', ['2026-11-23']],
    [
      'months partly covered at both ends',
      '2026-01-31',
      '2026-04-01',
      'month',
      ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'],
    ],
  ])('%s', (_, from, to, grouping, periods) => {
    expect(periodsBetween(from, to, grouping)).toEqual(periods);
  });

  it('a leap year has 366 days, 12 months and 53 weeks touched', () => {
    expect(periodsBetween('2028-01-01', '2028-12-31', 'day')).toHaveLength(366);
    expect(periodsBetween('2028-01-01', '2028-12-31', 'month')).toHaveLength(12);
    expect(periodsBetween('2028-01-01', '2028-12-31', 'week')).toHaveLength(53);
  });

  it('every day falls in the period it names, which begins on or before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40_000 }),
        fc.constantFrom<ReportGrouping>('day', 'week', 'month'),
        (n, grouping) => {
          const day = dayOfNumber(n);
          const period = periodOf(day, grouping);
          expect(period <= day).toBe(true);
          expect(periodOf(period, grouping)).toBe(period);
          expect(dayNumber(day) - dayNumber(period)).toBeLessThan(grouping === 'month' ? 31 : 7);
        },
      ),
    );
  });
});

describe('a range as rollup rows', () => {
  const span = (grain: Span['grain'], from: string, to: string): Span => ({ grain, from, to });
  it.each<[string, string, string, ('week' | 'month')[], Span[]]>([
    [
      'a year of months',
      '2025-01-01',
      '2025-12-31',
      ['month', 'week'],
      [span('month', '2025-01-01', '2025-12-01')],
    ],
    ['days alone', '2025-01-01', '2025-12-31', [], [span('day', '2025-01-01', '2025-12-31')]],
    [
      'a year of weeks: days before the first Monday and after the last whole week',
      '2025-01-01',
      '2025-12-31',
      ['week'],
      [
        span('day', '2025-01-01', '2025-01-05'),
        span('week', '2025-01-06', '2025-12-22'),
        span('day', '2025-12-29', '2025-12-31'),
      ],
    ],
    [
      'partial months filled with whole weeks, then days',
      '2025-01-15',
      '2025-03-10',
      ['month', 'week'],
      [
        span('day', '2025-01-15', '2025-01-19'),
        span('week', '2025-01-20', '2025-01-20'),
        span('day', '2025-01-27', '2025-01-31'),
        span('month', '2025-02-01', '2025-02-01'),
        span('day', '2025-03-01', '2025-03-02'),
        span('week', '2025-03-03', '2025-03-03'),
        span('day', '2025-03-10', '2025-03-10'),
      ],
    ],
    ['no whole month', '2025-02-01', '2025-02-27', ['month'], [span('day', '2025-02-01', '2025-02-27')]],
    [
      'no whole month across two: each month’s part apart, its whole weeks as weeks',
      '2025-01-20',
      '2025-02-20',
      ['month', 'week'],
      [
        span('week', '2025-01-20', '2025-01-20'),
        span('day', '2025-01-27', '2025-01-31'),
        span('day', '2025-02-01', '2025-02-02'),
        span('week', '2025-02-03', '2025-02-10'),
        span('day', '2025-02-17', '2025-02-20'),
      ],
    ],
    [
      'a whole February of a leap year',
      '2028-02-01',
      '2028-02-29',
      ['month'],
      [span('month', '2028-02-01', '2028-02-01')],
    ],
    ['one day', '2025-03-05', '2025-03-05', ['month', 'week'], [span('day', '2025-03-05', '2025-03-05')]],
    ['one whole week', '2025-03-03', '2025-03-09', ['week'], [span('week', '2025-03-03', '2025-03-03')]],
  ])('%s', (_, from, to, grains, spans) => {
    expect(coverRange(from, to, grains)).toEqual(spans);
  });

  /** the day after a span's last day */
  const endOf = (s: Span) =>
    s.grain === 'day'
      ? dayNumber(s.to) + 1
      : s.grain === 'week'
        ? dayNumber(s.to) + 7
        : dayNumber(periodOf(dayOfNumber(dayNumber(s.to) + 31), 'month'));

  it('covers every day of the range once, each span on its own grain’s boundaries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 19_000, max: 21_000 }),
        fc.integer({ min: 0, max: 365 }),
        fc.constantFrom<('week' | 'month')[]>([], ['week'], ['month'], ['month', 'week']),
        (start, days, grains) => {
          const from = dayOfNumber(start);
          const to = dayOfNumber(start + days);
          const spans = coverRange(from, to, grains);
          // in order, touching, from the first day to the last
          let next = dayNumber(from);
          for (const s of spans) {
            expect(dayNumber(s.from)).toBe(next);
            if (s.grain !== 'day') {
              expect(periodOf(s.from, s.grain)).toBe(s.from);
              expect(periodOf(s.to, s.grain)).toBe(s.to);
            }
            next = endOf(s);
          }
          expect(next).toBe(dayNumber(to) + 1);
          // no row crosses the first grain's periods: a month-grouped report's weeks and day spans stay in a month
          if (grains[0] === 'month')
            for (const s of spans.filter((x) => x.grain !== 'month'))
              expect(periodOf(dayOfNumber(endOf(s) - 1), 'month'), JSON.stringify(s)).toBe(
                periodOf(s.from, 'month'),
              );
        },
      ),
    );
  });
});

describe('the range a report may cover', () => {
  it.each<[string, string, string, ReturnType<typeof reportRangeProblem>]>([
    ['one day', '2026-11-26', '2026-11-26', null],
    ['a leap year: 366 days', '2028-01-01', '2028-12-31', null],
    ['366 days across a common year', '2026-01-01', '2027-01-01', null],
    ['367 days', '2026-01-01', '2027-01-02', { field: 'to', message: 'A report covers at most 366 days' }],
    [
      'the end before the start',
      '2026-11-26',
      '2026-11-25',
      { field: 'to', message: 'The last day must not be before the first' },
    ],
    [
      '30 February',
      '2026-02-30',
      '2026-03-01',
      { field: 'from', message: 'Enter the first day as YYYY-MM-DD' },
    ],
    [
      'no leading zero',
      '2026-03-01',
      '2026-3-2',
      { field: 'to', message: 'Enter the last day as YYYY-MM-DD' },
    ],
  ])('%s', (_, from, to, problem) => {
    expect(reportRangeProblem(from, to)).toEqual(problem);
  });
});

describe('percentiles (nearest rank)', () => {
  it.each<[string, number[], number | null, number | null]>([
    ['none', [], null, null],
    ['one', [25], 25, 25],
    ['two: the lower middle, and the upper for p90', [12, 40], 12, 40],
    ['three', [30, 10, 20], 20, 30],
    ['ten', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5, 9],
    ['eleven', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 6, 10],
    ['repeats', [30, 30, 30, 31, 45], 30, 45],
  ])('%s: median %s, p90 %s', (_, values, median, p90) => {
    expect(percentileOfValues(values, 0.5)).toBe(median);
    expect(percentileOfValues(values, 0.9)).toBe(p90);
  });

  it('a histogram gives what its observations give, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ value: fc.integer({ min: 0, max: 120 }), count: fc.integer({ min: 0, max: 5 }) }),
        ),
        fc.constantFrom(0.5, 0.9, 1),
        (bars, p) => {
          const values = bars.flatMap((b) => Array<number>(b.count).fill(b.value));
          expect(percentileOf(bars, p)).toBe(percentileOfValues(values, p));
          expect(percentileOf([...bars].reverse(), p)).toBe(percentileOf(bars, p));
          if (values.length > 0) {
            const sorted = [...values].sort((a, b) => a - b);
            expect(percentileOf(bars, p)).toBe(sorted[Math.ceil(p * sorted.length) - 1]);
          }
        },
      ),
    );
  });

  it('p must be in (0, 1]', () => {
    expect(() => percentileOfValues([1], 0)).toThrow();
    expect(() => percentileOfValues([1], 1.5)).toThrow();
  });
});

describe('sums', () => {
  it.each<[number, number, number]>([
    [0, 0, 0],
    [100_00, 0, 0],
    [1000, 3, 333],
    [1001, 2, 501],
    [999, 2, 500],
    [45_900, 1, 45_900],
  ])('average order of %i paise over %i orders: %i', (net, orders, average) => {
    expect(averageOrderValue(net, orders)).toBe(average);
  });

  it('ratings from counts are the store console’s summary of the same ratings', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            overall: fc.integer({ min: 1, max: 5 }),
            nps: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
          }),
        ),
        (ratings) => {
          expect(ratingsFromCounts(ratingCountsOf(ratings))).toEqual(summarizeRatings(ratings));
        },
      ),
    );
  });

  it('two ratings: a promoter and a detractor', () => {
    expect(
      ratingsFromCounts(
        ratingCountsOf([
          { overall: 5, nps: 10 },
          { overall: 2, nps: 3 },
        ]),
      ),
    ).toEqual({ count: 2, csatAverage: 3.5, nps: 0, promoters: 1, passives: 0, detractors: 1 });
  });
});

describe('CSV', () => {
  it.each<[number, string]>([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123_456, '1234.56'],
    [-5, '-0.05'],
    [-123_456, '-1234.56'],
  ])('%i paise is %s', (paise, text) => {
    expect(rupeesCell(paise)).toBe(text);
  });

  it.each<[string, (string | number | null)[], string]>([
    [
      'plain cells',
      ['2026-11-26', 1001, 'Crust Connaught Place', '459.00'],
      '2026-11-26,1001,Crust Connaught Place,459.00',
    ],
    ['a comma is quoted', ['Shop 3, Hill Road'], '"Shop 3, Hill Road"'],
    ['a quote is doubled', ['The "best" pizza'], '"The ""best"" pizza"'],
    ['a line break is quoted', ['two\nlines'], '"two\nlines"'],
    ['null is empty', [null, 1], ',1'],
    ['a formula is kept as text', ['=SUM(A1:A9)', '+1', '@cmd', '-x'], "'=SUM(A1:A9),'+1,'@cmd,'-x"],
    ['a negative amount stays a number', ['-0.05', -3], '-0.05,-3'],
  ])('%s', (_, cells, line) => {
    expect(csvLine(cells)).toBe(line);
  });
});

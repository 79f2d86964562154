import { describe, expect, it } from 'vitest';
import { parseHHMM, type OpeningHours } from '../src/hours.ts';
import {
  dateOfDay,
  dayOfDate,
  everyDay,
  exceptionDateProblem,
  hoursOnDay,
  isStoreOpenAt,
  istDateOf,
  istDayNumber,
  nextStoreOpeningAt,
  openIntervals,
  weekdayOf,
  weekProblem,
  type DayHours,
  type HoursException,
  type StoreHours,
} from '../src/store-hours.ts';

/** 15 January 2025 (a Wednesday), 00:00 in Asia/Kolkata (= 14 January, 18:30 UTC). */
const IST_MIDNIGHT = Date.UTC(2025, 0, 14, 18, 30);
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** hh:mm IST, `day` days after Wednesday 15 January 2025 */
const ist = (hh: number, mm = 0, day = 0): number => IST_MIDNIGHT + day * DAY + (hh * 60 + mm) * MINUTE;
const h = (opensAt: string, closesAt: string): OpeningHours => ({
  opensAt: parseHHMM(opensAt),
  closesAt: parseHHMM(closesAt),
});
const every = (d: DayHours, exceptions: HoursException[] = []): StoreHours => ({
  week: everyDay(d),
  exceptions,
});
/** Sunday … Saturday */
const week = (...days: DayHours[]): DayHours[] => days;
const closedOn = (date: string, note = 'Holiday'): HoursException => ({ date, hours: null, note });

describe('IST days and dates', () => {
  it.each<[string, number, string, number]>([
    ['IST midnight opens 15 January', ist(0, 0), '2025-01-15', 3],
    ['a minute before IST midnight is still the 14th', ist(0, 0) - MINUTE, '2025-01-14', 2],
    ['UTC midnight is 05:30 IST the same date', Date.UTC(2025, 0, 15), '2025-01-15', 3],
    ['Sunday 19 January', ist(12, 0, 4), '2025-01-19', 0],
    ['Saturday 18 January, late', ist(23, 59, 3), '2025-01-18', 6],
    ['the epoch is a Thursday', 0, '1970-01-01', 4],
  ])('%s', (_, at, date, weekday) => {
    expect(istDateOf(at)).toBe(date);
    expect(weekdayOf(istDayNumber(at))).toBe(weekday);
    expect(dayOfDate(date)).toBe(istDayNumber(at));
    expect(dateOfDay(istDayNumber(at))).toBe(date);
  });

  it.each(['2025-02-29', '2025-13-01', '15-01-2025', ''])('%s is no date', (text) => {
    expect(dayOfDate(text)).toBeNull();
  });
});

describe('isStoreOpenAt: the week and its exceptions', () => {
  // Wed 11–23, Fri 18:00–02:00, Sun closed, the rest 10–22
  const w = week(
    null,
    h('10:00', '22:00'),
    h('10:00', '22:00'),
    h('11:00', '23:00'),
    h('10:00', '22:00'),
    h('18:00', '02:00'),
    h('10:00', '22:00'),
  );
  const plain: StoreHours = { week: w, exceptions: [] };
  it.each<[string, StoreHours, number, boolean]>([
    ['Wednesday noon', plain, ist(12, 0), true],
    ['Wednesday 22:30: its own hours run to 23:00', plain, ist(22, 30), true],
    ['Wednesday 23:00: closed', plain, ist(23, 0), false],
    ['Thursday 22:30: Thursday closes at 22:00', plain, ist(22, 30, 1), false],
    ['Friday 17:59: not yet', plain, ist(17, 59, 2), false],
    ['Friday 23:30', plain, ist(23, 30, 2), true],
    ['Saturday 01:30: Friday’s hours past midnight', plain, ist(1, 30, 3), true],
    ['Saturday 02:00: closed until 10', plain, ist(2, 0, 3), false],
    ['Sunday noon: closed all day', plain, ist(12, 0, 4), false],
    ['a holiday on Wednesday', { week: w, exceptions: [closedOn('2025-01-15')] }, ist(12, 0), false],
    [
      'a holiday on Saturday keeps Friday’s night open past midnight',
      { week: w, exceptions: [closedOn('2025-01-18')] },
      ist(1, 30, 3),
      true,
    ],
    [
      'a holiday on Saturday closes Saturday’s own hours',
      { week: w, exceptions: [closedOn('2025-01-18')] },
      ist(12, 0, 3),
      false,
    ],
    [
      'a holiday on Friday closes its night into Saturday too',
      { week: w, exceptions: [closedOn('2025-01-17')] },
      ist(1, 30, 3),
      false,
    ],
    [
      'special hours on a Sunday open it',
      { week: w, exceptions: [{ date: '2025-01-19', hours: h('12:00', '16:00'), note: 'Match day' }] },
      ist(13, 0, 4),
      true,
    ],
    [
      'special hours shorten a day',
      { week: w, exceptions: [{ date: '2025-01-15', hours: h('11:00', '15:00'), note: '' }] },
      ist(16, 0),
      false,
    ],
    [
      'an exception on another date changes nothing',
      { week: w, exceptions: [closedOn('2025-01-16')] },
      ist(12, 0),
      true,
    ],
    ['round the clock every day, any minute', every(h('00:00', '00:00')), ist(3, 17), true],
    ['24 hours from 10:00: open at 09:59 next day', every(h('10:00', '10:00')), ist(9, 59), true],
  ])('%s', (_, hours, at, expected) => {
    expect(isStoreOpenAt(hours, at)).toBe(expected);
  });
});

describe('nextStoreOpeningAt', () => {
  const day = every(h('11:00', '23:00'));
  const night = every(h('10:00', '02:00'));
  it.each<[string, StoreHours, number, number | null]>([
    ['11:00–23:00, early morning: today at 11:00', day, ist(5, 0), ist(11, 0)],
    ['11:00–23:00, seconds before opening', day, ist(10, 59) + 59_999, ist(11, 0)],
    ['11:00–23:00, the opening minute: open', day, ist(11, 0), null],
    ['11:00–23:00, the closing minute: tomorrow at 11:00', day, ist(23, 0), ist(11, 0, 1)],
    ['10:00–02:00, just after midnight: open', night, ist(0, 30), null],
    ['10:00–02:00, the closing minute: today at 10:00', night, ist(2, 0), ist(10, 0)],
    ['round the clock: never closed', every(h('00:00', '00:00')), ist(3, 0), null],
    [
      'a holiday today: tomorrow',
      every(h('11:00', '23:00'), [closedOn('2025-01-15')]),
      ist(5, 0),
      ist(11, 0, 1),
    ],
    [
      'holidays today and tomorrow: the day after',
      every(h('11:00', '23:00'), [closedOn('2025-01-15'), closedOn('2025-01-16')]),
      ist(5, 0),
      ist(11, 0, 2),
    ],
    [
      'special hours today open later',
      every(h('11:00', '23:00'), [{ date: '2025-01-15', hours: h('15:00', '20:00'), note: 'Pongal' }]),
      ist(12, 0),
      ist(15, 0),
    ],
    [
      'only Sundays open: next Sunday',
      { week: week(h('09:00', '17:00'), null, null, null, null, null, null), exceptions: [] },
      ist(12, 0),
      ist(9, 0, 4),
    ],
  ])('%s', (_, hours, at, expected) => {
    expect(nextStoreOpeningAt(hours, at)).toBe(expected);
  });

  it('is the first open minute after a closed one, at every 20th minute of a week', () => {
    const w: StoreHours = {
      week: week(
        null,
        h('06:00', '10:30'),
        h('10:00', '02:00'),
        h('11:00', '23:00'),
        null,
        h('22:00', '01:00'),
        h('00:00', '00:00'),
      ),
      exceptions: [closedOn('2025-01-16'), { date: '2025-01-20', hours: h('12:00', '13:00'), note: '' }],
    };
    for (let m = 0; m < 8 * 1440; m += 20) {
      const at = ist(0, m);
      const next = nextStoreOpeningAt(w, at);
      if (isStoreOpenAt(w, at)) {
        expect(next).toBeNull();
        continue;
      }
      expect(next).not.toBeNull();
      expect(isStoreOpenAt(w, next!)).toBe(true);
      expect(isStoreOpenAt(w, next! - MINUTE)).toBe(false);
      for (let t = at; t < next!; t += 10 * MINUTE) expect(isStoreOpenAt(w, t)).toBe(false);
    }
  });

  it('throws for a week that never opens (the settings refuse one)', () => {
    expect(() => nextStoreOpeningAt(every(null), ist(12, 0))).toThrow(RangeError);
  });
});

describe('openIntervals', () => {
  it('merges days that meet: round the clock is one span', () => {
    expect(openIntervals(every(h('00:00', '00:00')), 0, 2)).toEqual([
      [0 * DAY - 330 * MINUTE, 3 * DAY - 330 * MINUTE],
    ]);
  });
  it('keeps the day’s own span, by the day it opened', () => {
    const d = istDayNumber(ist(0, 0));
    expect(openIntervals(every(h('22:00', '02:00')), d, d)).toEqual([[ist(22, 0), ist(2, 0, 1)]]);
  });
});

describe('hoursOnDay', () => {
  it('takes the exception, else the weekday', () => {
    const hours = every(h('11:00', '23:00'), [closedOn('2025-01-15', 'Diwali')]);
    const d = istDayNumber(ist(12, 0));
    expect(hoursOnDay(hours, d)).toEqual({ hours: null, exception: closedOn('2025-01-15', 'Diwali') });
    expect(hoursOnDay(hours, d + 1)).toEqual({ hours: h('11:00', '23:00'), exception: null });
  });
});

describe('weekProblem and exceptionDateProblem', () => {
  it.each<[string, DayHours[], ReturnType<typeof weekProblem>]>([
    ['seven days, one open', week(null, null, null, h('10:00', '12:00'), null, null, null), null],
    ['closed every day', everyDay(null), 'NEVER_OPEN'],
    ['six days', everyDay(h('10:00', '12:00')).slice(1), 'NOT_SEVEN_DAYS'],
  ])('%s', (_, w, expected) => {
    expect(weekProblem(w)).toBe(expected);
  });

  it.each<[string, string, ReturnType<typeof exceptionDateProblem>]>([
    ['today', '2025-01-15', null],
    ['yesterday', '2025-01-14', 'PAST'],
    ['a year ahead', '2026-01-15', null],
    ['more than a year ahead', '2026-01-17', 'TOO_FAR'],
    ['no such day', '2025-02-30', 'NOT_A_DATE'],
  ])('%s', (_, date, expected) => {
    // 00:10 IST on the 15th is still the 14th in UTC: the day is IST's
    expect(exceptionDateProblem(date, ist(0, 10))).toBe(expected);
  });
});

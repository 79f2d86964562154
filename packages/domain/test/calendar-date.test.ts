import { describe, expect, it } from 'vitest';
import { daysInMonth, isLeapYear, parseCalendarDate } from '../src/calendar-date.ts';

describe('parseCalendarDate', () => {
  it.each<[string, string, { year: number; month: number; day: number } | null]>([
    ['an ordinary day', '2026-11-26', { year: 2026, month: 11, day: 26 }],
    ['the first day of a year', '2026-01-01', { year: 2026, month: 1, day: 1 }],
    ['the last day of a year', '2026-12-31', { year: 2026, month: 12, day: 31 }],
    ['29 February of a leap year', '2028-02-29', { year: 2028, month: 2, day: 29 }],
    ['29 February of a year divisible by 400', '2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['29 February of a common year', '2026-02-29', null],
    ['29 February of a century that is not a leap year', '2100-02-29', null],
    ['30 February', '2026-02-30', null],
    ['31 April', '2026-04-31', null],
    ['30 April', '2026-04-30', { year: 2026, month: 4, day: 30 }],
    ['month 13', '2026-13-01', null],
    ['month 13, day 45', '2026-13-45', null],
    ['month 0', '2026-00-10', null],
    ['day 0', '2026-05-00', null],
    ['day 32', '2026-01-32', null],
    ['year 0', '0000-01-01', null],
    ['no leading zeros', '2026-1-5', null],
    ['slashes', '2026/11/26', null],
    ['a time after the date', '2026-11-26T00:00', null],
    ['a space before', ' 2026-11-26', null],
    ['a trailing newline', '2026-11-26\n', null],
    ['not digits', 'abcd-ef-gh', null],
    ['empty', '', null],
  ])('%s: %j', (_, text, expected) => {
    expect(parseCalendarDate(text)).toEqual(expected);
  });
});

describe('isLeapYear', () => {
  it.each<[number, boolean]>([
    [2024, true],
    [2026, false],
    [2028, true],
    [1900, false],
    [2000, true],
    [2100, false],
  ])('%i: %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });
});

describe('daysInMonth', () => {
  it.each<[number, number, number]>([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });
});

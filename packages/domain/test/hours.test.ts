import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatHHMM,
  isOpenAt,
  istMinutesOfDay,
  parseHHMM,
  type OpeningHours,
} from '../src/hours.ts';

/** 15 January 2025, 00:00 in Asia/Kolkata (= 14 January, 18:30 UTC). */
const IST_MIDNIGHT = Date.UTC(2025, 0, 14, 18, 30);
const MINUTE = 60_000;

/** The instant of hh:mm on that day in Asia/Kolkata. */
const ist = (hh: number, mm = 0): number => IST_MIDNIGHT + (hh * 60 + mm) * MINUTE;

const hours = (opensAt: string, closesAt: string): OpeningHours => ({
  opensAt: parseHHMM(opensAt),
  closesAt: parseHHMM(closesAt),
});

describe('istMinutesOfDay', () => {
  it.each<[string, number, number]>([
    ['UTC 18:30 is IST 00:00', Date.UTC(2025, 0, 14, 18, 30), 0],
    ['UTC 00:00 is IST 05:30', Date.UTC(2025, 0, 15, 0, 0), 330],
    ['UTC 18:29 is IST 23:59', Date.UTC(2025, 0, 14, 18, 29), 1439],
    ['UTC 12:00 is IST 17:30', Date.UTC(2025, 5, 1, 12, 0), 1050],
    ['seconds are dropped', Date.UTC(2025, 0, 15, 0, 0, 59, 999), 330],
    ['the epoch is IST 05:30', 0, 330],
    ['before the epoch', Date.UTC(1969, 11, 31, 18, 30), 0],
    ['no daylight saving: a July evening', Date.UTC(2025, 6, 15, 14, 0), 1170],
  ])('%s', (_, epochMs, expected) => {
    expect(istMinutesOfDay(epochMs)).toBe(expected);
  });
});

describe('isOpenAt', () => {
  describe('normal hours, 11:00 to 23:00', () => {
    const h = hours('11:00', '23:00');
    it.each<[string, number, boolean]>([
      ['before opening', ist(10, 59), false],
      ['the opening minute', ist(11, 0), true],
      ['midday', ist(13, 0), true],
      ['the last open minute', ist(22, 59), true],
      ['the closing minute', ist(23, 0), false],
      ['after closing', ist(23, 30), false],
      ['midnight', ist(0, 0), false],
    ])('%s → %s', (_, at, expected) => {
      expect(isOpenAt(h, at)).toBe(expected);
    });
  });

  describe('after-midnight hours, 10:00 (600) to 02:00 (120)', () => {
    const h: OpeningHours = { opensAt: 600, closesAt: 120 };
    it.each<[string, number, boolean]>([
      ['before opening', ist(9, 59), false],
      ['the opening minute', ist(10, 0), true],
      ['evening', ist(22, 0), true],
      ['midnight', ist(0, 0), true],
      ['after midnight', ist(1, 59), true],
      ['the closing minute', ist(2, 0), false],
      ['early morning', ist(5, 0), false],
    ])('%s → %s', (_, at, expected) => {
      expect(isOpenAt(h, at)).toBe(expected);
    });
  });

  describe('round the clock (opens and closes at the same minute)', () => {
    it.each<[string, OpeningHours]>([
      ['00:00–00:00', { opensAt: 0, closesAt: 0 }],
      ['06:00–06:00', { opensAt: 360, closesAt: 360 }],
    ])('%s is open at every hour', (_, h) => {
      for (let hh = 0; hh < 24; hh++) expect(isOpenAt(h, ist(hh, 0))).toBe(true);
    });
  });

  it('reads the clock in IST, not UTC', () => {
    const h = hours('00:00', '01:00');
    expect(isOpenAt(h, Date.UTC(2025, 0, 14, 18, 30))).toBe(true); // IST 00:00
    expect(isOpenAt(h, Date.UTC(2025, 0, 15, 0, 0))).toBe(false); // IST 05:30, UTC midnight
  });
});

describe('parseHHMM', () => {
  it.each<[string, number]>([
    ['00:00', 0],
    ['00:01', 1],
    ['02:00', 120],
    ['09:30', 570],
    ['10:00', 600],
    ['12:00', 720],
    ['23:59', 1439],
  ])('%s → %d', (text, expected) => {
    expect(parseHHMM(text)).toBe(expected);
  });

  it.each([
    '24:00',
    '23:60',
    '9:30',
    '09:3',
    '0930',
    '09-30',
    ' 09:30',
    '09:30 ',
    '09:30:00',
    '-1:00',
    'ab:cd',
    '',
  ])('rejects %j', (text) => {
    expect(() => parseHHMM(text)).toThrow(RangeError);
  });
});

describe('formatHHMM', () => {
  it.each<[number, string]>([
    [0, '12:00 AM'],
    [1, '12:01 AM'],
    [90, '1:30 AM'],
    [599, '9:59 AM'],
    [720, '12:00 PM'],
    [765, '12:45 PM'],
    [780, '1:00 PM'],
    [1380, '11:00 PM'],
    [1439, '11:59 PM'],
    [1440, '12:00 AM'],
  ])('%d → %s', (minutes, expected) => {
    expect(formatHHMM(minutes)).toBe(expected);
  });

  it('formats every parsed time back to the same hour and minute', () => {
    for (let m = 0; m < 1440; m++) {
      const [clock = '', suffix] = formatHHMM(m).split(' ');
      const [h12, mm] = clock.split(':').map(Number);
      const h24 = ((h12 ?? 0) % 12) + (suffix === 'PM' ? 12 : 0);
      expect(h24 * 60 + (mm ?? 0)).toBe(m);
    }
  });
});

describe('formatClock', () => {
  it.each([
    [0, '00:00'],
    [570, '09:30'],
    [1439, '23:59'],
  ])('%i minutes is %s, and back', (minutes, text) => {
    expect(formatClock(minutes)).toBe(text);
    expect(parseHHMM(text)).toBe(minutes);
  });
});

import { describe, expect, it } from 'vitest';
import { parseHHMM } from '../src/hours.ts';
import { everyDay, type StoreHours } from '../src/store-hours.ts';
import { openNow, storeClosedMessage, STORE_CLOSED_TEXTS } from '../src/store-open.ts';

/** 15 January 2025, 00:00 in Asia/Kolkata (= 14 January, 18:30 UTC). */
const IST_MIDNIGHT = Date.UTC(2025, 0, 14, 18, 30);
const MINUTE = 60_000;
const ist = (hh: number, mm = 0): number => IST_MIDNIGHT + (hh * 60 + mm) * MINUTE;
/** The same hours every day; `closed` dates (IST) are holidays. */
const hours = (opensAt: string, closesAt: string, closed: string[] = []): StoreHours => ({
  week: everyDay({ opensAt: parseHHMM(opensAt), closesAt: parseHHMM(closesAt) }),
  exceptions: closed.map((date) => ({ date, hours: null, note: 'Holiday' })),
});

describe('storeClosedMessage', () => {
  it.each<[string, number, number, string]>([
    [
      'opening later the same IST day',
      ist(11, 0),
      ist(5, 0),
      'Store is closed now and opens at 11:00 AM today: browse the menu or book an advance order',
    ],
    [
      'opening the next IST day',
      ist(11, 0) + 1440 * MINUTE,
      ist(23, 30),
      'Store is closed now and opens at 11:00 AM tomorrow: browse the menu or book an advance order',
    ],
    [
      'the day is IST even when UTC has not turned (05:00 IST is 23:30 UTC the day before)',
      ist(10, 30),
      ist(5, 0),
      'Store is closed now and opens at 10:30 AM today: browse the menu or book an advance order',
    ],
    [
      'opening two IST days later names the day (15 January 2025 is a Wednesday)',
      ist(11, 0) + 2 * 1440 * MINUTE,
      ist(23, 30),
      'Store is closed now and opens at 11:00 AM on Friday 17 January: browse the menu or book an advance order',
    ],
  ])('%s', (_, opensAt, now, expected) => {
    expect(storeClosedMessage(opensAt, now)).toBe(expected);
  });

  it('never says "offline" (SPEC §8 rewrites such messages to the offline text)', () => {
    for (const text of Object.values(STORE_CLOSED_TEXTS)) expect(text).not.toMatch(/offline/i);
  });
});

describe('openNow', () => {
  it.each<[string, StoreHours, number, ReturnType<typeof openNow>]>([
    ['open in its hours', hours('11:00', '23:00'), ist(12, 0), { open: true }],
    ['round the clock', hours('00:00', '00:00'), ist(4, 0), { open: true }],
    [
      'closed before opening',
      hours('11:00', '23:00'),
      ist(5, 0),
      {
        open: false,
        opensAtMs: ist(11, 0),
        message: 'Store is closed now and opens at 11:00 AM today: browse the menu or book an advance order',
      },
    ],
    [
      'closed after closing',
      hours('11:00', '23:00'),
      ist(23, 15),
      {
        open: false,
        opensAtMs: ist(11, 0) + 1440 * MINUTE,
        message:
          'Store is closed now and opens at 11:00 AM tomorrow: browse the menu or book an advance order',
      },
    ],
    [
      'a holiday today: closed in what would be its hours, opens tomorrow',
      hours('11:00', '23:00', ['2025-01-15']),
      ist(12, 0),
      {
        open: false,
        opensAtMs: ist(11, 0) + 1440 * MINUTE,
        message:
          'Store is closed now and opens at 11:00 AM tomorrow: browse the menu or book an advance order',
      },
    ],
    [
      'holidays today and tomorrow: opens on Friday',
      hours('11:00', '23:00', ['2025-01-15', '2025-01-16']),
      ist(12, 0),
      {
        open: false,
        opensAtMs: ist(11, 0) + 2 * 1440 * MINUTE,
        message:
          'Store is closed now and opens at 11:00 AM on Friday 17 January: browse the menu or book an advance order',
      },
    ],
  ])('%s', (_, h, now, expected) => {
    expect(openNow(h, now)).toEqual(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADVANCE_PROCESSING_MINUTES } from '../src/constants.ts';
import {
  advanceSlots,
  istDayStart,
  isAdvanceSlotValid,
  needsAdvanceOrder,
  processingStartsAt,
  storeOrderMode,
  type AdvanceSlotOptions,
  type StoreAvailability,
  type StoreOrderMode,
} from '../src/checkout-advance.ts';
import { parseHHMM, type OpeningHours } from '../src/hours.ts';
import { dateOfDay, everyDay, isStoreOpenAt, istDayNumber, type StoreHours } from '../src/store-hours.ts';
import { MESSAGES } from '../src/messages.ts';

/** 15 January 2025, 00:00 in Asia/Kolkata (= 14 January, 18:30 UTC). */
const IST_MIDNIGHT = Date.UTC(2025, 0, 14, 18, 30);
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** The instant of hh:mm in Asia/Kolkata, `day` days after 15 January (0 today, 1 tomorrow). */
const ist = (hh: number, mm = 0, day = 0): number => IST_MIDNIGHT + day * DAY + (hh * 60 + mm) * MINUTE;

const daily = (opensAt: string, closesAt: string): OpeningHours => ({
  opensAt: parseHHMM(opensAt),
  closesAt: parseHHMM(closesAt),
});
/** The same hours every day, no exceptions. */
const hours = (opensAt: string, closesAt: string): StoreHours => ({
  week: everyDay(daily(opensAt, closesAt)),
  exceptions: [],
});

const DAYTIME = hours('11:00', '23:00');
const LATE_NIGHT = hours('10:00', '02:00');
const ROUND_THE_CLOCK = hours('00:00', '00:00');

/** Slot starts every `step` minutes from a to b, both included. */
function range(from: number, to: number, step = 15): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += step * MINUTE) out.push(t);
  return out;
}

describe('processingStartsAt: SPEC §9, 30 minutes before the slot', () => {
  it.each<[string, number, number]>([
    ['19:00', ist(19, 0), ist(18, 30)],
    ['00:15 (the day before)', ist(0, 15), ist(23, 45, -1)],
    ['with seconds', ist(12, 0) + 5_000, ist(11, 30) + 5_000],
  ])('%s', (_, slot, expected) => {
    expect(processingStartsAt(slot)).toBe(expected);
    expect(ADVANCE_PROCESSING_MINUTES).toBe(30);
  });
});

describe('istDayStart', () => {
  it.each<[string, number, number]>([
    ['IST midnight', ist(0, 0), ist(0, 0)],
    ['IST 23:59:59.999', ist(23, 59) + 59_999, ist(0, 0)],
    ['UTC midnight is IST 05:30', Date.UTC(2025, 0, 15), ist(0, 0)],
    ['UTC 18:29 is IST 23:59 the same date', Date.UTC(2025, 0, 15, 18, 29), ist(0, 0)],
    ['UTC 18:30 is the next IST date', Date.UTC(2025, 0, 15, 18, 30), ist(0, 0, 1)],
    ['before the epoch', Date.UTC(1969, 11, 31, 20, 0), Date.UTC(1969, 11, 31, 18, 30)],
  ])('%s', (_, at, expected) => {
    expect(istDayStart(at)).toBe(expected);
  });
});

describe('advanceSlots: the first slot is 30 minutes + lead after now, rounded up to the step', () => {
  it.each<[string, number, AdvanceSlotOptions, number]>([
    ['14:00 → 14:30', ist(14, 0), {}, ist(14, 30)],
    ['14:07 → 14:37 → 14:45', ist(14, 7), {}, ist(14, 45)],
    ['14:15 → exactly 14:45 is offered', ist(14, 15), {}, ist(14, 45)],
    ['14:15 and 1 ms → 15:00', ist(14, 15) + 1, {}, ist(15, 0)],
    ['14:14:59 → 14:45', ist(14, 14) + 59_000, {}, ist(14, 45)],
    ['lead 20: 14:00 → 14:50 → 15:00', ist(14, 0), { leadMinutes: 20 }, ist(15, 0)],
    ['lead 15: 14:00 → 14:45', ist(14, 0), { leadMinutes: 15 }, ist(14, 45)],
    ['30-minute steps: 14:07 → 15:00', ist(14, 7), { stepMinutes: 30 }, ist(15, 0)],
    ['hourly steps: 14:31 → 16:00', ist(14, 31), { stepMinutes: 60 }, ist(16, 0)],
    ['5-minute steps: 14:07 → 14:40', ist(14, 7), { stepMinutes: 5 }, ist(14, 40)],
    ['before opening: the first slot lets the kitchen start at 11:00', ist(8, 0), {}, ist(11, 30)],
    ['too late today: tomorrow 11:30', ist(22, 30), {}, ist(11, 30, 1)],
    ['after closing: tomorrow 11:30', ist(23, 30), {}, ist(11, 30, 1)],
  ])('%s', (_, now, options, expected) => {
    expect(advanceSlots(DAYTIME, now, options)[0]).toBe(expected);
  });
});

describe('advanceSlots: slots lie in opening hours, with the kitchen open from 30 minutes before', () => {
  it.each<[string, StoreHours, number, AdvanceSlotOptions, number[]]>([
    [
      '11:00–23:00 from 10:00: today and tomorrow, 11:30 to 22:45',
      DAYTIME,
      ist(10, 0),
      {},
      [...range(ist(11, 30), ist(22, 45)), ...range(ist(11, 30, 1), ist(22, 45, 1))],
    ],
    ['days 1: today only', DAYTIME, ist(10, 0), { days: 1 }, range(ist(11, 30), ist(22, 45))],
    [
      'days 3: the day after tomorrow too',
      DAYTIME,
      ist(22, 50),
      { days: 3 },
      [...range(ist(11, 30, 1), ist(22, 45, 1)), ...range(ist(11, 30, 2), ist(22, 45, 2))],
    ],
    [
      '10:00–02:00 from 20:00: tonight, its after-midnight tail, and tomorrow until midnight',
      LATE_NIGHT,
      ist(20, 0),
      {},
      [
        ...range(ist(20, 30), ist(23, 45)),
        ...range(ist(0, 0, 1), ist(1, 45, 1)),
        ...range(ist(10, 30, 1), ist(23, 45, 1)),
      ],
    ],
    [
      '10:00–02:00 from 00:30: last night’s tail, then today and tomorrow',
      LATE_NIGHT,
      ist(0, 30),
      {},
      [
        ...range(ist(1, 0), ist(1, 45)),
        ...range(ist(10, 30), ist(23, 45)),
        ...range(ist(0, 0, 1), ist(1, 45, 1)),
        ...range(ist(10, 30, 1), ist(23, 45, 1)),
      ],
    ],
    [
      'round the clock from 10:00: every step until tomorrow 23:45',
      ROUND_THE_CLOCK,
      ist(10, 0),
      {},
      range(ist(10, 30), ist(23, 45, 1)),
    ],
    [
      '11:00–00:00 (closes at midnight): the last slot is 23:45',
      hours('11:00', '00:00'),
      ist(22, 0),
      { days: 1 },
      range(ist(22, 30), ist(23, 45)),
    ],
    [
      'a 15-minute closed gap (02:15–02:00): no slot whose kitchen time crosses it',
      hours('02:15', '02:00'),
      ist(0, 0),
      { days: 1 },
      [...range(ist(0, 30), ist(1, 45)), ...range(ist(2, 45), ist(23, 45))],
    ],
    ['open for only 20 minutes: no slot', hours('11:00', '11:20'), ist(8, 0), {}, []],
    [
      'open for exactly 45 minutes: the kitchen has 30 of them',
      hours('11:00', '11:45'),
      ist(8, 0),
      {},
      [ist(11, 30), ist(11, 30, 1)],
    ],
  ])('%s', (_, h, now, options, expected) => {
    expect(advanceSlots(h, now, options)).toEqual(expected);
  });
});

describe('advanceSlots: options are checked', () => {
  it.each<[string, number, AdvanceSlotOptions]>([
    ['days 0', ist(10, 0), { days: 0 }],
    ['days 1.5', ist(10, 0), { days: 1.5 }],
    ['step 0', ist(10, 0), { stepMinutes: 0 }],
    ['step 7 (does not divide a day)', ist(10, 0), { stepMinutes: 7 }],
    ['step −15', ist(10, 0), { stepMinutes: -15 }],
    ['lead −1', ist(10, 0), { leadMinutes: -1 }],
    ['lead 2.5', ist(10, 0), { leadMinutes: 2.5 }],
    ['now NaN', Number.NaN, {}],
    ['now Infinity', Number.POSITIVE_INFINITY, {}],
  ])('%s → RangeError', (_, now, options) => {
    expect(() => advanceSlots(DAYTIME, now, options)).toThrow(RangeError);
  });
});

describe('advanceSlots (property): exactly the step instants a minute-by-minute check allows', () => {
  /** The rule spelt out slowly: every minute from processing start to the slot is open. */
  function reference(h: StoreHours, now: number, step: number, lead: number, days: number): number[] {
    const out: number[] = [];
    const start = istDayStart(now);
    for (let t = start; t < start + days * DAY; t += step * MINUTE) {
      if (t < now + (30 + lead) * MINUTE) continue;
      let open = true;
      for (let m = t - 30 * MINUTE; m <= t && open; m += MINUTE) open = isStoreOpenAt(h, m);
      if (open) out.push(t);
    }
    return out;
  }

  it('matches the reference for any hours, now, step, lead and days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: ist(0, 0, -400), max: ist(0, 0, 400) }),
        fc.constantFrom(5, 10, 15, 30, 60),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 3 }),
        (opensAt, closesAt, now, stepMinutes, leadMinutes, days) => {
          const h = { week: everyDay({ opensAt, closesAt }), exceptions: [] };
          expect(advanceSlots(h, now, { stepMinutes, leadMinutes, days })).toEqual(
            reference(h, now, stepMinutes, leadMinutes, days),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('advanceSlots (property): a week with exceptions, against the minute-by-minute rule', () => {
  function reference(h: StoreHours, now: number, days: number): number[] {
    const out: number[] = [];
    const start = istDayStart(now);
    for (let t = start; t < start + days * DAY; t += 15 * MINUTE) {
      if (t < now + 30 * MINUTE) continue;
      let open = true;
      for (let m = t - 30 * MINUTE; m <= t && open; m += MINUTE) open = isStoreOpenAt(h, m);
      if (open) out.push(t);
    }
    return out;
  }
  const dayHours = fc.option(
    fc.record({ opensAt: fc.integer({ min: 0, max: 1439 }), closesAt: fc.integer({ min: 0, max: 1439 }) }),
    { nil: null },
  );

  it('matches the reference for any week, exceptions around now, and days', () => {
    fc.assert(
      fc.property(
        fc.array(dayHours, { minLength: 7, maxLength: 7 }),
        fc.uniqueArray(fc.record({ offset: fc.integer({ min: -1, max: 3 }), hours: dayHours }), {
          selector: (e) => e.offset,
          maxLength: 4,
        }),
        fc.integer({ min: ist(0, 0, -30), max: ist(0, 0, 30) }),
        fc.integer({ min: 1, max: 3 }),
        (week, dated, now, days) => {
          const today = istDayNumber(now);
          const h: StoreHours = {
            week,
            exceptions: dated.map((e) => ({ date: dateOfDay(today + e.offset), hours: e.hours, note: '' })),
          };
          expect(advanceSlots(h, now, { days })).toEqual(reference(h, now, days));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('isAdvanceSlotValid: one of the slots offered now', () => {
  const now = ist(14, 0);
  it.each<[string, number, boolean]>([
    ['the first slot, 14:30', ist(14, 30), true],
    ['too soon, 14:15', ist(14, 15), false],
    ['in the past', ist(13, 0), false],
    ['off the step, 14:40', ist(14, 40), false],
    ['a millisecond off the step', ist(14, 30) + 1, false],
    ['the last slot today, 22:45', ist(22, 45), true],
    ['at closing, 23:00', ist(23, 0), false],
    ['before opening tomorrow, 10:45', ist(10, 45, 1), false],
    ['the kitchen would start before opening, tomorrow 11:15', ist(11, 15, 1), false],
    ['tomorrow 11:30', ist(11, 30, 1), true],
    ['the day after tomorrow', ist(12, 0, 2), false],
    ['NaN', Number.NaN, false],
  ])('%s → %s', (_, slot, expected) => {
    expect(isAdvanceSlotValid(DAYTIME, slot, now)).toBe(expected);
  });

  it('takes the same options as advanceSlots', () => {
    expect(isAdvanceSlotValid(DAYTIME, ist(14, 30), now, { leadMinutes: 10 })).toBe(false);
    expect(isAdvanceSlotValid(DAYTIME, ist(12, 0, 2), now, { days: 3 })).toBe(true);
  });
});

describe('needsAdvanceOrder and storeOrderMode: SPEC §4, an offline store books advance orders', () => {
  const store = (online: StoreAvailability['online'], advanceOrderStoreId: number | null) => ({
    id: 1006,
    online,
    advanceOrderStoreId,
  });
  it.each<[string, StoreAvailability, boolean, StoreOrderMode]>([
    ['online (1)', store(1, null), false, { mode: 'NOW', storeId: 1006 }],
    ['online (true)', store(true, null), false, { mode: 'NOW', storeId: 1006 }],
    ['online with an advance store: order now', store(1, 1005), false, { mode: 'NOW', storeId: 1006 }],
    [
      'offline (0) with an advance store',
      store(0, 1005),
      true,
      { mode: 'ADVANCE', storeId: 1005, message: MESSAGES.storeOfflineAdvance },
    ],
    [
      'offline (false) with an advance store',
      store(false, 1005),
      true,
      { mode: 'ADVANCE', storeId: 1005, message: MESSAGES.storeOfflineAdvance },
    ],
    [
      'offline without an advance store: browse only',
      store(0, null),
      true,
      { mode: 'BROWSE_ONLY', message: MESSAGES.storeOfflineAdvance },
    ],
  ])('%s', (_, s, needs, mode) => {
    expect(needsAdvanceOrder(s)).toBe(needs);
    expect(storeOrderMode(s)).toEqual(mode);
  });

  it('shows the SPEC text', () => {
    expect(MESSAGES.storeOfflineAdvance).toBe(
      'Store is currently offline, browse menu or book an advance order',
    );
  });
});

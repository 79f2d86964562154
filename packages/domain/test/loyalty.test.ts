import { describe, expect, it } from 'vitest';
import {
  autoEnrolls,
  burnableFreeItems,
  canRedeem,
  earnableBurnable,
  earningDayOf,
  earnsPoints,
  ENROLLMENT_STATUSES,
  LOYALTY,
  nextEnrollment,
  pointsBalance,
  sliceBalance,
  slicesTowardNext,
  type EnrollmentEvent,
  type EnrollmentStatus,
  type PointsEntry,
} from '../src/loyalty.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 6, 0); // 11:30 IST

describe('enrolment transitions', () => {
  // every (status, event) pair: the allowed ones written out, the rest refused
  const allowed: [EnrollmentStatus, EnrollmentEvent, EnrollmentStatus][] = [
    ['NEW', 'start', 'STARTED'],
    ['NEW', 'enroll', 'ENROLLING'],
    ['STARTED', 'enroll', 'ENROLLING'],
    ['ENROLLING', 'confirmed', 'ENROLLED'],
    ['ENROLLING', 'wait', 'WAITING'],
    ['WAITING', 'confirmed', 'ENROLLED'],
    ['ENROLLED', 'opt_out', 'OPT_OUT'],
    ['OPT_OUT', 'enroll', 'ENROLLING'],
  ];
  const events: EnrollmentEvent[] = ['start', 'enroll', 'confirmed', 'wait', 'opt_out'];
  const cases = ENROLLMENT_STATUSES.flatMap((status) =>
    events.map((event) => {
      const hit = allowed.find(([s, e]) => s === status && e === event);
      return [status, event, hit ? hit[2] : null] as const;
    }),
  );
  it.each(cases)('%s --%s--> %s', (status, event, to) => {
    expect(nextEnrollment(status, event)).toBe(to);
  });

  it.each([
    ['NEW', true, false],
    ['STARTED', true, false],
    ['ENROLLING', false, false],
    ['WAITING', false, false],
    ['ENROLLED', false, true],
    ['OPT_OUT', false, false],
  ] as const)('%s: an order enrols it %s, it earns %s', (status, enrols, earns) => {
    expect(autoEnrolls(status)).toBe(enrols);
    expect(earnsPoints(status)).toBe(earns);
  });
});

describe('the earning day is the IST day', () => {
  it.each([
    [
      '23:59 IST and 00:01 IST next day are two days',
      Date.UTC(2026, 10, 20, 18, 29),
      Date.UTC(2026, 10, 20, 18, 31),
      false,
    ],
    [
      '00:05 and 23:55 IST the same day are one',
      Date.UTC(2026, 10, 19, 18, 35),
      Date.UTC(2026, 10, 20, 18, 25),
      true,
    ],
    [
      'a UTC midnight falls mid-day in IST',
      Date.UTC(2026, 10, 20, 23, 59),
      Date.UTC(2026, 10, 21, 0, 1),
      true,
    ],
  ])('%s', (_, a, b, same) => {
    expect(earningDayOf(a) === earningDayOf(b)).toBe(same);
  });
});

const e = (kind: PointsEntry['kind'], ref: string, points: number, at: number): PointsEntry => ({
  kind,
  ref,
  points,
  at,
});
const earned = (ref: string, at: number) => [
  e('earn_pending', ref, 100, at),
  e('earn_credited', ref, 100, at + 25 * H),
];

describe('the balance', () => {
  it.each<
    [string, PointsEntry[], number, { points: number; pending: number; burnable: number; owed: number }]
  >([
    ['nothing', [], T0, { points: 0, pending: 0, burnable: 0, owed: 0 }],
    [
      'goodwill points: held at once, burnable a day after',
      [e('goodwill', 'g1', 700, T0)],
      T0 + 2 * H,
      { points: 700, pending: 0, burnable: 0, owed: 0 },
    ],
    [
      'goodwill a day old: burnable',
      [e('goodwill', 'g1', 700, T0)],
      T0 + 25 * H,
      { points: 700, pending: 0, burnable: 700, owed: 0 },
    ],
    [
      'goodwill pays what a clawback left owed first',
      [
        ...earned('o1', T0),
        e('redeem', 'r1', 100, T0 + 30 * H),
        e('clawback', 'o1', 100, T0 + 31 * H),
        e('goodwill', 'g1', 700, T0 + 32 * H),
      ],
      T0 + 60 * H,
      { points: 600, pending: 0, burnable: 600, owed: 0 },
    ],
    [
      'an order placed: pending',
      [e('earn_pending', 'o1', 100, T0)],
      T0,
      { points: 0, pending: 100, burnable: 0, owed: 0 },
    ],
    [
      'credited, not yet burnable',
      earned('o1', T0),
      T0 + 30 * H,
      { points: 100, pending: 0, burnable: 0, owed: 0 },
    ],
    [
      'credited a day ago: burnable',
      earned('o1', T0),
      T0 + 50 * H,
      { points: 100, pending: 0, burnable: 100, owed: 0 },
    ],
    [
      'cancelled before credit: nothing',
      [e('earn_pending', 'o1', 100, T0), e('earn_voided', 'o1', 100, T0 + H)],
      T0 + 60 * H,
      { points: 0, pending: 0, burnable: 0, owed: 0 },
    ],
    [
      'six orders, one a day: a free pizza once the last is a day old',
      [0, 1, 2, 3, 4, 5].flatMap((d) => earned(`o${d}`, T0 + d * 24 * H)),
      T0 + 5 * 24 * H + 49 * H,
      { points: 600, pending: 0, burnable: 600, owed: 0 },
    ],
    [
      'six orders, the last credited an hour ago: 500 burnable',
      [0, 1, 2, 3, 4, 5].flatMap((d) => earned(`o${d}`, T0 + d * 24 * H)),
      T0 + 5 * 24 * H + 26 * H,
      { points: 600, pending: 0, burnable: 500, owed: 0 },
    ],
    [
      'redeemed, then the order failed: the points come back, burnable at once',
      [
        ...[0, 1, 2, 3, 4, 5].flatMap((d) => earned(`o${d}`, T0 + d * 24 * H)),
        e('redeem', 'r1', 600, T0 + 9 * 24 * H),
        e('redeem_restored', 'r1', 600, T0 + 9 * 24 * H + H),
      ],
      T0 + 9 * 24 * H + 2 * H,
      { points: 600, pending: 0, burnable: 600, owed: 0 },
    ],
    [
      'refunded after the points were spent: owed, paid by the next credit',
      [
        ...earned('o1', T0),
        e('redeem', 'x', 100, T0 + 50 * H),
        e('clawback', 'o1', 100, T0 + 60 * H),
        ...earned('o2', T0 + 70 * H),
      ],
      T0 + 200 * H,
      { points: 0, pending: 0, burnable: 0, owed: 0 },
    ],
    [
      'refunded after the points were spent: owed until then',
      [...earned('o1', T0), e('redeem', 'x', 100, T0 + 50 * H), e('clawback', 'o1', 100, T0 + 60 * H)],
      T0 + 61 * H,
      { points: 0, pending: 0, burnable: 0, owed: 100 },
    ],
  ])('%s', (_, entries, now, expected) => {
    expect(pointsBalance(entries, now)).toEqual(expected);
  });
});

describe('free pizzas, slices and earnableBurnable', () => {
  it.each([
    [0, 0, 0, 0],
    [100, 0, 1, 1],
    [599, 0, 5, 5],
    [600, 1, 6, 0],
    [1250, 2, 12, 0],
    [1300, 2, 13, 1],
  ])(
    '%i burnable points: %i free pizzas, slice balance %i, %i slices toward the next',
    (points, free, slices, toward) => {
      expect(burnableFreeItems({ burnable: points })).toBe(free);
      expect(sliceBalance(points)).toBe(slices);
      expect(slicesTowardNext(points)).toBe(toward);
    },
  );

  it('a redemption needs the burnable points for every free pizza', () => {
    expect(canRedeem({ burnable: 600 }, 1)).toBe(true);
    expect(canRedeem({ burnable: 599 }, 1)).toBe(false);
    expect(canRedeem({ burnable: 1200 }, 2)).toBe(true);
    expect(canRedeem({ burnable: 1200 }, -1)).toBe(false);
    expect(canRedeem({ burnable: 1200 }, 0.5)).toBe(false);
  });

  it('the order summary shows what is held, what can be spent, what this order spends and what is left', () => {
    const balance = { points: 700, pending: 100, burnable: 650, owed: 0 };
    expect(earnableBurnable(balance, 1)).toEqual({
      overall: { points: 700 },
      burnable: { freeItems: 1 },
      toBeConsumed: { points: LOYALTY.itemRedeemPoints },
      updatedPointsBalance: 100,
    });
    expect(earnableBurnable(balance, 0).updatedPointsBalance).toBe(700);
  });
});

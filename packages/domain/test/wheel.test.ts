import { describe, expect, it } from 'vitest';
import { ORDER_STAGES } from '../src/order-lifecycle.ts';
import {
  canMoveSpin,
  chances,
  contrastRatio,
  DEFAULT_WHEEL_RULES,
  draw,
  fallbackSegment,
  formatChance,
  hasBudget,
  istDay,
  prizeExpiry,
  prizeTableErrors,
  SPIN_STATES,
  spinEligibility,
  WHEEL_COLOURS,
  WHEEL_TEXTS,
  type Prize,
  type SpinState,
  type WheelSegment,
} from '../src/wheel.ts';

const DAY = 86_400_000;
const none: Prize = { kind: 'NONE', value: 0, minOrderPaise: 0, productCode: null };
const coupon: Prize = { kind: 'COUPON', value: 10_000, minOrderPaise: 30_000, productCode: null };
const points: Prize = { kind: 'POINTS', value: 50, minOrderPaise: 0, productCode: null };
const side: Prize = { kind: 'FREE_SIDE', value: 0, minOrderPaise: 0, productCode: 'GARLIC_BREAD' };

function seg(
  position: number,
  prize: Prize,
  weight: number,
  extra: Partial<WheelSegment> = {},
): WheelSegment {
  return {
    position,
    colourIndex: position,
    label: prize.kind === 'NONE' ? 'Better luck next time' : `Prize ${position}`,
    prize,
    weight,
    dailyLimit: null,
    costPaise: prize.kind === 'NONE' ? 0 : 5_000,
    ...extra,
  };
}

/** weights 1..8 with a fallback at position 1 */
const table = (): WheelSegment[] => [
  seg(0, coupon, 10),
  seg(1, none, 40),
  seg(2, points, 20),
  seg(3, side, 10),
  seg(4, coupon, 0),
  seg(5, none, 10),
  seg(6, points, 5),
  seg(7, side, 5),
];

describe('SPEC §9: 8 segment colour pairs', () => {
  it('there are 8 distinct pairs', () => {
    expect(WHEEL_COLOURS).toHaveLength(8);
    expect(new Set(WHEEL_COLOURS.map((c) => c.background)).size).toBe(8);
  });

  it.each(WHEEL_COLOURS.map((c, i) => [i, c.background, c.text] as const))(
    'pair %i (%s on %s) has a contrast of at least 4.5:1',
    (_i, background, text) => {
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    ['#FFFFFF', '#000000', 21],
    ['#000000', '#FFFFFF', 21],
    ['#777777', '#777777', 1],
  ] as const)('contrast of %s and %s is %d', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 5);
  });

  it('refuses a colour that is not #RRGGBB', () => {
    expect(() => contrastRatio('red', '#000000')).toThrow();
  });
});

describe('prize table validation', () => {
  it('a good table has no errors', () => {
    expect(prizeTableErrors(table(), DEFAULT_WHEEL_RULES)).toEqual({});
  });

  it.each([
    ['7 segments', (t: WheelSegment[]) => t.slice(0, 7), 'segments', WHEEL_TEXTS.segmentCount],
    [
      'a repeated position',
      (t: WheelSegment[]) => t.map((s) => (s.position === 7 ? { ...s, position: 6 } : s)),
      'segments',
      WHEEL_TEXTS.positions,
    ],
    [
      'no fallback',
      (t: WheelSegment[]) => t.map((s) => (s.prize.kind === 'NONE' ? { ...s, prize: points } : s)),
      'segments',
      WHEEL_TEXTS.noFallback,
    ],
    [
      'all weights 0',
      (t: WheelSegment[]) => t.map((s) => ({ ...s, weight: 0 })),
      'segments',
      WHEEL_TEXTS.noWeight,
    ],
    [
      'a colour out of range',
      (t: WheelSegment[]) => t.map((s, i) => (i === 2 ? { ...s, colourIndex: 8 } : s)),
      'segments.2.colourIndex',
      WHEEL_TEXTS.colour,
    ],
    [
      'an empty label',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, label: '  ' } : s)),
      'segments.0.label',
      WHEEL_TEXTS.label,
    ],
    [
      'a negative weight',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, weight: -1 } : s)),
      'segments.0.weight',
      WHEEL_TEXTS.weight,
    ],
    [
      'a fractional weight',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, weight: 1.5 } : s)),
      'segments.0.weight',
      WHEEL_TEXTS.weight,
    ],
    [
      'a coupon worth nothing',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, prize: { ...coupon, value: 0 } } : s)),
      'segments.0.prize.value',
      WHEEL_TEXTS.value,
    ],
    [
      'a free side without a product',
      (t: WheelSegment[]) => t.map((s, i) => (i === 3 ? { ...s, prize: { ...side, productCode: null } } : s)),
      'segments.3.prize.productCode',
      WHEEL_TEXTS.product,
    ],
    [
      'a negative daily limit',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, dailyLimit: -1 } : s)),
      'segments.0.dailyLimit',
      WHEEL_TEXTS.dailyLimit,
    ],
    [
      'a negative cost',
      (t: WheelSegment[]) => t.map((s, i) => (i === 0 ? { ...s, costPaise: -1 } : s)),
      'segments.0.costPaise',
      WHEEL_TEXTS.cost,
    ],
  ] as const)('%s is refused', (_name, change, field, message) => {
    expect(prizeTableErrors(change(table()), DEFAULT_WHEEL_RULES)[field]).toBe(message);
  });

  it.each([
    ['a negative budget', { dailyBudgetPaise: -1 }, 'rules.dailyBudgetPaise'],
    ['a spin window of 0 days', { spinWindowDays: 0 }, 'rules.spinWindowDays'],
    ['prizes valid 91 days', { prizeValidDays: 91 }, 'rules.prizeValidDays'],
  ] as const)('%s is refused', (_name, change, field) => {
    expect(prizeTableErrors(table(), { ...DEFAULT_WHEEL_RULES, ...change })).toHaveProperty([field]);
  });

  it('no total budget is allowed', () => {
    expect(prizeTableErrors(table(), { ...DEFAULT_WHEEL_RULES, dailyBudgetPaise: null })).toEqual({});
  });
});

describe('chances', () => {
  it('are each weight over the total', () => {
    const c = chances(table());
    expect(c.get(0)).toBeCloseTo(0.1);
    expect(c.get(1)).toBeCloseTo(0.4);
    expect(c.get(4)).toBe(0);
    expect([...c.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it.each([
    [0, '0%'],
    [0.0005, '<0.1%'],
    [0.125, '12.5%'],
    [0.1, '10%'],
    [1 / 3, '33.3%'],
    [1, '100%'],
  ])('%d is written %s', (chance, text) => {
    expect(formatChance(chance)).toBe(text);
  });
});

describe('the draw', () => {
  const all = () => true;
  it.each([
    // cumulative slices over the total 100: [0,10) 0, [10,50) 1, [50,70) 2, [70,80) 3, 4 has none,
    // [80,90) 5, [90,95) 6, [95,100) 7
    [0, 0],
    [0.0999, 0],
    [0.1, 1],
    [0.4999, 1],
    [0.5, 2],
    [0.7, 3],
    [0.8, 5],
    [0.9, 6],
    [0.95, 7],
    [0.9999, 7],
  ])('random %d lands on position %i', (random, position) => {
    expect(draw(table(), random, all)).toEqual({
      segment: expect.objectContaining({ position }),
      fellBack: false,
    });
  });

  it('a segment out of budget falls back to the first "better luck next time"', () => {
    const out = draw(table(), 0.55, (s) => s.position !== 2);
    expect(out.segment.position).toBe(1);
    expect(out.fellBack).toBe(true);
  });

  it('the order of the rows does not matter', () => {
    expect(draw([...table()].reverse(), 0.55, all).segment.position).toBe(2);
  });

  it.each([-0.1, 1, Number.NaN])('refuses random %d', (random) => {
    expect(() => draw(table(), random, all)).toThrow();
  });

  it('fallbackSegment throws without a NONE segment', () => {
    expect(() => fallbackSegment([seg(0, points, 1)])).toThrow();
  });
});

describe('budgets', () => {
  const rules = { ...DEFAULT_WHEEL_RULES, dailyBudgetPaise: 10_000 };
  it.each([
    ['an unused segment', seg(0, coupon, 1, { dailyLimit: 2 }), { granted: new Map(), costPaise: 0 }, true],
    [
      'a segment at its daily limit',
      seg(0, coupon, 1, { dailyLimit: 2 }),
      { granted: new Map([[0, 2]]), costPaise: 0 },
      false,
    ],
    [
      'another segment at its limit',
      seg(0, coupon, 1, { dailyLimit: 2 }),
      { granted: new Map([[1, 2]]), costPaise: 0 },
      true,
    ],
    [
      'a prize that fits the budget exactly',
      seg(0, coupon, 1),
      { granted: new Map(), costPaise: 5_000 },
      true,
    ],
    ['a prize over the budget', seg(0, coupon, 1), { granted: new Map(), costPaise: 5_001 }, false],
    [
      'better luck, budget spent',
      seg(1, none, 1, { dailyLimit: 0 }),
      { granted: new Map(), costPaise: 10_000 },
      true,
    ],
  ] as const)('%s: %s', (_name, segment, usage, ok) => {
    expect(hasBudget(segment, usage, rules)).toBe(ok);
  });

  it('no total budget: only the daily limit counts', () => {
    expect(
      hasBudget(
        seg(0, coupon, 1),
        { granted: new Map(), costPaise: 10 ** 9 },
        { ...rules, dailyBudgetPaise: null },
      ),
    ).toBe(true);
  });
});

describe('who may spin (default: one per delivered order, within 7 days)', () => {
  const T = Date.UTC(2026, 10, 1, 12);
  const rules = { spinWindowDays: 7 };
  it.each([
    ['DELIVERED', T, T + DAY, false, 'ELIGIBLE'],
    ['PICKED_UP', T, T + DAY, false, 'ELIGIBLE'],
    ['DELIVERED', T, T + 7 * DAY, false, 'ELIGIBLE'],
    ['DELIVERED', T, T + 7 * DAY + 1, false, 'WINDOW_CLOSED'],
    ['DELIVERED', T, T + DAY, true, 'ALREADY_SPUN'],
    ['DELIVERED', null, T, false, 'NOT_DELIVERED'],
  ] as const)('%s at %s, now %s, spun %s: %s', (stage, deliveredAtMs, now, spun, verdict) => {
    expect(spinEligibility({ stage, deliveredAtMs }, spun, now, rules)).toBe(verdict);
  });

  it.each(ORDER_STAGES.filter((s) => s !== 'DELIVERED' && s !== 'PICKED_UP'))('%s earns no spin', (stage) => {
    expect(spinEligibility({ stage, deliveredAtMs: T }, false, T, rules)).toBe('NOT_DELIVERED');
  });
});

describe('prize expiry', () => {
  const T = Date.UTC(2026, 10, 1);
  it.each([
    ['COUPON', T + 14 * DAY],
    ['FREE_SIDE', T + 14 * DAY],
    ['POINTS', null],
    ['NONE', null],
  ] as const)('%s won now ends %s', (kind, end) => {
    expect(prizeExpiry(kind, T, { prizeValidDays: 14 })).toBe(end);
  });
});

describe('IST day', () => {
  it.each([
    [Date.UTC(2026, 10, 1, 18, 29), '2026-11-01'],
    [Date.UTC(2026, 10, 1, 18, 30), '2026-11-02'],
  ])('%d is %s', (ms, day) => {
    expect(istDay(ms)).toBe(day);
  });
});

describe('SPEC §4 game states', () => {
  const allowed: [SpinState, SpinState][] = [
    ['PROCESSING', 'SUCCESS'],
    ['PROCESSING', 'FAILED'],
  ];
  const pairs = SPIN_STATES.flatMap((from) => SPIN_STATES.map((to) => [from, to] as [SpinState, SpinState]));
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canMoveSpin(from, to)).toBe(allowed.some(([f, t]) => f === from && t === to));
  });
});

import { describe, expect, it } from 'vitest';
import {
  EVENT_ACTIONS,
  FUNNEL_STEPS,
  normalCdf,
  pageNameOf,
  personalDataIn,
  personalValue,
  referenceVariant,
  stepConversions,
  stepCounts,
  stepOf,
  summarizeFunnel,
  twoProportionTest,
  type EventAction,
  type FunnelStep,
} from '../src/funnel.ts';

describe('pageNameOf: a screen by its path’s first segment', () => {
  it.each([
    ['/', 'landing'],
    ['', 'landing'],
    ['/menu', 'menu'],
    ['/menu?category=pizza', 'menu'],
    ['/cart#top', 'cart'],
    ['/trackOrder/O12345678', 'trackOrder'],
    ['/thankyou/O1/extra', 'thankyou'],
    ['/%%%', 'other'],
  ])('%s → %s', (path, name) => expect(pageNameOf(path)).toBe(name));
});

describe('stepOf: which events are funnel steps', () => {
  it.each<[EventAction, string, FunnelStep | null]>([
    ['page_view', 'landing', 'landing'],
    ['page_view', 'menu', 'menu'],
    ['page_view', 'cart', 'cart'],
    ['page_view', 'checkout', null],
    ['page_view', 'thankyou', null],
    ['add_to_cart', 'menu', 'add'],
    ['add_to_cart', 'cart', 'add'],
    ['checkout_started', 'cart', 'checkout'],
    ['purchase', 'thankyou', 'paid'],
    ['coupon_applied', 'cart', null],
    ['coupon_failed', 'cart', null],
    ['payment_method_chosen', 'payment', null],
    ['payment_error', 'payment', null],
    ['thank_you_unknown', 'thankyou', null],
  ])('%s on %s → %s', (action, page, step) => expect(stepOf(action, page)).toBe(step));

  it('every step is reached by some action', () => {
    const reached = new Set(
      EVENT_ACTIONS.flatMap((a) => ['landing', 'menu', 'cart'].map((p) => stepOf(a, p))),
    );
    for (const step of FUNNEL_STEPS) expect(reached.has(step)).toBe(true);
  });
});

describe('stepCounts and stepConversions', () => {
  it('a client counts at its furthest step and every step before', () => {
    // furthest: landing, menu, menu, add, paid
    expect(stepCounts([0, 1, 1, 2, 5])).toEqual([5, 4, 2, 1, 1, 1]);
    expect(stepCounts([])).toEqual([0, 0, 0, 0, 0, 0]);
  });
  it('each step over the step before; 0 after an empty step', () => {
    expect(stepConversions([5, 4, 2, 1, 1, 1])).toEqual([1, 0.8, 0.5, 0.5, 1, 1]);
    expect(stepConversions([0, 0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('normalCdf', () => {
  it.each([
    [0, 0.5],
    [1.959964, 0.975],
    [-1.959964, 0.025],
    [1, 0.8413447],
    [2.5, 0.9937903],
  ])('Φ(%s) ≈ %s', (z, p) => expect(normalCdf(z)).toBeCloseTo(p, 6));
});

describe('twoProportionTest: hand-computed', () => {
  // difference, CI low, CI high, z, p — worked by hand (pooled z; unpooled SE for the interval)
  it.each([
    // 30 % of 200 vs 20 % of 200: pooled 0.25, SE₀ = √(0.25·0.75·(2/200)) = 0.0433013, z = 0.1/SE₀ = 2.3094;
    // SE = √(0.3·0.7/200 + 0.2·0.8/200) = 0.0430116, CI = 0.1 ± 1.96·SE
    [60, 200, 40, 200, 0.1, 0.0156988, 0.1843012, 2.3094011, 0.0209213, true],
    // 12 % vs 10 % of 100 each: z = 0.02/√(0.11·0.89·0.02) = 0.4519846
    [12, 100, 10, 100, 0.02, -0.0666827, 0.1066827, 0.4519846, 0.6512801, false],
    // 10 % vs 30 % of 50: pooled 0.2, z = −0.2/√(0.2·0.8·0.04) = −2.5
    [5, 50, 15, 50, -0.2, -0.3518182, -0.0481818, -2.5, 0.0124193, true],
  ] as const)('%i/%i vs %i/%i', (xa, na, xb, nb, diff, low, high, z, p, significant) => {
    const t = twoProportionTest({ converted: xa, total: na }, { converted: xb, total: nb })!;
    expect(t.difference).toBeCloseTo(diff, 6);
    expect(t.low).toBeCloseTo(low, 6);
    expect(t.high).toBeCloseTo(high, 6);
    expect(t.z).toBeCloseTo(z, 6);
    expect(t.pValue).toBeCloseTo(p, 5);
    expect(t.significant).toBe(significant);
  });

  it.each([
    [0, 0, 1, 10],
    [1, 10, 0, 0],
    [0, 10, 0, 10],
    [10, 10, 5, 5],
  ])('%i/%i vs %i/%i: nothing to test', (xa, na, xb, nb) =>
    expect(twoProportionTest({ converted: xa, total: na }, { converted: xb, total: nb })).toBeNull(),
  );
});

describe('referenceVariant', () => {
  it.each<[{ variant: string; total: number }[], string | null]>([
    [
      [
        { variant: 'A', total: 9 },
        { variant: 'C', total: 1 },
        { variant: 'B', total: 5 },
      ],
      'C',
    ],
    [
      [
        { variant: 'on', total: 9 },
        { variant: 'off', total: 1 },
      ],
      'off',
    ],
    [
      [
        { variant: 'w', total: 3 },
        { variant: 'u', total: 7 },
      ],
      'u',
    ],
    [
      [
        { variant: 'x', total: 4 },
        { variant: 'w', total: 4 },
      ],
      'w',
    ],
    [[], null],
  ])('%j → %s', (variants, ref) => expect(referenceVariant(variants)).toBe(ref));
});

describe('summarizeFunnel', () => {
  it('groups clients by experiment and variant and tests each against the reference', () => {
    const clients = [
      ...Array.from({ length: 200 }, (_, i) => ({ furthest: i < 60 ? 5 : 1, assignment: { bucket: 'A' } })),
      ...Array.from({ length: 200 }, (_, i) => ({ furthest: i < 40 ? 5 : 0, assignment: { bucket: 'C' } })),
      { furthest: 3, assignment: {} },
    ];
    const s = summarizeFunnel(clients);
    // A: 60 paid, 140 stopped at the menu; C: 40 paid, 160 left at the landing; one unassigned stopped at the cart
    expect(s.counts).toEqual([401, 241, 101, 101, 100, 100]);
    expect(s.conversion).toBeCloseTo(100 / 401, 9);
    expect(s.experiments).toHaveLength(1);
    const bucket = s.experiments[0]!;
    expect(bucket.experiment).toBe('bucket');
    expect(bucket.reference).toBe('C');
    const [a, c] = bucket.variants;
    expect(a!.variant).toBe('A');
    expect(a!.counts).toEqual([200, 200, 60, 60, 60, 60]);
    expect(a!.conversion).toBeCloseTo(0.3, 9);
    expect(a!.vsReference!.z).toBeCloseTo(2.3094011, 6);
    expect(a!.vsReference!.significant).toBe(true);
    expect(c!.variant).toBe('C');
    expect(c!.vsReference).toBeNull();
  });
});

describe('personal data in event properties', () => {
  it.each<[Record<string, string | number | boolean | null>, string | null]>([
    [{ productId: 'P101', quantity: 2, veg: true }, null],
    [{ code: 'PIZZA50', reason: 'MIN_ORDER_NOT_MET' }, null],
    [{ method: 'CARD', amountPaise: 49900 }, null],
    [{ orderId: 'O123456789' }, null],
    // names that say personal data, in any case style
    [{ mobile: 'x' }, 'key'],
    [{ customerMobileNo: 'x' }, 'key'],
    [{ phone_number: 'x' }, 'key'],
    [{ firstName: 'x' }, 'key'],
    [{ productName: 'Farmhouse' }, 'key'],
    [{ Email: 'x' }, 'key'],
    [{ deliveryAddress: 'x' }, 'key'],
    [{ upiId: 'x' }, 'key'],
    [{ 'card-number': 'x' }, 'key'],
    // values that look personal under a harmless name
    [{ note: '9876543210' }, 'mobile'],
    [{ note: '+91 98765 43210' }, 'mobile'],
    [{ note: 'call 098765-43210' }, 'mobile'],
    [{ n: 9876543210 }, 'mobile'],
    [{ note: 'meera@example.com' }, 'email'],
    [{ note: 'meera@okicici' }, 'email'],
    [{ note: '4111 1111 1111 1111' }, 'card'],
    [{ note: '5555-5555-5555-4444' }, 'card'],
  ])('%j → %s', (properties, reason) => expect(personalDataIn(properties)?.reason ?? null).toBe(reason));

  it.each<[string | number | boolean | null, string | null]>([
    ['1234567890', null], // 10 digits not starting 6–9
    ['98765432101234', null], // a longer run of digits, not a Luhn number
    ['4111 1111 1111 1112', null], // fails Luhn
    [12, null],
    [true, null],
    [null, null],
  ])('%j → %s', (value, reason) => expect(personalValue(value)).toBe(reason));
});

import { describe, expect, it } from 'vitest';
import {
  allocate,
  bucketOf,
  CLIENT_NUMBER_MAX,
  clientNumber,
  experimentRunning,
  newClientId,
  variantOf,
  type Bucket,
  type ExperimentDefinition,
} from '../src/experiments.ts';
import { landingLayout, menuReversed, shownWithWallet } from '../src/experiment-views.ts';

describe('bucketOf (SPEC §4: client id modulo 100 → 0-9 none, 10-39 C, 40-69 A, 70-99 B)', () => {
  it.each<[number, Bucket]>([
    [0, 'none'],
    [9, 'none'],
    [10, 'C'],
    [39, 'C'],
    [40, 'A'],
    [69, 'A'],
    [70, 'B'],
    [99, 'B'],
    [100, 'none'],
    [1_234_567_809, 'none'],
    [1_234_567_810, 'C'],
    [1_234_567_869, 'A'],
    [1_234_567_870, 'B'],
  ])('%i → %s', (n, bucket) => expect(bucketOf(n)).toBe(bucket));
});

describe('clientNumber: the number of a GA-style client id', () => {
  it.each<[string, number | null]>([
    ['1234567870.1764345600', 1234567870],
    ['GA1.1.1234567870.1764345600', 1234567870],
    ['GA1.2.42.1764345600', 42],
    ['42', 42],
    [' 42.1 ', 42],
    ['2147483647.1', CLIENT_NUMBER_MAX],
    ['2147483648.1', null],
    ['3f9a0c1e-device', null],
    ['', null],
    ['-5.1', null],
    ['1.2.3', null],
  ])('%j → %s', (id, n) => expect(clientNumber(id)).toBe(n));

  it('newClientId makes an id clientNumber reads back, within 31 bits', () => {
    expect(newClientId(0, 1764345600)).toBe('0.1764345600');
    expect(clientNumber(newClientId(0.999999999999, 1764345600.7))).toBe(CLIENT_NUMBER_MAX);
    expect(clientNumber(newClientId(0.5, 1))).toBe(1073741824);
  });
});

const specVariants = ['u', 'w', 'x', 'y', 's'].map((name) => ({ name, weight: 20 }));

describe('variantOf: a stable hash of (experiment, client) over the weights', () => {
  it('gives the same variant for the same experiment and client, every time', () => {
    for (let n = 0; n < 500; n++)
      expect(variantOf('voice', specVariants, n)).toBe(variantOf('voice', specVariants, n));
    // pinned: a change of hash would move every customer to another variant
    expect([0, 1, 2, 3, 4, 5].map((n) => variantOf('voice', specVariants, n))).toMatchInlineSnapshot(`
      [
        "x",
        "w",
        "s",
        "y",
        "w",
        "u",
      ]
    `);
  });

  it('splits 20 000 clients roughly by the weights (each within 2 points of its share)', () => {
    const weighted = [
      { name: 'u', weight: 50 },
      { name: 'w', weight: 30 },
      { name: 'x', weight: 20 },
    ];
    const counts = new Map<string, number>();
    for (let n = 0; n < 20_000; n++) {
      const v = variantOf('nextGenHome', weighted, n * 7919 + 13) ?? 'null';
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    expect(Math.abs((counts.get('u') ?? 0) / 20_000 - 0.5)).toBeLessThan(0.02);
    expect(Math.abs((counts.get('w') ?? 0) / 20_000 - 0.3)).toBeLessThan(0.02);
    expect(Math.abs((counts.get('x') ?? 0) / 20_000 - 0.2)).toBeLessThan(0.02);
  });

  it('splits two experiments independently of each other', () => {
    let same = 0;
    for (let n = 0; n < 5000; n++)
      if (variantOf('voice', specVariants, n) === variantOf('nextGenHome', specVariants, n)) same++;
    // independent five-way splits agree about one time in five
    expect(same / 5000).toBeGreaterThan(0.15);
    expect(same / 5000).toBeLessThan(0.25);
  });

  it('never answers a variant of weight 0, and null when none has weight', () => {
    const one = [
      { name: 'u', weight: 0 },
      { name: 'w', weight: 5 },
    ];
    for (let n = 0; n < 200; n++) expect(variantOf('voice', one, n)).toBe('w');
    expect(variantOf('voice', [{ name: 'u', weight: 0 }], 3)).toBeNull();
    expect(variantOf('voice', [], 3)).toBeNull();
  });
});

const t = (iso: string) => new Date(iso);
const experiment = (over: Partial<ExperimentDefinition> = {}): ExperimentDefinition => ({
  name: 'voice',
  buckets: ['C', 'A', 'B'],
  variants: specVariants,
  enabled: true,
  startsAt: t('2026-11-01T00:00:00Z'),
  stopsAt: t('2026-12-01T00:00:00Z'),
  ...over,
});

describe('experimentRunning: on, from its start until (not at) its stop', () => {
  it.each<[string, Partial<ExperimentDefinition>, string, boolean]>([
    ['before the start', {}, '2026-10-31T23:59:59Z', false],
    ['at the start', {}, '2026-11-01T00:00:00Z', true],
    ['a second before the stop', {}, '2026-11-30T23:59:59Z', true],
    ['at the stop', {}, '2026-12-01T00:00:00Z', false],
    ['switched off', { enabled: false }, '2026-11-15T00:00:00Z', false],
    ['no start or stop', { startsAt: null, stopsAt: null }, '2030-01-01T00:00:00Z', true],
  ])('%s → %s', (_, over, now, running) => expect(experimentRunning(experiment(over), t(now))).toBe(running));
});

describe('allocate: the bucket for everyone, variants for a logged-in customer in a running experiment', () => {
  const now = t('2026-11-28T12:00:00Z');
  const experiments = [
    experiment(),
    experiment({ name: 'nextGenHome', buckets: ['A'] }),
    experiment({ name: 'menuReverseAB', buckets: ['B'], variants: [{ name: 'on', weight: 1 }] }),
    experiment({ name: 'old', stopsAt: t('2026-11-02T00:00:00Z') }),
  ];
  it('a guest gets the bucket only', () => {
    expect(allocate(experiments, 1_000_045, false, now)).toEqual({ bucket: 'A' });
  });
  it('a customer gets each running experiment of their bucket', () => {
    const a = allocate(experiments, 1_000_045, true, now);
    expect(Object.keys(a).sort()).toEqual(['bucket', 'nextGenHome', 'voice']);
    expect(a.voice).toBe(variantOf('voice', specVariants, 1_000_045));
    expect(allocate(experiments, 1_000_075, true, now)).toMatchObject({ bucket: 'B', menuReverseAB: 'on' });
    expect(allocate(experiments, 1_000_005, true, now)).toEqual({ bucket: 'none' });
  });
});

describe('menuReversed (remote config menuReverseAB: true = bucket B, false = none, a list = those)', () => {
  it.each<[Bucket | undefined, boolean | Bucket[], boolean]>([
    ['B', true, true],
    ['A', true, false],
    ['C', true, false],
    ['none', true, false],
    ['B', false, false],
    ['A', ['A', 'C'], true],
    ['B', ['A', 'C'], false],
    [undefined, true, false],
  ])('%s with %j → %s', (bucket, config, reversed) => expect(menuReversed(bucket, config)).toBe(reversed));
});

describe('landingLayout and shownWithWallet', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'classic'],
    ['u', 'classic'],
    ['w', 'nextGen'],
    ['x', 'nextGen'],
    ['y', 'nextGen'],
    ['s', 'nextGen'],
  ])('next-gen home %s → %s', (v, layout) => expect(landingLayout(v)).toBe(layout));

  it('hides the listed methods only with the wallet in use', () => {
    const methods = ['CASH', 'CARD', 'UPI', 'EVOUCHER'];
    const shown = (wallet: boolean) =>
      methods.filter((m) => shownWithWallet(m, ['CASH', 'EVOUCHER'], wallet));
    expect(shown(true)).toEqual(['CARD', 'UPI']);
    expect(shown(false)).toEqual(methods);
  });
});

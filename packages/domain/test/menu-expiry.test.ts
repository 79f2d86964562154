import { describe, expect, it } from 'vitest';
import {
  isMenuStale,
  MENU_EXPIRY_MS,
  menuFreshForMs,
  parseMenuExpiry,
  recordMenuFetch,
} from '../src/menu-expiry.ts';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

describe('menuFreshForMs / isMenuStale', () => {
  it.each<[string, Record<string, number>, number, number, number]>([
    ['never fetched', {}, 3001, T0, 0],
    ['just fetched', { '3001': T0 }, 3001, T0, MENU_EXPIRY_MS],
    ['10 minutes ago', { '3001': T0 }, 3001, T0 + 10 * MIN, 20 * MIN],
    ['exactly 30 minutes ago', { '3001': T0 }, 3001, T0 + 30 * MIN, 0],
    ['31 minutes ago', { '3001': T0 }, 3001, T0 + 31 * MIN, 0],
    ['another store fetched only', { '1001': T0 }, 3001, T0 + MIN, 0],
    ['clock moved back', { '3001': T0 + MIN }, 3001, T0, 0],
  ])('%s', (_, map, storeId, now, expected) => {
    expect(menuFreshForMs(map, storeId, now)).toBe(expected);
    expect(isMenuStale(map, storeId, now)).toBe(expected === 0);
  });
});

describe('recordMenuFetch', () => {
  it('records per store without touching the others', () => {
    const map = recordMenuFetch({ '1001': T0 }, 3001, T0 + MIN);
    expect(map).toEqual({ '1001': T0, '3001': T0 + MIN });
  });
  it('a later fetch replaces the store entry', () => {
    expect(recordMenuFetch({ '3001': T0 }, 3001, T0 + 40 * MIN)).toEqual({ '3001': T0 + 40 * MIN });
  });
  it('keeps only the most recent stores', () => {
    let map = {};
    for (let i = 0; i < 5; i++) map = recordMenuFetch(map, 1000 + i, T0 + i, 3);
    expect(Object.keys(map).sort()).toEqual(['1002', '1003', '1004']);
  });
});

describe('parseMenuExpiry', () => {
  it.each<[string, unknown, Record<string, number>]>([
    ['null', null, {}],
    ['array', [1, 2], {}],
    ['string', 'x', {}],
    ['good map', { '3001': T0 }, { '3001': T0 }],
    ['drops bad entries', { '3001': T0, '1001': 'yesterday', '5': -1, '6': Number.NaN }, { '3001': T0 }],
  ])('%s', (_, raw, expected) => {
    expect(parseMenuExpiry(raw)).toEqual(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountOf,
  matchesFilter,
  MENU_FILTERS,
  parseFilter,
  parseSort,
  SORT_KEYS,
  sortItems,
  type MenuFilter,
  type SortableItem,
  type SortKey,
} from '../src/menu-filters.ts';
import { makeMenuItem } from './factories.ts';

const veg = makeMenuItem({ code: 'PIZ0001', foodType: 'VEG' });
const nonVeg = makeMenuItem({ code: 'PIZ0002', foodType: 'NON_VEG' });

describe('MENU_FILTERS', () => {
  it('uses the SPEC §3 codes: all 2, veg 0, non-veg 1', () => {
    expect(MENU_FILTERS).toEqual({ ALL: 2, VEG: 0, NON_VEG: 1 });
  });
});

describe('matchesFilter', () => {
  it.each<[string, SortableItem, MenuFilter, boolean]>([
    ['all pizzas (2) shows veg', veg, 2, true],
    ['all pizzas (2) shows non-veg', nonVeg, 2, true],
    ['veg only (0) shows veg', veg, 0, true],
    ['veg only (0) hides non-veg', nonVeg, 0, false],
    ['non-veg only (1) hides veg', veg, 1, false],
    ['non-veg only (1) shows non-veg', nonVeg, 1, true],
  ])('%s', (_, item, filter, expected) => {
    expect(matchesFilter(item, filter)).toBe(expected);
  });
});

describe('discountOf', () => {
  it.each<[number, number, number]>([
    [19_900, 19_900, 0],
    [14_900, 19_900, 5_000],
    [21_900, 19_900, 0], // a price above the list price is no discount
  ])('paying %d of %d → %d', (currentPrice, regularPrice, expected) => {
    expect(discountOf(makeMenuItem({ currentPrice, regularPrice }))).toBe(expected);
  });
});

describe('sortItems', () => {
  // code: current/regular price in rupees; discounts: A 50, B 0, C 100, D 0, E 50
  const A = makeMenuItem({ code: 'A', currentPrice: 19_900, regularPrice: 24_900 });
  const B = makeMenuItem({ code: 'B', currentPrice: 9_900, regularPrice: 9_900 });
  const C = makeMenuItem({ code: 'C', currentPrice: 29_900, regularPrice: 39_900 });
  const D = makeMenuItem({ code: 'D', currentPrice: 19_900, regularPrice: 19_900 });
  const E = makeMenuItem({ code: 'E', currentPrice: 9_900, regularPrice: 14_900 });
  const menu = [A, B, C, D, E];

  it.each<[SortKey | undefined, string]>([
    ['price-low-high', 'BEADC'],
    ['price-high-low', 'CADBE'],
    ['discount-high-low', 'CAEBD'],
    ['discount-low-high', 'BDAEC'],
    [undefined, 'ABCDE'],
  ])('%s → %s (ties keep menu order)', (sort, expected) => {
    expect(
      sortItems(menu, sort)
        .map((i) => i.code)
        .join(''),
    ).toBe(expected);
  });

  it('covers every sort key', () => {
    expect(SORT_KEYS).toEqual(['price-low-high', 'price-high-low', 'discount-high-low', 'discount-low-high']);
  });

  it('returns a new array and leaves the menu as it was', () => {
    const sorted = sortItems(menu, 'price-low-high');
    expect(sorted).not.toBe(menu);
    expect(menu).toEqual([A, B, C, D, E]);
  });

  it('keeps the extra fields of the items', () => {
    const items = [
      { ...makeMenuItem({ code: 'X', currentPrice: 2 }), name: 'Second' },
      { ...makeMenuItem({ code: 'Y', currentPrice: 1 }), name: 'First' },
    ];
    expect(sortItems(items, 'price-low-high').map((i) => i.name)).toEqual(['First', 'Second']);
  });

  const item = fc.record({
    code: fc.string({ maxLength: 4 }),
    foodType: fc.constantFrom<'VEG' | 'NON_VEG'>('VEG', 'NON_VEG'),
    currentPrice: fc.integer({ min: 0, max: 100_000 }),
    regularPrice: fc.integer({ min: 0, max: 100_000 }),
  });
  const sortKey = fc.constantFrom<SortKey | undefined>(...SORT_KEYS, undefined);

  it('is a permutation of the items (property)', () => {
    fc.assert(
      fc.property(fc.array(item), sortKey, (items, sort) => {
        const sorted = sortItems(items, sort);
        expect(sorted).toHaveLength(items.length);
        const count = (list: SortableItem[]) => {
          const m = new Map<SortableItem, number>();
          for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
          return m;
        };
        expect(count(sorted)).toEqual(count(items));
      }),
    );
  });

  it('is ordered by its key and stable (property)', () => {
    const keyOf: Record<SortKey, (i: SortableItem) => number> = {
      'price-low-high': (i) => i.currentPrice,
      'price-high-low': (i) => -i.currentPrice,
      'discount-high-low': (i) => -discountOf(i),
      'discount-low-high': (i) => discountOf(i),
    };
    fc.assert(
      fc.property(fc.array(item), sortKey, (items, sort) => {
        const sorted = sortItems(items, sort);
        if (sort === undefined) {
          expect(sorted).toEqual(items);
          return;
        }
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          const ka = keyOf[sort](a);
          const kb = keyOf[sort](b);
          expect(ka).toBeLessThanOrEqual(kb);
          if (ka === kb) expect(items.indexOf(a)).toBeLessThan(items.lastIndexOf(b));
        }
      }),
    );
  });
});

describe('parseFilter', () => {
  it.each<[string | null | undefined, MenuFilter]>([
    ['0', 0],
    ['1', 1],
    ['2', 2],
    [null, 2],
    [undefined, 2],
    ['', 2],
    ['veg', 2],
    ['01', 2],
    [' 0', 2],
  ])('%j → %d', (value, expected) => {
    expect(parseFilter(value)).toBe(expected);
  });
});

describe('parseSort', () => {
  it.each(SORT_KEYS)('%s → itself', (key) => {
    expect(parseSort(key)).toBe(key);
  });

  it.each([null, undefined, '', 'price', 'PRICE-LOW-HIGH', 'price-low-high '])('%j → undefined', (value) => {
    expect(parseSort(value)).toBeUndefined();
  });
});

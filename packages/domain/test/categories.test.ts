import { describe, expect, it } from 'vitest';
import {
  BESTSELLERS_CATEGORY_ID,
  CATEGORY_IDS,
  CATEGORY_SLUGS,
  categoryIdForSlug,
  FAVOURITES_CATEGORY_ID,
  isPizzaCode,
  resolveMenuRoute,
  slugForCategoryId,
  slugify,
  type MenuRoute,
} from '../src/categories.ts';

/** SPEC §2 "Category id to slug", all 14 rows. */
const SPEC_TABLE: [number, string][] = [
  [0, 'favourites'],
  [1, 'bestsellers'],
  [2, 'veg-pizza'],
  [3, 'non-veg-pizza'],
  [4, 'sides'],
  [5, 'beverages'],
  [20, 'pizza-mania'],
  [26, 'dessert'],
  [46, 'speciality-chicken'],
  [50, 'combos'],
  [51, 'world-pizza-league'],
  [71, 'indian-masala-pizza'],
  [76, 'daily-essentials'],
  [77, 'pasta-pizza-party'],
];

/** Slugs of SPEC §2 that open the whole menu. */
const WHOLE_MENU = new Set(['bestsellers', 'daily-essentials']);

describe('category table', () => {
  it('holds exactly the 14 rows of SPEC §2', () => {
    expect(Object.entries(CATEGORY_SLUGS).map(([id, slug]) => [Number(id), slug])).toEqual(SPEC_TABLE);
    expect(CATEGORY_IDS).toEqual(SPEC_TABLE.map(([id]) => id));
  });

  it('names favourites 0 and bestsellers 1', () => {
    expect(FAVOURITES_CATEGORY_ID).toBe(0);
    expect(BESTSELLERS_CATEGORY_ID).toBe(1);
  });
});

describe('slugForCategoryId', () => {
  it.each(SPEC_TABLE)('%d → %s', (id, slug) => {
    expect(slugForCategoryId(id)).toBe(slug);
  });

  it.each([6, 99, -1, 1.5])('%d (not in the table) → undefined', (id) => {
    expect(slugForCategoryId(id)).toBeUndefined();
  });
});

describe('categoryIdForSlug', () => {
  it.each(SPEC_TABLE)('%d ← %s', (id, slug) => {
    expect(categoryIdForSlug(slug)).toBe(id);
  });

  it.each(['', 'pizza', 'Veg-Pizza', 'veg pizza', '2'])('%j → undefined', (slug) => {
    expect(categoryIdForSlug(slug)).toBeUndefined();
  });
});

describe('resolveMenuRoute', () => {
  const none = {};

  it('/menu shows the whole menu', () => {
    expect(resolveMenuRoute(undefined, none)).toEqual({ kind: 'all' });
    expect(resolveMenuRoute('', { categoryId: null, pizzaId: null })).toEqual({ kind: 'all' });
  });

  it.each(SPEC_TABLE)('/menu/{slug} for category %d (%s)', (id, slug) => {
    const expected: MenuRoute = WHOLE_MENU.has(slug) ? { kind: 'all' } : { kind: 'category', categoryId: id };
    expect(resolveMenuRoute(slug, none)).toEqual(expected);
  });

  it.each(['bestsellers', 'daily-essentials'])('/menu/%s is treated as /menu', (slug) => {
    expect(resolveMenuRoute(slug, none)).toEqual({ kind: 'all' });
  });

  it.each(['indian-masala-pizza', 'pasta-pizza-party'])(
    '/menu/%s (named in SPEC §2) opens its category',
    (slug) => {
      expect(resolveMenuRoute(slug, none)).toEqual({ kind: 'category', categoryId: categoryIdForSlug(slug) });
    },
  );

  it.each(['pizzas', 'VEG-PIZZA', 'veg-pizza/'])('/menu/%s is unknown', (slug) => {
    expect(resolveMenuRoute(slug, none)).toEqual({ kind: 'unknown', slug });
  });

  it('a slug wins over the query', () => {
    expect(resolveMenuRoute('sides', { categoryId: '2', pizzaId: 'PIZ0001' })).toEqual({
      kind: 'category',
      categoryId: 4,
    });
  });

  describe('extra categories from server data', () => {
    const extra = new Map([
      ['monsoon-specials', 90],
      ['veg-pizza', 999], // a server slug never overrides the SPEC table
    ]);

    it.each<[string, MenuRoute]>([
      ['monsoon-specials', { kind: 'category', categoryId: 90 }],
      ['veg-pizza', { kind: 'category', categoryId: 2 }],
      ['bestsellers', { kind: 'all' }],
      ['winter-specials', { kind: 'unknown', slug: 'winter-specials' }],
    ])('/menu/%s', (slug, expected) => {
      expect(resolveMenuRoute(slug, none, extra)).toEqual(expected);
    });

    it('without the extra map an extra slug is unknown', () => {
      expect(resolveMenuRoute('monsoon-specials', none)).toEqual({
        kind: 'unknown',
        slug: 'monsoon-specials',
      });
    });
  });

  describe('deep links /menu?categoryId=&pizzaId=', () => {
    it.each<[string, { categoryId?: string | null; pizzaId?: string | null }, MenuRoute]>([
      ['category only', { categoryId: '2' }, { kind: 'category', categoryId: 2 }],
      ['category 0 (favourites)', { categoryId: '0' }, { kind: 'category', categoryId: 0 }],
      ['category not in the table', { categoryId: '90' }, { kind: 'category', categoryId: 90 }],
      ['category with leading zeros', { categoryId: '007' }, { kind: 'category', categoryId: 7 }],
      [
        'category and pizza',
        { categoryId: '2', pizzaId: 'PIZ0001' },
        { kind: 'product', categoryId: 2, productCode: 'PIZ0001' },
      ],
      [
        'pizza only',
        { pizzaId: 'PIZ0001' },
        { kind: 'product', categoryId: undefined, productCode: 'PIZ0001' },
      ],
      [
        'non-numeric category with pizza',
        { categoryId: 'veg', pizzaId: 'PIZ0001' },
        { kind: 'product', categoryId: undefined, productCode: 'PIZ0001' },
      ],
      ['non-numeric category', { categoryId: 'veg' }, { kind: 'all' }],
      ['negative category', { categoryId: '-2' }, { kind: 'all' }],
      ['fractional category', { categoryId: '2.5' }, { kind: 'all' }],
      ['category with spaces', { categoryId: ' 2' }, { kind: 'all' }],
      ['empty category', { categoryId: '' }, { kind: 'all' }],
      ['empty pizza', { categoryId: '3', pizzaId: '' }, { kind: 'category', categoryId: 3 }],
      ['nulls', { categoryId: null, pizzaId: null }, { kind: 'all' }],
    ])('%s', (_, query, expected) => {
      expect(resolveMenuRoute(undefined, query)).toEqual(expected);
    });
  });
});

describe('slugify', () => {
  it.each<[string, string]>([
    ['Monsoon Specials', 'monsoon-specials'],
    ['Pizza Mania', 'pizza-mania'],
    ['  Sides & Dips  ', 'sides-dips'],
    ["Chef's Special!", 'chef-s-special'],
    ['Combos -- 2 for 1', 'combos-2-for-1'],
    ['VEG_PIZZA', 'veg-pizza'],
    ['already-a-slug', 'already-a-slug'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });

  it('gives the SPEC slug for names of the table categories', () => {
    expect(slugify('Veg Pizza')).toBe('veg-pizza');
    expect(slugify('Non-Veg Pizza')).toBe('non-veg-pizza');
    expect(slugify('Indian Masala Pizza')).toBe('indian-masala-pizza');
  });

  it.each<[string, string]>([
    ['Crème Brûlée', 'creme-brulee'],
    ['Jalapeño Poppers', 'jalapeno-poppers'],
  ])('folds accents: %j → %j', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });
});

describe('isPizzaCode', () => {
  it.each<[string, boolean]>([
    ['PIZ0001', true],
    ['PIZ', true],
    ['PIZZA_MANIA_01', true],
    ['SID0001', false],
    ['BEV0100', false],
    ['piz0001', false],
    [' PIZ0001', false],
    ['XPIZ0001', false],
    ['', false],
  ])('%j → %s', (code, expected) => {
    expect(isPizzaCode(code)).toBe(expected);
  });
});

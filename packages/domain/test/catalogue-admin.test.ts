import { describe, expect, it } from 'vitest';
import {
  ALLERGEN_CODES,
  FSSAI_ALLERGENS,
  mayMoveProduct,
  nextPriceChange,
  nutritionProblem,
  priceInForce,
  PRODUCT_STATUSES,
  sameSlot,
  sizesMissingNutrition,
  type PriceEntry,
  type ProductStatus,
} from '../src/catalogue-admin.ts';

describe('a product’s life', () => {
  const table: [ProductStatus, ProductStatus[]][] = [
    ['DRAFT', ['PUBLISHED', 'RETIRED']],
    ['PUBLISHED', ['HIDDEN', 'RETIRED']],
    ['HIDDEN', ['PUBLISHED', 'RETIRED']],
    ['RETIRED', []],
  ];
  it.each(table)('%s may become %j and nothing else', (from, to) => {
    for (const s of PRODUCT_STATUSES) expect(mayMoveProduct(from, s), `${from} → ${s}`).toBe(to.includes(s));
  });
});

describe('FSSAI allergens', () => {
  it('are the nine of the regulation, in its order', () => {
    expect(FSSAI_ALLERGENS.map((a) => a.name)).toEqual([
      'Cereals containing gluten',
      'Crustaceans',
      'Eggs',
      'Fish',
      'Peanuts',
      'Soy',
      'Milk',
      'Tree nuts',
      'Sulphite',
    ]);
    expect(new Set(ALLERGEN_CODES).size).toBe(9);
  });
});

describe('nutrition', () => {
  it.each([
    [[1, 2, 3], [1, 3], [2]],
    [[3, 1, 1], [], [1, 3]],
    [[4], [4, 1], []],
  ])('sold in %j, declared %j: missing %j', (sold, declared, missing) => {
    expect(sizesMissingNutrition(sold, declared)).toEqual(missing);
  });

  const serving = {
    servingSizeG: 250,
    energyKcal: 640,
    proteinG: 26,
    carbohydrateG: 80,
    sugarG: 9,
    fatG: 22,
    sodiumMg: 1250,
  };
  it.each([
    [{}, null],
    [{ sugarG: 81 }, 'sugarG'],
    [{ servingSizeG: 100 }, 'servingSizeG'],
  ])('%j: a problem on %s', (change, key) => {
    expect(nutritionProblem({ ...serving, ...change })?.key ?? null).toBe(key);
  });
});

describe('the price in force (store beats city beats chain; the latest start within a scope)', () => {
  const T0 = Date.UTC(2025, 0, 1);
  const HOUR = 3_600_000;
  const entry = (scope: PriceEntry['scope'], price: number, startsAt: number | null = null): PriceEntry => ({
    variantCode: 'V',
    scope,
    pricePaise: price,
    regularPricePaise: price,
    startsAt,
  });
  const chain = { kind: 'chain' } as const;
  const delhi = { kind: 'city', cityId: 'delhi' } as const;
  const cp = { kind: 'store', storeId: 1001 } as const;
  const store = { storeId: 1001, cityId: 'delhi' };

  it.each<[string, PriceEntry[], number, number | null]>([
    ['nothing: the variant’s own', [], T0, null],
    ['the chain’s', [entry(chain, 100)], T0, 100],
    ['the city beats the chain', [entry(chain, 100), entry(delhi, 200)], T0, 200],
    ['the store beats the city', [entry(cp, 300), entry(delhi, 200), entry(chain, 100)], T0, 300],
    ['another city’s is not this store’s', [entry({ kind: 'city', cityId: 'mumbai' }, 900)], T0, null],
    ['another store’s is not this store’s', [entry({ kind: 'store', storeId: 1002 }, 900)], T0, null],
    ['a scheduled one waits for its start', [entry(delhi, 200), entry(delhi, 250, T0 + HOUR)], T0, 200],
    ['and holds from its start', [entry(delhi, 200), entry(delhi, 250, T0 + HOUR)], T0 + HOUR, 250],
    ['the latest started wins', [entry(delhi, 250, T0 - 2 * HOUR), entry(delhi, 260, T0 - HOUR)], T0, 260],
    [
      'a scheduled city price does not beat a store price',
      [entry(cp, 300), entry(delhi, 250, T0 - HOUR)],
      T0,
      300,
    ],
    ['a future store price leaves the city’s', [entry(cp, 300, T0 + HOUR), entry(delhi, 200)], T0, 200],
  ])('%s', (_name, entries, now, price) => {
    expect(priceInForce(entries, 'V', store, now)?.pricePaise ?? null).toBe(price);
  });

  it('the next change is the earliest start after now that reaches the store', () => {
    const entries = [
      entry(delhi, 1, T0 + 3 * HOUR),
      entry(cp, 1, T0 + 2 * HOUR),
      entry({ kind: 'city', cityId: 'mumbai' }, 1, T0 + HOUR),
      entry(chain, 1, T0 - HOUR),
    ];
    expect(nextPriceChange(entries, store, T0)).toBe(T0 + 2 * HOUR);
    expect(nextPriceChange(entries, store, T0 + 3 * HOUR)).toBeNull();
  });

  it('two entries for one variant, scope and start clash', () => {
    expect(sameSlot(entry(delhi, 1, T0), entry(delhi, 2, T0))).toBe(true);
    expect(sameSlot(entry(delhi, 1, T0), entry(delhi, 2, T0 + 1))).toBe(false);
    expect(sameSlot(entry(delhi, 1), entry(cp, 2))).toBe(false);
  });
});

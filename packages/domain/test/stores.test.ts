import { describe, expect, it } from 'vitest';
import type { DeliveryType, StoreOrderType } from '../src/delivery-types.ts';
import { distanceKm } from '../src/geo.ts';
import {
  chooseStore,
  cityStores,
  nearestStores,
  storeOrderTypeFor,
  type StoreWithDistance,
} from '../src/stores.ts';
import { DELHI_CP, makeStore, makeStoreAt, northOf, type TestStore } from './factories.ts';

const ids = (ranked: readonly { store: TestStore }[]): number[] => ranked.map((r) => r.store.id);

/** Stores 1, 2, … 8 km north of the customer, listed out of order. */
const ladder = (overrides: Partial<TestStore> = {}): TestStore[] =>
  [5, 2, 8, 1, 7, 3, 6, 4].map((km) => makeStoreAt(km, { id: 100 + km, deliveryRadiusKm: 10, ...overrides }));

describe('storeOrderTypeFor', () => {
  it.each<[DeliveryType, StoreOrderType]>([
    ['D', 'D'],
    ['T', 'T'],
    ['P', 'P'],
    ['DINEIN', 'DINEIN'],
    ['CURB', 'CURB'],
    ['IRCTC', 'D'],
  ])('%s is served by stores offering %s', (type, expected) => {
    expect(storeOrderTypeFor(type)).toBe(expected);
  });
});

describe('nearestStores: delivery', () => {
  it('lists only stores whose own delivery radius covers the point, nearest first', () => {
    const stores = [
      makeStoreAt(4, { id: 1, deliveryRadiusKm: 3 }), // too far for its radius
      makeStoreAt(4, { id: 2, deliveryRadiusKm: 5 }),
      makeStoreAt(1, { id: 3, deliveryRadiusKm: 2 }),
      makeStoreAt(12, { id: 4, deliveryRadiusKm: 15 }), // a big radius reaches further
      makeStoreAt(0.5, { id: 5, deliveryRadiusKm: 0.4 }),
    ];
    const ranked = nearestStores(stores, DELHI_CP, 'D');
    expect(ids(ranked)).toEqual([3, 2, 4]);
    expect(ranked.map((r) => r.distanceKm)).toEqual(ranked.map((r) => distanceKm(DELHI_CP, r.store)));
    expect(ranked[0]?.distanceKm).toBeCloseTo(1, 9);
  });

  it('includes a store exactly at the edge of its radius', () => {
    const store = makeStoreAt(3, { id: 7 });
    const edge = { ...store, deliveryRadiusKm: distanceKm(DELHI_CP, store) };
    expect(ids(nearestStores([edge], DELHI_CP, 'D'))).toEqual([7]);
  });

  it('is capped at 5', () => {
    expect(ids(nearestStores(ladder(), DELHI_CP, 'D'))).toEqual([101, 102, 103, 104, 105]);
  });

  it('breaks ties in distance by id', () => {
    const stores = [30, 10, 20].map((id) => makeStore({ id, ...northOf(DELHI_CP, 1) }));
    expect(ids(nearestStores(stores, DELHI_CP, 'D'))).toEqual([10, 20, 30]);
  });

  it('skips stores that do not deliver', () => {
    const stores = [makeStoreAt(1, { id: 1, orderTypes: ['T', 'P'] }), makeStoreAt(2, { id: 2 })];
    expect(ids(nearestStores(stores, DELHI_CP, 'D'))).toEqual([2]);
  });

  it('keeps offline stores in the list (store selection turns them into the advance-order message)', () => {
    const stores = [makeStoreAt(1, { id: 1, online: false }), makeStoreAt(2, { id: 2 })];
    expect(ids(nearestStores(stores, DELHI_CP, 'D'))).toEqual([1, 2]);
  });

  it('is empty when no store reaches the point ("We Do not Deliver Here")', () => {
    expect(nearestStores([makeStoreAt(20, { deliveryRadiusKm: 5 })], DELHI_CP, 'D')).toEqual([]);
    expect(nearestStores([], DELHI_CP, 'D')).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const stores = ladder();
    const before = JSON.parse(JSON.stringify(stores)) as typeof stores;
    nearestStores(stores, DELHI_CP, 'D');
    expect(stores).toEqual(before);
  });
});

describe('nearestStores: IRCTC is served by delivery stores', () => {
  it('uses the delivery stores and their radius', () => {
    const stores = [
      makeStoreAt(1, { id: 1, orderTypes: ['T'] }),
      makeStoreAt(2, { id: 2, orderTypes: ['D'], deliveryRadiusKm: 3 }),
      makeStoreAt(4, { id: 3, orderTypes: ['D'], deliveryRadiusKm: 3 }),
    ];
    expect(nearestStores(stores, DELHI_CP, 'IRCTC')).toEqual(nearestStores(stores, DELHI_CP, 'D'));
    expect(ids(nearestStores(stores, DELHI_CP, 'IRCTC'))).toEqual([2]);
  });
});

describe('nearestStores: takeaway', () => {
  it('lists stores within 30 km regardless of their delivery radius, at most 3, nearest first', () => {
    const stores = [
      makeStoreAt(25, { id: 1, deliveryRadiusKm: 1 }),
      makeStoreAt(31, { id: 2, deliveryRadiusKm: 50 }), // beyond the search radius
      makeStoreAt(10, { id: 3, deliveryRadiusKm: 1 }),
    ];
    expect(ids(nearestStores(stores, DELHI_CP, 'T'))).toEqual([3, 1]);
  });

  it('is capped at 3', () => {
    expect(ids(nearestStores(ladder(), DELHI_CP, 'T'))).toEqual([101, 102, 103]);
  });

  it('includes a store at just under 30 km and leaves out one just over', () => {
    const stores = [makeStoreAt(29.999, { id: 1 }), makeStoreAt(30.001, { id: 2 })];
    expect(ids(nearestStores(stores, DELHI_CP, 'T'))).toEqual([1]);
  });

  it('only stores offering takeaway', () => {
    const stores = [
      makeStoreAt(1, { id: 1, orderTypes: ['D'] }),
      makeStoreAt(2, { id: 2, orderTypes: ['T'] }),
    ];
    expect(ids(nearestStores(stores, DELHI_CP, 'T'))).toEqual([2]);
  });

  it('keeps offline stores', () => {
    expect(ids(nearestStores([makeStoreAt(1, { id: 1, online: false })], DELHI_CP, 'T'))).toEqual([1]);
  });

  it('is empty when nothing is within 30 km ("restaurant not found")', () => {
    expect(nearestStores([makeStoreAt(40)], DELHI_CP, 'T')).toEqual([]);
  });
});

describe('nearestStores: P, DINEIN and CURB', () => {
  it.each<DeliveryType>(['P', 'DINEIN', 'CURB'])('%s: within 30 km, at most 5, nearest first', (type) => {
    const far = makeStoreAt(35, { id: 999 });
    expect(ids(nearestStores([...ladder(), far], DELHI_CP, type))).toEqual([101, 102, 103, 104, 105]);
  });

  it.each<DeliveryType>(['P', 'DINEIN', 'CURB'])('%s: only stores offering that type', (type) => {
    const stores = [
      makeStoreAt(1, { id: 1, orderTypes: ['D', 'T'] }),
      makeStoreAt(2, { id: 2, orderTypes: [type as StoreOrderType] }),
      makeStoreAt(3, {
        id: 3,
        orderTypes: ['P', 'DINEIN', 'CURB'].filter((t) => t !== type) as StoreOrderType[],
      }),
    ];
    expect(ids(nearestStores(stores, DELHI_CP, type))).toEqual([2]);
  });

  it('ignores the delivery radius', () => {
    expect(ids(nearestStores([makeStoreAt(20, { id: 1, deliveryRadiusKm: 1 })], DELHI_CP, 'CURB'))).toEqual([
      1,
    ]);
  });

  it('keeps offline stores', () => {
    expect(ids(nearestStores([makeStoreAt(1, { id: 1, online: false })], DELHI_CP, 'DINEIN'))).toEqual([1]);
  });
});

describe('chooseStore', () => {
  const ranked = (...stores: TestStore[]): StoreWithDistance<TestStore>[] =>
    stores.map((store) => ({ store, distanceKm: distanceKm(DELHI_CP, store) }));

  it.each<[string, StoreWithDistance<TestStore>[], number | undefined]>([
    ['the nearest when it is online', ranked(makeStoreAt(1, { id: 1 }), makeStoreAt(2, { id: 2 })), 1],
    [
      'the nearest online one when nearer ones are offline',
      ranked(
        makeStoreAt(1, { id: 1, online: false }),
        makeStoreAt(2, { id: 2, online: false }),
        makeStoreAt(3, { id: 3 }),
      ),
      3,
    ],
    [
      'the nearest when all are offline',
      ranked(makeStoreAt(1, { id: 1, online: false }), makeStoreAt(2, { id: 2, online: false })),
      1,
    ],
    ['nothing from an empty list', [], undefined],
  ])('%s', (_, list, expected) => {
    expect(chooseStore(list)?.id).toBe(expected);
  });

  it('works on what nearestStores returns', () => {
    const stores = [makeStoreAt(1, { id: 1, online: false }), makeStoreAt(2, { id: 2 })];
    expect(chooseStore(nearestStores(stores, DELHI_CP, 'D'))).toBe(stores[1]);
  });
});

describe('cityStores', () => {
  const city = [
    makeStoreAt(3, { id: 30 }),
    makeStoreAt(50, { id: 10, deliveryRadiusKm: 1 }), // far, but in the city list all the same
    makeStoreAt(1, { id: 20, online: false }),
    makeStoreAt(2, { id: 40, orderTypes: ['T'] }),
  ];

  it('with a point: stores offering the type, nearest first, with distances', () => {
    const list = cityStores(city, 'D', DELHI_CP);
    expect(ids(list)).toEqual([20, 30, 10]);
    expect(list[0]?.distanceKm).toBeCloseTo(1, 9);
    expect(list[2]?.distanceKm).toBeCloseTo(50, 9);
  });

  it('without a point: by id, distance null', () => {
    const list = cityStores(city, 'D', undefined);
    expect(ids(list)).toEqual([10, 20, 30]);
    expect(list.map((r) => r.distanceKm)).toEqual([null, null, null]);
  });

  it.each<[DeliveryType, LatLngOrNone, number[]]>([
    ['T', 'point', [20, 40, 30, 10]],
    ['T', 'none', [10, 20, 30, 40]],
    ['IRCTC', 'none', [10, 20, 30]],
  ])('%s with %s', (type, where, expected) => {
    expect(ids(cityStores(city, type, where === 'point' ? DELHI_CP : undefined))).toEqual(expected);
  });

  it.each<[LatLngOrNone, number, number[]]>([
    ['point', 2, [20, 30]],
    ['none', 2, [10, 20]],
    ['point', 0, []],
  ])('limit: with %s, %d → %j', (where, limit, expected) => {
    expect(ids(cityStores(city, 'D', where === 'point' ? DELHI_CP : undefined, limit))).toEqual(expected);
  });

  it('lists at most 10 by default', () => {
    const many = Array.from({ length: 12 }, (_, i) => makeStoreAt(i + 1, { id: 12 - i }));
    expect(cityStores(many, 'D', undefined)).toHaveLength(10);
    expect(cityStores(many, 'D', DELHI_CP)).toHaveLength(10);
  });

  it('does not change the list it is given', () => {
    const stores = [...city];
    cityStores(stores, 'D', undefined);
    expect(ids(stores.map((store) => ({ store })))).toEqual([30, 10, 20, 40]);
  });
});

type LatLngOrNone = 'point' | 'none';

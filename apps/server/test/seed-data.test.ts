import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '@crust/domain/categories';
import { SURPRISE_GIFT_PRODUCT_CODE } from '@crust/domain/constants';
import { STORE_ORDER_TYPES } from '@crust/domain/delivery-types';
import { distanceKm } from '@crust/domain/geo';
import { isValidCutoff } from '@crust/domain/train';
import { CITIES } from '../src/db/seed/data/cities.ts';
import { LOCALITIES } from '../src/db/seed/data/localities.ts';
import { CATEGORIES, CRUSTS, PRODUCTS, SIZES, TOPPINGS } from '../src/db/seed/data/menu.ts';
import { OVERRIDES } from '../src/db/seed/data/overrides.ts';
import { OUTLETS, RAILWAY_STATIONS } from '../src/db/seed/data/railway.ts';
import { STATIONS } from '../src/db/seed/data/stations.ts';
import { STORES } from '../src/db/seed/data/stores.ts';

const MENU_IMG_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/public/menu-img');
const cityById = new Map(CITIES.map((c) => [c.id, c]));
const storeById = new Map(STORES.map((s) => [s.id, s]));
const toppingById = new Map(TOPPINGS.map((t) => [t.id, t]));
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** towns the chain serves for their railway station (issue 16): one restaurant by the station */
const STATION_TOWNS = new Set(['kanpur', 'bhopal', 'nagpur']);

function duplicates<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

describe('seed data: sizes of the data set', () => {
  it('has enough cities, localities, stores and products', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(8);
    expect(LOCALITIES.length).toBeGreaterThanOrEqual(300);
    expect(STORES.length).toBeGreaterThanOrEqual(40);
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(60);
  });
});

describe('seed data: cities and localities', () => {
  it('has unique city ids', () => {
    expect(duplicates(CITIES.map((c) => c.id))).toEqual([]);
  });

  it('has unique placeIds and names unique within a city', () => {
    expect(duplicates(LOCALITIES.map((l) => l.placeId))).toEqual([]);
    expect(duplicates(LOCALITIES.map((l) => `${l.cityId}/${l.name.toLowerCase()}`))).toEqual([]);
  });

  it('gives every city at least 25 localities (a station town at least 3)', () => {
    for (const city of CITIES) {
      const least = STATION_TOWNS.has(city.id) ? 3 : 25;
      expect(LOCALITIES.filter((l) => l.cityId === city.id).length, city.id).toBeGreaterThanOrEqual(least);
    }
  });

  it('places every locality in a known city, within 40 km of its centre, with a 6-digit PIN', () => {
    for (const l of LOCALITIES) {
      const city = cityById.get(l.cityId);
      expect(city, l.placeId).toBeDefined();
      if (!city) continue;
      expect(distanceKm(l, city), l.placeId).toBeLessThan(40);
      expect(l.postalCode, l.placeId).toMatch(/^[1-9]\d{5}$/);
      expect(l.placeId, l.placeId).toMatch(new RegExp(`^loc-${l.cityId}-[a-z0-9]+(-[a-z0-9]+)*$`));
      expect(l.district.length, l.placeId).toBeGreaterThan(0);
    }
  });

  it('has exactly one locality named pokhra (the app must filter it out)', () => {
    expect(LOCALITIES.filter((l) => /pokhra/i.test(l.name))).toHaveLength(1);
  });

  it('has the well-known localities tests rely on', () => {
    const has = (cityId: string, name: string): boolean =>
      LOCALITIES.some((l) => l.cityId === cityId && l.name === name);
    for (const name of ['Koramangala', 'Indiranagar', 'HSR Layout', 'Whitefield'])
      expect(has('bengaluru', name), name).toBe(true);
    for (const name of ['Connaught Place', 'Saket', 'Lajpat Nagar', 'Rohini Sector 3'])
      expect(has('delhi', name), name).toBe(true);
    for (const name of ['Bandra West', 'Andheri East', 'Powai']) expect(has('mumbai', name), name).toBe(true);
    for (const name of ['DLF Phase 1', 'Sector 29']) expect(has('gurugram', name), name).toBe(true);
  });
});

describe('seed data: stores', () => {
  it('has unique ids and unique coordinates', () => {
    expect(duplicates(STORES.map((s) => s.id))).toEqual([]);
    expect(duplicates(STORES.map((s) => `${s.latitude},${s.longitude}`))).toEqual([]);
  });

  it('gives every city at least 4 stores (a station town its station restaurant)', () => {
    for (const city of CITIES) {
      const least = STATION_TOWNS.has(city.id) ? 1 : 4;
      expect(STORES.filter((s) => s.cityId === city.id).length, city.id).toBeGreaterThanOrEqual(least);
    }
  });

  it('places every store in a known city, within 25 km of its centre and near a gazetteer locality', () => {
    for (const s of STORES) {
      const city = cityById.get(s.cityId);
      expect(city, String(s.id)).toBeDefined();
      if (!city) continue;
      expect(distanceKm(s, city), String(s.id)).toBeLessThan(25);
      const near = LOCALITIES.filter((l) => l.cityId === s.cityId).some((l) => distanceKm(l, s) < 3);
      expect(near, String(s.id)).toBe(true);
      expect(
        LOCALITIES.some((l) => l.cityId === s.cityId && l.name === s.locality),
        `${s.id} locality ${s.locality}`,
      ).toBe(true);
    }
  });

  it('has well-formed ids, hours, radius, phone and order types', () => {
    for (const s of STORES) {
      expect(String(s.id)).toMatch(/^\d{4}$/);
      expect(s.opensAt, String(s.id)).toMatch(HHMM);
      expect(s.closesAt, String(s.id)).toMatch(HHMM);
      expect(s.deliveryRadiusKm, String(s.id)).toBeGreaterThanOrEqual(3);
      expect(s.deliveryRadiusKm, String(s.id)).toBeLessThanOrEqual(7);
      expect(s.phone, String(s.id)).toMatch(/^0\d{2,3}-\d{3,4}-\d{3,4}$/);
      expect(s.orderTypes.length, String(s.id)).toBeGreaterThan(0);
      expect(duplicates(s.orderTypes), String(s.id)).toEqual([]);
      for (const t of s.orderTypes) expect(STORE_ORDER_TYPES as readonly string[], String(s.id)).toContain(t);
    }
  });

  it('gives every curbside (CURB) store its bays, and bays to no other store', () => {
    const withBays = new Set(STATIONS.map((b) => b.storeId));
    for (const s of STORES)
      expect(withBays.has(s.id), `${s.id} offers CURB: ${s.orderTypes.includes('CURB')}`).toBe(
        s.orderTypes.includes('CURB'),
      );
    expect(duplicates(STATIONS.map((b) => `${b.storeId}:${b.stationId}`))).toEqual([]);
    for (const b of STATIONS) {
      expect(Number.isInteger(b.stationId) && b.stationId > 0, `${b.storeId}:${b.stationId}`).toBe(true);
      expect(b.name.trim(), `${b.storeId}:${b.stationId}`).not.toBe('');
    }
    expect(STORES.filter((s) => !withBays.has(s.id)).length).toBeGreaterThan(0);
  });

  it('points advanceOrderStoreId at an existing online store of the same city', () => {
    for (const s of STORES) {
      if (s.advanceOrderStoreId === null) continue;
      const target = storeById.get(s.advanceOrderStoreId);
      expect(target, String(s.id)).toBeDefined();
      expect(target?.online, String(s.id)).toBe(true);
      expect(target?.cityId, String(s.id)).toBe(s.cityId);
      expect(target?.id, String(s.id)).not.toBe(s.id);
    }
  });

  it('has offline stores, most with an advance-order store, and online stores with one too', () => {
    const offline = STORES.filter((s) => !s.online);
    expect(offline.length).toBeGreaterThanOrEqual(4);
    expect(offline.filter((s) => s.advanceOrderStoreId !== null).length).toBeGreaterThanOrEqual(3);
    expect(STORES.filter((s) => s.online && s.advanceOrderStoreId !== null).length).toBeGreaterThanOrEqual(2);
  });

  it('makes store 1001 (Connaught Place) the default: online, 24 hours, every order type', () => {
    const s = storeById.get(1001);
    expect(s).toBeDefined();
    expect(s?.cityId).toBe('delhi');
    expect(s?.locality).toBe('Connaught Place');
    expect(s?.online).toBe(true);
    expect(s?.opensAt).toBe('00:00');
    expect(s?.closesAt).toBe('00:00');
    expect([...(s?.orderTypes ?? [])].sort()).toEqual(['CURB', 'D', 'DINEIN', 'P', 'T']);
  });

  it('makes store 3001 (Koramangala) online, 24 hours, every order type, 5 km radius', () => {
    const s = storeById.get(3001);
    expect(s).toBeDefined();
    expect(s?.cityId).toBe('bengaluru');
    expect(s?.locality).toBe('Koramangala');
    expect(s?.latitude).toBeCloseTo(12.9352, 3);
    expect(s?.longitude).toBeCloseTo(77.6245, 3);
    expect(s?.online).toBe(true);
    expect(s?.opensAt).toBe('00:00');
    expect(s?.closesAt).toBe('00:00');
    expect(s?.deliveryRadiusKm).toBe(5);
    expect([...(s?.orderTypes ?? [])].sort()).toEqual(['CURB', 'D', 'DINEIN', 'P', 'T']);
  });
});

describe('seed data: menu', () => {
  it('has every category of the SPEC §2 table with its slug', () => {
    for (const [id, slug] of Object.entries(CATEGORY_SLUGS)) {
      const category = CATEGORIES.find((c) => c.id === Number(id));
      expect(category, id).toBeDefined();
      expect(category?.slug, id).toBe(slug);
    }
    expect(duplicates(CATEGORIES.map((c) => c.id))).toEqual([]);
    expect(duplicates(CATEGORIES.map((c) => c.slug))).toEqual([]);
    expect(duplicates(CATEGORIES.map((c) => c.sortOrder))).toEqual([]);
  });

  it('has the crusts and sizes', () => {
    expect(CRUSTS.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(SIZES.map((s) => `${s.id}:${s.code}`)).toEqual(['1:R', '2:M', '3:L', '4:STD']);
  });

  it('has unique topping ids, and extra cheese (51) priced for R, M and L', () => {
    expect(duplicates(TOPPINGS.map((t) => t.id))).toEqual([]);
    const cheese = toppingById.get(51);
    expect(cheese?.foodType).toBe('VEG');
    expect(cheese?.prices).toMatchObject({ R: 45, M: 75, L: 95 });
    const sizeCodes = new Set(SIZES.map((s) => s.code));
    for (const t of TOPPINGS) {
      for (const [code, price] of Object.entries(t.prices)) {
        expect(sizeCodes.has(code), `${t.id} ${code}`).toBe(true);
        expect(price, `${t.id} ${code}`).toBeGreaterThan(0);
      }
    }
  });

  it('has unique product codes and existing images', () => {
    expect(duplicates(PRODUCTS.map((p) => p.code))).toEqual([]);
    for (const p of PRODUCTS) {
      expect(p.image, p.code).toBe(`${p.code.toLowerCase()}.svg`);
      expect(existsSync(resolve(MENU_IMG_DIR, p.image)), p.image).toBe(true);
    }
    expect(existsSync(resolve(MENU_IMG_DIR, 'placeholder.svg'))).toBe(true);
  });

  it('uses known categories, toppings, crusts and sizes', () => {
    const categoryIds = new Set(CATEGORIES.map((c) => c.id));
    const crustIds = new Set(CRUSTS.map((c) => c.id));
    const sizeIds = new Set(SIZES.map((s) => s.id));
    for (const p of PRODUCTS) {
      expect(p.categoryIds.length, p.code).toBeGreaterThan(0);
      for (const id of p.categoryIds) expect(categoryIds.has(id), `${p.code} category ${id}`).toBe(true);
      for (const id of p.defaultToppingIds) expect(toppingById.has(id), `${p.code} topping ${id}`).toBe(true);
      expect(p.variants.length, p.code).toBeGreaterThan(0);
      expect(duplicates(p.variants.map((v) => `${v.crustId}/${v.sizeId}`)), p.code).toEqual([]);
      for (const v of p.variants) {
        expect(crustIds.has(v.crustId), `${p.code} crust ${v.crustId}`).toBe(true);
        expect(sizeIds.has(v.sizeId), `${p.code} size ${v.sizeId}`).toBe(true);
        expect(v.price, p.code).toBeGreaterThan(0);
        if (v.regularPrice !== undefined) expect(v.regularPrice, p.code).toBeGreaterThan(v.price);
      }
      expect(p.description.length, p.code).toBeGreaterThan(10);
      expect(p.isBestseller, p.code).toBe(p.categoryIds.includes(1));
    }
  });

  it('gives veg products only veg default toppings', () => {
    for (const p of PRODUCTS.filter((x) => x.foodType === 'VEG')) {
      for (const id of p.defaultToppingIds)
        expect(toppingById.get(id)?.foodType, `${p.code} ${id}`).toBe('VEG');
    }
  });

  it('makes PIZ codes pizzas and everything else a single standard variant', () => {
    for (const p of PRODUCTS) {
      const isPizza = p.productType === 'PIZZA' || p.productType === 'PIZZA_MANIA';
      expect(p.code.startsWith('PIZ'), p.code).toBe(isPizza);
      expect(p.code, p.code).toMatch(/^(PIZ|SID|BEV|DES|CHK|CMB|PAS)\d{4}$/);
      if (p.productType === 'PIZZA') {
        expect(p.isCustomizable && !p.isReplaceable, p.code).toBe(true);
        expect(
          p.categoryIds.some((c) => c === 2 || c === 3),
          p.code,
        ).toBe(true);
        expect(p.variants.length, p.code).toBe(9);
      } else if (p.productType === 'PIZZA_MANIA') {
        expect(p.isCustomizable && p.isReplaceable, p.code).toBe(true);
        expect(p.categoryIds, p.code).toContain(20);
        expect(
          p.variants.map((v) => `${v.crustId}/${v.sizeId}`),
          p.code,
        ).toEqual(['5/1']);
        expect(p.defaultToppingIds.length, p.code).toBeGreaterThanOrEqual(1);
      } else {
        expect(p.isCustomizable, p.code).toBe(false);
        expect(p.defaultToppingIds, p.code).toEqual([]);
        expect(
          p.variants.map((v) => `${v.crustId}/${v.sizeId}`),
          p.code,
        ).toEqual(['6/4']);
      }
    }
  });

  it('fills every category with products', () => {
    const count = (id: number): number => PRODUCTS.filter((p) => p.categoryIds.includes(id)).length;
    expect(count(2)).toBeGreaterThanOrEqual(12);
    expect(count(3)).toBeGreaterThanOrEqual(9);
    expect(count(20)).toBeGreaterThanOrEqual(6);
    expect(count(4)).toBeGreaterThanOrEqual(8);
    expect(count(5)).toBeGreaterThanOrEqual(6);
    expect(count(26)).toBeGreaterThanOrEqual(5);
    expect(count(46)).toBeGreaterThanOrEqual(5);
    expect(count(50)).toBeGreaterThanOrEqual(5);
    expect(count(51)).toBeGreaterThanOrEqual(3);
    expect(count(71)).toBeGreaterThanOrEqual(3);
    expect(count(76)).toBeGreaterThanOrEqual(3);
    expect(
      PRODUCTS.filter((p) => p.categoryIds.includes(77) && p.code.startsWith('PIZ')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(count(1)).toBeGreaterThanOrEqual(8);
  });

  it("names a seeded dessert as the chain's surprise gift, sold and in stock at every seeded store", () => {
    const gift = PRODUCTS.find((p) => p.code === SURPRISE_GIFT_PRODUCT_CODE);
    expect(gift).toMatchObject({ name: 'Choco Lava Cake', productType: 'DESSERT' });
    const taken = OVERRIDES.filter(
      (o) => o.productCode === SURPRISE_GIFT_PRODUCT_CODE && (o.available === false || o.inStock === false),
    );
    expect(taken).toEqual([]);
  });
});

describe('seed data: overrides', () => {
  it('refers to existing stores and products, once per pair', () => {
    const codes = new Set(PRODUCTS.map((p) => p.code));
    for (const o of OVERRIDES) {
      expect(storeById.has(o.storeId), `${o.storeId}`).toBe(true);
      expect(codes.has(o.productCode), o.productCode).toBe(true);
    }
    expect(duplicates(OVERRIDES.map((o) => `${o.storeId}:${o.productCode}`))).toEqual([]);
  });

  it('never touches the test stores 1001 and 3001', () => {
    expect(OVERRIDES.filter((o) => o.storeId === 1001 || o.storeId === 3001)).toEqual([]);
  });

  it('prices regular pizzas ₹10 higher at every Mumbai store', () => {
    const mumbai = STORES.filter((s) => s.cityId === 'mumbai');
    const pizzas = PRODUCTS.filter((p) => p.productType === 'PIZZA');
    for (const s of mumbai) {
      for (const p of pizzas) {
        const o = OVERRIDES.find((x) => x.storeId === s.id && x.productCode === p.code);
        expect(o?.priceDelta, `${s.id} ${p.code}`).toBe(10);
      }
    }
    expect(OVERRIDES.filter((o) => o.inStock === false).length).toBeGreaterThanOrEqual(4);
    expect(OVERRIDES.filter((o) => o.available === false).length).toBeGreaterThanOrEqual(2);
  });
});

describe('seed data: railway stations and their restaurants (issue 16)', () => {
  const stationByCode = new Map(RAILWAY_STATIONS.map((st) => [st.code, st]));

  it('has unique Indian Railways codes, in a known city or none', () => {
    expect(duplicates(RAILWAY_STATIONS.map((st) => st.code))).toEqual([]);
    for (const st of RAILWAY_STATIONS) {
      expect(st.code, st.name).toMatch(/^[A-Z]{2,5}$/);
      if (st.cityId !== null) expect(cityById.has(st.cityId), st.code).toBe(true);
    }
  });

  it('ties each restaurant to a station once, near it (within 8 km), with a cut-off of 15–105 minutes', () => {
    expect(duplicates(OUTLETS.map((o) => `${o.storeId}/${o.stationCode}`))).toEqual([]);
    for (const o of OUTLETS) {
      const store = storeById.get(o.storeId);
      const station = stationByCode.get(o.stationCode);
      expect(store, `${o.storeId}`).toBeDefined();
      expect(station, o.stationCode).toBeDefined();
      expect(store!.online, `${o.storeId}`).toBe(true);
      expect(isValidCutoff(o.cutoffMinutes), `${o.storeId}`).toBe(true);
      expect(distanceKm(store!, station!), `${o.storeId} to ${o.stationCode}`).toBeLessThan(8);
      expect(store!.cityId).toBe(station!.cityId);
    }
  });

  it('serves every station in a Crust city, and the stops of the demo journeys between them not at all', () => {
    const served = new Set(OUTLETS.map((o) => o.stationCode));
    for (const st of RAILWAY_STATIONS) expect(served.has(st.code), st.code).toBe(st.cityId !== null);
    // the demo journey NDLS → MAS passes BPL, NGP and MAS, all served (sandbox PNR 2451234567)
    for (const code of ['NDLS', 'BPL', 'NGP', 'MAS', 'CNB']) expect(served.has(code), code).toBe(true);
  });

  it('keeps each station town’s restaurant open round the clock, as trains come at night', () => {
    for (const o of OUTLETS.filter((x) => STATION_TOWNS.has(storeById.get(x.storeId)!.cityId))) {
      const store = storeById.get(o.storeId)!;
      expect(store.opensAt, `${o.storeId}`).toBe(store.closesAt);
    }
  });
});

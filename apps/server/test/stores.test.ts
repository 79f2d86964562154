import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import {
  NearestStoreResponseSchema,
  StoreInfoResponseSchema,
  CityStoresResponseSchema,
} from '@crust/contract/stores';
import { STORES } from '../src/db/seed/data/stores.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const nearest = async (q: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.nearestStore}?${q}`, headers });
  expect(res.statusCode).toBe(200);
  return NearestStoreResponseSchema.parse(json(res));
};

describe('nearest store', () => {
  it('chooses the Koramangala store for a delivery to Koramangala', async () => {
    const res = await nearest(
      `orderDeliveryType=D&latitude=${KORAMANGALA.latitude}&longitude=${KORAMANGALA.longitude}`,
    );
    if (res.status !== 'SUCCESS') throw new Error(JSON.stringify(res));
    expect(res.data.store.id).toBe(3001);
    expect(res.data.store.distanceKm).toBeLessThan(0.5);
    expect(res.data.stores.length).toBeLessThanOrEqual(5);
    const distances = res.data.stores.map((s) => s.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(
      res.data.stores.every((s) => s.orderTypes.includes('D') && s.distanceKm! <= s.deliveryRadiusKm),
    ).toBe(true);
  });

  it('answers "We Do not Deliver Here" where no store delivers', async () => {
    // the middle of the Deccan plateau, far from every demo city
    const res = await nearest('orderDeliveryType=D&latitude=17.0&longitude=76.0');
    expect(res).toEqual({
      status: 'FAILED',
      errors: [{ code: 'NO_DELIVERY', displayMsg: 'We Do not Deliver Here' }],
    });
  });

  it('answers restaurant not found for a takeaway with no store within 30 km', async () => {
    const res = await nearest('orderDeliveryType=T&latitude=17.0&longitude=76.0');
    expect(res).toMatchObject({ status: 'FAILED', errors: [{ code: 'NO_STORE' }] });
  });

  it('offers at most 3 stores for takeaway, all within 30 km', async () => {
    const res = await nearest(
      `orderDeliveryType=T&latitude=${KORAMANGALA.latitude}&longitude=${KORAMANGALA.longitude}`,
    );
    if (res.status !== 'SUCCESS') throw new Error('expected stores');
    expect(res.data.stores.length).toBeGreaterThan(0);
    expect(res.data.stores.length).toBeLessThanOrEqual(3);
    expect(res.data.stores.every((s) => s.distanceKm! <= 30 && s.orderTypes.includes('T'))).toBe(true);
  });

  it('uses the deliveryType header when the query has none', async () => {
    const res = await nearest(`latitude=${KORAMANGALA.latitude}&longitude=${KORAMANGALA.longitude}`, {
      deliverytype: 'CURB',
    });
    if (res.status !== 'SUCCESS') throw new Error('expected stores');
    expect(res.data.stores.every((s) => s.orderTypes.includes('CURB'))).toBe(true);
  });

  it.each([
    ['latitude=abc&longitude=77', 'querystring.latitude'],
    ['latitude=12.9', 'querystring.longitude'],
    ['latitude=12.9&longitude=200', 'querystring.longitude'],
    ['latitude=12.9&longitude=77.6&orderDeliveryType=Z', 'querystring.orderDeliveryType'],
  ])('rejects %s with a 400 naming %s', async (q, field) => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.nearestStore}?${q}` });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('city stores', () => {
  it("lists a city's stores nearest first when a point is given", async () => {
    const res = CityStoresResponseSchema.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: `${fillPath(API_PATHS.cityStores, { city: 'bengaluru' })}?orderDeliveryType=T&latitude=12.9352&longitude=77.6245`,
        }),
      ),
    );
    if (res.status !== 'SUCCESS') throw new Error('expected stores');
    expect(res.data.stores[0]!.id).toBe(3001);
    expect(res.data.stores.every((s) => s.cityId === 'bengaluru')).toBe(true);
  });

  it('lists them without distances when no point is known', async () => {
    const res = json(
      await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.cityStores, { city: 'delhi' }) }),
    );
    expect(res.data.stores.length).toBeGreaterThan(0);
    expect(res.data.stores.every((s: { distanceKm: unknown }) => s.distanceKm === null)).toBe(true);
  });
});

describe('store info', () => {
  const info = async (storeId: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: { storeId } });
    return res;
  };

  it('answers an online store with its flags', async () => {
    const body = StoreInfoResponseSchema.parse(json(await info(3001)));
    expect(body).toMatchObject({ status: 'SUCCESS', data: { id: 3001, online: 1 }, errors: [] });
  });

  it('answers an offline store with online 0, its advance store and an offline message', async () => {
    const offline = STORES.find((s) => !s.online && s.advanceOrderStoreId !== null)!;
    const body = StoreInfoResponseSchema.parse(json(await info(offline.id)));
    expect(body.data).toMatchObject({
      id: offline.id,
      online: 0,
      advanceOrderStoreId: offline.advanceOrderStoreId,
    });
    expect(body.errors[0]!.displayMsg).toMatch(/offline/i);
  });

  it('answers 2.STORENA for a store that does not exist', async () => {
    const body = StoreInfoResponseSchema.parse(json(await info(999999)));
    expect(body).toMatchObject({ status: 'FAILED', data: null, errors: [{ code: '2.STORENA' }] });
    expect(body.errors[0]!.displayMsg).toBe(
      'Sorry, we are facing some temporary issues with the store selected. Please select a different store',
    );
  });

  it.each([['abc'], [-3], [1.5], [undefined]])('rejects storeId %j with a 400', async (storeId) => {
    const res = await info(storeId);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toMatch(/^body/);
  });
});

describe('the railway (issue 16)', () => {
  it('knows the seeded stations by code and the stores serving them, with their cut-offs', async () => {
    const railway = await t.app.deps.stores.railway();
    expect(railway.stations.get('NDLS')).toMatchObject({ name: 'New Delhi', cityId: 'delhi' });
    expect(railway.stations.get('AGC')).toMatchObject({ name: 'Agra Cantt', cityId: null });
    expect(railway.outlets).toContainEqual({
      storeId: 1001,
      stationCode: 'NDLS',
      cutoffMinutes: 45,
      prepaidOnly: true,
    });
    expect(railway.outlets.some((o) => o.stationCode === 'AGC')).toBe(false);
  });
});

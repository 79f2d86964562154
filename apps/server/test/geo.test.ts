import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import {
  AutocompleteResponseSchema,
  CitiesResponseSchema,
  CityLocalitiesResponseSchema,
  GeocodeResponseSchema,
} from '@crust/contract/geo';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('cities', () => {
  it('lists at least 8 cities with their store counts', async () => {
    const { data } = CitiesResponseSchema.parse(json(await get(API_PATHS.cities)));
    expect(data.cities.length).toBeGreaterThanOrEqual(8);
    expect(data.cities.map((c) => c.id)).toEqual(expect.arrayContaining(['delhi', 'bengaluru', 'mumbai']));
    expect(data.cities.every((c) => c.storeCount > 0)).toBe(true);
  });

  it('counts only stores offering the asked delivery type', async () => {
    const all = CitiesResponseSchema.parse(json(await get(API_PATHS.cities))).data.cities;
    const curb = CitiesResponseSchema.parse(json(await get(`${API_PATHS.cities}?delivery_type=CURB`))).data
      .cities;
    const total = (list: typeof all) => list.reduce((n, c) => n + c.storeCount, 0);
    expect(total(curb)).toBeGreaterThan(0);
    expect(total(curb)).toBeLessThan(total(all));
  });

  it('rejects an unknown delivery type', async () => {
    const res = await get(`${API_PATHS.cities}?delivery_type=ROCKET`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('querystring.delivery_type');
  });

  it("lists a city's localities, never one named pokhra", async () => {
    const res = await get(fillPath(API_PATHS.cityLocalities, { city: 'bengaluru' }));
    const body = CityLocalitiesResponseSchema.parse(json(res));
    if (body.status !== 'SUCCESS') throw new Error('expected SUCCESS');
    expect(body.data.localities.length).toBeGreaterThanOrEqual(25);
    expect(body.data.localities.map((l) => l.name)).toContain('Koramangala');
    for (const city of [
      'delhi',
      'gurugram',
      'noida',
      'mumbai',
      'pune',
      'bengaluru',
      'hyderabad',
      'chennai',
      'kolkata',
    ]) {
      const list = json(await get(fillPath(API_PATHS.cityLocalities, { city }))).data.localities as {
        name: string;
      }[];
      expect(list.some((l) => /pokhra/i.test(l.name))).toBe(false);
    }
  });

  it('finds a city by name as well as by id', async () => {
    const res = json(await get(fillPath(API_PATHS.cityLocalities, { city: 'Bengaluru' })));
    expect(res.status).toBe('SUCCESS');
  });

  it('answers an unknown city with a FAILED status', async () => {
    const res = json(await get(fillPath(API_PATHS.cityLocalities, { city: 'atlantis' })));
    expect(res).toMatchObject({ status: 'FAILED', errors: [{ code: 'CITY_NOT_FOUND' }] });
  });
});

describe('autocomplete', () => {
  const search = async (input: string, extra = '') =>
    AutocompleteResponseSchema.parse(
      json(await get(`${API_PATHS.autocomplete}?input=${encodeURIComponent(input)}${extra}`)),
    );

  it('ranks a name that starts with the query first', async () => {
    const res = await search('Koram');
    expect(res.status).toBe('OK');
    expect(res.predictions[0]!.mainText).toBe('Koramangala');
    expect(res.predictions[0]!.description).toContain('India');
  });

  it('is limited to 8 predictions', async () => {
    const res = await search('a');
    expect(res.predictions.length).toBeLessThanOrEqual(8);
  });

  it('matches PIN code prefixes', async () => {
    const res = await search('5600');
    expect(res.predictions.length).toBeGreaterThan(0);
    expect(res.predictions.every((p) => p.postalCode.startsWith('5600'))).toBe(true);
  });

  it('never suggests a locality named pokhra', async () => {
    const res = await search('pokhra');
    expect(res).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
  });

  it('prefers places near the given point among equal matches', async () => {
    const nearMumbai = await search('Sector', '&latitude=19.03&longitude=73.02');
    const nearDelhi = await search('Sector', '&latitude=28.57&longitude=77.32');
    expect(nearMumbai.predictions[0]!.city).not.toBe(nearDelhi.predictions[0]!.city);
  });

  it.each([
    ['', 'querystring.input'],
    ['   ', 'querystring.input'],
  ])('rejects input %j with a 400 naming %s', async (input, field) => {
    const res = await get(`${API_PATHS.autocomplete}?input=${encodeURIComponent(input)}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe(field);
  });

  it('rejects a latitude that is not a number', async () => {
    const res = await get(`${API_PATHS.autocomplete}?input=ko&latitude=north&longitude=77`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('querystring.latitude');
  });
});

describe('geocoding', () => {
  it('geocodes an autocomplete place id into SPEC §3 address fields', async () => {
    const [first] = (
      await (async () =>
        AutocompleteResponseSchema.parse(json(await get(`${API_PATHS.autocomplete}?input=Indiranagar`))))()
    ).predictions;
    const res = GeocodeResponseSchema.parse(
      json(await get(`${API_PATHS.geocode}?placeId=${first!.placeId}`)),
    );
    expect(res.status).toBe('OK');
    expect(res.results[0]).toMatchObject({ locality: 'Indiranagar', city: 'Bengaluru', country: 'IN' });
    expect(res.results[0]!.postal_code).toMatch(/^\d{6}$/);
  });

  it('geocodes free text', async () => {
    const res = GeocodeResponseSchema.parse(json(await get(`${API_PATHS.geocode}?address=Bandra%20West`)));
    expect(res.results[0]!.city).toBe('Mumbai');
  });

  it('answers ZERO_RESULTS for an unknown place id', async () => {
    const res = GeocodeResponseSchema.parse(json(await get(`${API_PATHS.geocode}?placeId=loc-nowhere`)));
    expect(res).toEqual({ status: 'ZERO_RESULTS', results: [] });
  });

  it('needs a place id or an address', async () => {
    const res = await get(API_PATHS.geocode);
    expect(res.statusCode).toBe(400);
  });

  it('reverse geocodes a point to the nearest locality, keeping the point', async () => {
    const res = GeocodeResponseSchema.parse(
      json(await get(`${API_PATHS.reverseGeocode}?latitude=12.9352&longitude=77.6245`)),
    );
    expect(res.results[0]).toMatchObject({ city: 'Bengaluru', latitude: 12.9352, longitude: 77.6245 });
  });

  it('finds nothing outside India', async () => {
    const res = GeocodeResponseSchema.parse(
      json(await get(`${API_PATHS.reverseGeocode}?latitude=51.5&longitude=-0.12`)),
    );
    expect(res.status).toBe('ZERO_RESULTS');
  });

  it('rejects a latitude beyond 90', async () => {
    const res = await get(`${API_PATHS.reverseGeocode}?latitude=91&longitude=77`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('querystring.latitude');
  });
});

import { describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '../src/paths.ts';
import { CONSOLE_PATHS } from '../src/console-paths.ts';
import { IdParam, LatitudeParam, LongitudeParam, RequestHeadersSchema } from '../src/common.ts';
import { GeocodeQuerySchema } from '../src/geo.ts';
import { NearestStoreQuerySchema } from '../src/stores.ts';

describe('paths', () => {
  it('are unique and all under /api/v1', () => {
    const paths = [...Object.values(API_PATHS), ...Object.values(CONSOLE_PATHS)];
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith('/api/v1/')).toBe(true);
  });

  it.each([
    [API_PATHS.menu, { storeId: 3001 }, '/api/v1/stores/3001/menu'],
    [API_PATHS.cityStores, { city: 'new delhi' }, '/api/v1/cities/new%20delhi/stores'],
  ])('fillPath(%s)', (path, params, expected) => {
    expect(fillPath(path, params)).toBe(expected);
  });

  it('refuses to leave a parameter unfilled', () => {
    expect(() => fillPath(API_PATHS.menu, {})).toThrow(/storeId/);
  });
});

describe('query numbers', () => {
  it.each([
    ['12.9352', true],
    ['-33.5', true],
    ['90', true],
    ['90.01', false],
    ['', false],
    ['abc', false],
    ['1e3', false],
    [' 12.5 ', true],
  ])('latitude %j accepted: %s', (value, ok) => {
    expect(LatitudeParam.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['180', true],
    ['-180.0001', false],
  ])('longitude %j accepted: %s', (value, ok) => {
    expect(LongitudeParam.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['3001', 3001],
    ['0', 0],
  ])('id %j parses to %d', (value, n) => {
    expect(IdParam.parse(value)).toBe(n);
  });

  it.each(['-1', '1.5', 'null', '', '1234567890'])('id %j is rejected', (value) => {
    expect(IdParam.safeParse(value).success).toBe(false);
  });
});

describe('schemas', () => {
  it('needs a latitude and a longitude for the nearest store, and a known order type', () => {
    expect(NearestStoreQuerySchema.safeParse({ latitude: '12.9', longitude: '77.6' }).success).toBe(true);
    expect(NearestStoreQuerySchema.safeParse({ latitude: '12.9' }).success).toBe(false);
    expect(
      NearestStoreQuerySchema.safeParse({ latitude: '1', longitude: '1', orderDeliveryType: 'X' }).success,
    ).toBe(false);
  });

  it('geocodes by place id or address, not neither', () => {
    expect(GeocodeQuerySchema.safeParse({ placeId: 'loc-x' }).success).toBe(true);
    expect(GeocodeQuerySchema.safeParse({ address: 'Powai' }).success).toBe(true);
    expect(GeocodeQuerySchema.safeParse({}).success).toBe(false);
  });

  it('keeps unknown headers and checks the ones with meaning', () => {
    expect(
      RequestHeadersSchema.safeParse({ 'x-anything': '1', deliverytype: 'CURB', u_lat: '12.9' }).success,
    ).toBe(true);
    expect(RequestHeadersSchema.safeParse({ deliverytype: 'BOAT' }).success).toBe(false);
    expect(RequestHeadersSchema.safeParse({ u_long: 'east' }).success).toBe(false);
  });
});

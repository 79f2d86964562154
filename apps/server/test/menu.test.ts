import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { MenuResponseSchema, ToppingsResponseSchema, type Menu } from '@crust/contract/menu';
import { CATEGORY_SLUGS } from '@crust/domain/categories';
import { OVERRIDES } from '../src/db/seed/data/overrides.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const menuUrl = (storeId: number | string) => fillPath(API_PATHS.menu, { storeId });
const getMenu = async (storeId: number): Promise<Menu> => {
  const res = await t.app.inject({ method: 'GET', url: menuUrl(storeId) });
  expect(res.statusCode).toBe(200);
  return MenuResponseSchema.parse(json(res)).data;
};

describe('menu per store', () => {
  it('has the SPEC §2 categories with their slugs, and at least 60 products', async () => {
    const menu = await getMenu(3001);
    expect(menu.products.length).toBeGreaterThanOrEqual(60);
    for (const c of menu.categories) {
      const known = (CATEGORY_SLUGS as Record<number, string>)[c.categoryId];
      if (known) expect(c.slug).toBe(known);
    }
    const ids = menu.categories.map((c) => c.categoryId);
    for (const id of [1, 2, 3, 4, 5, 20, 26, 46, 50]) expect(ids).toContain(id);
  });

  it('lists each product once and each category without duplicates', async () => {
    const menu = await getMenu(3001);
    const codes = menu.products.map((p) => p.menuCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of menu.categories) expect(new Set(c.data).size).toBe(c.data.length);
    for (const c of menu.categories) for (const code of c.data) expect(codes).toContain(code);
  });

  it('gives the bestseller list and pizzas with crust x size variants', async () => {
    const menu = await getMenu(3001);
    expect(menu.bestsellers.length).toBeGreaterThan(0);
    expect(menu.categories.find((c) => c.categoryId === 1)!.data).toEqual(menu.bestsellers);
    const pizza = menu.products.find((p) => p.productType === 'PIZZA')!;
    expect(pizza.menuCode.startsWith('PIZ')).toBe(true);
    expect(new Set(pizza.variants.map((v) => v.crustId)).size).toBeGreaterThan(1);
    expect(new Set(pizza.variants.map((v) => v.sizeId)).size).toBeGreaterThan(1);
    expect(pizza.price.currentPrice).toBe(Math.min(...pizza.variants.map((v) => v.price)));
    expect(pizza.taxation.gstRatePercent).toBe(5);
    expect(pizza.mediaList[0]!.url).toMatch(/^\/menu-img\/.+\.svg$/);
  });

  it('applies store-specific prices and availability', async () => {
    const priced = OVERRIDES.find((o) => (o.priceDelta ?? 0) !== 0 && o.available !== false)!;
    const hidden = OVERRIDES.find((o) => o.available === false)!;
    const chain = await getMenu(1001);
    const store = await getMenu(priced.storeId);
    const a = chain.products.find((p) => p.menuCode === priced.productCode)!;
    const b = store.products.find((p) => p.menuCode === priced.productCode)!;
    expect(b.variants[0]!.price - a.variants[0]!.price).toBe(Math.round(priced.priceDelta! * 100));
    const hiddenMenu = await getMenu(hidden.storeId);
    expect(hiddenMenu.products.map((p) => p.menuCode)).not.toContain(hidden.productCode);
  });

  it('marks out-of-stock products', async () => {
    const oos = OVERRIDES.find((o) => o.inStock === false && o.available !== false)!;
    const menu = await getMenu(oos.storeId);
    expect(menu.products.find((p) => p.menuCode === oos.productCode)!.inStock).toBe(false);
  });
});

describe('ETag and 304 (SPEC §8: 304 is special)', () => {
  it('answers 304 with no body when the ETag matches, 200 when it does not', async () => {
    const first = await t.app.inject({ method: 'GET', url: menuUrl(3001) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: menuUrl(3001),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await t.app.inject({
      method: 'GET',
      url: menuUrl(3001),
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: menuUrl(3001),
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('gives different stores with different prices different ETags', async () => {
    const store = OVERRIDES.find((o) => (o.priceDelta ?? 0) !== 0)!.storeId;
    const a = await t.app.inject({ method: 'GET', url: menuUrl(1001) });
    const b = await t.app.inject({ method: 'GET', url: menuUrl(store) });
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('serves the same body brotli and gzip compressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: menuUrl(3001) });
    const gz = await t.app.inject({
      method: 'GET',
      url: menuUrl(3001),
      headers: { 'accept-encoding': 'gzip' },
    });
    const br = await t.app.inject({
      method: 'GET',
      url: menuUrl(3001),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });
});

describe('unknown stores (SPEC §8 HTTP handling)', () => {
  it('answers 403 for a store id that does not exist, so the client falls back to the default store', async () => {
    const res = await t.app.inject({ method: 'GET', url: menuUrl(987654) });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'STORE_NOT_AVAILABLE' }] });
  });

  it.each(['null', 'undefined', 'abc'])('answers 404 for a %s store', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: menuUrl(id) });
    expect(res.statusCode).toBe(404);
    expect(json(res).errors[0].code).toBe('STORE_NOT_FOUND');
  });
});

describe('toppings per store', () => {
  it('prices veg and non-veg toppings per size and carries extra cheese as item 51', async () => {
    const res = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.toppings, { storeId: 3001 }) });
    const { data } = ToppingsResponseSchema.parse(json(res));
    expect(data.extraCheese.toppingId).toBe(51);
    expect(data.extraCheese.prices.length).toBeGreaterThanOrEqual(3);
    expect(data.toppings.some((x) => x.type === 0)).toBe(true);
    expect(data.toppings.some((x) => x.type === 1)).toBe(true);
    expect(data.toppings.map((x) => x.toppingId)).not.toContain(51);
    const veg = data.toppings.find((x) => x.foodType === 'VEG')!;
    const [small, , large] = veg.prices;
    expect(large!.price).toBeGreaterThan(small!.price);
  });

  it('answers 304 on a matching ETag', async () => {
    const url = fillPath(API_PATHS.toppings, { storeId: 3001 });
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

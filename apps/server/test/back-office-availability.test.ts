import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageResponseSchema } from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { MenuResponseSchema } from '@crust/contract/menu';
import {
  AdminProductResponseSchema,
  AvailabilityListResponseSchema,
  AvailabilityResponseSchema,
  ChainRulesResponseSchema,
  PriceListResponseSchema,
  type AdminProduct,
} from '@crust/contract/menu-admin';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { seedDemoData } from '../src/db/seed/index.ts';
import { CRUST, SIZE } from './cart-support.ts';
import { json } from './helpers.ts';
import { errorOf as oneError, staffLogins, type StaffLogin } from './staff-logins.ts';
import { createOrderApp } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * Issue 30 §2: which stores sell a product at all, from the back office. The chain admin anywhere, a regional
 * manager the stores of their cities; store managers and staff never (they mark a product out of stock). A save
 * names the version read (409 STALE otherwise, one of two parallel saves kept); the store's menu follows at once;
 * every change is in the change log; a later seed keeps it. Stores 1001 and 1003 are in Delhi, 2001 in Mumbai.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { logIn, newLogin: makeLogin } = staffLogins(() => t, '10.72');
type Login = StaffLogin;
const errorOf = oneError;
const newLogin = makeLogin;
async function ok<T>(res: Promise<{ statusCode: number; body: string }>, schema: { parse(x: unknown): T }) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return schema.parse(json(r));
}

let admin: Login;
let serial = 0;
const unique = (stem: string) => `${stem}${Date.now().toString(36).slice(-4)}${++serial}`;
beforeAll(async () => {
  admin = await logIn('chainadmin', 'pizza-admin');
});

const menuCodes = async (storeId: number): Promise<string[]> => {
  const res = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId }) });
  expect(res.statusCode, res.body).toBe(200);
  return MenuResponseSchema.parse(json(res)).data.products.map((p) => p.menuCode);
};
const storesPath = (productCode: string) => fillPath(CONSOLE_PATHS.menuProductStores, { productCode });
const storePath = (productCode: string, storeId: number) =>
  fillPath(CONSOLE_PATHS.menuProductStore, { productCode, storeId });
const setAt = (by: Login, code: string, storeId: number, body: object) =>
  by.call('PUT', storePath(code, storeId), body);
async function storesOf(by: Login, code: string) {
  return (await ok(by.call('GET', storesPath(code)), AvailabilityListResponseSchema)).data.stores;
}
async function at(by: Login, code: string, storeId: number) {
  const s = (await storesOf(by, code)).find((x) => x.storeId === storeId);
  if (!s) throw new Error(`store ${storeId} not listed`);
  return s;
}

let codes = 940;
/** A published pizza, one regular hand tossed, with its nutrition. */
async function published(extra: object = {}): Promise<AdminProduct> {
  const code = `PIZ${String(++codes).padStart(4, '0')}`;
  const product = async (res: Promise<{ statusCode: number; body: string }>) =>
    (await ok(res, AdminProductResponseSchema)).data.product;
  await product(
    admin.call('POST', CONSOLE_PATHS.menuProducts, {
      code,
      name: `Availability pizza ${code}`,
      foodType: 'VEG',
      productType: 'PIZZA',
      categoryIds: [2],
      ...extra,
    }),
  );
  await product(
    admin.call('POST', fillPath(CONSOLE_PATHS.menuProductVariants, { productCode: code }), {
      crustId: CRUST.HAND_TOSSED,
      sizeId: SIZE.R,
      pricePaise: 23_900,
    }),
  );
  const ready = await product(
    admin.call('PUT', fillPath(CONSOLE_PATHS.menuNutrition, { productCode: code, sizeId: SIZE.R }), {
      servingSizeG: 250,
      energyKcal: 640,
      proteinG: 26,
      carbohydrateG: 80,
      sugarG: 9,
      fatG: 22,
      sodiumMg: 1250,
      allergens: ['GLUTEN', 'MILK'],
    }),
  );
  return product(
    admin.call('POST', fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: code }), {
      version: ready.version,
      status: 'PUBLISHED',
    }),
  );
}

describe('a product on or off at a store', () => {
  it('off at one store: gone from its menu at once, other stores keep it; back on with the version read', async () => {
    const p = await published();
    expect(await menuCodes(2001)).toContain(p.code); // cached now
    const before = await at(admin, p.code, 2001);
    expect(before).toMatchObject({ available: true, inStock: true, version: null, cityId: 'mumbai' });

    const off = await ok(setAt(admin, p.code, 2001, { available: false }), AvailabilityResponseSchema);
    expect(off.data.store).toMatchObject({ storeId: 2001, available: false, version: 1 });
    expect(await menuCodes(2001)).not.toContain(p.code);
    expect(await menuCodes(1001)).toContain(p.code);

    const on = await ok(
      setAt(admin, p.code, 2001, { version: 1, available: true }),
      AvailabilityResponseSchema,
    );
    expect(on.data.store).toMatchObject({ available: true, version: 2 });
    expect(await menuCodes(2001)).toContain(p.code);

    const log = await ok(
      admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=product&entityId=${p.code}&storeId=2001`),
      AuditPageResponseSchema,
    );
    expect(
      log.data.events
        .filter((e) => e.action === 'product.availability')
        .map((e) => [e.storeId, e.before, e.after]),
    ).toEqual([
      [2001, { available: false }, { available: true }],
      [2001, { available: true }, { available: false }],
    ]);
  });

  it('a stale version, a missing one for a store that has its own setting, bad input and a retired product save nothing', async () => {
    const p = await published();
    await ok(setAt(admin, p.code, 1005, { available: false }), AvailabilityResponseSchema);
    for (const body of [{ available: true }, { version: 7, available: true }]) {
      const res = await setAt(admin, p.code, 1005, body);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(body)).toEqual([409, 'STALE']);
    }
    const fresh = await setAt(admin, p.code, 1006, { version: 1, available: false });
    expect([fresh.statusCode, errorOf(fresh).code]).toEqual([409, 'STALE']);
    for (const body of [{}, { available: 'no' }, { version: 1, available: true, extra: 1 }]) {
      const res = await setAt(admin, p.code, 1005, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await setAt(admin, 'PIZ0999', 1005, { available: false });
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, 'NOT_FOUND']);
    expect(await at(admin, p.code, 1005)).toMatchObject({ available: false, version: 1 });
    expect(await at(admin, p.code, 1006)).toMatchObject({ available: true, version: null });
    expect(await menuCodes(1005)).not.toContain(p.code);
    expect(await menuCodes(1006)).toContain(p.code);

    const retired = await ok(
      admin.call('POST', fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: p.code }), {
        version: p.version,
        status: 'RETIRED',
      }),
      AdminProductResponseSchema,
    );
    expect(retired.data.product.status).toBe('RETIRED');
    const res = await setAt(admin, p.code, 1005, { version: 1, available: true });
    expect([res.statusCode, errorOf(res).code]).toEqual([409, 'RETIRED']);
  });

  it('two saves at once on one version, or two first saves of one store: one is kept, the other told to reload', async () => {
    const p = await published();
    const first = await Promise.all([
      setAt(admin, p.code, 1002, { available: false }),
      setAt(admin, p.code, 1002, { available: true }),
    ]);
    expect(first.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = AvailabilityResponseSchema.parse(json(first.find((r) => r.statusCode === 200)!)).data.store;
    expect(errorOf(first.find((r) => r.statusCode === 409)!).code).toBe('STALE');
    expect(await at(admin, p.code, 1002)).toMatchObject({ available: kept.available, version: 1 });

    const second = await Promise.all(
      [true, false, true, false].map((available) => setAt(admin, p.code, 1002, { version: 1, available })),
    );
    expect(second.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const won = AvailabilityResponseSchema.parse(json(second.find((r) => r.statusCode === 200)!)).data.store;
    expect(await at(admin, p.code, 1002)).toMatchObject({ available: won.available, version: 2 });
    expect((await menuCodes(1002)).includes(p.code)).toBe(won.available);

    const log = await ok(
      admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=product&entityId=${p.code}&storeId=1002`),
      AuditPageResponseSchema,
    );
    expect(log.data.events.filter((e) => e.action === 'product.availability')).toHaveLength(2);
  });
});

describe('who may switch a product on or off at a store', () => {
  it('a regional manager their cities’ stores only; store managers (even allowed store prices) and staff never', async () => {
    const p = await published();
    const regional = await newLogin(admin, {
      username: unique('delhi.rm'),
      name: 'Delhi RM',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    const listed = await storesOf(regional, p.code);
    expect(listed.length).toBeGreaterThan(1);
    expect(new Set(listed.map((s) => s.cityId))).toEqual(new Set(['delhi']));
    expect((await storesOf(admin, p.code)).length).toBeGreaterThan(listed.length);

    await ok(setAt(regional, p.code, 1003, { available: false }), AvailabilityResponseSchema);
    expect(await menuCodes(1003)).not.toContain(p.code);
    for (const storeId of [2001, 999_999]) {
      const res = await setAt(regional, p.code, storeId, { available: false });
      expect([res.statusCode, errorOf(res).code], String(storeId)).toEqual([404, 'NOT_FOUND']);
    }

    const manager = await logIn('store1001', 'pizza1001');
    const staffer = await newLogin(manager, {
      username: unique('cp.crew'),
      name: 'Crew',
      role: 'STAFF',
      storeId: 1001,
    });
    const refusedAll = async () => {
      for (const who of [manager, staffer]) {
        const put = await setAt(who, p.code, 1001, { available: false });
        expect([put.statusCode, errorOf(put).code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
        const get = await who.call('GET', storesPath(p.code));
        expect([get.statusCode, errorOf(get).code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
      }
    };
    await refusedAll();
    // a store manager allowed their own prices passes the `prices` guard, and is still refused
    const rules = await ok(admin.call('GET', CONSOLE_PATHS.chainRules), ChainRulesResponseSchema);
    const on = await ok(
      admin.call('PUT', CONSOLE_PATHS.chainRules, { version: rules.data.version, storePrices: true }),
      ChainRulesResponseSchema,
    );
    try {
      await refusedAll();
    } finally {
      await ok(
        admin.call('PUT', CONSOLE_PATHS.chainRules, { version: on.data.version, storePrices: false }),
        ChainRulesResponseSchema,
      );
    }
    const anon = await t.app.inject({
      method: 'PUT',
      url: storePath(p.code, 1001),
      payload: { available: false },
    });
    expect(anon.statusCode).toBe(401);
    expect(await menuCodes(1001)).toContain(p.code);
    expect(await menuCodes(2001)).toContain(p.code);
  });
});

describe('where a new product is sold', () => {
  it('sold only where priced, priced for Delhi, off at one Delhi store: only Delhi’s other stores sell it', async () => {
    const p = await published({ pricedOnly: true });
    await ok(
      admin.call('POST', CONSOLE_PATHS.priceList, {
        scope: { cityId: 'delhi' },
        entries: [{ variantCode: p.variants[0]!.code, pricePaise: 25_900 }],
      }),
      PriceListResponseSchema,
    );
    await ok(setAt(admin, p.code, 1004, { available: false }), AvailabilityResponseSchema);
    expect(await menuCodes(1001)).toContain(p.code);
    expect(await menuCodes(1004)).not.toContain(p.code);
    expect(await menuCodes(2001)).not.toContain(p.code);
  });

  it('a later seed (a deploy with changed data) keeps which stores sell what', async () => {
    const p = await published();
    await ok(setAt(admin, p.code, 2002, { available: false }), AvailabilityResponseSchema);
    await t.database.db.execute(sql`delete from seed_runs`);
    expect((await seedDemoData(t.database.db)).applied).toBe(true);
    expect(await at(admin, p.code, 2002)).toMatchObject({ available: false, version: 1 });
  });
});

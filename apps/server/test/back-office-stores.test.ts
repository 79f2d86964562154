import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPageResponseSchema,
  StoreSettingsResponseSchema,
  type StoreSettings,
} from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { NearestStoreResponseSchema, StoreInfoResponseSchema } from '@crust/contract/stores';
import { STORE_SETTINGS_TEXTS as T } from '../src/modules/stores/settings.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { newGuest } from './cart-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { staffClient } from './tracking-support.ts';

/**
 * Issue 30 §4: a store's phone, hours, delivery radius, advance-order store and ways to pay, changed from the back
 * office, reach customers at once; stale saves and bad values are refused with nothing saved; every change is logged.
 * Koramangala is store 3001 (Bengaluru); Delhi's stores are 10xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { body: string }) =>
  json<{ errors: { code: string; displayMsg: string; field?: string }[] }>(res).errors[0]!;
const settingsPath = (storeId: number) => fillPath(CONSOLE_PATHS.storeSettings, { storeId });
const managers = new Map<number, ReturnType<typeof staffClient>>();
/** One login per store for the file: the login route is rate limited, as it should be. */
const manager = (storeId: number) => {
  let m = managers.get(storeId);
  if (!m)
    managers.set(
      storeId,
      (m = staffClient(t as unknown as GatewayTestApp, `store${storeId}`, `pizza${storeId}`)),
    );
  return m;
};

async function read(storeId: number): Promise<StoreSettings> {
  const m = await manager(storeId);
  const res = await m.call('GET', settingsPath(storeId));
  expect(res.statusCode, res.body).toBe(200);
  return StoreSettingsResponseSchema.parse(json(res)).data;
}
async function save(storeId: number, body: object) {
  const m = await manager(storeId);
  return m.call('PATCH', settingsPath(storeId), body);
}

describe("a store's settings", () => {
  it('are read by its manager, not by another store’s manager', async () => {
    const s = await read(1001);
    expect(s).toMatchObject({ storeId: 1001, cityId: 'delhi', version: 1 });
    expect(s.paymentOptions.map((o) => o.methodCode)).toContain('UPI_WALLET');
    expect(s.advanceStoreChoices.every((c) => c.id !== 1001 && c.id < 1100)).toBe(true);
    const other = await manager(1002);
    expect((await other.call('GET', settingsPath(1001))).statusCode).toBe(404);
  });

  it('a smaller delivery radius takes a street out of the store’s area at once', async () => {
    const koramangala = { latitude: 12.9352, longitude: 77.6245 };
    // about 2 km north of the store
    const q = `orderDeliveryType=D&latitude=${koramangala.latitude + 0.018}&longitude=${koramangala.longitude}`;
    const nearestIds = async () => {
      const res = NearestStoreResponseSchema.parse(
        json(await t.app.inject({ method: 'GET', url: `${API_PATHS.nearestStore}?${q}` })),
      );
      return res.status === 'SUCCESS' ? res.data.stores.map((s) => s.id) : [];
    };
    expect(await nearestIds()).toContain(3001);
    const before = await read(3001);
    const res = await save(3001, { version: before.version, deliveryRadiusM: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await nearestIds()).not.toContain(3001);
    await save(3001, { version: before.version + 1, deliveryRadiusM: before.deliveryRadiusM });
  });

  it('new hours and phone show in the store’s info at once; a way to pay switched off is offered no more', async () => {
    const before = await read(1003);
    const res = await save(1003, {
      version: before.version,
      week: Array.from({ length: 7 }, () => ({ opensAt: '10:30', closesAt: '01:00' })),
      phone: '011-4000-1003',
      paymentOptions: [{ methodCode: 'UPI_WALLET', enabled: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = StoreSettingsResponseSchema.parse(json(res)).data;
    expect(after).toMatchObject({ phone: '011-4000-1003', version: 2 });
    expect(after.week).toEqual(Array.from({ length: 7 }, () => ({ opensAt: '10:30', closesAt: '01:00' })));
    const info = StoreInfoResponseSchema.parse(
      json(await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: { storeId: 1003 } })),
    );
    expect(info.data).toMatchObject({
      store: { opensAt: '10:30 AM', closesAt: '1:00 AM', phone: '011-4000-1003' },
    });
    const guest = await newGuest(t);
    const options = PaymentOptionsResponseSchema.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: fillPath(API_PATHS.paymentOptions, { storeId: 1003 }),
          headers: guest.headers,
        }),
      ),
    );
    if (options.status !== 'SUCCESS') throw new Error('no options');
    expect(options.data.options.find((o) => o.methodCode === 'UPI_WALLET')?.status ?? 'D').toBe('D');
  });

  it.each([
    [{ advanceOrderStoreId: 1001 }, 'BAD_ADVANCE_STORE', 'body.advanceOrderStoreId', T.advanceSelf],
    [{ advanceOrderStoreId: 3001 }, 'BAD_ADVANCE_STORE', 'body.advanceOrderStoreId', T.advanceElsewhere],
    [
      { paymentOptions: [{ methodCode: 'BITCOIN', enabled: true }] },
      'UNKNOWN_METHOD',
      'body.paymentOptions',
      T.unknownMethod,
    ],
    [{ deliveryRadiusM: -5 }, 'BAD_REQUEST', 'body.deliveryRadiusM', undefined],
    [
      { week: [{ opensAt: '25:00', closesAt: '01:00' }, null, null, null, null, null, null] },
      'BAD_REQUEST',
      'body.week.0.opensAt',
      undefined,
    ],
    [{ week: [null, null] }, 'BAD_REQUEST', 'body.week', undefined],
    [{ phone: 'call us' }, 'BAD_REQUEST', 'body.phone', undefined],
  ])('refuses %j (%s on %s) and saves nothing', async (change, code, field, text) => {
    const before = await read(1001);
    const res = await save(1001, { version: before.version, phone: '011-9999-0000', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, field, ...(text ? { displayMsg: text } : {}) });
    expect(await read(1001)).toEqual(before);
  });

  it('refuses switching off every way to pay, and keeps the rest of the change out', async () => {
    const before = await read(1004);
    const res = await save(1004, {
      version: before.version,
      phone: '011-1111-2222',
      paymentOptions: before.paymentOptions.map((o) => ({ methodCode: o.methodCode, enabled: false })),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'NO_METHOD_LEFT', displayMsg: T.noMethodLeft });
    expect(await read(1004)).toEqual(before);
  });

  it('two saves made on the same version: one wins, the other is told to reload', async () => {
    const before = await read(1005);
    const [x, y] = await Promise.all([
      save(1005, { version: before.version, phone: '011-5555-0001' }),
      save(1005, { version: before.version, phone: '011-5555-0002' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const loser = [x, y].find((r) => r.statusCode === 409)!;
    expect(errorOf(loser)).toMatchObject({ code: 'STALE', displayMsg: T.stale });
    const winner = StoreSettingsResponseSchema.parse(json([x, y].find((r) => r.statusCode === 200)!)).data;
    expect((await read(1005)).phone).toBe(winner.phone);
  });

  it('every change is in the change log with the settings before and after', async () => {
    const before = await read(1006);
    await save(1006, { version: before.version, deliveryRadiusM: 4000 });
    const m = await manager(1006);
    const log = AuditPageResponseSchema.parse(
      json(await m.call('GET', `${CONSOLE_PATHS.auditLog}?entity=store&entityId=1006`)),
    ).data.events;
    expect(log[0]).toMatchObject({
      action: 'store.settings',
      storeId: 1006,
      before: { deliveryRadiusM: before.deliveryRadiusM, version: before.version },
      after: { deliveryRadiusM: 4000, version: before.version + 1 },
    });
  });
});

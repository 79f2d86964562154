import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInput } from '@crust/contract/account';
import {
  AuditPageResponseSchema,
  StoreSettingsResponseSchema,
  type StoreSettings,
} from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { NearestStoreResponseSchema, StoreInfoResponseSchema, type Store } from '@crust/contract/stores';
import { MESSAGES } from '@crust/domain/messages';
import { dayName } from '@crust/domain/store-open';
import { dateOfDay, istDayNumber, weekdayOf } from '@crust/domain/store-hours';
import { STORE_SETTINGS_TEXTS as T } from '../src/modules/stores/settings.ts';
import { json } from './helpers.ts';
import { errorsOf as allErrors, staffLogins, type StaffLogin } from './staff-logins.ts';
import { CP_ADDRESS, freshMobile, newGuest, orderClient } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { DAY, HOUR, nextIst, settableClock } from './test-clock.ts';

/**
 * Issue 30 §4: a store's week, holidays and delivery area, changed from the back office, reach the customer's store
 * calls, the closed-store text, the advance slots, location matching and confirm at once; bad ones are refused on
 * their field with nothing saved; a stale save is 409; only the logins that may change stores, and reach this one.
 *
 * The app's clock is set by the test: it runs at real speed from an instant the test chooses.
 */
const clock = settableClock();
const setClock = clock.set;

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: clock.now });
  admin = await logIn('chainadmin', 'pizza-admin');
});
afterAll(() => t.close());

const { logIn, newLogin: makeLogin } = staffLogins(() => t, '10.73');
type Login = StaffLogin;
const errors = allErrors;
let admin: Login;
let serial = 0;
/** A new login made by the chain admin, its one-time password replaced as its owner would. */
const newLogin = (body: object) =>
  makeLogin(admin, {
    username: `hours${Date.now().toString(36).slice(-4)}${++serial}`,
    name: 'Hours test',
    ...body,
  });

const settingsPath = (storeId: number) => fillPath(CONSOLE_PATHS.storeSettings, { storeId });
async function read(storeId: number, who: Login = admin): Promise<StoreSettings> {
  const res = await who.call('GET', settingsPath(storeId));
  expect(res.statusCode, res.body).toBe(200);
  return StoreSettingsResponseSchema.parse(json(res)).data;
}
const save = (storeId: number, body: object, who: Login = admin) =>
  who.call('PATCH', settingsPath(storeId), body);
async function saved(storeId: number, body: object): Promise<StoreSettings> {
  const res = await save(storeId, body);
  expect(res.statusCode, res.body).toBe(200);
  return StoreSettingsResponseSchema.parse(json(res)).data;
}

async function storeInfo(storeId: number): Promise<Store> {
  const res = await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: { storeId } });
  const body = StoreInfoResponseSchema.parse(json(res));
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data.store;
}

/** Crust Sector 29, Gurugram: every order type, open 10:00–02:00 every day. */
const SECTOR_29 = 1102;
const SECTOR_29_ADDRESS: AddressInput = {
  ...CP_ADDRESS,
  houseNo: 'H-21',
  address: 'Leisure Valley Road',
  locality: 'Sector 29',
  city: 'Gurugram',
  postalCode: '122001',
  latitude: 28.4672,
  longitude: 77.0668,
};
const closedText = (time: string, when: string) =>
  `Store is closed now and opens at ${time} ${when}: browse the menu or book an advance order`;

/** A guest's cart at a store for an order type, and the confirm body for it. */
async function cartFor(storeId: number, type: 'D' | 'T', address: AddressInput = SECTOR_29_ADDRESS) {
  const c = orderClient(t, await newGuest(t, storeId, type));
  const cart = await c.cart();
  const details: Partial<ConfirmOrderBody['orderDetails']> = {
    deliveryType: type,
    userDetails: { firstName: 'Ira', lastName: 'Sen', email: 'ira@example.com', mobile: freshMobile() },
    address: type === 'D' ? { address } : null,
  };
  return {
    c,
    body: (more: Partial<ConfirmOrderBody['orderDetails']> = {}) => c.body(cart, {}, { ...details, ...more }),
  };
}

describe('the week and holidays reach the customer', () => {
  it('a day closed in the week, then a holiday: store info, the closed text, slots and confirm follow', async () => {
    const noon = nextIst(12, 0);
    setClock(noon);
    const today = istDayNumber(noon);
    const before = await read(SECTOR_29);
    expect(before.week).toEqual(Array.from({ length: 7 }, () => ({ opensAt: '10:00', closesAt: '02:00' })));
    expect(await storeInfo(SECTOR_29)).toMatchObject({
      isOpenNow: true,
      opensAt: '10:00 AM',
      closesAt: '2:00 AM',
    });

    // today's weekday closed all day
    const week = before.week.map((d, i) => (i === weekdayOf(today) ? null : d));
    const closedToday = await saved(SECTOR_29, { version: before.version, week });
    expect(closedToday.week[weekdayOf(today)]).toBeNull();
    const tomorrow10 = noon - 2 * HOUR + DAY;
    expect(await storeInfo(SECTOR_29)).toMatchObject({
      isOpenNow: false,
      nextOpensAt: tomorrow10 / 1000,
      opensAt: '',
      closesAt: '',
    });
    const { c, body } = await cartFor(SECTOR_29, 'T');
    expect(await c.confirm(body())).toEqual({
      status: 'FAILED',
      errors: [{ code: 'STORE_CLOSED', displayMsg: closedText('10:00 AM', 'tomorrow') }],
    });

    // and tomorrow a holiday: the store opens the day after, and takes no advance order tomorrow
    const withHoliday = await saved(SECTOR_29, {
      version: closedToday.version,
      addExceptions: [{ date: dateOfDay(today + 1), hours: null, note: 'Diwali' }],
    });
    expect(withHoliday.exceptions).toEqual([{ date: dateOfDay(today + 1), hours: null, note: 'Diwali' }]);
    const info = await storeInfo(SECTOR_29);
    expect(info).toMatchObject({ isOpenNow: false, nextOpensAt: (tomorrow10 + DAY) / 1000 });
    expect(info.hours.exceptions).toEqual([{ date: dateOfDay(today + 1), hours: null, note: 'Diwali' }]);
    expect(await c.confirm(body())).toEqual({
      status: 'FAILED',
      errors: [
        { code: 'STORE_CLOSED', displayMsg: closedText('10:00 AM', `on ${dayName(tomorrow10 + DAY)}`) },
      ],
    });
    const onHoliday = await c.confirm(body({ advancedTime: (tomorrow10 + 2 * HOUR) / 1000 }));
    expect(onHoliday).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'INVALID_DETAILS', field: 'orderDetails.advancedTime' }],
    });

    // special hours instead of the holiday: an advance slot in them is taken
    const special = await saved(SECTOR_29, {
      version: withHoliday.version,
      removeExceptions: [dateOfDay(today + 1)],
      addExceptions: [
        { date: dateOfDay(today + 1), hours: { opensAt: '15:00', closesAt: '18:00' }, note: '' },
      ],
    });
    expect(special.exceptions).toEqual([
      { date: dateOfDay(today + 1), hours: { opensAt: '15:00', closesAt: '18:00' }, note: '' },
    ]);
    const tooEarly = await c.confirm(body({ advancedTime: (tomorrow10 + 2 * HOUR) / 1000 }));
    expect(tooEarly.status).toBe('FAILED');
    const inSpecial = await c.confirm(body({ advancedTime: (tomorrow10 + 6 * HOUR) / 1000 }));
    expect(inSpecial.status, JSON.stringify(inSpecial)).toBe('SUCCESS');

    // put back
    await saved(SECTOR_29, {
      version: special.version,
      week: before.week,
      removeExceptions: [dateOfDay(today + 1)],
    });
    expect(await storeInfo(SECTOR_29)).toMatchObject({ isOpenNow: true });
  });

  it.each<[string, (today: number) => object, string, string, string]>([
    [
      'a date that has passed',
      (d) => ({ addExceptions: [{ date: dateOfDay(d - 1), hours: null, note: '' }] }),
      'DATE_PASSED',
      'body.addExceptions.0.date',
      T.pastDate,
    ],
    [
      'the same date twice',
      (d) => ({
        addExceptions: [
          { date: dateOfDay(d + 3), hours: null, note: '' },
          { date: dateOfDay(d + 3), hours: null, note: '' },
        ],
      }),
      'DUPLICATE_DATE',
      'body.addExceptions.1.date',
      T.duplicateDate,
    ],
    [
      'a date more than a year ahead',
      (d) => ({ addExceptions: [{ date: dateOfDay(d + 400), hours: null, note: '' }] }),
      'BAD_DATE',
      'body.addExceptions.0.date',
      T.farDate,
    ],
    [
      'removing a date that has nothing',
      (d) => ({ removeExceptions: [dateOfDay(d + 5)] }),
      'NO_SUCH_EXCEPTION',
      'body.removeExceptions.0',
      T.noSuchException,
    ],
    [
      'a week closed every day',
      () => ({ week: Array.from({ length: 7 }, () => null) }),
      'NEVER_OPEN',
      'body.week',
      T.neverOpen,
    ],
  ])('refuses %s on its field, and saves nothing', async (_, change, code, field, text) => {
    setClock(nextIst(12, 0));
    const today = istDayNumber(clock.now());
    const before = await read(SECTOR_29);
    const res = await save(SECTOR_29, { version: before.version, phone: '0124-000-0000', ...change(today) });
    expect(res.statusCode, res.body).toBe(400);
    expect(errors(res)).toEqual([{ code, field, displayMsg: text }]);
    expect(await read(SECTOR_29)).toEqual(before);
  });

  it('a holiday already set is refused again (DUPLICATE_DATE); bad times are refused per field', async () => {
    setClock(nextIst(12, 0));
    const today = istDayNumber(clock.now());
    const before = await read(SECTOR_29);
    const one = await saved(SECTOR_29, {
      version: before.version,
      addExceptions: [{ date: dateOfDay(today + 7), hours: null, note: 'Holi' }],
    });
    const again = await save(SECTOR_29, {
      version: one.version,
      addExceptions: [{ date: dateOfDay(today + 7), hours: null, note: 'Holi' }],
    });
    expect(errors(again)).toEqual([
      { code: 'DUPLICATE_DATE', field: 'body.addExceptions.0.date', displayMsg: T.duplicateDate },
    ]);
    const badTime = await save(SECTOR_29, {
      version: one.version,
      week: one.week.map((d, i) => (i === 2 ? { opensAt: '25:00', closesAt: '02:00' } : d)),
    });
    expect(badTime.statusCode).toBe(400);
    expect(errors(badTime)[0]).toMatchObject({ code: 'BAD_REQUEST', field: 'body.week.2.opensAt' });
    await saved(SECTOR_29, { version: one.version, removeExceptions: [dateOfDay(today + 7)] });
  });

  it('two saves on the same version: one holiday is kept, the other told to reload', async () => {
    setClock(nextIst(12, 0));
    const today = istDayNumber(clock.now());
    const before = await read(SECTOR_29);
    const [x, y] = await Promise.all(
      [10, 11].map((d) =>
        save(SECTOR_29, {
          version: before.version,
          addExceptions: [{ date: dateOfDay(today + d), hours: null, note: '' }],
        }),
      ),
    );
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
    expect(errors([x!, y!].find((r) => r.statusCode === 409)!)[0]).toMatchObject({
      code: 'STALE',
      displayMsg: T.stale,
    });
    const now = await read(SECTOR_29);
    expect(now.exceptions).toHaveLength(1);
    await saved(SECTOR_29, { version: now.version, removeExceptions: [now.exceptions[0]!.date] });
  });
});

describe('the delivery polygon', () => {
  /** Crust Rohini Sector 3 (1004): online, 11:00–23:00, a 6 km radius; nobody else delivers 3 km west of it. */
  const ROHINI = { id: 1004, latitude: 28.6978, longitude: 77.1082 };
  const at = (x: number, y: number) => ({
    latitude: ROHINI.latitude + y / 111.19,
    longitude: ROHINI.longitude + x / 97.6,
  });
  const square = [at(-1.5, -1.5), at(1.5, -1.5), at(1.5, 1.5), at(-1.5, 1.5)];
  const nearest = async (p: { latitude: number; longitude: number }) =>
    NearestStoreResponseSchema.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: `${API_PATHS.nearestStore}?orderDeliveryType=D&latitude=${p.latitude}&longitude=${p.longitude}`,
        }),
      ),
    );
  const addressAt = (p: { latitude: number; longitude: number }): AddressInput => ({
    ...CP_ADDRESS,
    houseNo: '12',
    address: 'Pocket 2',
    locality: 'Rohini',
    city: 'Delhi',
    postalCode: '110085',
    ...p,
  });

  it.each<[string, object[], string, string]>([
    ['two points', [at(-1, -1), at(1, 1)], 'POLYGON_TOO_FEW', T.polygonTooFew],
    ['a bow tie', [at(-1, -1), at(1, 1), at(1, -1), at(-1, 1)], 'POLYGON_NOT_SIMPLE', T.polygonNotSimple],
    [
      'a square beside the store',
      [at(1, 1), at(3, 1), at(3, 3), at(1, 3)],
      'POLYGON_STORE_OUTSIDE',
      T.polygonStoreOutside,
    ],
  ])('refuses %s on body.deliveryPolygon, saving nothing', async (_, polygon, code, text) => {
    const before = await read(ROHINI.id);
    const res = await save(ROHINI.id, { version: before.version, deliveryPolygon: polygon });
    expect(res.statusCode, res.body).toBe(400);
    expect(errors(res)).toEqual([{ code, field: 'body.deliveryPolygon', displayMsg: text }]);
    expect(await read(ROHINI.id)).toEqual(before);
  });

  it('a customer outside the polygon is told "We Do not Deliver Here" at location matching and at confirm', async () => {
    setClock(nextIst(13, 0));
    const outside = at(-3, 0);
    const inside = at(1, 0);
    const before = await read(ROHINI.id);
    expect(before.deliveryPolygon).toBeNull();
    const was = await nearest(outside);
    expect(was.status === 'SUCCESS' && was.data.stores.map((s) => s.id)).toEqual([ROHINI.id]);
    const { c, body } = await cartFor(ROHINI.id, 'D', addressAt(outside));

    const withPolygon = await saved(ROHINI.id, { version: before.version, deliveryPolygon: square });
    expect(withPolygon.deliveryPolygon).toEqual(square);
    expect(withPolygon.deliveryRadiusM).toBe(before.deliveryRadiusM);
    expect(await nearest(outside)).toEqual({
      status: 'FAILED',
      errors: [{ code: 'NO_DELIVERY', displayMsg: MESSAGES.weDoNotDeliverHere }],
    });
    const near = await nearest(inside);
    expect(near.status === 'SUCCESS' && near.data.store.id).toBe(ROHINI.id);
    expect(await c.confirm(body())).toEqual({
      status: 'FAILED',
      errors: [{ code: 'NOT_SERVICEABLE', displayMsg: MESSAGES.weDoNotDeliverHere }],
    });
    const ordered = await c.confirm(body({ address: { address: addressAt(inside) } }));
    expect(ordered.status, JSON.stringify(ordered)).toBe('SUCCESS');

    // back to the radius
    await saved(ROHINI.id, { version: withPolygon.version, deliveryPolygon: null });
    const back = await nearest(outside);
    expect(back.status === 'SUCCESS' && back.data.stores.map((s) => s.id)).toEqual([ROHINI.id]);
  });

  it('the change log keeps the area, the week and the holidays before and after', async () => {
    setClock(nextIst(12, 0));
    const today = istDayNumber(clock.now());
    const before = await read(ROHINI.id);
    const after = await saved(ROHINI.id, {
      version: before.version,
      deliveryPolygon: square,
      addExceptions: [{ date: dateOfDay(today + 2), hours: null, note: 'Dussehra' }],
    });
    const log = AuditPageResponseSchema.parse(
      json(await admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=store&entityId=${ROHINI.id}`)),
    ).data.events;
    expect(log[0]).toMatchObject({
      action: 'store.settings',
      before: { deliveryPolygon: null, exceptions: [], week: before.week, version: before.version },
      after: {
        deliveryPolygon: square,
        exceptions: [{ date: dateOfDay(today + 2), hours: null, note: 'Dussehra' }],
        version: after.version,
      },
    });
    await saved(ROHINI.id, {
      version: after.version,
      deliveryPolygon: null,
      removeExceptions: [dateOfDay(today + 2)],
    });
  });
});

describe('who may change a store’s hours and area', () => {
  it('its manager, a regional manager of its city; not another store’s manager, another city’s, staff or a turned-off login', async () => {
    setClock(nextIst(12, 0));
    const today = istDayNumber(clock.now());
    const holiday = () => ({ hours: null, note: '', date: dateOfDay(today + 20 + ++serial) });
    const own = await logIn('store1102', 'pizza1102');
    const otherStore = await logIn('store1001', 'pizza1001');
    const gurugram = await newLogin({ role: 'REGIONAL', cities: ['gurugram'] });
    const mumbai = await newLogin({ role: 'REGIONAL', cities: ['mumbai'] });
    const staffer = await newLogin({ role: 'STAFF', storeId: SECTOR_29 });
    const leaving = await newLogin({ role: 'MANAGER', storeId: SECTOR_29 });
    const off = await admin.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: leaving.id }), {
      version: leaving.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);

    for (const who of [own, gurugram]) {
      const s = await read(SECTOR_29, who);
      const res = await save(SECTOR_29, { version: s.version, addExceptions: [holiday()] }, who);
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await read(SECTOR_29);
    expect(before.exceptions).toHaveLength(2);
    const change = { version: before.version, addExceptions: [holiday()], deliveryPolygon: null };
    for (const [who, status, code] of [
      [otherStore, 404, 'NOT_FOUND'],
      [mumbai, 404, 'NOT_FOUND'],
      [staffer, 403, 'ROLE_NOT_ALLOWED'],
      [leaving, 401, 'STAFF_UNAUTHORIZED'],
    ] as const) {
      const got = await who.call('GET', settingsPath(SECTOR_29));
      expect([got.statusCode, errors(got)[0]!.code]).toEqual([status, code]);
      const res = await save(SECTOR_29, change, who);
      expect([res.statusCode, errors(res)[0]!.code]).toEqual([status, code]);
    }
    const after = await read(SECTOR_29);
    expect(after).toEqual(before);
    await saved(SECTOR_29, { version: after.version, removeExceptions: after.exceptions.map((e) => e.date) });
  });
});

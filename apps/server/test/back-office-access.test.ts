import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StaffIssuedResponseSchema,
  StaffListResponseSchema,
  type NewStaffBody,
} from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { PriceListResponseSchema } from '@crust/contract/menu-admin';
import { fillPath } from '@crust/contract/paths';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { chainOnly, roleMay, type StaffAction, type StaffRole } from '@crust/domain/staff-roles';
import { GAME_RULES, GAME_SEGMENTS } from '../src/db/seed/data/game.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

/**
 * Issue 30 "Done when": every back-office call × every role and reach. The table below names, for each call the
 * console can make, what it does (the role's action) and how it is placed (a store in its path, an entity of a
 * store, the whole chain). For each call the test asks: without a login (401), as a turned-off login (401), as store
 * staff, a store manager and a regional manager (403 exactly when `roleMay` says no, ADMIN_ONLY for the chain
 * admin's own actions), and — for a role that may — on a store outside its reach (the same 404 as a store that does
 * not exist). The chain admin reads every GET (200), which proves the table's addresses are real. A call the server
 * has but the table lacks fails the test: a new back-office route must say who may use it.
 *
 * Logins: `store1001` is store 1001's manager (Delhi); store staff of 1001 and a regional manager of Delhi are made
 * here; "elsewhere" is store 3001 (Bengaluru).
 */
let t: TestApp;
const HOME = 1001;
const AWAY = 3001;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
type Login = { role: StaffRole | 'none' | 'disabled'; headers: Record<string, string> };
interface Request {
  url: string;
  body?: object;
  /** the photo upload's body is the image's bytes */
  raw?: Buffer;
}
interface Call {
  method: Method;
  path: keyof typeof CONSOLE_PATHS;
  /** the audience the guard checks: an action, any valid session, or any login that may use the console */
  who: StaffAction | 'any-staff' | 'console';
  /** the call as made on the login's own place (its store, its city) */
  home: () => Request;
  /** the same call on a store outside a store manager's and the Delhi regional manager's reach */
  away?: () => Request;
  /** the away call's refusal when not 404: a new login for a place the caller may not manage is a role refusal */
  awayStatus?: 403;
  /** where the away call's refusal is proved instead (order and ticket ids need a whole order) */
  awayElsewhere?: string;
}

let awayManagerId = '';
let awayPriceId = 0;
const product = 'PIZ0105';
/** well-formed ids of nothing: a malformed one is a 400 before it is a 401, as on every route */
const NO_ORDER = `O${'0'.repeat(20)}`;
const NO_FEEDBACK = `F${'0'.repeat(20)}`;
const NO_LOGIN = 'S0nobody';
const variant = 'PIZ0105-1-1';

const store = (
  path: keyof typeof CONSOLE_PATHS,
  extra: Record<string, string | number> = {},
  query = '',
) => ({
  home: () => ({ url: `${fillPath(CONSOLE_PATHS[path], { storeId: HOME, ...extra })}${query}` }),
  away: () => ({ url: `${fillPath(CONSOLE_PATHS[path], { storeId: AWAY, ...extra })}${query}` }),
});
const withBody = (body: object, at: { home: () => Request; away?: () => Request }) => ({
  home: () => ({ ...at.home(), body }),
  ...(at.away ? { away: () => ({ ...at.away!(), body }) } : {}),
});
const chain = (
  path: keyof typeof CONSOLE_PATHS,
  body?: object,
  params: Record<string, string | number> = {},
) => ({
  home: () => ({ url: fillPath(CONSOLE_PATHS[path], params), ...(body ? { body } : {}) }),
});
const report = (path: keyof typeof CONSOLE_PATHS) => ({
  home: () => ({ url: `${CONSOLE_PATHS[path]}?from=2026-11-01&to=2026-11-02&scope=store&storeId=${HOME}` }),
  away: () => ({ url: `${CONSOLE_PATHS[path]}?from=2026-11-01&to=2026-11-02&scope=store&storeId=${AWAY}` }),
});
const nutrition = {
  servingSizeG: 100,
  energyKcal: 250,
  proteinG: 10,
  carbohydrateG: 30,
  sugarG: 3,
  fatG: 9,
  sodiumMg: 500,
  allergens: ['MILK'],
};
const widget = {
  placement: 'LANDING',
  kind: 'web_view',
  title: 'Refused',
  subtitle: 'Refused',
  body: 'Refused',
  image: null,
  startsAt: null,
  endsAt: null,
  deliveryTypes: ['D'],
  lang: null,
  platform: null,
  page: null,
  site: null,
};

const coupon = {
  code: 'REFUSED75',
  title: 'Refused',
  description: 'Refused',
  rule: { kind: 'FLAT', amount: 7_500 },
  minOrderPaise: 0,
  orderTypes: null,
  storeIds: null,
  cityIds: null,
  days: null,
  hoursFrom: null,
  hoursTo: null,
  firstOrderOnly: false,
  perCustomerLimit: null,
  totalLimit: null,
  paymentOptions: null,
  cardIssuer: null,
  cardBins: null,
  audience: 'ALL',
  hidden: false,
  validFrom: null,
  validTo: null,
  terms: [],
};
const deal = {
  code: 'REFUSEDEDV',
  title: 'Refused',
  description: '',
  groupSize: 2,
  prices: [{ sizeId: 2, price: 19_900 }],
  productTypes: ['PIZZA'],
  crustIds: null,
  productCodes: null,
  storeIds: null,
  cityIds: null,
  validFrom: null,
  validTo: null,
  terms: [],
};
const { code: _code, ...couponChange } = coupon;
const previewCart = {
  storeId: HOME,
  deliveryType: 'D',
  paymentMethod: 'UPI_WALLET',
  firstOrder: false,
  lines: [{ productCode: product, crustId: 1, sizeId: 2, quantity: 1 }],
};

const CALLS: Call[] = [
  {
    method: 'POST',
    path: 'staffPassword',
    who: 'any-staff',
    ...chain('staffPassword', { currentPassword: 'x', newPassword: 'long enough 1' }),
  },
  { method: 'GET', path: 'consoleStores', who: 'console', ...chain('consoleStores') },
  { method: 'GET', path: 'consoleQueue', who: 'queue', ...store('consoleQueue') },
  {
    method: 'POST',
    path: 'consoleStage',
    who: 'queue',
    home: () => ({
      url: fillPath(CONSOLE_PATHS.consoleStage, { orderId: NO_ORDER }),
      body: { to: 'BEING_BAKED' },
    }),
    awayElsewhere: 'store-console.test.ts',
  },
  {
    method: 'POST',
    path: 'consoleCancel',
    who: 'queue',
    home: () => ({
      url: fillPath(CONSOLE_PATHS.consoleCancel, { orderId: NO_ORDER }),
      body: { reason: 'Refused' },
    }),
    awayElsewhere: 'store-console.test.ts',
  },
  {
    method: 'POST',
    path: 'consoleOnline',
    who: 'online',
    ...withBody({ online: true }, store('consoleOnline')),
  },
  { method: 'GET', path: 'consoleProducts', who: 'stock', ...store('consoleProducts') },
  {
    method: 'POST',
    path: 'consoleProduct',
    who: 'stock',
    ...withBody({ inStock: true }, store('consoleProduct', { productCode: product })),
  },
  {
    method: 'GET',
    path: 'consoleRatings',
    who: 'ratings',
    ...store('consoleRatings', {}, '?from=2026-11-01&to=2026-11-02'),
  },
  { method: 'GET', path: 'consoleTickets', who: 'ratings', ...store('consoleTickets') },
  {
    method: 'POST',
    path: 'consoleTicketClose',
    who: 'ratings',
    home: () => ({
      url: fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId: NO_FEEDBACK }),
      body: { reply: 'Refused' },
    }),
    awayElsewhere: 'feedback.test.ts',
  },
  { method: 'GET', path: 'staffMembers', who: 'staff', ...chain('staffMembers') },
  {
    method: 'POST',
    path: 'staffMembers',
    who: 'staff',
    home: () => ({
      url: CONSOLE_PATHS.staffMembers,
      body: { username: 'refused.home', name: 'Refused', role: 'STAFF', storeId: HOME },
    }),
    away: () => ({
      url: CONSOLE_PATHS.staffMembers,
      body: { username: 'refused.away', name: 'Refused', role: 'STAFF', storeId: AWAY },
    }),
    awayStatus: 403,
  },
  {
    method: 'PATCH',
    path: 'staffMember',
    who: 'staff',
    home: () => ({ url: fillPath(CONSOLE_PATHS.staffMember, { staffId: NO_LOGIN }), body: { version: 1 } }),
    away: () => ({
      url: fillPath(CONSOLE_PATHS.staffMember, { staffId: awayManagerId }),
      body: { version: 1, name: 'Refused' },
    }),
  },
  {
    method: 'POST',
    path: 'staffMemberReset',
    who: 'staff',
    home: () => ({
      url: fillPath(CONSOLE_PATHS.staffMemberReset, { staffId: NO_LOGIN }),
      body: { version: 1 },
    }),
    away: () => ({
      url: fillPath(CONSOLE_PATHS.staffMemberReset, { staffId: awayManagerId }),
      body: { version: 1 },
    }),
  },
  { method: 'GET', path: 'auditLog', who: 'audit', ...chain('auditLog') },
  { method: 'GET', path: 'storeSettings', who: 'stores', ...store('storeSettings') },
  {
    method: 'PATCH',
    path: 'storeSettings',
    who: 'stores',
    ...withBody({ version: 1 }, store('storeSettings')),
  },
  { method: 'GET', path: 'menuCatalogue', who: 'menu', ...chain('menuCatalogue') },
  { method: 'POST', path: 'menuCategories', who: 'menu', ...chain('menuCategories', { name: 'Refused' }) },
  {
    method: 'PATCH',
    path: 'menuCategory',
    who: 'menu',
    ...chain('menuCategory', { version: 1 }, { categoryId: 1 }),
  },
  {
    method: 'PUT',
    path: 'menuCategoryOrder',
    who: 'menu',
    ...chain('menuCategoryOrder', { categoryIds: [1] }),
  },
  {
    method: 'POST',
    path: 'menuProducts',
    who: 'menu',
    ...chain('menuProducts', {
      code: 'PIZ9999',
      name: 'Refused',
      foodType: 'VEG',
      productType: 'PIZZA',
      categoryIds: [1],
    }),
  },
  {
    method: 'PATCH',
    path: 'menuProduct',
    who: 'menu',
    ...chain('menuProduct', { version: 1 }, { productCode: product }),
  },
  {
    method: 'POST',
    path: 'menuProductStatus',
    who: 'menu',
    ...chain('menuProductStatus', { version: 1, status: 'HIDDEN' }, { productCode: product }),
  },
  {
    method: 'POST',
    path: 'menuProductVariants',
    who: 'menu',
    ...chain('menuProductVariants', { crustId: 1, sizeId: 1, pricePaise: 100 }, { productCode: product }),
  },
  {
    method: 'POST',
    path: 'menuProductPhoto',
    who: 'menu',
    home: () => ({
      url: `${fillPath(CONSOLE_PATHS.menuProductPhoto, { productCode: product })}?version=1`,
      raw: Buffer.from('not an image'),
    }),
  },
  {
    method: 'PUT',
    path: 'menuNutrition',
    who: 'menu',
    ...chain('menuNutrition', nutrition, { productCode: product, sizeId: 1 }),
  },
  {
    method: 'PATCH',
    path: 'menuVariant',
    who: 'menu',
    ...chain('menuVariant', { version: 1 }, { variantCode: variant }),
  },
  {
    method: 'POST',
    path: 'menuToppings',
    who: 'menu',
    ...chain('menuToppings', { name: 'Refused', foodType: 'VEG', prices: [{ sizeId: 1, pricePaise: 100 }] }),
  },
  {
    method: 'PATCH',
    path: 'menuTopping',
    who: 'menu',
    ...chain('menuTopping', { version: 1 }, { toppingId: 1 }),
  },
  {
    method: 'GET',
    path: 'priceList',
    who: 'prices',
    home: () => ({ url: `${CONSOLE_PATHS.priceList}?productCode=${product}&storeId=${HOME}` }),
    away: () => ({ url: `${CONSOLE_PATHS.priceList}?productCode=${product}&storeId=${AWAY}` }),
  },
  {
    method: 'POST',
    path: 'priceList',
    who: 'prices',
    home: () => ({
      url: CONSOLE_PATHS.priceList,
      body: { scope: { storeId: HOME }, entries: [{ variantCode: variant, pricePaise: 1 }] },
    }),
    away: () => ({
      url: CONSOLE_PATHS.priceList,
      body: { scope: { storeId: AWAY }, entries: [{ variantCode: variant, pricePaise: 99_900 }] },
    }),
  },
  {
    method: 'PATCH',
    path: 'priceEntry',
    who: 'prices',
    home: () => ({ url: fillPath(CONSOLE_PATHS.priceEntry, { priceId: 999999 }), body: { version: 1 } }),
    away: () => ({
      url: fillPath(CONSOLE_PATHS.priceEntry, { priceId: awayPriceId }),
      body: { version: 1, pricePaise: 1 },
    }),
  },
  {
    method: 'POST',
    path: 'priceEntryRemove',
    who: 'prices',
    home: () => ({
      url: fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: 999999 }),
      body: { version: 1 },
    }),
    away: () => ({
      url: fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: awayPriceId }),
      body: { version: 1 },
    }),
  },
  { method: 'GET', path: 'chainRules', who: 'menu', ...chain('chainRules') },
  {
    method: 'PUT',
    path: 'chainRules',
    who: 'menu',
    ...chain('chainRules', { version: 1, storePrices: true }),
  },
  { method: 'GET', path: 'adminWidgets', who: 'content', ...chain('adminWidgets') },
  { method: 'POST', path: 'adminWidgets', who: 'content', ...chain('adminWidgets', widget) },
  {
    method: 'PUT',
    path: 'adminWidget',
    who: 'content',
    ...chain('adminWidget', { ...widget, version: 0 }, { widgetId: 'hygiene' }),
  },
  {
    method: 'POST',
    path: 'adminWidgetRetire',
    who: 'content',
    ...chain('adminWidgetRetire', { version: 0 }, { widgetId: 'hygiene' }),
  },
  {
    method: 'PUT',
    path: 'adminWidgetOrder',
    who: 'content',
    ...chain('adminWidgetOrder', { placement: 'ALERT', ids: ['alert-pasta-pizza-party'] }),
  },
  { method: 'GET', path: 'adminInfoPages', who: 'content', ...chain('adminInfoPages') },
  {
    method: 'POST',
    path: 'adminInfoPages',
    who: 'content',
    ...chain('adminInfoPages', { slug: 'refused', title: 'x', body: '' }),
  },
  {
    method: 'PUT',
    path: 'adminInfoPage',
    who: 'content',
    ...chain('adminInfoPage', { title: 'x', body: '', version: 0 }, { slug: 'about' }),
  },
  { method: 'GET', path: 'reportSales', who: 'reports', ...report('reportSales') },
  { method: 'GET', path: 'reportMix', who: 'reports', ...report('reportMix') },
  { method: 'GET', path: 'reportItems', who: 'reports', ...report('reportItems') },
  { method: 'GET', path: 'reportOffers', who: 'reports', ...report('reportOffers') },
  { method: 'GET', path: 'reportDelivery', who: 'reports', ...report('reportDelivery') },
  { method: 'GET', path: 'reportLoyalty', who: 'reports', ...report('reportLoyalty') },
  { method: 'GET', path: 'reportRatings', who: 'reports', ...report('reportRatings') },
  { method: 'GET', path: 'experiments', who: 'experiments', ...chain('experiments') },
  {
    method: 'POST',
    path: 'experimentSwitch',
    who: 'experiments',
    ...chain('experimentSwitch', { action: 'stop' }, { name: 'voice' }),
  },
  { method: 'GET', path: 'offersAdmin', who: 'offers', ...chain('offersAdmin') },
  { method: 'POST', path: 'offerCoupons', who: 'offers', ...chain('offerCoupons', coupon) },
  {
    method: 'PATCH',
    path: 'offerCoupon',
    who: 'offers',
    ...chain('offerCoupon', { ...couponChange, version: 1 }, { code: 'UPI40' }),
  },
  {
    method: 'POST',
    path: 'offerCouponStatus',
    who: 'offers',
    ...chain('offerCouponStatus', { version: 1, status: 'RETIRED' }, { code: 'UPI40' }),
  },
  { method: 'POST', path: 'offerDeals', who: 'offers', ...chain('offerDeals', deal) },
  {
    method: 'PATCH',
    path: 'offerDeal',
    who: 'offers',
    ...chain('offerDeal', { ...deal, version: 1 }, { dealId: 1 }),
  },
  {
    method: 'POST',
    path: 'offerDealStatus',
    who: 'offers',
    ...chain('offerDealStatus', { version: 1, status: 'RETIRED' }, { dealId: 1 }),
  },
  {
    method: 'POST',
    path: 'offerPreview',
    who: 'offers',
    ...chain('offerPreview', { offer: { kind: 'COUPON', coupon }, cart: previewCart }),
  },
  // spin-the-wheel (issue 33 §1): the prizes are offers the chain pays for
  {
    method: 'GET',
    path: 'gameAdmin',
    who: 'offers',
    home: () => ({ url: `${CONSOLE_PATHS.gameAdmin}?from=2026-11-01&to=2026-11-02` }),
  },
  {
    method: 'PUT',
    path: 'gamePrizeTable',
    who: 'offers',
    // the seeded table at its first version, saved as it is
    ...chain('gamePrizeTable', { segments: GAME_SEGMENTS, rules: GAME_RULES, version: 1 }),
  },
  {
    method: 'GET',
    path: 'menuProductStores',
    who: 'prices',
    ...chain('menuProductStores', undefined, { productCode: product }),
  },
  {
    method: 'PUT',
    path: 'menuProductStore',
    who: 'prices',
    ...withBody({ available: true }, store('menuProductStore', { productCode: product })),
  },
  {
    method: 'GET',
    path: 'analyticsFunnel',
    who: 'analytics',
    home: () => ({ url: `${CONSOLE_PATHS.analyticsFunnel}?from=2026-11-01&to=2026-11-02` }),
  },
  {
    method: 'PUT',
    path: 'analyticsTracking',
    who: 'analytics',
    ...chain('analyticsTracking', { on: false }),
  },
];

/** Calls every login may make before it logs in, or that are not the bearer's: checked in their own tests. */
const OUTSIDE_THE_GUARD: Partial<Record<keyof typeof CONSOLE_PATHS, string>> = {
  staffLogin: 'the login itself (back-office-staff.test.ts, auth-limits)',
  consoleQueueEvents: "the queue's events need the queue's own key (store-console.test.ts)",
};

const logins = {} as Record<'none' | 'disabled' | 'ADMIN' | 'REGIONAL' | 'MANAGER' | 'STAFF', Login>;

async function logIn(username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffLogin,
    payload: { username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StaffSessionResponseSchema.parse(json(res)).data.token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (who: Login, method: Method, req: Request) =>
  t.app.inject({
    method,
    url: req.url,
    headers: { ...who.headers, ...(req.raw ? { 'content-type': 'image/png' } : {}) },
    ...(req.raw ? { payload: req.raw } : req.body ? { payload: req.body } : {}),
  });

/** A new login made by the chain admin, with its own password chosen. */
async function made(body: NewStaffBody): Promise<{ token: string; id: string; version: number }> {
  const res = await send(logins.ADMIN, 'POST', { url: CONSOLE_PATHS.staffMembers, body });
  expect(res.statusCode, res.body).toBe(200);
  const issued = StaffIssuedResponseSchema.parse(json(res)).data;
  const once = await logIn(body.username, issued.oneTimePassword);
  const changed = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffPassword,
    headers: bearer(once),
    payload: { currentPassword: issued.oneTimePassword, newPassword: `${body.username} own password` },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const token = StaffSessionResponseSchema.parse(json(changed)).data.token;
  return { token, id: issued.member.id, version: issued.member.version };
}

beforeAll(async () => {
  t = await createTestApp();
  logins.none = { role: 'none', headers: {} };
  logins.ADMIN = { role: 'ADMIN', headers: bearer(await logIn('chainadmin', 'pizza-admin')) };
  logins.MANAGER = { role: 'MANAGER', headers: bearer(await logIn(`store${HOME}`, `pizza${HOME}`)) };
  const staff = await made({ username: 'matrix.staff', name: 'Matrix staff', role: 'STAFF', storeId: HOME });
  logins.STAFF = { role: 'STAFF', headers: bearer(staff.token) };
  const regional = await made({
    username: 'matrix.regional',
    name: 'Matrix regional',
    role: 'REGIONAL',
    cities: ['delhi'],
  });
  logins.REGIONAL = { role: 'REGIONAL', headers: bearer(regional.token) };
  // a manager of the home store whose login the chain admin then turns off: its token stops at once
  const off = await made({ username: 'matrix.off', name: 'Matrix off', role: 'MANAGER', storeId: HOME });
  const disable = await send(logins.ADMIN, 'PATCH', {
    url: fillPath(CONSOLE_PATHS.staffMember, { staffId: off.id }),
    body: { version: off.version, disabled: true },
  });
  expect(disable.statusCode, disable.body).toBe(200);
  logins.disabled = { role: 'disabled', headers: bearer(off.token) };

  // what lies outside the home reach: store 3001's manager login and a price entry of store 3001
  const list = StaffListResponseSchema.parse(
    json(await send(logins.ADMIN, 'GET', { url: CONSOLE_PATHS.staffMembers })),
  );
  awayManagerId = list.data.staff.find((s) => s.username === `store${AWAY}`)!.id;
  const priced = await send(logins.ADMIN, 'POST', {
    url: CONSOLE_PATHS.priceList,
    body: {
      scope: { storeId: AWAY },
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      entries: [{ variantCode: variant, pricePaise: 29_900 }],
    },
  });
  expect(priced.statusCode, priced.body).toBe(200);
  awayPriceId = PriceListResponseSchema.parse(json(priced)).data.entries.find((e) => e.storeId === AWAY)!.id;
});
afterAll(() => t.close());

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH'];

describe('who may make each back-office call', () => {
  it('names every call the server has under the console paths', () => {
    const served = (Object.keys(CONSOLE_PATHS) as (keyof typeof CONSOLE_PATHS)[]).flatMap((path) =>
      OUTSIDE_THE_GUARD[path]
        ? []
        : METHODS.filter((method) => t.app.hasRoute({ method, url: CONSOLE_PATHS[path] })).map(
            (m) => `${m} ${path}`,
          ),
    );
    expect(CALLS.map((c) => `${c.method} ${c.path}`).sort()).toEqual(served.sort());
  });

  for (const call of CALLS) {
    it(`${call.method} ${call.path} (${call.who})`, async () => {
      const label = (who: string) => `${call.method} ${call.path} as ${who}`;
      for (const who of ['none', 'disabled'] as const) {
        const res = await send(logins[who], call.method, call.home());
        expect(res.statusCode, `${label(who)}: ${res.body}`).toBe(401);
        expect(json(res).errors[0].code).toBe('STAFF_UNAUTHORIZED');
      }
      for (const role of ['STAFF', 'MANAGER', 'REGIONAL'] as const) {
        const may = call.who === 'any-staff' || call.who === 'console' || roleMay(role, call.who);
        if (!may) {
          const res = await send(logins[role], call.method, call.home());
          expect(res.statusCode, `${label(role)}: ${res.body}`).toBe(403);
          expect(json(res).errors[0].code).toBe(
            chainOnly(call.who as StaffAction) ? 'ADMIN_ONLY' : 'ROLE_NOT_ALLOWED',
          );
        } else if (call.away) {
          const res = await send(logins[role], call.method, call.away());
          expect(res.statusCode, `${label(role)} on store ${AWAY}: ${res.body}`).toBe(call.awayStatus ?? 404);
        }
      }
      if (call.method === 'GET') {
        const res = await send(logins.ADMIN, call.method, call.home());
        expect(res.statusCode, `${label('the chain admin')}: ${res.body}`).toBe(200);
      }
    });
  }
});

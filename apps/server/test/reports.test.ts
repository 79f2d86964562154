import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffIssuedResponseSchema, type NewStaffBody } from '@crust/contract/back-office';
import type { Cart } from '@crust/contract/cart';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  DeliveryReportResponseSchema,
  ItemsReportResponseSchema,
  LoyaltyReportResponseSchema,
  MixReportResponseSchema,
  OffersReportResponseSchema,
  RatingsReportResponseSchema,
  REPORT_KINDS,
  REPORT_PATHS,
  SalesReportResponseSchema,
  type ReportKind,
} from '@crust/contract/reports';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { GUARANTEE_MAX_PAISE } from '@crust/domain/delivery-guarantee';
import { LOYALTY } from '@crust/domain/loyalty';
import { dayNumber, dayOfNumber, istDayOf, periodOf } from '@crust/domain/report-periods';
import { nextIst, settableClock } from './test-clock.ts';
import { foldOrder, foldPending, rebuild } from '../src/modules/reports/repo.ts';
import { REPORT_TEXTS } from '../src/modules/reports/texts.ts';
import { BREADSTICKS, FARMHOUSE, pizza, side, SIZE } from './cart-support.ts';
import { json } from './helpers.ts';
import { customers, freshMobile, lastSms, newGuest, ok, orderClient, rows } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';

/**
 * Issue 30 §5: the back office's reports over the daily rollups the reports' order subscriber keeps, checked to
 * the paisa against the carts the orders were placed with; who may read which scope; bad ranges; CSV. Delhi's
 * stores are 10xx, Bengaluru's 30xx (seed).
 */
let t: GatewayTestApp;
/**
 * The app's clock: from 1 PM in India (the guarantee is 45 minutes from 11 PM to 3 AM, and the figures below are a
 * day's 30), plus `ahead` while a delivery is made "later".
 */
const clock = settableClock();
let ahead = 0;
beforeAll(async () => {
  clock.set(nextIst(13));
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => clock.now() + ahead });
});
afterAll(() => t.close());

let addresses = 0;
const from = () => `10.70.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const errorOf = (res: { body: string }) =>
  json<{ errors: { code: string; displayMsg: string; field?: string }[] }>(res).errors[0]!;

interface Login {
  get(url: string): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}
function loginOf(token: string): Login {
  return {
    get: (url) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: from(),
      }),
  };
}
async function logIn(username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffLogin,
    payload: { username, password },
    remoteAddress: from(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return StaffSessionResponseSchema.parse(json(res)).data.token;
}
/** A login made by the chain admin, its one-time password replaced as the console makes it do. */
async function made(body: NewStaffBody): Promise<Login> {
  const admin = await logIn('chainadmin', 'pizza-admin');
  const res = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffMembers,
    headers: { authorization: `Bearer ${admin}` },
    payload: body,
    remoteAddress: from(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const issued = StaffIssuedResponseSchema.parse(json(res)).data;
  const once = await logIn(body.username, issued.oneTimePassword);
  const changed = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffPassword,
    headers: { authorization: `Bearer ${once}` },
    payload: { currentPassword: issued.oneTimePassword, newPassword: `${body.username}-own-password` },
    remoteAddress: from(),
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return loginOf(StaffSessionResponseSchema.parse(json(changed)).data.token);
}

const url = (kind: ReportKind, q: Record<string, string | number>) =>
  `${REPORT_PATHS[kind]}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

/** Today in India: the day every order of this file is placed on (read from the orders, not guessed). */
let day = '';
const orders: Record<'o1' | 'o2' | 'o3' | 'o4', { id: string; cart: Cart }> = {} as never;
let customerId = '';

/** A cash order with a coupon applied: the cart, the code, the confirm and the COD OTP. */
async function placeWithCoupon(who: Awaited<ReturnType<ReturnType<typeof customers>>>, code: string) {
  const c = orderClient(t, who);
  const cart = c.carts.ok(await c.carts.create([pizza(FARMHOUSE, SIZE.L, 2), side(BREADSTICKS)]));
  const priced = c.carts.ok(await c.carts.apply(cart.cartId, code));
  expect(priced.appliedPromo?.code).toBe(code);
  const mobile = freshMobile();
  const body = c.body(
    priced,
    {},
    { userDetails: { firstName: 'Ravi', lastName: 'Rao', email: 'ravi@example.com', mobile } },
  );
  let result = ok(await c.confirm(body));
  if (result.nextAction === 'COD_OTP') {
    const otp = /(\d{6})/.exec(await lastSms(t, mobile))?.[1];
    result = ok(await c.code(result.orderId, { code: otp! }));
  }
  expect(result.nextAction).toBe('THANKYOU');
  return { id: result.orderId, cart: priced };
}

/** Moves a delivery order to DELIVERED `minutes` after it was placed (the app's clock moved on meanwhile). */
async function deliver(orderId: string, minutes: number) {
  const staff = await storeStaff(t, 1001);
  await staff.move(orderId, 'BEING_BAKED');
  await staff.move(orderId, 'DISPATCHED', 'Ravi');
  const [row] = await rows<{ placed_at: string | Date }>(
    t,
    sql`select placed_at from orders where id = ${orderId}`,
  );
  ahead = new Date(row!.placed_at).getTime() + minutes * 60_000 + 5_000 - clock.now();
  try {
    await staff.move(orderId, 'DELIVERED');
  } finally {
    ahead = 0;
  }
}

beforeAll(async () => {
  // o1: a guest's delivery, delivered in 12 minutes
  const o1 = await placeCash(t, { items: [pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS)] });
  orders.o1 = { id: o1.orderId, cart: o1.cart };
  // o2: a customer's delivery with a coupon, delivered late (40 minutes): the guarantee pays
  const customer = await customers(() => t)();
  customerId = customer.userId;
  orders.o2 = await placeWithCoupon(customer, 'SAVE20');
  // o3: a guest's takeaway, cancelled by the store
  const o3 = await placeCash(t, { who: await newGuest(t, 1001, 'T'), details: { deliveryType: 'T' } });
  orders.o3 = { id: o3.orderId, cart: o3.cart };
  // o4: a takeaway in Bengaluru
  const o4 = await placeCash(t, {
    who: await newGuest(t, 3001, 'T'),
    details: { deliveryType: 'T' },
    items: [pizza(FARMHOUSE, SIZE.M)],
  });
  orders.o4 = { id: o4.orderId, cart: o4.cart };

  await deliver(orders.o1.id, 12);
  await deliver(orders.o2.id, 40);
  const staff = await storeStaff(t, 1001);
  const cancelled = await staff.cancelRaw(orders.o3.id, 'Customer asked');
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // two ratings given today (the app's) at store 1001: a promoter's 5 and a detractor's 2
  for (const [id, orderId, overall, nps] of [
    ['F00000000000000000001', orders.o1.id, 5, 10],
    ['F00000000000000000002', orders.o2.id, 2, 3],
  ] as const)
    await t.database.db.execute(sql`
      insert into feedback (id, order_id, customer_id, store_id, form, overall, nps, state, created_at)
      values (${id}, ${orderId}, ${customerId}, 1001, 'IN_HOUSE', ${overall}, ${nps}, 'SUBMITTED',
        ${new Date(clock.now()).toISOString()}::timestamptz)`);

  const placed = await rows<{ placed_at: string | Date }>(
    t,
    sql`select distinct placed_at from orders where placed_at is not null`,
  );
  const days = new Set(placed.map((r) => istDayOf(new Date(r.placed_at).getTime())));
  expect(days.size, 'the orders were placed across an IST midnight: run again').toBe(1);
  day = [...days][0]!;
});

const netOf = (c: Cart) => c.displayNetPrice;
const chargesOf = (c: Cart) => c.price - c.displayNetPrice - c.taxAmount - c.tip.tipAmount;

describe('figures, to the paisa', () => {
  it('sales per store: placed orders summed, the cancelled apart, net = gross − discounts', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const res = await admin.get(url('sales', { from: day, to: day, by: 'store' }));
    expect(res.statusCode, res.body).toBe(200);
    const report = SalesReportResponseSchema.parse(json(res)).data;
    const { o1, o2, o3, o4 } = orders;
    expect(o2.cart.appliedPromo?.discount).toBeGreaterThan(0);
    const store1001 = {
      period: day,
      groupId: '1001',
      groupName: 'Crust Connaught Place',
      orders: 2,
      cancelled: 1,
      cancelledPaise: o3.cart.price,
      grossPaise: o1.cart.displayPrice + o2.cart.displayPrice,
      discountPaise: o2.cart.displayPrice - o2.cart.displayNetPrice,
      netPaise: netOf(o1.cart) + netOf(o2.cart),
      gstPaise: o1.cart.taxAmount + o2.cart.taxAmount,
      chargesPaise: chargesOf(o1.cart) + chargesOf(o2.cart),
      tipsPaise: o1.cart.tip.tipAmount + o2.cart.tip.tipAmount,
      totalPaise: o1.cart.price + o2.cart.price,
      averageOrderPaise: Math.round((netOf(o1.cart) + netOf(o2.cart)) / 2),
    };
    const store3001 = {
      period: day,
      groupId: '3001',
      groupName: 'Crust Koramangala',
      orders: 1,
      cancelled: 0,
      cancelledPaise: 0,
      grossPaise: o4.cart.displayPrice,
      discountPaise: 0,
      netPaise: netOf(o4.cart),
      gstPaise: o4.cart.taxAmount,
      chargesPaise: chargesOf(o4.cart),
      tipsPaise: 0,
      totalPaise: o4.cart.price,
      averageOrderPaise: netOf(o4.cart),
    };
    expect(report.rows).toEqual([store1001, store3001]);
    expect(report.total).toEqual({
      orders: 3,
      cancelled: 1,
      cancelledPaise: o3.cart.price,
      grossPaise: store1001.grossPaise + store3001.grossPaise,
      discountPaise: store1001.discountPaise,
      netPaise: store1001.netPaise + store3001.netPaise,
      gstPaise: store1001.gstPaise + store3001.gstPaise,
      chargesPaise: store1001.chargesPaise + store3001.chargesPaise,
      tipsPaise: store1001.tipsPaise,
      totalPaise: store1001.totalPaise + store3001.totalPaise,
      averageOrderPaise: Math.round((store1001.netPaise + store3001.netPaise) / 3),
    });
    expect(report).toMatchObject({
      from: day,
      to: day,
      group: 'day',
      scope: { kind: 'chain', id: 'chain', name: REPORT_TEXTS.wholeChain },
      by: 'store',
      periods: [day],
    });

    // the same orders per city, for the chain, and for Delhi by its stores
    const cities = SalesReportResponseSchema.parse(
      json(await admin.get(url('sales', { from: day, to: day, by: 'city' }))),
    ).data;
    expect(cities.rows.map((r) => [r.groupId, r.groupName, r.orders, r.netPaise])).toEqual([
      ['bengaluru', 'Bengaluru', 1, store3001.netPaise],
      ['delhi', 'Delhi', 2, store1001.netPaise],
    ]);
    const chain = SalesReportResponseSchema.parse(
      json(await admin.get(url('sales', { from: day, to: day }))),
    ).data;
    expect(chain.rows).toEqual([{ ...report.total, period: day, groupId: 'chain', groupName: 'All stores' }]);
    const delhi = SalesReportResponseSchema.parse(
      json(
        await admin.get(url('sales', { from: day, to: day, scope: 'city', cityId: 'delhi', by: 'store' })),
      ),
    ).data;
    expect(delhi.rows).toEqual([store1001]);
    expect(delhi.storeIds).toContain(1001);
    expect(delhi.storeIds.every((id) => id >= 1000 && id < 1200)).toBe(true);
  });

  it('weeks from Monday and calendar months hold the same day', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    for (const group of ['week', 'month'] as const) {
      const report = SalesReportResponseSchema.parse(
        json(await admin.get(url('sales', { from: day, to: day, group, scope: 'store', storeId: 1001 }))),
      ).data;
      expect(report.periods).toEqual([periodOf(day, group)]);
      expect(report.rows.map((r) => [r.period, r.groupId, r.orders])).toEqual([
        [periodOf(day, group), '1001', 2],
      ]);
    }
  });

  it('whole weeks and months are read from their own rollups, with the same figures as the days', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const q = { scope: 'store', storeId: 1001 };
    const byDay = SalesReportResponseSchema.parse(
      json(await admin.get(url('sales', { from: day, to: day, ...q }))),
    ).data.rows[0]!;
    const itemsByDay = ItemsReportResponseSchema.parse(
      json(await admin.get(url('items', { from: day, to: day, ...q }))),
    ).data.rows;
    const monday = periodOf(day, 'week');
    const first = periodOf(day, 'month');
    const whole = {
      week: { from: monday, to: dayOfNumber(dayNumber(monday) + 6) },
      month: {
        from: first,
        to: dayOfNumber(dayNumber(periodOf(dayOfNumber(dayNumber(first) + 31), 'month')) - 1),
      },
    };
    for (const group of ['week', 'month'] as const) {
      const range = { ...whole[group], group, ...q };
      const report = SalesReportResponseSchema.parse(json(await admin.get(url('sales', range)))).data;
      expect(report.rows).toEqual([{ ...byDay, period: periodOf(day, group) }]);
      const items = ItemsReportResponseSchema.parse(json(await admin.get(url('items', range)))).data;
      expect(items.rows).toEqual(itemsByDay);
    }
  });

  it('the mix by order type and payment method, the top items and the coupon’s cost', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const q = { from: day, to: day, scope: 'store', storeId: 1001 };
    const mix = MixReportResponseSchema.parse(json(await admin.get(url('mix', q)))).data;
    const net1001 = netOf(orders.o1.cart) + netOf(orders.o2.cart);
    expect(mix.rows.map((r) => [r.dimension, r.key, r.label, r.orders, r.netPaise])).toEqual([
      ['orderType', 'D', 'Delivery', 2, net1001],
      ['payment', 'CASH', 'Cash', 2, net1001],
    ]);

    // the whole chain: o3 was cancelled, o4 is a takeaway in Bengaluru
    const chainMix = MixReportResponseSchema.parse(
      json(await admin.get(url('mix', { from: day, to: day }))),
    ).data;
    expect(chainMix.rows.map((r) => [r.groupId, r.dimension, r.key, r.orders, r.netPaise])).toEqual([
      ['chain', 'orderType', 'D', 2, net1001],
      ['chain', 'orderType', 'T', 1, netOf(orders.o4.cart)],
      ['chain', 'payment', 'CASH', 3, net1001 + netOf(orders.o4.cart)],
    ]);

    const items = ItemsReportResponseSchema.parse(
      json(await admin.get(url('items', { from: day, to: day }))),
    ).data;
    const lines = [orders.o1, orders.o2, orders.o4].flatMap((o) => o.cart.validItems);
    const expected = new Map<string, { quantity: number; netPaise: number }>();
    for (const l of lines) {
      const e = expected.get(l.product.code) ?? { quantity: 0, netPaise: 0 };
      expected.set(l.product.code, {
        quantity: e.quantity + l.quantity,
        netPaise: e.netPaise + l.totalPriceAfterDiscount,
      });
    }
    expect(items.rows.map((r) => [r.productCode, r.quantity, r.netPaise])).toEqual(
      [...expected]
        .sort((a, b) => b[1].netPaise - a[1].netPaise)
        .map(([code, e]) => [code, e.quantity, e.netPaise]),
    );
    expect(items.rows.map((r) => r.rank)).toEqual(items.rows.map((_, i) => i + 1));
    expect(items.rows.find((r) => r.productCode === FARMHOUSE)?.name).toBe('Farmhouse');
    const top1 = ItemsReportResponseSchema.parse(
      json(await admin.get(url('items', { from: day, to: day, limit: 1 }))),
    ).data;
    expect(top1.rows).toEqual(items.rows.slice(0, 1));

    const offers = OffersReportResponseSchema.parse(json(await admin.get(url('offers', q)))).data;
    const discount = orders.o2.cart.displayPrice - orders.o2.cart.displayNetPrice;
    expect(offers.rows).toEqual([
      {
        kind: 'COUPON',
        code: 'SAVE20',
        title: expect.any(String),
        orders: 1,
        discountPaise: discount,
        netPaise: netOf(orders.o2.cart),
      },
    ]);
    expect(offers.total).toEqual({ orders: 1, discountPaise: discount, netPaise: netOf(orders.o2.cart) });
  });

  it('delivery times (median and p90, nearest rank), the guarantee paid, loyalty points and ratings', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const q = { from: day, to: day, scope: 'store', storeId: 1001 };
    const delivery = DeliveryReportResponseSchema.parse(json(await admin.get(url('delivery', q)))).data;
    const guarantee = Math.min(orders.o2.cart.price, GUARANTEE_MAX_PAISE);
    const figures = {
      delivered: 2,
      medianMinutes: 12,
      p90Minutes: 40,
      guarantees: 1,
      guaranteePaise: guarantee,
    };
    expect(delivery.rows).toEqual([
      { period: day, groupId: '1001', groupName: 'Crust Connaught Place', ...figures },
    ]);
    expect(delivery.total).toEqual(figures);
    // a takeaway is not timed
    const bengaluru = DeliveryReportResponseSchema.parse(
      json(await admin.get(url('delivery', { from: day, to: day, scope: 'store', storeId: 3001 }))),
    ).data;
    expect(bengaluru.rows).toEqual([]);
    expect(bengaluru.total).toEqual({
      delivered: 0,
      medianMinutes: null,
      p90Minutes: null,
      guarantees: 0,
      guaranteePaise: 0,
    });

    const loyalty = LoyaltyReportResponseSchema.parse(json(await admin.get(url('loyalty', q)))).data;
    expect(loyalty.total).toEqual({ pointsEarned: LOYALTY.earnPointsPerOrder, pointsRedeemed: 0 });

    const ratings = RatingsReportResponseSchema.parse(
      json(await admin.get(url('ratings', { ...q, by: 'store' }))),
    ).data;
    const rated = { ratings: 2, csatAverage: 3.5, nps: 0, promoters: 1, passives: 0, detractors: 1 };
    expect(ratings.rows).toEqual([
      { period: day, groupId: '1001', groupName: 'Crust Connaught Place', ...rated },
    ]);
    expect(ratings.total).toEqual(rated);
  });

  it('folding an order again changes nothing, and a rebuild from the orders makes the same rollups', async () => {
    // a rollup row an order was taken out of may stay at zero; a rebuild makes none
    const kept: Record<string, string> = {
      report_orders: 'true',
      report_sales: 'orders <> 0 or cancelled <> 0',
      report_mix: 'orders <> 0 or net_paise <> 0',
      report_items: 'quantity <> 0 or net_paise <> 0',
      report_offers: 'orders <> 0 or discount_paise <> 0',
      report_delivery: 'orders <> 0',
    };
    const dump = async () => {
      // the rollups as a report reads them: with what order events left pending added
      await foldPending(t.database.db);
      const all: Record<string, unknown[]> = {};
      for (const [table, where] of Object.entries(kept))
        all[table] = await rows(
          t,
          sql`select * from ${sql.raw(table)} where ${sql.raw(where)} order by 1, 2, 3, 4, 5`,
        );
      return all;
    };
    const before = await dump();
    expect(before.report_orders).toHaveLength(4);
    await t.database.db.transaction(async (tx) => {
      for (const o of Object.values(orders)) await foldOrder(tx, o.id);
    });
    expect(await dump()).toEqual(before);
    await rebuild(t.database.db, { from: day, to: day });
    expect(await dump()).toEqual(before);
    await rebuild(t.database.db);
    expect(await dump()).toEqual(before);
  });
});

it('every report answers for every breakdown and grouping of the chain', async () => {
  const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
  for (const kind of REPORT_KINDS)
    for (const by of ['chain', 'city', 'store'])
      for (const group of ['day', 'week', 'month']) {
        const res = await admin.get(url(kind, { from: day, to: day, by, group }));
        expect(res.statusCode, `${kind} by ${by} per ${group}: ${res.body}`).toBe(200);
      }
});

describe('CSV', () => {
  it('each report downloads as CSV: a header row, rupees with two decimals', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const res = await admin.get(url('sales', { from: day, to: day, by: 'store', format: 'csv' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="crust-sales-chain-${day}-to-${day}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Period,Group,Name,Orders,Cancelled,Cancelled value (Rs),Gross (Rs),Discounts (Rs),Net (Rs),GST (Rs),Charges (Rs),Tips (Rs),Total paid (Rs),Average order (Rs)',
    );
    const json1001 = SalesReportResponseSchema.parse(
      json(await admin.get(url('sales', { from: day, to: day, by: 'store' }))),
    ).data.rows[0]!;
    const rupees = (p: number) => (p / 100).toFixed(2);
    expect(lines[1]).toBe(
      [
        day,
        '1001',
        'Crust Connaught Place',
        2,
        1,
        rupees(json1001.cancelledPaise),
        rupees(json1001.grossPaise),
        rupees(json1001.discountPaise),
        rupees(json1001.netPaise),
        rupees(json1001.gstPaise),
        rupees(json1001.chargesPaise),
        rupees(json1001.tipsPaise),
        rupees(json1001.totalPaise),
        rupees(json1001.averageOrderPaise),
      ].join(','),
    );
    expect(lines).toHaveLength(4);

    for (const kind of REPORT_KINDS) {
      const csv = await admin.get(
        url(kind, { from: day, to: day, scope: 'store', storeId: 1001, format: 'csv' }),
      );
      expect(csv.statusCode, `${kind}: ${csv.body}`).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="crust-${kind}-store-1001-${day}-to-${day}.csv"`,
      );
      const [header, ...body] = csv.body.trimEnd().split('\r\n');
      const columns = header!.split(',').length;
      expect(body.length, kind).toBeGreaterThan(0);
      // no quoted commas in these rows: every line has the header's number of cells
      for (const line of body) expect(line.split(',').length, `${kind}: ${line}`).toBe(columns);
    }
  });
});

describe('who may read which scope', () => {
  it('a store manager reads their store only', async () => {
    const m = await storeStaff(t, 1001);
    const get = (q: Record<string, string | number>) =>
      m.call('GET', url('sales', { from: day, to: day, ...q }));
    expect((await get({ scope: 'store', storeId: 1001 })).statusCode).toBe(200);
    const outside: Record<string, string | number>[] = [
      { scope: 'store', storeId: 3001 },
      { scope: 'store', storeId: 9999 },
      { scope: 'city', cityId: 'delhi' },
      {},
    ];
    for (const q of outside) {
      const res = await get(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(404);
    }
    expect(errorOf(await get({ scope: 'store', storeId: 3001 })).displayMsg).toBe(REPORT_TEXTS.notInReach);
    expect(errorOf(await get({})).displayMsg).toBe(REPORT_TEXTS.chainOnly);
  });

  it('a regional manager reads their cities and their stores, nothing else', async () => {
    const regional = await made({
      username: `delhi.reports.${Date.now().toString(36)}`,
      name: 'Delhi lead',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    const get = (q: Record<string, string | number>) =>
      regional.get(url('sales', { from: day, to: day, ...q }));
    const delhi = await get({ scope: 'city', cityId: 'delhi', by: 'store' });
    expect(delhi.statusCode, delhi.body).toBe(200);
    expect(SalesReportResponseSchema.parse(json(delhi)).data.rows.map((r) => r.groupId)).toEqual(['1001']);
    expect((await get({ scope: 'store', storeId: 1001 })).statusCode).toBe(200);
    const outside: Record<string, string | number>[] = [
      { scope: 'city', cityId: 'bengaluru' },
      { scope: 'city', cityId: 'atlantis' },
      { scope: 'store', storeId: 3001 },
      { scope: 'chain' },
    ];
    for (const q of outside) expect((await get(q)).statusCode, JSON.stringify(q)).toBe(404);
  });

  it('store staff may not read reports; no login is a 401', async () => {
    const staff = await made({
      username: `till.reports.${Date.now().toString(36)}`,
      name: 'Till',
      role: 'STAFF',
      storeId: 1001,
    });
    for (const kind of REPORT_KINDS) {
      const res = await staff.get(url(kind, { from: day, to: day, scope: 'store', storeId: 1001 }));
      expect(res.statusCode, kind).toBe(403);
      expect(errorOf(res).code).toBe('ROLE_NOT_ALLOWED');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: url('sales', { from: day, to: day }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad input: 400 naming the field', () => {
  it.each<[string, Record<string, string | number>, string]>([
    ['the end before the start', { from: '2026-03-10', to: '2026-03-09' }, 'querystring.to'],
    ['367 days', { from: '2025-01-01', to: '2026-01-02' }, 'querystring.to'],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }, 'querystring.from'],
    ['not a date', { from: '2026-3-1', to: '2026-03-01' }, 'querystring.from'],
    [
      'a city scope with no city',
      { from: '2026-03-01', to: '2026-03-01', scope: 'city' },
      'querystring.cityId',
    ],
    [
      'a store scope with no store',
      { from: '2026-03-01', to: '2026-03-01', scope: 'store' },
      'querystring.storeId',
    ],
    [
      'rows wider than the scope',
      { from: '2026-03-01', to: '2026-03-01', scope: 'store', storeId: 1001, by: 'chain' },
      'querystring.by',
    ],
    ['an unknown grouping', { from: '2026-03-01', to: '2026-03-01', group: 'year' }, 'querystring.group'],
  ])('%s', async (_, q, field) => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const res = await admin.get(url('sales', q));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).field).toBe(field);
  });

  it('366 days (a leap year) is a report', async () => {
    const admin = loginOf(await logIn('chainadmin', 'pizza-admin'));
    const res = await admin.get(url('sales', { from: '2028-01-01', to: '2028-12-31', group: 'month' }));
    expect(res.statusCode, res.body).toBe(200);
    const report = SalesReportResponseSchema.parse(json(res)).data;
    expect(report.periods).toHaveLength(12);
    expect(report.rows).toEqual([]);
    expect(report.total.orders).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORT_PATHS, SalesReportResponseSchema } from '@crust/contract/reports';
import { istDayOf } from '@crust/domain/report-periods';
import { foldPending, rebuild } from '../src/modules/reports/repo.ts';
import { json } from './helpers.ts';
import { count, rows } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { chainAdmin, placeCash } from './tracking-support.ts';

/**
 * Issue 32 §3: an order's transaction no longer adds to the store's rollup rows (every order of a store queued
 * behind their locks); it leaves its figures in report_pending, and a fold adds them to the rollups exactly once:
 * the background pass, a report read, a rebuild. Two processes folding at once: two-processes.test.ts.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true });
});
afterAll(() => t.close());

const STORE = 1001;
const today = () => istDayOf(Date.now());
const pending = () => count(t, sql`select count(*) as n from report_pending`);
const dayOrders = async () =>
  Number(
    (
      await rows<{ orders: number }>(
        t,
        sql`select orders from report_sales where store_id = ${STORE} and grain = 'D' and day = ${today()}::date`,
      )
    )[0]?.orders ?? 0,
  );
const rollups = () =>
  Promise.all(
    ['report_sales', 'report_mix', 'report_items', 'report_offers', 'report_delivery'].map((table) =>
      rows(t, sql`select * from ${sql.raw(table)} order by 1, 2, 3, 4, 5`),
    ),
  );

it('a placed order waits in report_pending; one fold adds it to the rollups, a second adds nothing', async () => {
  await foldPending(t.database.db);
  const before = await dayOrders();
  await placeCash(t, { storeId: STORE });
  expect(await pending()).toBe(1);
  expect(await dayOrders()).toBe(before);
  expect(await foldPending(t.database.db)).toBe(1);
  expect(await pending()).toBe(0);
  expect(await dayOrders()).toBe(before + 1);
  expect(await foldPending(t.database.db)).toBe(0);
  expect(await dayOrders()).toBe(before + 1);
});

it('a report read counts every order placed before it was asked for', async () => {
  const admin = await chainAdmin(t);
  const read = async () => {
    const q = new URLSearchParams({ from: today(), to: today(), by: 'store' });
    const res = await admin.call('GET', `${REPORT_PATHS.sales}?${q.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = SalesReportResponseSchema.parse(json(res)).data;
    return report.rows.find((r) => r.groupId === String(STORE))?.orders ?? 0;
  };
  const before = await read();
  await placeCash(t, { storeId: STORE });
  await placeCash(t, { storeId: STORE });
  expect(await pending()).toBe(2);
  expect(await read()).toBe(before + 2);
  expect(await pending()).toBe(0);
});

it('orders placed at once at one store and folds run at once count each order once, as a rebuild does', async () => {
  const before = await dayOrders();
  await Promise.all(Array.from({ length: 8 }, () => placeCash(t, { storeId: STORE })));
  expect(await pending()).toBe(8);
  const folded = await Promise.all(Array.from({ length: 3 }, () => foldPending(t.database.db)));
  expect(folded.reduce((a, b) => a + b, 0)).toBe(8);
  expect(await dayOrders()).toBe(before + 8);
  // a rebuild recomputes the rollups from the orders themselves: the same rows
  const folds = await rollups();
  await rebuild(t.database.db);
  expect(await rollups()).toEqual(folds);
});

it('a rebuild adds what is pending for days outside its range and does not count its range twice', async () => {
  const before = await dayOrders();
  await placeCash(t, { storeId: STORE });
  expect(await pending()).toBe(1);
  await rebuild(t.database.db, { from: '2020-01-01', to: '2020-01-01' });
  expect(await pending()).toBe(0);
  expect(await dayOrders()).toBe(before + 1);
  await placeCash(t, { storeId: STORE });
  await rebuild(t.database.db, { from: today(), to: today() });
  expect(await pending()).toBe(0);
  expect(await dayOrders()).toBe(before + 2);
  expect(await foldPending(t.database.db)).toBe(0);
  expect(await dayOrders()).toBe(before + 2);
});

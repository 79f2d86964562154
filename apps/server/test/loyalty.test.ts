import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { LOYALTY } from '@crust/domain/loyalty';
import * as orders from '../src/modules/orders/repo.ts';
import { json } from './helpers.ts';
import { createOrderApp, customers, newGuest, orderClient, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash } from './tracking-support.ts';

/** Issue 15 §2: Pizza Pals on the server — enrolment, earning off the order's events, the credit job. */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const newCustomer = customers(() => t);
const H = 3_600_000;

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const info = async (headers: Record<string, string>) => {
  const res = await call('GET', API_PATHS.loyaltyInfo, headers);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const entries = (customerId: string) =>
  rows<{ kind: string; ref: string; points: number }>(
    t,
    sql`select kind, ref, points from loyalty_points where customer_id = ${customerId} order by id`,
  );

/** A cash order of this customer placed, and optionally carried to DELIVERED by the store. */
async function order(who: Awaited<ReturnType<typeof newCustomer>>, deliver = false) {
  const placed = await placeCash(t, { who });
  if (deliver) {
    for (const [to, rider] of [['BEING_BAKED'], ['DISPATCHED', 'Ravi'], ['DELIVERED']] as const) {
      const row = (await orders.findOrder(t.database.db, placed.orderId))!;
      await t.app.deps.lifecycle.move('S1001', row, to, rider);
    }
  }
  return placed.orderId;
}

describe('enrolment', () => {
  it('a guest has no loyalty; a new customer is NEW until they join, opt out, and join again', async () => {
    const guest = await newGuest(t);
    expect((await call('GET', API_PATHS.loyaltyInfo, guest.headers)).statusCode).toBe(403);

    const who = await newCustomer();
    expect(await info(who.headers)).toMatchObject({
      enrollmentStatus: false,
      status: 'NEW',
      loyaltyCardCode: LOYALTY.cardCode,
      programme: { itemRedeemPoints: 600, earnPointsPerOrder: 100 },
      balance: { overall: { points: 0 }, sliceBalance: 0 },
    });
    const joined = json(await call('POST', API_PATHS.loyaltyEnroll, who.headers, {}));
    expect(joined.data).toMatchObject({ enrollmentStatus: true, status: 'ENROLLED' });
    // joining twice answers the enrolment
    expect(json(await call('POST', API_PATHS.loyaltyEnroll, who.headers, {})).data.status).toBe('ENROLLED');
    expect(json(await call('POST', API_PATHS.loyaltyOptOut, who.headers)).data.status).toBe('OPT_OUT');
    const again = json(await call('POST', API_PATHS.loyaltyOptOut, who.headers));
    expect(again).toMatchObject({ status: 'FAILED', errors: [{ code: 'LOYALTY_NOT_ALLOWED' }] });
    expect(json(await call('POST', API_PATHS.loyaltyEnroll, who.headers, {})).data.status).toBe('ENROLLED');
  });

  it("another customer's points are not found by their mobile", async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const mobileOfB = (
      await rows<{ mobile: string }>(t, sql`select mobile from customers where id = ${b.userId}`)
    )[0]!.mobile;
    const res = await call('GET', API_PATHS.loyaltyBalances, { ...a.headers, mobile: mobileOfB });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"points"');
  });
});

describe('earning', () => {
  it('an order enrols a customer who never joined and earns pending points; the credit job credits them once, burnable a day later', async () => {
    const who = await newCustomer();
    const orderId = await order(who, true);
    expect((await info(who.headers)).status).toBe('ENROLLED');
    expect(await entries(who.userId)).toEqual([{ kind: 'earn_pending', ref: orderId, points: 100 }]);
    const loyalty = t.app.deps.loyalty;
    // not due yet
    expect(await loyalty.creditDue(Date.now() + 23 * H)).toBe(0);
    // two processes' jobs at once: one credit
    const passes = await Promise.all([
      loyalty.creditDue(Date.now() + 25 * H),
      loyalty.creditDue(Date.now() + 25 * H),
      loyalty.creditDue(Date.now() + 25 * H),
    ]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await entries(who.userId)).map((e) => e.kind)).toEqual(['earn_pending', 'earn_credited']);
    const balance = json(await call('GET', API_PATHS.loyaltyBalances, who.headers)).data;
    // credited just now (as of the job's time, a day ahead): held, not yet burnable
    expect(balance).toMatchObject({ overall: { points: 100 }, pending: { points: 0 }, sliceBalance: 1 });
  });

  it('an order enrols with the card code it names; one sent with enroll: false enrols nobody', async () => {
    const who = await newCustomer();
    await placeCash(t, {
      who,
      details: { enroll: true, loyaltyRegistrationRequest: { loyaltyCardCode: 'POTP9' } },
    });
    expect(await info(who.headers)).toMatchObject({ status: 'ENROLLED', loyaltyCardCode: 'POTP9' });
    const other = await newCustomer();
    await placeCash(t, { who: other, details: { enroll: false } });
    expect((await info(other.headers)).status).toBe('NEW');
    expect(await entries(other.userId)).toEqual([]);
  });

  it('two orders in the same moment: one earns the day', async () => {
    const who = await newCustomer();
    const placed = await Promise.all([order(who), order(who), order(who)]);
    const earned = await entries(who.userId);
    expect(earned).toHaveLength(1);
    expect(placed).toContain(earned[0]!.ref);
  });

  it('an opted-out customer earns nothing and keeps the history', async () => {
    const who = await newCustomer();
    await order(who);
    expect(await entries(who.userId)).toHaveLength(1);
    expect(json(await call('POST', API_PATHS.loyaltyOptOut, who.headers)).data.status).toBe('OPT_OUT');
    // the next day's order: no enrolment by order, no points
    await t.database.db.execute(
      sql`update loyalty_points set earn_day = earn_day - interval '1 day' where customer_id = ${who.userId}`,
    );
    await order(who);
    expect(await entries(who.userId)).toHaveLength(1);
    expect((await info(who.headers)).status).toBe('OPT_OUT');
  });

  it('a cancelled order loses its pending points; one cancelled after its credit gives them back', async () => {
    const who = await newCustomer();
    const first = await order(who);
    const row = (await orders.findOrder(t.database.db, first))!;
    await t.app.deps.lifecycle.cancel('S1001', row, 'Out of dough');
    expect((await entries(who.userId)).map((e) => e.kind)).toEqual(['earn_pending', 'earn_voided']);

    const other = await newCustomer();
    const delivered = await order(other, true);
    await t.app.deps.loyalty.creditDue(Date.now() + 25 * H);
    await t.database.db.execute(sql`update orders set stage = 'CONFIRMED' where id = ${delivered}`);
    await t.app.deps.lifecycle.cancel(
      'S1001',
      (await orders.findOrder(t.database.db, delivered))!,
      'Refunded after delivery',
    );
    expect((await entries(other.userId)).map((e) => e.kind)).toEqual([
      'earn_pending',
      'earn_credited',
      'clawback',
    ]);
    expect(json(await call('GET', API_PATHS.loyaltyBalances, other.headers)).data.overall.points).toBe(0);
  });

  it("an order's summary says what it earned and the points around it; a guest's earns nothing", async () => {
    const who = await newCustomer();
    const orderId = await order(who);
    const summary = await orderClient(t, who).summary(orderId);
    expect(summary.loyaltyEarnedPoints).toBe(100);
    expect(summary.earnableBurnable).toEqual({
      overall: { points: 0 },
      burnable: { freeItems: 0 },
      toBeConsumed: { points: 0 },
      updatedPointsBalance: 0,
    });
    const guest = await newGuest(t);
    const placed = await placeCash(t, { who: guest });
    const guestSummary = await orderClient(t, guest).summary(placed.orderId);
    expect(guestSummary).toMatchObject({ loyaltyEarnedPoints: 0, earnableBurnable: null });
  });

  it('the sandbox runs the credit job as of a time', async () => {
    const who = await newCustomer();
    await order(who, true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/loyalty/credit',
      payload: { asOf: new Date(Date.now() + 25 * H).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).credited).toBeGreaterThanOrEqual(1);
    expect((await entries(who.userId)).map((e) => e.kind)).toContain('earn_credited');
  });
});

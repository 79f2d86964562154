import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { Tracker } from '@crust/contract/tracking';
import { guaranteeMinutes } from '@crust/domain/delivery-guarantee';
import { MESSAGES } from '@crust/domain/messages';
import { orderTopic, type InProcessBus } from '../src/modules/tracking/bus.ts';
import { TRACKING_TEXTS } from '../src/modules/tracking/service.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { json } from './helpers.ts';
import { createOrderApp, customers, newGuest, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { readEvents } from './sse-reader.ts';
import { placeCash, readTracker, storeStaff } from './tracking-support.ts';

let t: GatewayTestApp;
let base: string;
beforeAll(async () => {
  t = await createOrderApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const newCustomer = customers(() => t);
/** How many listeners the in-process tracking bus holds for one order's topic. */
const watchers = (orderId: string) => (t.app.deps.bus as InProcessBus).listenerCount(orderTopic(orderId));
const lookup = (payload: object) => t.app.inject({ method: 'POST', url: API_PATHS.trackLookup, payload });
const errorOf = (res: { body: string }) => json<{ errors: { displayMsg: string }[] }>(res).errors[0]!;

describe('the tracker', () => {
  it("shows a placed order's stage, steps, promised time and store to its owner", async () => {
    const placed = await placeCash(t);
    const tracker = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    expect(tracker).toMatchObject({
      orderId: placed.orderId,
      status: 'PLACED',
      label: 'Order Placed',
      tracker: { stage: 'CONFIRMED', code: 1 },
      orderSummary: { deliveryType: 'D', netPrice: placed.price },
      store: { id: 1001 },
      guarantee: { applies: true, creditedPaise: 0 },
    });
    expect(tracker.tracker.steps.map((s) => [s.stage, s.code, s.at !== null])).toEqual([
      ['CONFIRMED', 1, true],
      ['BEING_BAKED', 2, false],
      ['DISPATCHED', 4, false],
      ['DELIVERED', 9, false],
    ]);
    const placedMs = Date.parse(tracker.placedAt!);
    expect(Date.parse(tracker.promisedAt!) - placedMs).toBe(guaranteeMinutes(placedMs) * 60_000);
    expect(tracker.destination).toMatchObject({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
  });

  it("is not found for someone else, or with a wrong key; the order's key opens it", async () => {
    const placed = await placeCash(t);
    const stranger = await newGuest(t);
    const url = fillPath(API_PATHS.tracker, { orderId: placed.orderId });
    for (const res of [
      await t.app.inject({ method: 'GET', url, headers: stranger.headers }),
      await t.app.inject({ method: 'GET', url: `${url}?key=not-the-key`, headers: stranger.headers }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).displayMsg).toBe(TRACKING_TEXTS.notFound);
    }
    const { key } = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    expect((await readTracker(t, placed.orderId, { key })).orderId).toBe(placed.orderId);
  });

  it('pickup orders go confirmed, being baked, ready, picked up', async () => {
    const placed = await placeCash(t, { details: { deliveryType: 'T', address: null } });
    const tracker = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    expect(tracker.tracker.steps.map((s) => s.stage)).toEqual([
      'CONFIRMED',
      'BEING_BAKED',
      'READY',
      'PICKED_UP',
    ]);
    expect(tracker.destination).toBeNull();
    expect(tracker.guarantee.applies).toBe(false);
  });
});

describe('track another order (SPEC §5 Tracking)', () => {
  it('finds an order by mobile number and order id', async () => {
    const placed = await placeCash(t);
    const tracker = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    const res = await lookup({ mobile: placed.mobile, orderNumber: String(Number(tracker.dominosOrderId)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ orderId: placed.orderId, deliveryType: 'D', advanceOrder: false });
    expect(json(res).data.key).toBe(tracker.key);
  });

  it.each([
    [{ mobile: '', orderNumber: '12' }, MESSAGES.enterMobileNo],
    [{ mobile: '9876500001', orderNumber: '' }, MESSAGES.enterOrderIdNo],
  ])('refuses %j with the SPEC text', async (payload, text) => {
    const res = await lookup(payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).displayMsg).toBe(text);
  });

  it('does not find an order with another mobile number', async () => {
    const placed = await placeCash(t);
    const tracker = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    const res = await lookup({ mobile: '9000000009', orderNumber: tracker.dominosOrderId });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).displayMsg).toBe(TRACKING_TEXTS.notFound);
  });
});

describe('live events', () => {
  it("a stage change reaches the watching customer's event stream, through to delivered, then the stream ends", async () => {
    const placed = await placeCash(t);
    const { eventsUrl } = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    const stream = readEvents(base + eventsUrl);
    const stageOf = async () => {
      const e = await stream.next();
      expect(e.event).toBe('tracker');
      return (e.data as Tracker).tracker.stage;
    };
    expect(await stageOf()).toBe('CONFIRMED');
    const staff = await storeStaff(t, 1001);
    await staff.move(placed.orderId, 'BEING_BAKED');
    expect(await stageOf()).toBe('BEING_BAKED');
    await staff.move(placed.orderId, 'DISPATCHED', 'Ravi');
    const dispatched = (await stream.next()).data as Tracker;
    expect(dispatched).toMatchObject({ tracker: { stage: 'DISPATCHED', code: 4 }, riderName: 'Ravi' });
    await staff.move(placed.orderId, 'DELIVERED');
    expect(await stageOf()).toBe('DELIVERED');
    await stream.ended;
    expect(stream.status()).toBe(200);
    // the ended stream left nothing subscribed behind it
    await expect.poll(() => watchers(placed.orderId)).toBe(0);
  });

  it('a stream without the key is refused', async () => {
    const placed = await placeCash(t);
    const stream = readEvents(
      `${base}${fillPath(API_PATHS.trackerEvents, { orderId: placed.orderId })}?key=wrong`,
    );
    await stream.ended;
    expect(stream.status()).toBe(404);
  });

  it("the store's queue stream hears of a new paid order", async () => {
    const staff = await storeStaff(t, 1001);
    const { eventsUrl } = await staff.queue(1001);
    const stream = readEvents(base + eventsUrl);
    await stream.opened;
    const placed = await placeCash(t);
    let e = await stream.next();
    while ((e.data as { orderId: string }).orderId !== placed.orderId) e = await stream.next();
    expect(e).toMatchObject({ event: 'queue', data: { orderId: placed.orderId, stage: 'CONFIRMED' } });
    stream.close();
  });
});

describe('the delivery guarantee (SPEC §9)', () => {
  const lateBy = (orderId: string, minutes: number) =>
    t.database.db.execute(
      sql`update orders set promised_at = now() - make_interval(mins => ${minutes}) where id = ${orderId}`,
    );
  const deliver = async (orderId: string) => {
    const staff = await storeStaff(t, 1001);
    await staff.move(orderId, 'BEING_BAKED');
    await staff.move(orderId, 'DISPATCHED', 'Ravi');
    await staff.move(orderId, 'DELIVERED');
  };

  it("a late delivery credits the order's cost up to ₹300 to the customer's wallet, once, and the tracker says so", async () => {
    const who = await newCustomer();
    const placed = await placeCash(t, { who });
    await lateBy(placed.orderId, 5);
    await deliver(placed.orderId);
    const expected = Math.min(placed.price, 30_000);
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(expected);
    const tracker = await readTracker(t, placed.orderId, { headers: who.headers });
    expect(tracker.guarantee.creditedPaise).toBe(expected);
    const credits = await rows(
      t,
      sql`select 1 from wallet_entries where ref = ${`guarantee:${placed.orderId}`}`,
    );
    expect(credits).toHaveLength(1);
  });

  it('an order delivered on time earns nothing', async () => {
    const who = await newCustomer();
    const placed = await placeCash(t, { who });
    await deliver(placed.orderId);
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(0);
    expect((await readTracker(t, placed.orderId, { headers: who.headers })).guarantee.creditedPaise).toBe(0);
  });
});

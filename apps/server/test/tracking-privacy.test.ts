import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { TrackLookupResponseSchema, type Tracker } from '@crust/contract/tracking';
import {
  TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR,
  TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR,
  TRACK_LOOKUPS_PER_MOBILE_PER_HOUR,
} from '../src/modules/tracking/limits.ts';
import type * as OrderNumbers from '../src/modules/orders/order-number.ts';
import { TRACKING_TEXTS } from '../src/modules/tracking/service.ts';
import { json } from './helpers.ts';
import { CP_ADDRESS, createOrderApp, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { readEvents } from './sse-reader.ts';
import { placeCash, readTracker, storeStaff } from './tracking-support.ts';

/** Numbers the next orders draw before the random ones (to make a draw hit a number in use). */
const drawn = vi.hoisted(() => ({ queue: [] as number[] }));
vi.mock('../src/modules/orders/order-number.ts', async (load) => {
  const real = await load<typeof OrderNumbers>();
  return { ...real, newOrderNumber: () => drawn.queue.shift() ?? real.newOrderNumber() };
});

/**
 * Issue 11 §3: with a victim's mobile number, counted order numbers let anyone find the tracking key and read
 * the delivery address. Numbers are drawn at random, lookups are limited per mobile number and per client
 * address, and whoever holds a key sees no more than the locality.
 */
let t: GatewayTestApp;
let base: string;
beforeAll(async () => {
  t = await createOrderApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let addresses = 0;
/** A client address no other test uses, so each test has the per-address limit to itself. */
const freshAddress = () => `10.11.${process.pid % 250}.${++addresses}`;
const lookup = (from: string, mobile: string, orderNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.trackLookup,
    remoteAddress: from,
    payload: { mobile, orderNumber },
  });
const numberOf = async (orderId: string) =>
  (await rows<{ number: number }>(t, sql`select number from orders where id = ${orderId}`))[0]!.number;

describe('order numbers', () => {
  it('are eight random digits, not counted up: the neighbours of your own number are nobody’s', async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeCash(t));
    const numbers = await Promise.all(placed.map((p) => numberOf(p.orderId)));
    for (const n of numbers) expect(String(n)).toMatch(/^[1-9]\d{7}$/);
    expect(new Set(numbers).size).toBe(6);
    // counted numbers would sit next to each other
    const sorted = [...numbers].sort((a, b) => a - b);
    const gaps = sorted.slice(1).map((n, i) => n - sorted[i]!);
    expect(gaps.filter((g) => g <= 6)).toEqual([]);
    // the receipt, the tracker and the lookup all use the drawn number
    const first = placed[0]!;
    const tracker = await readTracker(t, first.orderId, { headers: first.who.headers });
    expect(tracker.dominosOrderId).toBe(String(numbers[0]));
    expect((await first.client.summary(first.orderId)).dominosOrderId).toBe(String(numbers[0]));
    const res = await lookup(freshAddress(), first.mobile, tracker.dominosOrderId);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a drawn number already in use is drawn again', async () => {
    const earlier = await placeCash(t);
    const taken = await numberOf(earlier.orderId);
    drawn.queue.push(taken, 23_456_789);
    const next = await placeCash(t);
    expect(drawn.queue).toEqual([]);
    expect(await numberOf(next.orderId)).toBe(23_456_789);
    expect(await numberOf(earlier.orderId)).toBe(taken);
  });
});

describe('"Track your order" lookups are limited', () => {
  it(`per mobile number and address: of 15 parallel guesses from one address ${TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR} are looked up; the owner still finds the order from theirs`, async () => {
    const victim = await placeCash(t);
    const number = String(await numberOf(victim.orderId));
    const stranger = freshAddress();
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        lookup(stranger, victim.mobile, String(10_000_000 + i * 7919 + 1)),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      15 - TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR,
    );
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused).errors[0]).toMatchObject({
      code: 'TOO_MANY_LOOKUPS',
      displayMsg: TRACKING_TEXTS.tooManyLookups(60),
    });
    // the stranger's address is stopped for this number, even with the right order number…
    expect((await lookup(stranger, victim.mobile, number)).statusCode).toBe(429);
    // …but the stranger's misses do not lock the customer out
    expect((await lookup(freshAddress(), victim.mobile, number)).statusCode).toBe(200);
  });

  it(`per mobile number from every address: of 120 parallel guesses spread over 12 addresses ${TRACK_LOOKUPS_PER_MOBILE_PER_HOUR} are looked up`, async () => {
    const victim = await placeCash(t);
    const number = String(await numberOf(victim.orderId));
    const spread = Array.from({ length: 12 }, freshAddress);
    const guesses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        lookup(spread[i % spread.length]!, victim.mobile, String(10_000_000 + i * 7919 + 1)),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACK_LOOKUPS_PER_MOBILE_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - TRACK_LOOKUPS_PER_MOBILE_PER_HOUR);
    // the ceiling holds for the right number from a new address too, until the hour has passed
    expect((await lookup(freshAddress(), victim.mobile, number)).statusCode).toBe(429);
    await t.database.db.execute(
      sql`update limit_slots set taken_at = taken_at - interval '61 minutes' where key = ${`track-lookup|mobile|${victim.mobile}`}`,
    );
    expect((await lookup(freshAddress(), victim.mobile, number)).statusCode).toBe(200);
  });

  it(`per client address: of 45 parallel guesses at different numbers ${TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR} are looked up`, async () => {
    const from = freshAddress();
    const guesses = await Promise.all(
      Array.from({ length: 45 }, (_, i) => lookup(from, `98${String(77_000_000 + i)}`, '12345678')),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR);
  });

  it('lookups that find the order do not count: its owner can look it up again and again', async () => {
    const placed = await placeCash(t);
    const number = String(await numberOf(placed.orderId));
    const from = freshAddress();
    for (let i = 0; i < TRACK_LOOKUPS_PER_MOBILE_PER_HOUR + 5; i++) {
      const res = await lookup(from, placed.mobile, number);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('who sees what', () => {
  const houseNo = CP_ADDRESS.houseNo;
  const street = CP_ADDRESS.address;

  it('a key holder sees the locality and a point rounded to about a kilometre; its owner the whole address', async () => {
    const placed = await placeCash(t);
    const number = String(await numberOf(placed.orderId));
    const found = TrackLookupResponseSchema.parse(
      json(await lookup(freshAddress(), placed.mobile, number)),
    ).data;

    const shared = await readTracker(t, placed.orderId, { key: found.key });
    expect(shared.destination).toEqual({
      label: CP_ADDRESS.locality,
      latitude: Math.round(CP_ADDRESS.latitude * 100) / 100,
      longitude: Math.round(CP_ADDRESS.longitude * 100) / 100,
    });
    expect(shared.orderSummary.netPrice).toBeNull();
    const said = JSON.stringify(shared);
    for (const personal of [houseNo, street, placed.mobile, 'Asha', 'Verma', 'asha@example.com'])
      expect(said).not.toContain(personal);
    // still a working tracker: stage, steps, promise, store
    expect(shared).toMatchObject({ status: 'PLACED', tracker: { stage: 'CONFIRMED' }, store: { id: 1001 } });
    expect(shared.promisedAt).not.toBeNull();

    const own = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    expect(own.destination).toEqual({
      label: expect.stringContaining(street),
      latitude: CP_ADDRESS.latitude,
      longitude: CP_ADDRESS.longitude,
    });
    expect(own.destination!.label).toContain(houseNo);
    expect(own.orderSummary.netPrice).toBe(placed.price);
    // the same key is handed to both, for passing the tracker on; only the streams differ
    expect(own.key).toBe(shared.key);
    expect(own.eventsUrl).not.toBe(shared.eventsUrl);
  });

  it("each stream goes on showing its viewer's view", async () => {
    const placed = await placeCash(t);
    const own = await readTracker(t, placed.orderId, { headers: placed.who.headers });
    const shared = await readTracker(t, placed.orderId, { key: own.key });
    const ownStream = readEvents(base + own.eventsUrl);
    const sharedStream = readEvents(base + shared.eventsUrl);
    expect(((await ownStream.next()).data as Tracker).destination?.label).toContain(street);
    expect(((await sharedStream.next()).data as Tracker).destination?.label).toBe(CP_ADDRESS.locality);
    const staff = await storeStaff(t, 1001);
    await staff.move(placed.orderId, 'BEING_BAKED');
    const ownNext = (await ownStream.next()).data as Tracker;
    const sharedNext = (await sharedStream.next()).data as Tracker;
    expect([ownNext.tracker.stage, sharedNext.tracker.stage]).toEqual(['BEING_BAKED', 'BEING_BAKED']);
    expect(ownNext.orderSummary.netPrice).toBe(placed.price);
    expect(sharedNext.orderSummary.netPrice).toBeNull();
    expect(JSON.stringify(sharedNext)).not.toContain(street);
    ownStream.close();
    sharedStream.close();
  });

  it("the owner's stream key opens nobody else's order", async () => {
    const mine = await placeCash(t);
    const theirs = await placeCash(t);
    const own = await readTracker(t, mine.orderId, { headers: mine.who.headers });
    const ownKey = new URL(own.eventsUrl, base).searchParams.get('key')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${fillPath(API_PATHS.tracker, { orderId: theirs.orderId })}?key=${encodeURIComponent(ownKey)}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { TrainTrack } from '@crust/contract/train-orders';
import { TRAIN_MESSAGES, trainOf } from '@crust/domain/train';
import * as orders from '../src/modules/orders/repo.ts';
import { RAIL_TEXTS } from '../src/modules/rail/service.ts';
import { newGuest } from './cart-support.ts';
import { checkout, createOrderApp, ok, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { journeyOf, pnrClient, railSwitches } from './rail-support.ts';
import { TICKET, trainCart as makeTrainCart } from './train-support.ts';

/**
 * Issue 16 §3 (first part): a train order's confirm. The sandbox's demo ticket 2451234567 (12622 Tamil Nadu Express,
 * coach B2 berth 34) passes Bhopal (BPL, store 5101) in about three and a half hours.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { payCard, follow } = checkout(() => t);
const trainCart = (storeId?: number) => makeTrainCart(t, storeId);

const refused = (o: { status: string; errors?: { code: string; displayMsg: string }[] }) => {
  expect(o.status).toBe('FAILED');
  return o.errors![0]!;
};

describe('confirming a train order', () => {
  it('takes a card for a station still open, keeps the seat and the train, and promises the train’s halt', async () => {
    const { c, body, who } = await trainCart();
    const result = ok(await c.confirm(body(TICKET)));
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    await follow((await payCard(result)).res);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const summary = await c.summary(result.orderId);
    expect(summary.deliverTo).toBe('Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)');
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    const train = (row.snapshot as { train: { expectedArrival: string; stationCode: string } }).train;
    expect(train.stationCode).toBe('BPL');
    const journey = journeyOf(
      await pnrClient(
        () => t,
        () => who.headers,
      ).post({ pnr: '2451234567' }),
    );
    const bpl = journey.stations.find((s) => s.code === 'BPL')!;
    expect(row.promisedAt?.toISOString()).toBe(new Date(bpl.arrivalDateTime).toISOString());
  });

  it.each<[string, string, string, string]>([
    [
      'a charted ticket: its seat, whatever the request says',
      TICKET.pnr,
      '12622',
      'Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)',
    ],
    [
      'a ticket not yet charted: the seat the passenger typed',
      '2450000003',
      '12628',
      'Coach S9, Berth 72 · 12628 Karnataka Express at Bhopal Junction (BPL)',
    ],
  ])('delivers to %s', async (_, pnr, trainNo, deliverTo) => {
    const { c, body } = await trainCart();
    const result = ok(await c.confirm(body({ pnr, trainNo, stationCode: 'BPL', coach: 's9', berth: '72' })));
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    expect(row.deliverTo).toBe(deliverTo);
    const seat = deliverTo.startsWith('Coach B2')
      ? { coach: 'B2', berth: '34' }
      : { coach: 'S9', berth: '72' };
    expect(trainOf(row.snapshot)).toMatchObject(seat);
  });

  it('refuses cash and the wallet: a train order is paid online', async () => {
    const { c, body } = await trainCart();
    expect(refused(await c.confirm(body(TICKET, { primaryPaymentId: 'CASH' }))).code).toBe(
      'PAYMENT_OPTION_DISABLED',
    );
    expect(
      refused(await c.confirm(body(TICKET, { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' })))
        .code,
    ).toMatch(/WALLET/);
  });

  it.each<[string, Partial<typeof TICKET> | null, number, string, string]>([
    ['no ticket', null, 5101, 'INVALID_DETAILS', TRAIN_MESSAGES.pnrMandatory],
    ['another train', { trainNo: '12951' }, 5101, 'TRAIN_MISMATCH', RAIL_TEXTS.otherTrain],
    [
      'a station it does not stop at',
      { stationCode: 'HWH' },
      5101,
      'STATION_NOT_ON_JOURNEY',
      RAIL_TEXTS.notOnJourney,
    ],
    [
      'a station no restaurant serves',
      { stationCode: 'AGC' },
      5101,
      'STATION_CLOSED',
      'No Crust restaurant serves this station.',
    ],
    [
      'a station the train has left',
      { stationCode: 'NDLS' },
      1001,
      'STATION_CLOSED',
      'The train has left this station.',
    ],
    ['a cart from another restaurant', {}, 1001, 'STATION_OTHER_STORE', RAIL_TEXTS.otherStore],
    ['an unknown PNR', { pnr: '2459999999' }, 5101, 'PNR_NOT_FOUND', RAIL_TEXTS.notFound],
  ])('refuses %s', async (_, change, storeId, code, displayMsg) => {
    const { c, body } = await trainCart(storeId);
    const irctc = change === null ? undefined : { ...TICKET, ...change };
    expect(refused(await c.confirm(body(irctc)))).toMatchObject({ code, displayMsg });
  });

  it('moves the promise with the train: an hour late, promised an hour later, once whichever process runs the watch', async () => {
    const { c, body, who } = await trainCart();
    const result = ok(await c.confirm(body(TICKET)));
    await follow((await payCard(result)).res);
    const beforeRow = (await orders.findOrder(t.database.db, result.orderId))!;
    const before = beforeRow.promisedAt!;
    const heard: string[] = [];
    const stop = t.app.deps.bus.subscribe(`order:${result.orderId}`, (change) =>
      heard.push(String(change.stage)),
    );
    await railSwitches(() => t).delay('12622', 60);
    const runs = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/sandbox/rail/watch' })),
    );
    const moved = runs.reduce((n, r) => n + (JSON.parse(r.body) as { moved: number }).moved, 0);
    expect(moved).toBeGreaterThanOrEqual(1);
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    expect(row.promisedAt!.getTime() - before.getTime()).toBe(60 * 60_000);
    const train = trainOf(row.snapshot)!;
    expect(Date.parse(train.expectedArrival)).toBe(row.promisedAt!.getTime());
    // every deadline moved with it, and the tracker's live stream was told once
    expect(Date.parse(train.cancelBy) - Date.parse(trainOf(beforeRow.snapshot)!.cancelBy)).toBe(60 * 60_000);
    stop();
    expect(heard).toEqual(['CONFIRMED']);
    // the passenger's tracker shows it
    const tracker = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.tracker, { orderId: result.orderId }),
      headers: who.headers,
    });
    expect(tracker.statusCode, tracker.body).toBe(200);
    expect(tracker.body).toContain(row.promisedAt!.toISOString());
    // and what it was booked for, so it can say the train is running late
    const { train: track } = (JSON.parse(tracker.body) as { data: { train: TrainTrack } }).data;
    expect(track.bookedArrival).toBe(before.toISOString());
    expect(track.expectedArrival).toBe(row.promisedAt!.toISOString());
    await railSwitches(() => t).reset();
  });
});

describe('SPEC §7 irctc validate coupon', () => {
  const validate = (headers: Record<string, string>, cartId: string, code: string) =>
    t.app.inject({ method: 'POST', url: API_PATHS.irctcValidateCoupon, headers, payload: { cartId, code } });

  it('measures a coupon on a train cart; a payment offer never applies to a train order', async () => {
    const { cart, who } = await trainCart();
    const saving = await validate(who.headers, cart.cartId, 'SAVE20');
    expect(saving.statusCode, saving.body).toBe(200);
    expect(JSON.parse(saving.body)).toMatchObject({ status: 'SUCCESS', data: { code: 'SAVE20' } });
    const explicit = JSON.parse((await validate(who.headers, cart.cartId, 'HDFC30')).body) as {
      status: string;
      errors: { displayMsg: string }[];
    };
    expect(explicit.status).toBe('FAILED');
    expect(explicit.errors[0]!.displayMsg).toBe('This offer cannot be used on train orders');
  });

  it('is only for train carts and their owners', async () => {
    const train = await trainCart();
    const delivery = await newGuest(t, 1001, 'D');
    const dCart = await orderClient(t, delivery).cart();
    expect((await validate(delivery.headers, dCart.cartId, 'SAVE20')).statusCode).toBe(400);
    expect((await validate(delivery.headers, train.cart.cartId, 'SAVE20')).statusCode).toBe(404);
  });
});

describe('SPEC §7 irctc banner', () => {
  it('names every station a restaurant serves and how early its orders close, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.irctcBanner });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = JSON.parse(res.body) as {
      data: { available: boolean; subtitle: string; stations: { code: string; orderAheadMinutes: number }[] };
    };
    expect(data.available).toBe(true);
    expect(data.stations.map((s) => s.code).sort()).toEqual(
      ['BPL', 'CNB', 'CSMT', 'HWH', 'MAS', 'NDLS', 'NGP', 'NZM', 'PUNE', 'SBC', 'SC'].sort(),
    );
    // Bhopal's restaurant: a 30-minute cut-off, and 15 more to pay first (prepaid only)
    expect(data.stations.find((s) => s.code === 'BPL')!.orderAheadMinutes).toBe(45);
    expect(data.subtitle).toContain('11 stations');
  });
});

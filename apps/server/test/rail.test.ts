import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { loadConfig } from '../src/config/app-config.ts';
import { RAIL_TEXTS } from '../src/modules/rail/service.ts';
import { PNR_CALLS_PER_MINUTE } from '../src/modules/rail/routes.ts';
import { newGuest } from './cart-support.ts';
import { json } from './helpers.ts';
import { freePort } from './live-server.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { journeyOf, pnrClient, railSwitches, timetable } from './rail-support.ts';

/**
 * SPEC §7 PNR status (issue 16 §1) against the rail sandbox's demo tickets, twice: with RAIL_PROVIDER=sandbox (the
 * adapter's requests answered in process) and with RAIL_PROVIDER=api, the adapter speaking HTTP to the server's own
 * /sandbox/rail on a port of its own. The app's clock is the test's: the sandbox's trains move when it moves.
 */
const TIMEOUT_MS = 1_000;
const MINUTE_MS = 60_000;
const HOUR = 60;

const failedWith = (code: string, displayMsg: string) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg }],
});

describe.each([
  { provider: 'sandbox' as const, how: 'in process' },
  { provider: 'api' as const, how: 'over HTTP' },
])('PNR status, RAIL_PROVIDER=$provider ($how)', ({ provider }) => {
  let t: GatewayTestApp;
  let shift = 0;
  let headers: Record<string, string> = {};
  const switches = railSwitches(() => t);
  const pnr = pnrClient(
    () => t,
    () => headers,
  );

  beforeAll(async () => {
    const port = await freePort();
    const { rail } = loadConfig({ NODE_ENV: 'test', PORT: String(port) });
    t = await createGatewayApp(
      { port, rail: { ...rail, provider, timeoutMs: TIMEOUT_MS } },
      { clock: () => Date.now() + shift, seed: true },
    );
    if (provider === 'api') await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    shift = 0;
    await switches.reset();
    headers = (await newGuest(t)).headers;
  });

  /** Asks for a PNR; answers its journey and the anchor its times count from (the first station's offset known). */
  async function anchored(number: string, firstAt: number) {
    const journey = journeyOf(await pnr.post({ pnr: number }));
    const anchorMs = Date.parse(journey.stations[0]!.scheduledArrival) - firstAt * MINUTE_MS;
    return { journey, anchorMs };
  }

  it('says which stations ahead can be ordered for and why not the others; time and a delay move them', async () => {
    const { journey } = await anchored('2451234567', -30);
    const at = (j: typeof journey, code: string) => j.stations.find((s) => s.code === code)!;
    expect(at(journey, 'NDLS').order).toEqual({
      ok: false,
      reason: 'DEPARTED',
      displayMsg: 'The train has left this station.',
    });
    expect(at(journey, 'AGC').order).toEqual({
      ok: false,
      reason: 'NO_OUTLET',
      displayMsg: 'No Crust restaurant serves this station.',
    });
    const bpl = at(journey, 'BPL');
    expect(bpl.order).toMatchObject({
      ok: true,
      storeId: 5101,
      storeName: 'Crust Hamidia Road',
      cutoffMinutes: 30,
    });
    // prepaid only: booking closes 30 + 15 minutes before the train is expected
    if (!bpl.order.ok) throw new Error('BPL should be open');
    expect(Date.parse(bpl.order.bookBy)).toBe(Date.parse(bpl.arrivalDateTime) - 45 * MINUTE_MS);
    expect(at(journey, 'NGP').order).toMatchObject({ ok: true, storeId: 5201 });

    // three hours on, BPL is half an hour away: its booking has closed
    shift = 3 * HOUR * MINUTE_MS;
    const later = journeyOf(await pnr.post({ pnr: '2451234567' }));
    expect(at(later, 'BPL').order).toEqual({
      ok: false,
      reason: 'TOO_LATE',
      displayMsg: 'Orders close 45 minutes before the train arrives.',
    });
    // the train falls an hour behind: BPL can be ordered for again
    await switches.delay('12622', 60);
    const delayed = journeyOf(await pnr.post({ pnr: '2451234567' }));
    expect(at(delayed, 'BPL').order).toMatchObject({ ok: true, storeId: 5101 });
  });

  it('2451234567: the Tamil Nadu Express on its way, NDLS left half an hour ago', async () => {
    const before = Date.now();
    const { journey, anchorMs } = await anchored('2451234567', -30);
    // the sandbox writes seconds: the anchor is the first answer's time, to the second
    expect(anchorMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(anchorMs).toBeLessThanOrEqual(Date.now());
    expect(journey).toMatchObject({
      pnr: '2451234567',
      trainInfo: { trainNo: '12622', trainName: 'Tamil Nadu Express' },
      journeyDate: new Date(anchorMs - 30 * MINUTE_MS + 330 * MINUTE_MS).toISOString().slice(0, 10),
      charted: true,
      seatInfo: { coach: 'B2', berth: '34', status: 'CNF' },
    });
    expect(journey.stations.map((s) => [s.code, s.name])).toEqual([
      ['NDLS', 'New Delhi'],
      ['AGC', 'Agra Cantt'],
      ['BPL', 'Bhopal Junction'],
      ['NGP', 'Nagpur Junction'],
      ['BZA', 'Vijayawada Junction'],
      ['MAS', 'MGR Chennai Central'],
    ]);
    expect(timetable(journey, anchorMs)).toEqual([
      { code: 'NDLS', scheduled: -30, expected: -30, delay: 0, halt: 0, departed: true },
      { code: 'AGC', scheduled: 105, expected: 105, delay: 0, halt: 5, departed: false },
      { code: 'BPL', scheduled: 210, expected: 210, delay: 0, halt: 5, departed: false },
      { code: 'NGP', scheduled: 9 * HOUR, expected: 9 * HOUR, delay: 0, halt: 5, departed: false },
      { code: 'BZA', scheduled: 17 * HOUR, expected: 17 * HOUR, delay: 0, halt: 10, departed: false },
      { code: 'MAS', scheduled: 24 * HOUR, expected: 24 * HOUR, delay: 0, halt: 0, departed: false },
    ]);
  });

  it('keeps a PNR’s times between calls as the train moves on; the reset starts it again', async () => {
    const first = await anchored('2451234567', -30);
    shift = 2 * HOUR * MINUTE_MS;
    const later = journeyOf(await pnr.get('pnr=2451234567'));
    expect(later.stations.map((s) => s.scheduledArrival)).toEqual(
      first.journey.stations.map((s) => s.scheduledArrival),
    );
    // two hours on: Agra (1 h 45 + a 5-minute halt) is behind, Bhopal still ahead
    expect(later.stations.map((s) => s.departed)).toEqual([true, true, false, false, false, false]);
    await switches.reset();
    const again = await anchored('2451234567', -30);
    expect(again.anchorMs - first.anchorMs).toBeGreaterThanOrEqual(2 * HOUR * MINUTE_MS);
    expect(again.journey.stations.map((s) => s.departed)).toEqual([true, false, false, false, false, false]);
  });

  it('2459876543: the Howrah Rajdhani running 90 minutes late', async () => {
    const { journey, anchorMs } = await anchored('2459876543', -11 * HOUR - 30);
    expect(journey).toMatchObject({
      trainInfo: { trainNo: '12301', trainName: 'Howrah Rajdhani Express' },
      charted: true,
      seatInfo: { coach: 'A1', berth: '12', status: 'CNF' },
    });
    expect(timetable(journey, anchorMs)).toEqual([
      { code: 'HWH', scheduled: -690, expected: -600, delay: 90, halt: 0, departed: true },
      { code: 'CNB', scheduled: 30, expected: 120, delay: 90, halt: 5, departed: false },
      { code: 'NDLS', scheduled: 330, expected: 420, delay: 90, halt: 0, departed: false },
    ]);
  });

  it('the delay switch moves every station the train has not left, and only those', async () => {
    const { anchorMs } = await anchored('2459876543', -690);
    await switches.delay('12301', 150);
    let journey = journeyOf(await pnr.post({ pnr: '2459876543' }));
    expect(timetable(journey, anchorMs).map((s) => [s.code, s.expected, s.delay, s.departed])).toEqual([
      ['HWH', -600, 90, true],
      ['CNB', 180, 150, false],
      ['NDLS', 480, 150, false],
    ]);
    // past Kanpur (arrived +180, left +185), then the train makes up time: Kanpur's times are history
    shift = 190 * MINUTE_MS;
    await switches.delay('12301', 30);
    journey = journeyOf(await pnr.post({ pnr: '2459876543' }));
    expect(timetable(journey, anchorMs).map((s) => [s.code, s.expected, s.delay, s.departed])).toEqual([
      ['HWH', -600, 90, true],
      ['CNB', 180, 150, true],
      ['NDLS', 360, 30, false],
    ]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/sandbox/rail/trains/99999/delay',
      payload: { minutes: 10 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('2450000003: waitlisted before the chart, no coach or berth, the train not yet left', async () => {
    const { journey } = await anchored('2450000003', 4 * HOUR);
    expect(journey).toMatchObject({
      trainInfo: { trainNo: '12628', trainName: 'Karnataka Express' },
      charted: false,
      seatInfo: { coach: null, berth: null, status: 'WL 12' },
    });
    expect(journey.stations.map((s) => [s.code, s.departed])).toEqual([
      ['NDLS', false],
      ['AGC', false],
      ['BPL', false],
      ['SBC', false],
    ]);
  });

  it.each([
    ['2450000001', failedWith('JOURNEY_OVER', RAIL_TEXTS.journeyOver)],
    ['2450000002', failedWith('TRAIN_CANCELLED', RAIL_TEXTS.cancelled)],
    ['2450000009', failedWith('PNR_NOT_FOUND', RAIL_TEXTS.notFound)],
    ['9999999999', failedWith('PNR_NOT_FOUND', RAIL_TEXTS.notFound)],
  ])('%s answers FAILED with its reason', async (number, answer) => {
    for (const res of [await pnr.post({ pnr: number }), await pnr.get(`pnr=${number}`)]) {
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(answer);
    }
  });

  it.each(['error', 'garbled'] as const)(
    'a provider answering %s: FAILED, try again in a minute',
    async (fail) => {
      await switches.modes({ fail });
      expect(json(await pnr.post({ pnr: '2451234567' }))).toEqual(
        failedWith('RAIL_UNAVAILABLE', RAIL_TEXTS.unavailable),
      );
      await switches.modes({ fail: null });
      journeyOf(await pnr.post({ pnr: '2451234567' }));
    },
  );

  it('a slow provider: FAILED once the timeout is up, not when the provider would have answered', async () => {
    await switches.modes({ slowSeconds: 3 });
    const started = Date.now();
    const res = await pnr.post({ pnr: '2451234567' });
    expect(json(res)).toEqual(failedWith('RAIL_UNAVAILABLE', RAIL_TEXTS.unavailable));
    expect(Date.now() - started).toBeLessThan(3_000);
    await switches.modes({ slowSeconds: 0 });
  });
});

describe('PNR status: input, sessions, limits and train delivery off', () => {
  let t: GatewayTestApp;
  let off: GatewayTestApp;
  let headers: Record<string, string> = {};
  const pnr = pnrClient(
    () => t,
    () => headers,
  );

  beforeAll(async () => {
    t = await createGatewayApp();
    const { rail } = loadConfig({ NODE_ENV: 'test' });
    off = await createGatewayApp({ rail: { ...rail, provider: 'off' } });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });
  beforeEach(async () => {
    headers = (await newGuest(t)).headers;
  });

  const mandatory = (field: string) => ({
    status: 'FAILED',
    errors: [{ code: 'BAD_REQUEST', displayMsg: 'Valid PNR Number is Mandatory', field }],
  });

  it.each([
    [{ pnr: '' }],
    [{ pnr: '245123456' }],
    [{ pnr: '24512345678' }],
    [{ pnr: '24512345a7' }],
    [{ pnr: 2451234567 }],
    [{}],
  ])('%j is SPEC §5’s "Valid PNR Number is Mandatory"', async (body) => {
    const res = await pnr.post(body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(mandatory('body.pnr'));
  });

  it.each(['pnr=12345', 'pnr=', ''])('GET ?%s too', async (query) => {
    const res = await pnr.get(query);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(mandatory('querystring.pnr'));
  });

  it('forgives spaces around the number', async () => {
    expect(journeyOf(await pnr.post({ pnr: ' 2451234567 ' })).pnr).toBe('2451234567');
  });

  it('is for a session, a guest’s or a customer’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.pnrStatus,
      payload: { pnr: '2451234567' },
    });
    expect(res.statusCode).toBe(401);
  });

  it(`takes ${PNR_CALLS_PER_MINUTE} calls a minute from one session, then 429`, async () => {
    for (let i = 0; i < PNR_CALLS_PER_MINUTE; i++)
      expect((await pnr.post({ pnr: '2450000009' })).statusCode).toBe(200);
    expect((await pnr.post({ pnr: '2450000009' })).statusCode).toBe(429);
    // another passenger is not held up
    headers = (await newGuest(t)).headers;
    expect((await pnr.post({ pnr: '2450000009' })).statusCode).toBe(200);
  });

  it(`takes ${PNR_CALLS_PER_MINUTE} calls a minute from one session when they come all at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PNR_CALLS_PER_MINUTE + 5 }, () => pnr.post({ pnr: '2450000009' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(PNR_CALLS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('with RAIL_PROVIDER=off: "Train delivery is not available right now."', async () => {
    const guest = await newGuest(off);
    const res = await off.app.inject({
      method: 'POST',
      url: API_PATHS.pnrStatus,
      payload: { pnr: '2451234567' },
      headers: guest.headers,
    });
    expect(json(res)).toEqual(failedWith('TRAIN_DELIVERY_OFF', 'Train delivery is not available right now.'));
  });
});

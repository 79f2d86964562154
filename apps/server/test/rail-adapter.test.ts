import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { journeyOf } from '../src/providers/rail/protocol.ts';
import { RailApi } from '../src/providers/rail/rail-api.ts';
import { freePort } from './live-server.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { railSwitches } from './rail-support.ts';

/**
 * The rail adapter (providers/rail/rail-api.ts) on its own, over real HTTP, against a server's /sandbox/rail on a
 * port of its own: what each kind of answer becomes, and what the log says when the provider fails.
 */
const TIMEOUT_MS = 800;
let t: GatewayTestApp;
let base: string;
const switches = railSwitches(() => t);

/** A logger that keeps its warnings. */
function capturingLog() {
  const warnings: unknown[][] = [];
  const log = {
    warn: (...args: unknown[]) => warnings.push(args),
    info: () => {},
    debug: () => {},
    error: () => {},
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

function adapter(over: { baseUrl?: string; apiKey?: string } = {}) {
  const { log, warnings } = capturingLog();
  const api = new RailApi({
    baseUrl: over.baseUrl ?? `${base}/sandbox/rail`,
    apiKey: over.apiKey ?? t.config.rail.apiKey,
    timeoutMs: TIMEOUT_MS,
    log,
  });
  return { api, warnings };
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { rail } = loadConfig({ NODE_ENV: 'test', PORT: String(port) });
  t = await createGatewayApp({ port, rail: { ...rail, provider: 'api' } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());
beforeEach(() => switches.reset());

describe('the rail adapter over HTTP', () => {
  it('reads a demo journey', async () => {
    const { api, warnings } = adapter();
    const status = await api.pnrStatus('2451234567');
    expect(status.ok && status.journey).toMatchObject({
      pnr: '2451234567',
      train: { number: '12622', name: 'Tamil Nadu Express' },
      charted: true,
      cancelled: false,
      seat: { coach: 'B2', berth: '34', status: 'CNF' },
    });
    // instants in UTC, whatever offset the provider wrote
    if (status.ok)
      expect(status.journey.stations[1]!.expectedArrival).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(warnings).toEqual([]);
  });

  it('a cancelled train is a journey marked cancelled', async () => {
    const status = await adapter().api.pnrStatus('2450000002');
    expect(status.ok && status.journey.cancelled).toBe(true);
  });

  it('an unknown PNR is NOT_FOUND, and nothing to warn about', async () => {
    const { api, warnings } = adapter();
    expect(await api.pnrStatus('2450000009')).toEqual({ ok: false, reason: 'NOT_FOUND' });
    expect(warnings).toEqual([]);
  });

  it('a 404 that is not the protocol’s (a wrong base URL) is UNAVAILABLE, not a missing ticket', async () => {
    const { api, warnings } = adapter({ baseUrl: `${base}/sandbox/nowhere` });
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(warnings).toEqual([[{ pnr: '******4567', problems: ['HTTP 404'] }, 'rail provider unavailable']]);
  });

  it('a wrong key is UNAVAILABLE at once: asking again cannot help', async () => {
    const { api, warnings } = adapter({ apiKey: 'not-the-key' });
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(warnings).toEqual([
      [{ pnr: '******4567', problems: ['HTTP 401 UNAUTHORIZED'] }, 'rail provider unavailable'],
    ]);
  });

  it('a 500 is tried once more, then UNAVAILABLE with both problems logged', async () => {
    await switches.modes({ fail: 'error' });
    const { api, warnings } = adapter();
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(warnings).toEqual([
      [
        { pnr: '******4567', problems: ['HTTP 500 UPSTREAM_UNAVAILABLE', 'HTTP 500 UPSTREAM_UNAVAILABLE'] },
        'rail provider unavailable',
      ],
    ]);
  });

  it('an answer that is not the protocol is tried once more, then UNAVAILABLE', async () => {
    await switches.modes({ fail: 'garbled' });
    const { api, warnings } = adapter();
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(warnings[0]![0]).toEqual({
      pnr: '******4567',
      problems: ['a 200 answer that is not the PNR protocol', 'a 200 answer that is not the PNR protocol'],
    });
  });

  it('a slow provider is UNAVAILABLE when the deadline passes, without a second try', async () => {
    await switches.modes({ slowSeconds: 5 });
    const { api, warnings } = adapter();
    const started = Date.now();
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings[0]![0]).toEqual({ pnr: '******4567', problems: [`no answer within ${TIMEOUT_MS} ms`] });
  });

  it('nobody listening: tried twice, then UNAVAILABLE', async () => {
    const { api, warnings } = adapter({ baseUrl: `http://127.0.0.1:${await freePort()}/rail` });
    expect(await api.pnrStatus('2451234567')).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(warnings[0]![0]).toEqual({
      pnr: '******4567',
      problems: ['cannot reach the provider (ECONNREFUSED)', 'cannot reach the provider (ECONNREFUSED)'],
    });
  });
});

describe('the protocol’s reading', () => {
  const answer = (change: (data: Record<string, any>) => void = () => {}) => {
    const data: Record<string, any> = {
      pnrNumber: '2451234567',
      trainInfo: {
        trainNo: '12622',
        name: 'Tamil Nadu Express',
        boarding: 'NDLS',
        destination: 'MAS',
        dt: '26-11-2026',
        status: 'RUNNING',
      },
      chartPrepared: false,
      seatInfo: { coach: null, berth: null, noOfSeats: 1 },
      passengerInfo: [{ serialNo: 1, bookingStatus: 'GNWL  180', currentStatus: 'GNWL  17' }],
      trainRoutes: [
        {
          stationCode: 'NDLS',
          stationName: 'New Delhi',
          scheduledArrival: '2026-11-26T22:30:00+05:30',
          expectedArrival: '2026-11-26T22:45:00+05:30',
          haltTime: '01:05:00',
          delayMinutes: 15,
          departed: false,
        },
      ],
    };
    change(data);
    return { status: true, code: 200, message: 'Success', data };
  };

  it('turns the IST date and times into YYYY-MM-DD and UTC, the halt into minutes, the status tidy', () => {
    expect(journeyOf(answer(), '2451234567')).toEqual({
      pnr: '2451234567',
      train: { number: '12622', name: 'Tamil Nadu Express' },
      journeyDate: '2026-11-26',
      charted: false,
      cancelled: false,
      seat: { coach: null, berth: null, status: 'GNWL 17' },
      stations: [
        {
          code: 'NDLS',
          name: 'New Delhi',
          scheduledArrival: '2026-11-26T17:00:00.000Z',
          expectedArrival: '2026-11-26T17:15:00.000Z',
          haltMinutes: 65,
          departed: false,
        },
      ],
    });
  });

  it.each([
    ['another PNR', (d: Record<string, any>) => (d.pnrNumber = '2459876543')],
    ['no stations', (d: Record<string, any>) => (d.trainRoutes = [])],
    [
      'a time without its offset',
      (d: Record<string, any>) => (d.trainRoutes[0].expectedArrival = '2026-11-26T22:45:00'),
    ],
    ['an unknown train status', (d: Record<string, any>) => (d.trainInfo.status = 'LATE')],
    ['no passengers', (d: Record<string, any>) => (d.passengerInfo = [])],
  ])('is nothing with %s', (_what, change) => {
    expect(journeyOf(answer(change), '2451234567')).toBeNull();
  });

  it('a berth without a coach is no seat', () => {
    const journey = journeyOf(
      answer((d) => (d.seatInfo = { coach: null, berth: 34, noOfSeats: 1 })),
      '2451234567',
    );
    expect(journey?.seat).toEqual({ coach: null, berth: null, status: 'GNWL 17' });
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sameSecret } from '../../crypto/same-secret.ts';
import { demoJourney, isDemoTrain, type DemoJourney } from './demo-journeys.ts';
import { haltTime, istDayDmy, istIso, type ErrorEnvelope, type PnrData } from './protocol.ts';
import { maskedPnr } from './rail-api.ts';
import {
  addDelay,
  anchorOf,
  changeRailModes,
  delaysOf,
  readRailModes,
  resetRailSandbox,
  type RailSandboxModes,
} from './repo.ts';
import { stopTimes, type DelaySpell } from './sandbox-times.ts';

export interface RailSandboxOptions {
  db: Db;
  /** the key the sandbox accepts: the one this server is configured with (config.rail.apiKey) */
  apiKey: string;
  log: FastifyBaseLogger;
  clock?: () => number;
}

/** An HTTP answer of the protocol, or none (the caller left while a slow answer was waiting). */
export type RailSandboxAnswer =
  { kind: 'answer'; status: number; contentType: string; body: string } | { kind: 'no answer' };

const MINUTE_MS = 60_000;

/**
 * The rail provider played locally, for development and tests (never in production): it answers the PNR protocol
 * (./protocol.ts) for the demo tickets of ./demo-journeys.ts, checking the API key as the provider would (in
 * constant time), and keeps its state in the database (./repo.ts) so every server process tells the same story.
 * Its switches make a train late while it runs, the provider slow or failing, and put everything back.
 */
export class RailSandbox {
  private readonly clock: () => number;

  constructor(private readonly o: RailSandboxOptions) {
    this.clock = o.clock ?? Date.now;
  }

  /** One PNR call. `gone` aborts when the caller stops waiting: a slow answer is then never given. */
  async answer(pnr: string, apiKey: string | undefined, gone: AbortSignal): Promise<RailSandboxAnswer> {
    if (!sameSecret(apiKey ?? '', this.o.apiKey)) return error(401, 'UNAUTHORIZED', 'Invalid API key');
    const modes = await readRailModes(this.o.db);
    if (modes.slowSeconds > 0 && !(await waited(modes.slowSeconds * 1000, gone)))
      return { kind: 'no answer' };
    if (modes.fail === 'error') return error(500, 'UPSTREAM_UNAVAILABLE', 'Upstream service unavailable');
    if (modes.fail === 'garbled')
      return {
        kind: 'answer',
        status: 200,
        contentType: 'text/html',
        body: '<html><body>Service Temporarily Unavailable</body></html>',
      };
    if (!/^\d{10}$/.test(pnr)) return error(400, 'INVALID_PNR', 'PNR must be 10 digits');
    const demo = demoJourney(pnr);
    if (!demo) return error(404, 'PNR_NOT_FOUND', 'PNR not found or flushed');
    const data = await this.dataOf(demo);
    this.o.log.info({ pnr: maskedPnr(pnr), trainNo: demo.trainNo }, 'sandbox PNR status');
    return {
      kind: 'answer',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: true, code: 200, message: 'Success', data }),
    };
  }

  /** The demo ticket as the protocol writes it, its train where it is now. */
  private async dataOf(demo: DemoJourney): Promise<PnrData> {
    const now = this.clock();
    const anchorMs = (await anchorOf(this.o.db, demo.pnr, new Date(now))).getTime();
    const spells: DelaySpell[] = [
      { fromMs: Number.NEGATIVE_INFINITY, minutes: demo.baseDelayMinutes },
      ...(await delaysOf(this.o.db, demo.trainNo)).map((d) => ({
        fromMs: d.setAt.getTime(),
        minutes: d.minutes,
      })),
    ];
    const routes = demo.stops.map((stop) => {
      const scheduledMs = anchorMs + stop.at * MINUTE_MS;
      // a cancelled train goes nowhere: its timetable stands, unrun
      const { expectedMs, departed } = demo.cancelled
        ? { expectedMs: scheduledMs, departed: false }
        : stopTimes(scheduledMs, stop.haltMinutes, spells, now);
      return {
        stationCode: stop.code,
        stationName: stop.name,
        scheduledArrival: istIso(scheduledMs),
        expectedArrival: istIso(expectedMs),
        haltTime: haltTime(stop.haltMinutes),
        delayMinutes: Math.round((expectedMs - scheduledMs) / MINUTE_MS),
        departed,
      };
    });
    const first = demo.stops[0]!;
    const status = demo.cancelled
      ? 'CANCELLED'
      : routes.every((r) => r.departed)
        ? 'ARRIVED'
        : routes[0]!.departed
          ? 'RUNNING'
          : 'SCHEDULED';
    return {
      pnrNumber: demo.pnr,
      trainInfo: {
        trainNo: demo.trainNo,
        name: demo.trainName,
        boarding: first.code,
        destination: demo.stops.at(-1)!.code,
        dt: istDayDmy(anchorMs + first.at * MINUTE_MS),
        status,
      },
      chartPrepared: demo.chartPrepared,
      seatInfo: { coach: demo.coach, berth: demo.berth, noOfSeats: 1 },
      passengerInfo: [{ serialNo: 1, bookingStatus: demo.bookingStatus, currentStatus: demo.currentStatus }],
      trainRoutes: routes,
    };
  }

  /** The switch: `trainNo` is now `minutes` behind schedule at every stop it has not left. False: no demo train. */
  async setDelay(trainNo: string, minutes: number): Promise<boolean> {
    if (!isDemoTrain(trainNo)) return false;
    await addDelay(this.o.db, trainNo, minutes, new Date(this.clock()));
    return true;
  }

  modes(): Promise<RailSandboxModes> {
    return readRailModes(this.o.db);
  }

  changeModes(change: Partial<RailSandboxModes>): Promise<RailSandboxModes> {
    return changeRailModes(this.o.db, change, new Date(this.clock()));
  }

  reset(): Promise<void> {
    return resetRailSandbox(this.o.db);
  }
}

function error(status: number, code: string, message: string): RailSandboxAnswer {
  const envelope: ErrorEnvelope = { status: false, code: status, message, error: code };
  return { kind: 'answer', status, contentType: 'application/json', body: JSON.stringify(envelope) };
}

/** Waits `ms`; false when `gone` aborted first. */
function waited(ms: number, gone: AbortSignal): Promise<boolean> {
  if (gone.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      gone.removeEventListener('abort', onGone);
      resolve(true);
    }, ms);
    const onGone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    gone.addEventListener('abort', onGone, { once: true });
  });
}

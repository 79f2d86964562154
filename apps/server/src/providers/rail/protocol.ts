/**
 * The PNR-status protocol Crust speaks to its rail provider (docs/rail-sandbox.md), modelled on the commercial
 * Indian PNR APIs (RapidAPI's "PNR Status Indian Railway", railwayapi.com): one GET per PNR with an API key header,
 * a JSON envelope `{ status, code, message, data }`, `trainInfo { trainNo, name, boarding, destination, dt }` with
 * the date as DD-MM-YYYY, `seatInfo { coach, berth, noOfSeats }`, `passengerInfo[]` with each passenger's booking
 * and current status, and `trainRoutes[]` with each stop's halt as HH:MM:SS. Those APIs give a stop's timetable
 * as a time of day and a travelling day; Crust needs the running train, so each stop carries its scheduled and
 * expected arrival as ISO 8601 instants in IST and whether the train has left it, as live running-status APIs do.
 *
 * Pure, so the adapter (./rail-api.ts), the sandbox (./sandbox.ts) and the tests share one reading of it.
 */
import { z } from 'zod';
import type { Journey } from './provider.ts';

/** The header that carries the account's API key. */
export const API_KEY_HEADER = 'x-api-key';

/** The path of one PNR's status, below the provider's base URL. */
export const pnrPath = (pnr: string) => `/v1/pnr/${encodeURIComponent(pnr)}`;

/** A stop of the train's route as the protocol writes it. */
const RouteStop = z.object({
  stationCode: z.string().min(1).max(8),
  stationName: z.string().min(1).max(80),
  /** ISO 8601 with an offset (the provider writes +05:30) */
  scheduledArrival: z.iso.datetime({ offset: true }),
  expectedArrival: z.iso.datetime({ offset: true }),
  /** HH:MM:SS */
  haltTime: z.string().regex(/^\d{2}:[0-5]\d:[0-5]\d$/),
  delayMinutes: z.number().int(),
  departed: z.boolean(),
});

const PnrData = z.object({
  pnrNumber: z.string().regex(/^\d{10}$/),
  trainInfo: z.object({
    trainNo: z.string().regex(/^\d{5}$/),
    name: z.string().min(1).max(80),
    boarding: z.string(),
    destination: z.string(),
    /** the day the train leaves its first station, DD-MM-YYYY */
    dt: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
    /** SCHEDULED (not left yet), RUNNING, ARRIVED (journey over), CANCELLED */
    status: z.enum(['SCHEDULED', 'RUNNING', 'ARRIVED', 'CANCELLED']),
  }),
  chartPrepared: z.boolean(),
  seatInfo: z.object({
    coach: z.string().nullable(),
    berth: z.union([z.string(), z.number().int()]).nullable(),
    noOfSeats: z.number().int().min(1),
  }),
  passengerInfo: z
    .array(
      z.object({ serialNo: z.number().int(), bookingStatus: z.string(), currentStatus: z.string().min(1) }),
    )
    .min(1),
  trainRoutes: z.array(RouteStop).min(1),
});
export type PnrData = z.infer<typeof PnrData>;
export type RouteStop = z.infer<typeof RouteStop>;

const SuccessEnvelope = z.object({ status: z.literal(true), code: z.literal(200), data: PnrData });

/** The error envelope the provider answers with a 4xx or 5xx. */
export interface ErrorEnvelope {
  status: false;
  code: number;
  message: string;
  error: string;
}

const MINUTE_MS = 60_000;
const IST_OFFSET_MS = 330 * MINUTE_MS;

/** An instant as the provider writes it: ISO 8601 in IST, to the second. */
export function istIso(ms: number): string {
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

/** DD-MM-YYYY of an instant's day in IST. */
export function istDayDmy(ms: number): string {
  const [y, m, d] = new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

export const haltTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** Several spaces in a status ("GNWL  17", as the railway pads it) become one. */
const tidyStatus = (status: string) => status.trim().replace(/\s+/g, ' ');

/**
 * A 200 answer's body as a journey, or null when it is not the protocol (the adapter treats that as an outage:
 * a proxy's error page, a changed API). The PNR must be the one asked about.
 */
export function journeyOf(body: unknown, pnr: string): Journey | null {
  const parsed = SuccessEnvelope.safeParse(body);
  if (!parsed.success || parsed.data.data.pnrNumber !== pnr) return null;
  const d = parsed.data.data;
  const [day, month, year] = d.trainInfo.dt.split('-');
  const journeyDate = `${year}-${month}-${day}`;
  if (Number.isNaN(Date.parse(journeyDate))) return null;
  const berth = d.seatInfo.berth === null ? null : String(d.seatInfo.berth);
  return {
    pnr: d.pnrNumber,
    train: { number: d.trainInfo.trainNo, name: d.trainInfo.name },
    journeyDate,
    charted: d.chartPrepared,
    cancelled: d.trainInfo.status === 'CANCELLED',
    // a berth without its coach (or the reverse) is no seat a rider can find
    seat: {
      coach: d.seatInfo.coach !== null && berth !== null ? d.seatInfo.coach : null,
      berth: d.seatInfo.coach !== null ? berth : null,
      status: tidyStatus(d.passengerInfo[0]!.currentStatus),
    },
    stations: d.trainRoutes.map((s) => {
      const [h, m] = s.haltTime.split(':').map(Number) as [number, number];
      return {
        code: s.stationCode,
        name: s.stationName,
        scheduledArrival: new Date(s.scheduledArrival).toISOString(),
        expectedArrival: new Date(s.expectedArrival).toISOString(),
        haltMinutes: h * 60 + m,
        departed: s.departed,
      };
    }),
  };
}

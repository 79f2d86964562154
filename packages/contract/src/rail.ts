import { z } from 'zod';
import { isValidPnr, TRAIN_MESSAGES } from '@crust/domain/train';
import { customerText, outcomeOf, successOf } from './common.ts';

/** A ticket's PNR (domain/train.ts: 10 digits; spaces around it forgiven); anything else is SPEC §5's text. */
const PnrSchema = z
  .string({ error: customerText(TRAIN_MESSAGES.pnrMandatory) })
  .trim()
  .refine(isValidPnr, { error: customerText(TRAIN_MESSAGES.pnrMandatory) });

/** SPEC §7 POST PNR status. */
export const PnrStatusBodySchema = z.strictObject({ pnr: PnrSchema });
export type PnrStatusBody = z.infer<typeof PnrStatusBodySchema>;
/** SPEC §7 GET PNR status (`?pnr=`). */
export const PnrStatusQuerySchema = z.object({ pnr: PnrSchema });

/** A stop of the train (SPEC §3 Railway stations), in running order. */
export const RailStationSchema = z.object({
  /** the railway's station code (NDLS) */
  code: z.string(),
  name: z.string(),
  /** when the train is expected now (ISO 8601, UTC): the schedule plus its delay */
  arrivalDateTime: z.iso.datetime(),
  scheduledArrival: z.iso.datetime(),
  haltMinutes: z.number().int().min(0),
  /** expected − scheduled, in minutes: negative when the train runs early */
  delayMinutes: z.number().int(),
  /** the train has left this station */
  departed: z.boolean(),
  /**
   * Whether a pizza can still be ordered to this station (issue 16 §2): the restaurant that would carry it and
   * until when it can be booked (ISO), or why not, in the passenger's words.
   */
  order: z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      storeId: z.number().int(),
      storeName: z.string(),
      cutoffMinutes: z.number().int(),
      bookBy: z.iso.datetime(),
    }),
    z.object({
      ok: z.literal(false),
      reason: z.enum(['DEPARTED', 'NO_OUTLET', 'TOO_LATE', 'CLOSED']),
      displayMsg: z.string(),
    }),
  ]),
});
export type RailStation = z.infer<typeof RailStationSchema>;

/** SPEC §3 Railway: a PNR's journey. */
export const RailJourneySchema = z.object({
  pnr: z.string().regex(/^\d{10}$/),
  trainInfo: z.object({ trainNo: z.string(), trainName: z.string() }),
  /** the day the train leaves its first station, in India */
  journeyDate: z.iso.date(),
  /** the reservation chart is prepared: coach and berth are final */
  charted: z.boolean(),
  seatInfo: z.object({
    /** null for a waitlisted ticket without a berth */
    coach: z.string().nullable(),
    berth: z.string().nullable(),
    /** CNF, RAC 14, WL 12 */
    status: z.string(),
  }),
  stations: z.array(RailStationSchema),
});
export type RailJourney = z.infer<typeof RailJourneySchema>;

export const PnrStatusResponseSchema = outcomeOf(RailJourneySchema);

/** SPEC §7 GET irctc banner: what train delivery offers, and the stations a Crust restaurant serves. */
export const IrctcBannerSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  /** false while train delivery is off (RAIL_PROVIDER=off): the banner is then not shown */
  available: z.boolean(),
  stations: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** the earliest an order closes before the train arrives, minutes */
      orderAheadMinutes: z.number().int(),
    }),
  ),
});
export type IrctcBanner = z.infer<typeof IrctcBannerSchema>;
export const IrctcBannerResponseSchema = successOf(IrctcBannerSchema);
export type PnrStatusResponse = z.infer<typeof PnrStatusResponseSchema>;

/** The codes of a PNR status FAILED (each with its displayMsg). */
export const PNR_FAILURE_CODES = [
  'PNR_NOT_FOUND',
  'RAIL_UNAVAILABLE',
  'TRAIN_CANCELLED',
  'JOURNEY_OVER',
  'TRAIN_DELIVERY_OFF',
] as const;
export type PnrFailureCode = (typeof PNR_FAILURE_CODES)[number];

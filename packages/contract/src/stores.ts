import { z } from 'zod';
import { STORE_ORDER_TYPES } from '@crust/domain/delivery-types';
import {
  DeliveryEstimateSchema,
  DeliveryTypeSchema,
  IdParam,
  LatitudeParam,
  LongitudeParam,
  outcomeOf,
} from './common.ts';

/** SPEC §3 Store storeStationDetails: one Drive-n-Pick bay; stationId is what an order names. */
export const StationSchema = z.object({
  stationId: z.number().int().positive(),
  name: z.string(),
});
export type Station = z.infer<typeof StationSchema>;

/** A time as HH:MM (24-hour), Asia/Kolkata. */
export const HhMmSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (24-hour), e.g. 09:30');

/** A day's hours (a closing at or before the opening closes after midnight; equal is 24 hours), or null: closed. */
export const DayHoursSchema = z.object({ opensAt: HhMmSchema, closesAt: HhMmSchema }).nullable();

/** A dated exception to the week (issue 30 §4): an IST date closed (hours null) or with its own hours. */
export const HoursExceptionSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
  hours: DayHoursSchema,
  note: z.string(),
});

/** A store's week (0 Sunday … 6 Saturday) and its exceptions (packages/domain store-hours.ts). */
export const StoreHoursSchema = z.object({
  week: z.array(DayHoursSchema).length(7),
  exceptions: z.array(HoursExceptionSchema),
});

export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  locality: z.string(),
  city: z.string(),
  cityId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  /** SPEC §3 Store: 0 means offline */
  online: z.union([z.literal(0), z.literal(1)]),
  advanceOrderStoreId: z.number().int().nullable(),
  orderTypes: z.array(z.enum(STORE_ORDER_TYPES)),
  deliveryRadiusKm: z.number(),
  /** today's (IST) hours for people, e.g. 11:00 AM; both empty when the store is closed all day today */
  opensAt: z.string(),
  closesAt: z.string(),
  /** the week and the exceptions from yesterday on: what the advance slots are counted from */
  hours: StoreHoursSchema,
  /** inside its opening hours now (an online store outside them takes advance orders only) */
  isOpenNow: z.boolean(),
  /** when it next opens, epoch seconds; null while it is open */
  nextOpensAt: z.number().int().nullable(),
  /** distance from the point asked about, km; null when no point was given */
  distanceKm: z.number().nullable(),
  /** the curbside bays; empty at a store that offers no Drive-n-Pick */
  storeStationDetails: z.array(StationSchema),
});
export type Store = z.infer<typeof StoreSchema>;

export const NearestStoreQuerySchema = z.object({
  /** defaults to the deliveryType header, then D */
  orderDeliveryType: DeliveryTypeSchema.optional(),
  latitude: LatitudeParam,
  longitude: LongitudeParam,
});

/** The chosen store and the ranked list it was chosen from. FAILED: NO_DELIVERY or NO_STORE. */
export const NearestStoreResponseSchema = outcomeOf(
  z.object({ store: StoreSchema, stores: z.array(StoreSchema) }),
);
export type NearestStoreResponse = z.infer<typeof NearestStoreResponseSchema>;

export const CityStoresQuerySchema = z.object({
  orderDeliveryType: DeliveryTypeSchema.optional(),
  latitude: LatitudeParam.optional(),
  longitude: LongitudeParam.optional(),
});
export const CityStoresResponseSchema = outcomeOf(z.object({ stores: z.array(StoreSchema) }));
export type CityStoresResponse = z.infer<typeof CityStoresResponseSchema>;

/**
 * The store asked about; with the order type (and, for a delivery, where it goes) the answer carries the ETA
 * (issue 31 item 6).
 */
export const StoreInfoBodySchema = z.object({
  storeId: z.number().int().positive(),
  deliveryType: DeliveryTypeSchema.optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

/**
 * SPEC §7 POST store info. An offline store answers SUCCESS with online 0 and an error telling so
 * (the client shows it as the advance-order message); an unknown or closed-down store FAILS with 2.STORENA.
 */
export const StoreInfoResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  data: z
    .object({
      id: z.number().int(),
      online: z.union([z.literal(0), z.literal(1)]),
      advanceOrderStoreId: z.number().int().nullable(),
      store: StoreSchema,
      /** when an order of the type asked about would come (UNKNOWN when no type was given) */
      eta: DeliveryEstimateSchema,
    })
    .nullable(),
  errors: z.array(
    z.object({
      code: z.string(),
      displayMsg: z.string(),
      header: z.string().optional(),
      btnMsg: z.string().optional(),
    }),
  ),
});
export type StoreInfoResponse = z.infer<typeof StoreInfoResponseSchema>;

export const StoreParamsSchema = z.object({ storeId: IdParam });

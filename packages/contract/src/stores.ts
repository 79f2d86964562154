import { z } from 'zod';
import { STORE_ORDER_TYPES } from '@crust/domain/delivery-types';
import { DeliveryTypeSchema, IdParam, LatitudeParam, LongitudeParam, outcomeOf } from './common.ts';

/** SPEC §3 Store storeStationDetails: one Drive-n-Pick bay; stationId is what an order names. */
export const StationSchema = z.object({
  stationId: z.number().int().positive(),
  name: z.string(),
});
export type Station = z.infer<typeof StationSchema>;

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
  opensAt: z.string(),
  closesAt: z.string(),
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

export const StoreInfoBodySchema = z.object({ storeId: z.number().int().positive() });

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

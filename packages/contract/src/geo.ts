import { z } from 'zod';
import { DeliveryTypeSchema, LatitudeParam, LongitudeParam, successOf, outcomeOf } from './common.ts';

export const CitySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  storeCount: z.number().int(),
});
export type City = z.infer<typeof CitySchema>;

export const CitiesQuerySchema = z.object({ delivery_type: DeliveryTypeSchema.optional() });
export const CitiesResponseSchema = successOf(z.object({ cities: z.array(CitySchema) }));
export type CitiesResponse = z.infer<typeof CitiesResponseSchema>;

export const AutocompleteQuerySchema = z.object({
  input: z.string().trim().min(1, 'Enter a locality to search').max(100),
  latitude: LatitudeParam.optional(),
  longitude: LongitudeParam.optional(),
});

export const PredictionSchema = z.object({
  placeId: z.string(),
  description: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  postalCode: z.string(),
  city: z.string(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

/** Google-style: OK with predictions, or ZERO_RESULTS. */
export const AutocompleteResponseSchema = z.object({
  status: z.enum(['OK', 'ZERO_RESULTS']),
  predictions: z.array(PredictionSchema),
});
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>;

/** SPEC §3 Address fields a geocoder fills. */
export const GeocodedAddressSchema = z.object({
  placeId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  locality: z.string(),
  sub_locality: z.string(),
  city: z.string(),
  city_region: z.string(),
  area_level0: z.string(),
  area_level1: z.string(),
  area_level2: z.string(),
  formatted_address: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type GeocodedAddress = z.infer<typeof GeocodedAddressSchema>;

export const GeocodeQuerySchema = z
  .object({
    placeId: z.string().trim().min(1).max(40).optional(),
    address: z.string().trim().min(1).max(200).optional(),
  })
  .refine((q) => q.placeId !== undefined || q.address !== undefined, {
    message: 'Give placeId or address',
    path: ['placeId'],
  });

export const ReverseGeocodeQuerySchema = z.object({ latitude: LatitudeParam, longitude: LongitudeParam });

export const GeocodeResponseSchema = z.object({
  status: z.enum(['OK', 'ZERO_RESULTS']),
  results: z.array(GeocodedAddressSchema),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;

export const CityParamsSchema = z.object({ city: z.string().trim().min(1).max(60) });

export const LocalitySchema = z.object({
  placeId: z.string(),
  name: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Locality = z.infer<typeof LocalitySchema>;
export const CityLocalitiesResponseSchema = outcomeOf(
  z.object({ city: CitySchema, localities: z.array(LocalitySchema) }),
);
export type CityLocalitiesResponse = z.infer<typeof CityLocalitiesResponseSchema>;

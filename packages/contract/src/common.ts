import { z } from 'zod';
import { DELIVERY_TYPES } from '@crust/domain/delivery-types';

/** SPEC §8: every error carries a code and the text to show; header and btnMsg when the dialog needs them. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  displayMsg: z.string(),
  header: z.string().optional(),
  btnMsg: z.string().optional(),
  /** the request field that was wrong, for 400s */
  field: z.string().optional(),
  /** SPEC §7 errors[].statusCode where the answer names one (the social user search's 404) */
  statusCode: z.number().int().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ErrorResponseSchema = z.object({
  status: z.literal('FAILED'),
  errors: z.array(ApiErrorSchema).min(1),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

const customerTexts = new Set<string>();

/**
 * A validation message written for the customer (SPEC §5 texts such as "Enter House No"): the server
 * sends it as the displayMsg as it is, instead of its generic "Invalid body.x: …" wording.
 */
export function customerText(text: string): string {
  customerTexts.add(text);
  return text;
}

export function isCustomerText(text: string): boolean {
  return customerTexts.has(text);
}

export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('SUCCESS'), data });
}

/** A SUCCESS or a FAILED answer: business outcomes such as "We Do not Deliver Here" come as FAILED with 200. */
export function outcomeOf<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('status', [successOf(data), ErrorResponseSchema]);
}

export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);

/** SPEC §9 delivery-time estimates (packages/domain delivery-estimate.ts): minutes, or UNKNOWN / NA. */
export const DeliveryEstimateSchema = z.union([
  z.literal('UNKNOWN'),
  z.literal('NA'),
  z.literal(20),
  z.literal(30),
  z.literal(45),
]);

/** Decimal numbers in query strings: '' and words are rejected rather than coerced to 0. */
const decimal = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

export const LatitudeParam = decimal.pipe(z.number().min(-90).max(90));
export const LongitudeParam = decimal.pipe(z.number().min(-180).max(180));
export const IdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive whole number')
  .transform(Number);

/** Paise: a whole number of paise (money is never a float). */
export const PaiseSchema = z.number().int();

/** SPEC §7 headers; all optional, validated where they carry meaning. */
export const RequestHeadersSchema = z
  .object({
    api_key: z.string().optional(),
    authtoken: z.string().optional(),
    userid: z.string().optional(),
    storeid: z
      .string()
      .regex(/^\d{1,9}$/, 'must be a store id')
      .optional(),
    isloggedin: z.enum(['true', 'false']).optional(),
    client_type: z.string().optional(),
    source: z.string().optional(),
    request_id: z.string().max(200).optional(),
    ab_test: z.string().optional(),
    ga_client_id: z.string().optional(),
    deliverytype: DeliveryTypeSchema.optional(),
    sessiontoken: z.string().optional(),
    mobile: z.string().optional(),
    childstoreid: z.string().optional(),
    u_lat: LatitudeParam.optional(),
    u_long: LongitudeParam.optional(),
  })
  .loose();
export type RequestHeaders = z.infer<typeof RequestHeadersSchema>;

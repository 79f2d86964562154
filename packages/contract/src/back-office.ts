import { z } from 'zod';
import { successOf } from './common.ts';
import { StaffRoleSchema } from './store-console.ts';
import { DayHoursSchema, HoursExceptionSchema } from './stores.ts';

/** A point of a delivery polygon. */
export const LatLngSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/**
 * The back office in the console (issue 30; docs/back-office.md): staff logins and the change log. Every call is
 * checked on the server against the caller's role and the stores it reaches.
 */

export const StaffUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9._-]{2,39}$/,
    'A username is 3 to 40 of a–z, 0–9, dot, dash or underscore, starting with a letter or digit',
  );
const StaffNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the person’s name')
  .max(80, 'Use at most 80 characters');
const StaffMobileSchema = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9')
  .nullable();
const CityIdSchema = z.string().min(1).max(40);

export const StaffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  storeId: z.number().int().nullable(),
  cities: z.array(z.string()),
  mobile: z.string().nullable(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** send it back with a change: a save made on an older version is refused (409 STALE) */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** The logins the caller manages, and the stores and cities it may place new ones in. */
export const StaffListSchema = z.object({
  staff: z.array(StaffMemberSchema),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), cityId: z.string() })),
  cities: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StaffList = z.infer<typeof StaffListSchema>;
export const StaffListResponseSchema = successOf(StaffListSchema);

export const NewStaffBodySchema = z.strictObject({
  username: StaffUsernameSchema,
  name: StaffNameSchema,
  role: StaffRoleSchema,
  storeId: z.number().int().positive().nullable().default(null),
  cities: z.array(CityIdSchema).max(50).default([]),
  mobile: StaffMobileSchema.default(null),
});
export type NewStaffBody = z.input<typeof NewStaffBodySchema>;

export const StaffChangeBodySchema = z.strictObject({
  version: z.number().int().positive(),
  name: StaffNameSchema.optional(),
  role: StaffRoleSchema.optional(),
  storeId: z.number().int().positive().nullable().optional(),
  cities: z.array(CityIdSchema).max(50).optional(),
  mobile: StaffMobileSchema.optional(),
  /** true turns the login off (its sessions end at once); false turns it back on */
  disabled: z.boolean().optional(),
});
export type StaffChangeBody = z.input<typeof StaffChangeBodySchema>;

export const StaffResetBodySchema = z.strictObject({ version: z.number().int().positive() });

export const StaffParams = z.object({ staffId: z.string().regex(/^S[A-Za-z0-9]{1,40}$/, 'no such login') });

export const StaffMemberResponseSchema = successOf(z.object({ member: StaffMemberSchema }));
/** A new login or a reset: the one-time password is shown this once, and its owner must replace it. */
export const StaffIssuedResponseSchema = successOf(
  z.object({ member: StaffMemberSchema, oneTimePassword: z.string() }),
);

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const AuditQuerySchema = z.object({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(80).optional(),
  staffId: z.string().max(60).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  /** IST days, both included */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  /** the page after the entry with this id (the answer's `next`) */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  storeId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  next: z.number().int().nullable(),
});
export const AuditPageResponseSchema = successOf(AuditPageSchema);

// ---- a store's settings (issue 30 §4)

export const STORE_RADIUS_LIMITS_M = { min: 500, max: 15_000 } as const;

export const StorePaymentOptionSettingSchema = z.object({
  methodCode: z.string(),
  providerName: z.string(),
  enabled: z.boolean(),
  deliveryTypes: z.array(z.string()),
});

export const StoreSettingsSchema = z.object({
  storeId: z.number().int(),
  name: z.string(),
  cityId: z.string(),
  phone: z.string(),
  /** the store's own point: a delivery polygon must contain it */
  latitude: z.number(),
  longitude: z.number(),
  /** 0 Sunday … 6 Saturday, HH:MM Asia/Kolkata, or null closed all day */
  week: z.array(DayHoursSchema),
  /** holidays and special hours, today (IST) on, by date */
  exceptions: z.array(HoursExceptionSchema),
  /** used while deliveryPolygon is null */
  deliveryRadiusM: z.number().int(),
  deliveryPolygon: z.array(LatLngSchema).nullable(),
  advanceOrderStoreId: z.number().int().nullable(),
  paymentOptions: z.array(StorePaymentOptionSettingSchema),
  /** the stores of the same city an advance order may be sent to */
  advanceStoreChoices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  version: z.number().int(),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export const StoreSettingsResponseSchema = successOf(StoreSettingsSchema);

export const StoreSettingsBodySchema = z.strictObject({
  version: z.number().int().positive(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{7,16}[0-9]$/, 'Enter the store’s phone number, e.g. 080-4123-4567')
    .optional(),
  /** the whole week, seven days from Sunday */
  week: z.array(DayHoursSchema).length(7, 'Give all seven days, Sunday first').optional(),
  /** holidays or special hours to add: a date today or later, not one the store has already */
  addExceptions: z
    .array(
      z.strictObject({
        date: HoursExceptionSchema.shape.date,
        hours: DayHoursSchema,
        note: z.string().trim().max(60, 'At most 60 characters').default(''),
      }),
    )
    .max(20)
    .optional(),
  /** dates whose exception goes (removed before any are added: remove and add a date to change it) */
  removeExceptions: z.array(HoursExceptionSchema.shape.date).max(50).optional(),
  /** the delivery area instead of the radius (3–100 points around the store); null goes back to the radius */
  deliveryPolygon: z.array(LatLngSchema).max(200).nullable().optional(),
  deliveryRadiusM: z
    .number()
    .int()
    .min(STORE_RADIUS_LIMITS_M.min, `At least ${STORE_RADIUS_LIMITS_M.min} m`)
    .max(STORE_RADIUS_LIMITS_M.max, `At most ${STORE_RADIUS_LIMITS_M.max / 1000} km`)
    .optional(),
  advanceOrderStoreId: z.number().int().positive().nullable().optional(),
  /** methods switched on or off; the others stay as they are */
  paymentOptions: z
    .array(z.strictObject({ methodCode: z.string().min(1).max(20), enabled: z.boolean() }))
    .max(30)
    .optional(),
});
export type StoreSettingsBody = z.input<typeof StoreSettingsBodySchema>;

import { z } from 'zod';
import {
  ACTION_TYPE_OF,
  ACTION_TYPES,
  EVENT_ACTIONS,
  FUNNEL_STEPS,
  MAX_EVENTS_PER_CALL,
} from '@crust/domain/funnel';
import { successOf } from './common.ts';

/**
 * User-activity tracking and the funnel (issue 33 §3, SPEC §7 "POST user-activity tracking", "POST fingerprint
 * info"; docs/analytics.md).
 */

// ——— the ab_test header: its shape and lenient reading are the experiments' (experiments.ts) ———
export { AbTestAssignmentSchema, parseAbTest, type AbTestAssignment } from './experiments.ts';

// ——— POST user-activity ———

export { MAX_EVENTS_PER_CALL };
/** Properties per event, and a string property's length: ids, codes and reasons, never free text. */
export const MAX_PROPERTIES = 12;
export const MAX_PROPERTY_LENGTH = 120;

const PropertyValueSchema = z.union([
  z.string().max(MAX_PROPERTY_LENGTH),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
export type PropertyValue = z.infer<typeof PropertyValueSchema>;

export const EventPropertiesSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'a property name: letters, digits, _'),
    PropertyValueSchema,
  )
  .refine((o) => Object.keys(o).length <= MAX_PROPERTIES, {
    message: `at most ${MAX_PROPERTIES} properties`,
  });

/** SPEC §7's body data: userAgent, platform (PWA), userId, timestamp, pageName, referrer, action, actionType, properties. */
export const UserActivityEventSchema = z
  .object({
    /** read, not stored: a full user agent is a fingerprint (docs/analytics.md) */
    userAgent: z.string().max(400).optional(),
    platform: z.literal('PWA'),
    /** read, not stored: the server knows whether the caller is logged in, and records only that */
    userId: z.string().max(64).nullable().optional(),
    /** when it happened on the device, epoch ms */
    timestamp: z.number().int().nonnegative(),
    /** the screen (packages/domain funnel.ts pageNameOf) */
    pageName: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a screen name'),
    /** the screen before, by the same naming, or an outside site's host */
    referrer: z.string().max(200).default(''),
    action: z.enum(EVENT_ACTIONS),
    actionType: z.enum(ACTION_TYPES),
    properties: EventPropertiesSchema.default({}),
  })
  .refine((e) => ACTION_TYPE_OF[e.action] === e.actionType, {
    message: "the actionType is not this action's",
    path: ['actionType'],
  });
export type UserActivityEvent = z.input<typeof UserActivityEventSchema>;
export type UserActivityEventParsed = z.output<typeof UserActivityEventSchema>;

/** One event, or a batch of them. */
export const UserActivityBodySchema = z.object({
  data: z.union([
    UserActivityEventSchema.transform((e) => [e]),
    z.array(UserActivityEventSchema).min(1).max(MAX_EVENTS_PER_CALL),
  ]),
});
export type UserActivityBody = z.input<typeof UserActivityBodySchema>;

export const UserActivityResponseSchema = successOf(
  z.object({
    /** events stored: 0 when tracking is switched off (the events are dropped) */
    stored: z.number().int(),
    tracking: z.boolean(),
  }),
);

/** The client id the events are counted by: the app's device id, sent as ga_client_id. */
export const ClientIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'a client id');

// ——— POST fingerprint info (SPEC: not shown; docs/analytics.md "Device facts") ———

/**
 * Coarse device facts, each with a handful of possible values, for fraud and quality signals: a browser driven
 * by automation, a clock far from India's, a device class. No user agent, no canvas or audio hash, no screen size
 * to the pixel, no fonts or plug-ins: nothing here tells one phone from the thousands like it.
 */
export const DeviceFactsSchema = z
  .object({
    /** the viewport's width, bucketed */
    screen: z.enum(['small', 'medium', 'large']),
    touch: z.boolean(),
    /** logical processors, rounded down to 1, 2, 4, 8 or 16 */
    cores: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(8), z.literal(16)]).nullable(),
    /** navigator.deviceMemory (already bucketed by the browser), GB, capped at 8 */
    memoryGb: z.union([z.literal(0.5), z.literal(1), z.literal(2), z.literal(4), z.literal(8)]).nullable(),
    /** minutes east of UTC, in whole hours or half hours, bounded */
    utcOffsetMinutes: z
      .number()
      .int()
      .min(-720)
      .max(840)
      .refine((m) => m % 30 === 0, 'whole or half hours'),
    /** the primary language subtag only ("en", "hi") */
    language: z.string().regex(/^[a-z]{2,3}$/),
    /** opened from the home screen */
    standalone: z.boolean(),
    /** navigator.webdriver: a browser driven by automation */
    automated: z.boolean(),
  })
  .strict();
export type DeviceFacts = z.infer<typeof DeviceFactsSchema>;

export const FingerprintBodySchema = z.object({ data: DeviceFactsSchema });
export const FingerprintResponseSchema = successOf(z.object({ stored: z.boolean() }));

// ——— the chain admin's funnel ———

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** The longest range the funnel reads, in days. */
export const MAX_FUNNEL_DAYS = 92;

export const FunnelQuerySchema = z.object({ from: DaySchema, to: DaySchema });
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>;

export const TwoProportionTestSchema = z.object({
  difference: z.number(),
  low: z.number(),
  high: z.number(),
  z: z.number(),
  pValue: z.number(),
  significant: z.boolean(),
});

const CountsSchema = z.array(z.number().int()).length(FUNNEL_STEPS.length);

export const FunnelSummarySchema = z.object({
  /** distinct clients at each step (FUNNEL_STEPS' order), counted by the furthest step each reached */
  counts: CountsSchema,
  /** paid over landing */
  conversion: z.number(),
  experiments: z.array(
    z.object({
      experiment: z.string(),
      reference: z.string().nullable(),
      variants: z.array(
        z.object({
          variant: z.string(),
          counts: CountsSchema,
          conversion: z.number(),
          vsReference: TwoProportionTestSchema.nullable(),
        }),
      ),
    }),
  ),
});
export type FunnelSummaryView = z.infer<typeof FunnelSummarySchema>;

export const FunnelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  steps: z.array(z.enum(FUNNEL_STEPS)),
  /** whether the app sends events now (the remote config's userActivityTracking) */
  tracking: z.boolean(),
  retentionDays: z.number().int(),
  /** the whole range: a client counted once, by its furthest step in the range */
  range: FunnelSummarySchema,
  /** each IST day that has events, oldest first */
  days: z.array(
    FunnelSummarySchema.extend({
      day: z.string(),
      /** clients whose device facts said the browser was driven by automation (counted in the funnel too) */
      automated: z.number().int(),
    }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;
export const FunnelResponseSchema = successOf(FunnelReportSchema);

export const TrackingSwitchBodySchema = z.object({ on: z.boolean() });
export const TrackingSwitchResponseSchema = successOf(z.object({ tracking: z.boolean() }));

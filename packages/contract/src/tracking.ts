import { z } from 'zod';
import { ORDER_STAGES, ORDER_LABELS } from '@crust/domain/order-lifecycle';
import { MESSAGES } from '@crust/domain/messages';
import { DeliveryTypeSchema, PaiseSchema, customerText, successOf } from './common.ts';
import { MobileSchema } from './auth.ts';
import { OrderIdSchema, OrderStatusSchema } from './orders.ts';
import { TrainTrackSchema } from './train-orders.ts';

/**
 * Tracking (issue 6, SPEC §4 Tracker): where an order is, for its owner or for whoever knows its mobile number
 * and order number. A `key` (an HMAC of the order id) lets a tracker that was looked up by number, and the
 * browser's EventSource (which cannot send headers), read one order's tracker and its live events.
 */

export const OrderStageSchema = z.enum(ORDER_STAGES);
export const OrderLabelSchema = z.enum(Object.values(ORDER_LABELS) as [string, ...string[]]);

export const TrackerStepSchema = z.object({
  stage: OrderStageSchema,
  /** SPEC §4 tracking code: 1, 2, 4, 9 (5 for cancelled) */
  code: z.number().int(),
  /** when the order reached it, ISO; null while ahead */
  at: z.string().nullable(),
});

export const TrackerSchema = z.object({
  orderId: OrderIdSchema,
  /** the number on the receipt and the store's screen */
  dominosOrderId: z.string(),
  status: OrderStatusSchema,
  label: OrderLabelSchema,
  advanceOrder: z.boolean(),
  /** an advance order's slot, ISO */
  slotAt: z.string().nullable(),
  /** SPEC §3 Track order: tracker.stage (null before the store has it) and orderSummary.deliveryType */
  tracker: z.object({
    stage: OrderStageSchema.nullable(),
    code: z.number().int().nullable(),
    steps: z.array(TrackerStepSchema),
  }),
  /** netPrice: the order's total for its owner; null for whoever else holds the key */
  orderSummary: z.object({ deliveryType: DeliveryTypeSchema, netPrice: PaiseSchema.nullable() }),
  placedAt: z.string().nullable(),
  /** SPEC §9: placed (or the slot) plus 30 minutes, 45 from 11 PM to 3 AM */
  promisedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  riderName: z.string().nullable(),
  cancelReason: z.string().nullable(),
  guarantee: z.object({
    /** only delivery orders carry it */
    applies: z.boolean(),
    minutes: z.number().int(),
    /** what a late delivery credited to the customer's wallet, paise (0 when on time) */
    creditedPaise: PaiseSchema,
  }),
  /** the store making the order; its phone is the customer's way to reach it (docs/tracking.md "Calling the store") */
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    phone: z.string(),
  }),
  /**
   * the delivery point; null for pickup orders. Its owner gets the whole delivery line and the exact point;
   * whoever else holds the key gets the locality and the point rounded to about a kilometre.
   */
  destination: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable(),
  /** a train order's train, station and SPEC §4 train status (coach and berth for its owner only); else null */
  train: TrainTrackSchema.nullable(),
  /** SPEC §4: seconds between polls when the live stream is not available */
  apiHitInterval: z.number().int(),
  /** the live stream of this tracker (server-sent events named "tracker", each a whole Tracker) */
  eventsUrl: z.string(),
  /** the key that opens this tracker without owning the order (the view a key holder gets) */
  key: z.string(),
});
export type Tracker = z.infer<typeof TrackerSchema>;
export const TrackerResponseSchema = successOf(TrackerSchema);

export const TrackerQuerySchema = z.object({ key: z.string().max(128).optional() });

/** SPEC §5 Tracking: track another order by mobile number and order number. */
export const TrackLookupBodySchema = z.strictObject({
  mobile: z.string().trim().min(1, customerText(MESSAGES.enterMobileNo)).pipe(MobileSchema),
  orderNumber: z
    .string()
    .trim()
    .min(1, customerText(MESSAGES.enterOrderIdNo))
    .regex(/^\d{1,12}$/, customerText(MESSAGES.enterOrderIdNo)),
});
export type TrackLookupBody = z.infer<typeof TrackLookupBodySchema>;

export const TrackLookupSchema = z.object({
  orderId: OrderIdSchema,
  key: z.string(),
  deliveryType: DeliveryTypeSchema,
  advanceOrder: z.boolean(),
});
export type TrackLookup = z.infer<typeof TrackLookupSchema>;
export const TrackLookupResponseSchema = successOf(TrackLookupSchema);

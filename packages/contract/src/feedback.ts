import { z } from 'zod';
import { FEEDBACK_AREAS, FEEDBACK_LIMITS, FEEDBACK_STATES, TOPIC_TAGS } from '@crust/domain/feedback';
import { DeliveryTypeSchema, outcomeOf, successOf } from './common.ts';
import { OrderIdSchema } from './orders.ts';

/**
 * Feedback (issue 17 §1, SPEC §3 Feedback, §7 feedback calls). The contract checks shapes and ranges; the SPEC §5
 * rules with their texts (the 30-character comment, the required NPS and overall rating, an offline order's
 * mobile) are packages/domain feedback.ts, run by the server and the form alike.
 */

const Csat = z.number().int().min(FEEDBACK_LIMITS.csatMin).max(FEEDBACK_LIMITS.csatMax);
const Nps = z.number().int().min(FEEDBACK_LIMITS.npsMin).max(FEEDBACK_LIMITS.npsMax);
const TopicTag = z.enum(TOPIC_TAGS);
/** a comment as typed: its 30–250 characters are the domain's rule (a SPEC text), longer input is refused here */
const Comment = z.string().max(1000);
const Tags = z.array(TopicTag).max(TOPIC_TAGS.length);
/** SPEC §3 ratedTags: the rating-tag labels the customer picked (Very Bad … Very Good) */
const RatedTags = z.array(z.string().max(40)).max(10);
const Mobile = z.string().max(20);

export const FeedbackOrderParams = z.object({ orderId: OrderIdSchema });

/** GET feedback categories (SPEC §7): what the form offers, and its limits. */
export const FeedbackCategoriesSchema = z.object({
  areas: z.array(z.enum(FEEDBACK_AREAS)),
  ratingTags: z.array(z.object({ rating: z.number().int(), label: z.string() })),
  topicTags: z.array(TopicTag),
  limits: z.object({
    commentMin: z.number().int(),
    commentMax: z.number().int(),
    npsMin: z.number().int(),
    npsMax: z.number().int(),
    csatMin: z.number().int(),
    csatMax: z.number().int(),
    ordersDurationSeconds: z.number().int(),
    shownLimitSeconds: z.number().int(),
    lowRatingMax: z.number().int(),
  }),
});
export type FeedbackCategories = z.infer<typeof FeedbackCategoriesSchema>;
export const FeedbackCategoriesResponseSchema = successOf(FeedbackCategoriesSchema);

/** SPEC §3 food[]: one of the order's products rated. */
export const FoodRatingSchema = z.strictObject({
  productId: z.string().min(1).max(40),
  productName: z.string().max(120).optional(),
  rating: Csat,
  tags: Tags.optional(),
  ratedTags: RatedTags.optional(),
  menuCode: z.string().max(40).optional(),
});

/** SPEC §3 simple form: email, firstName, lastName, mobileNo, feedback{comment, orderId, rating, tags}. */
export const SimpleFeedbackBodySchema = z.strictObject({
  email: z.string().max(50).optional(),
  firstName: z.string().max(50).optional(),
  lastName: z.string().max(50).optional(),
  mobileNo: Mobile,
  feedback: z.strictObject({
    comment: Comment,
    orderId: OrderIdSchema,
    rating: Csat,
    tags: Tags.default([]),
  }),
});
export type SimpleFeedbackBody = z.infer<typeof SimpleFeedbackBodySchema>;

/**
 * SPEC §3 in-house form: CSAT areas and the NPS sub-form. `overall` and `nps.score` are required by the domain
 * (SPEC §5); they are nullable here so an empty one is answered with its SPEC text rather than a schema error.
 */
export const InHouseFeedbackBodySchema = z.strictObject({
  orderId: OrderIdSchema,
  type: z.enum(['CSAT', 'NPS']).default('CSAT'),
  /** where the form was opened: TRACKER, HISTORY, LINK (an SMS or e-mail link) */
  medium: z.string().max(20).default('PWA'),
  overall: Csat.nullable(),
  food: z.array(FoodRatingSchema).max(25).default([]),
  delivery: Csat.nullable().default(null),
  deliveryRatings: z
    .array(z.strictObject({ tag: z.string().max(40), rating: Csat }))
    .max(10)
    .default([]),
  valueForMoney: z
    .array(z.strictObject({ tag: z.string().max(40), rating: Csat }))
    .max(10)
    .default([]),
  comments: z.strictObject({ comment: Comment.default(''), raiseTicket: z.boolean().default(false) }),
  orderType: DeliveryTypeSchema.optional(),
  orderMode: z.enum(['ONLINE', 'OFFLINE']).default('ONLINE'),
  /** the order's mobile number: required for an OFFLINE order; when sent for an online one it must match too */
  mobileNo: Mobile.optional(),
  tags: Tags.default([]),
  ratedTags: RatedTags.default([]),
  nps: z.strictObject({ score: Nps.nullable(), reason: z.string().max(250).optional() }),
});
export type InHouseFeedbackBody = z.infer<typeof InHouseFeedbackBodySchema>;
export type InHouseFeedbackInput = z.input<typeof InHouseFeedbackBodySchema>;

/** POST submit feedback: either form (the simple one is told by its `feedback` object). */
export const SubmitFeedbackBodySchema = z.union([SimpleFeedbackBodySchema, InHouseFeedbackBodySchema]);
export type SubmitFeedbackBody = z.infer<typeof SubmitFeedbackBodySchema>;

/**
 * SPEC §4 Feedback processing: SUCCESS (recorded), PROCESSING (recorded, and a ticket is open: the store will
 * answer). A refusal is FAILED (MOBILE_NOT_MATCHED, OFFLINE, FEEDBACK_EXISTS, NOT_DELIVERED, WINDOW_CLOSED,
 * NOT_FIRST_ORDER).
 */
export const SubmittedFeedbackSchema = z.object({
  feedbackId: z.string(),
  orderId: OrderIdSchema,
  processing: z.enum(['SUCCESS', 'PROCESSING']),
  ticketOpen: z.boolean(),
  firstTime: z.boolean(),
  /** the thank-you text the app shows (the first-time rider's welcome) */
  message: z.string(),
});
export type SubmittedFeedback = z.infer<typeof SubmittedFeedbackSchema>;
export const SubmitFeedbackResponseSchema = outcomeOf(SubmittedFeedbackSchema);

/** The order as the rating form shows it. `?mobileNo=` opens an offline order (one not in the account). */
export const FeedbackOrderQuerySchema = z.object({ mobileNo: Mobile.optional() });
export const FeedbackOrderSchema = z.object({
  orderId: OrderIdSchema,
  dominosOrderId: z.string(),
  storeName: z.string(),
  deliveryType: DeliveryTypeSchema,
  orderMode: z.enum(['ONLINE', 'OFFLINE']),
  deliveredAt: z.string().nullable(),
  items: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      menuCode: z.string(),
      quantity: z.number().int(),
    }),
  ),
  rateability: z.enum(['RATEABLE', 'NOT_DELIVERED', 'WINDOW_CLOSED']),
  /** the order was rated already (one rating per order) */
  rated: z.boolean(),
  /** the customer's first delivered order: the first-time rider's short form */
  firstTime: z.boolean(),
});
export type FeedbackOrder = z.infer<typeof FeedbackOrderSchema>;
export const FeedbackOrderResponseSchema = outcomeOf(FeedbackOrderSchema);

/** GET feedback count (SPEC §7 intervalcount): ratings given in the last `interval` seconds (60 days by default). */
export const FeedbackCountQuerySchema = z.object({
  interval: z.coerce
    .number()
    .int()
    .positive()
    .max(10 * FEEDBACK_LIMITS.ordersDurationSeconds)
    .default(FEEDBACK_LIMITS.ordersDurationSeconds),
});
export const FeedbackCountSchema = z.object({ interval: z.number().int(), intervalCount: z.number().int() });
export const FeedbackCountResponseSchema = successOf(FeedbackCountSchema);

// --- the store console's Ratings tab ---

/** A day in India, YYYY-MM-DD. */
const IstDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const RatingsQuerySchema = z.object({ from: IstDate, to: IstDate });

export const ConsoleRatingSchema = z.object({
  feedbackId: z.string(),
  orderId: z.string(),
  dominosOrderId: z.string(),
  overall: z.number().int(),
  nps: z.number().int().nullable(),
  comment: z.string(),
  tags: z.array(z.string()),
  state: z.enum(FEEDBACK_STATES),
  createdAt: z.string(),
  customerName: z.string(),
});
export type ConsoleRating = z.infer<typeof ConsoleRatingSchema>;

export const RatingSummarySchema = z.object({
  count: z.number().int(),
  csatAverage: z.number().nullable(),
  nps: z.number().int().nullable(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});

export const ConsoleRatingsSchema = z.object({
  storeId: z.number().int(),
  from: z.string(),
  to: z.string(),
  summary: RatingSummarySchema,
  /** the newest first, at most 50 */
  recent: z.array(ConsoleRatingSchema),
});
export type ConsoleRatings = z.infer<typeof ConsoleRatingsSchema>;
export const ConsoleRatingsResponseSchema = successOf(ConsoleRatingsSchema);

export const ConsoleTicketSchema = ConsoleRatingSchema.extend({
  mobile: z.string(),
  reply: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type ConsoleTicket = z.infer<typeof ConsoleTicketSchema>;
export const ConsoleTicketsResponseSchema = successOf(z.object({ tickets: z.array(ConsoleTicketSchema) }));
export const ConsoleTicketResponseSchema = successOf(ConsoleTicketSchema);

export const TicketParams = z.object({
  feedbackId: z.string().regex(/^F[0-9A-F]{20}$/, 'must be a feedback id'),
});
export const CloseTicketBodySchema = z.strictObject({ reply: z.string().trim().min(1).max(500) });

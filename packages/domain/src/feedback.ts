/**
 * Feedback ratings (issue 17 §1, SPEC §3, §4, §5 and §9 Feedback): the areas, tags and limits of the rating
 * form, its validation, which orders may be rated and when the app asks, the NPS and CSAT arithmetic of the store
 * console, and a feedback's life (submitted, a ticket opened for a low rating, the ticket closed). Pure: the clock
 * is passed in.
 */
import { mobileError } from './mobile.ts';
import type { OrderStage } from './order-lifecycle.ts';

/** SPEC §3 Feedback areas. */
export const FEEDBACK_AREAS = ['OVERALL', 'FOOD', 'DELIVERY', 'ORDERING', 'MONEY_VALUE', 'COMMENTS'] as const;
export type FeedbackArea = (typeof FEEDBACK_AREAS)[number];

/** SPEC §9 rating tags: the label of each CSAT score. */
export const RATING_TAGS = {
  1: 'Very Bad',
  2: 'Bad',
  3: 'Average',
  4: 'Good',
  5: 'Very Good',
} as const satisfies Record<number, string>;
export type CsatScore = keyof typeof RATING_TAGS;

/** SPEC §9 topic tags: what a comment is about. */
export const TOPIC_TAGS = ['Payment', 'Offers', 'Location', 'Tracking Order', 'Menu', 'Other'] as const;
export type TopicTag = (typeof TOPIC_TAGS)[number];

/** SPEC §9 Feedback constants. */
export const FEEDBACK_LIMITS = {
  commentMin: 30,
  commentMax: 250,
  npsMin: 0,
  npsMax: 10,
  csatMin: 1,
  csatMax: 5,
  /** "Feedback orders duration": an order may be rated up to 60 days after it was delivered */
  ordersDurationSeconds: 5_184_000,
  /** "shown limit": the tracker and the order history ask for a rating up to 5 days after delivery */
  shownLimitSeconds: 432_000,
  /** a low rating: the overall (CSAT) score at most this; it may raise a ticket for the store */
  lowRatingMax: 2,
} as const;

export const FEEDBACK_TEXTS = {
  // SPEC §5, word for word
  commentTooShort: 'Your feedback should have at least 30 characters',
  // ours, where the SPEC gives none
  commentTooLong: 'Your feedback can have at most 250 characters',
  npsRequired: 'Please tell us how likely you are to recommend us (0 to 10)',
  overallRequired: 'Please rate your overall experience',
  csatRange: 'Choose a rating from 1 to 5',
  unknownTag: 'Choose tags from the list',
} as const;

export function isCsatScore(value: unknown): value is CsatScore {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

export function isNpsScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10;
}

/** The label of a CSAT score (SPEC §9 rating tags). */
export function ratingLabel(score: CsatScore): string {
  return RATING_TAGS[score];
}

/**
 * SPEC §5: a comment of 30 to 250 characters (counted after trimming the ends). `required` false lets an empty
 * comment through (the first-time rider's short form); a comment that is there must still be long enough.
 */
export function commentError(comment: string | undefined, required = true): string | null {
  const text = (comment ?? '').trim();
  if (!text && !required) return null;
  if (text.length < FEEDBACK_LIMITS.commentMin) return FEEDBACK_TEXTS.commentTooShort;
  if (text.length > FEEDBACK_LIMITS.commentMax) return FEEDBACK_TEXTS.commentTooLong;
  return null;
}

/** SPEC §5: the NPS scale 0–10 is required. */
export function npsError(score: number | null | undefined): string | null {
  return isNpsScore(score) ? null : FEEDBACK_TEXTS.npsRequired;
}

/** SPEC §5: the overall (CSAT) rating 1–5 is required. */
export function overallError(score: number | null | undefined): string | null {
  return isCsatScore(score) ? null : FEEDBACK_TEXTS.overallRequired;
}

/** Another CSAT rating (food, delivery, value for money): optional, and 1–5 when given. */
export function csatError(score: number | null | undefined): string | null {
  return score === null || score === undefined || isCsatScore(score) ? null : FEEDBACK_TEXTS.csatRange;
}

/** SPEC §4: tags toggle: a tap adds a tag, a second tap on it removes it. The order of the others stays. */
export function toggleTag<T extends string>(tags: readonly T[], tag: T): T[] {
  return tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
}

export function isLowRating(overall: number): boolean {
  return overall <= FEEDBACK_LIMITS.lowRatingMax;
}

export type OrderMode = 'ONLINE' | 'OFFLINE';

/** The rating form as the customer fills it in (web and server validate the same way). */
export interface FeedbackForm {
  overall: number | null;
  nps: number | null;
  comment: string;
  food: readonly { rating: number | null }[];
  delivery: number | null;
  valueForMoney: number | null;
  tags: readonly string[];
  orderMode: OrderMode;
  /** an offline order's mobile number (SPEC §5 "Offline flows need a phone number") */
  mobileNo: string;
}

export type FeedbackField =
  'overall' | 'nps' | 'comment' | 'food' | 'delivery' | 'valueForMoney' | 'tags' | 'mobileNo';

/**
 * SPEC §5 Feedback: every broken rule, one message per field. `short` is the first-time rider's form
 * (overall and NPS required, the comment optional).
 */
export function feedbackErrors(
  form: FeedbackForm,
  { short = false }: { short?: boolean } = {},
): Partial<Record<FeedbackField, string>> {
  const errors: Partial<Record<FeedbackField, string>> = {};
  const put = (field: FeedbackField, message: string | null) => {
    if (message) errors[field] = message;
  };
  put('overall', overallError(form.overall));
  put('nps', npsError(form.nps));
  put('comment', commentError(form.comment, !short));
  put('food', form.food.map((f) => csatError(f.rating)).find((m) => m !== null) ?? null);
  put('delivery', csatError(form.delivery));
  put('valueForMoney', csatError(form.valueForMoney));
  put(
    'tags',
    form.tags.every((t) => (TOPIC_TAGS as readonly string[]).includes(t)) ? null : FEEDBACK_TEXTS.unknownTag,
  );
  if (form.orderMode === 'OFFLINE') put('mobileNo', mobileError(form.mobileNo));
  return errors;
}

// --- which orders may be rated, and when the app asks ---

/** The stages that end an order in the customer's hands: delivered (a train order too) or picked up. */
export function isRateableStage(stage: OrderStage | null): boolean {
  return stage === 'DELIVERED' || stage === 'PICKED_UP';
}

export interface OrderForFeedback {
  stage: OrderStage | null;
  /** when the order reached DELIVERED or PICKED_UP, epoch ms: the anchor of both windows */
  deliveredAtMs: number | null;
}

export type Rateability = 'RATEABLE' | 'NOT_DELIVERED' | 'WINDOW_CLOSED';

/**
 * SPEC §9 "Feedback orders duration 5184000 s": an order may be rated once it was delivered or picked up, until
 * 60 days after that moment (the end included).
 */
export function rateability(order: OrderForFeedback, nowMs: number): Rateability {
  if (!isRateableStage(order.stage) || order.deliveredAtMs === null) return 'NOT_DELIVERED';
  return nowMs - order.deliveredAtMs <= FEEDBACK_LIMITS.ordersDurationSeconds * 1000
    ? 'RATEABLE'
    : 'WINDOW_CLOSED';
}

/**
 * SPEC §9 "shown limit 432000 s": the tracker and the order history ask for a rating ("Rate your order") for 5
 * days after delivery, unless the order was rated; a rated order says so. Null: nothing to show.
 */
export function feedbackPrompt(
  order: OrderForFeedback,
  rated: boolean,
  nowMs: number,
): 'RATE' | 'RATED' | null {
  if (rated) return 'RATED';
  if (rateability(order, nowMs) !== 'RATEABLE' || order.deliveredAtMs === null) return null;
  return nowMs - order.deliveredAtMs <= FEEDBACK_LIMITS.shownLimitSeconds * 1000 ? 'RATE' : null;
}

// --- NPS and CSAT ---

export type NpsGroup = 'PROMOTER' | 'PASSIVE' | 'DETRACTOR';

/** Promoters 9–10, passives 7–8, detractors 0–6. */
export function npsGroup(score: number): NpsGroup {
  if (score >= 9) return 'PROMOTER';
  if (score >= 7) return 'PASSIVE';
  return 'DETRACTOR';
}

export interface RatingSummary {
  /** ratings in the period */
  count: number;
  /** the average overall (CSAT) score, to 2 decimals; null with no ratings */
  csatAverage: number | null;
  /** %promoters − %detractors over the ratings with an NPS score, a whole number −100…100; null with none */
  nps: number | null;
  promoters: number;
  passives: number;
  detractors: number;
}

/** The store console's numbers over a period's ratings. */
export function summarizeRatings(ratings: readonly { overall: number; nps: number | null }[]): RatingSummary {
  const scored = ratings.flatMap((r) => (r.nps === null ? [] : [r.nps]));
  const groups = { PROMOTER: 0, PASSIVE: 0, DETRACTOR: 0 } satisfies Record<NpsGroup, number>;
  for (const s of scored) groups[npsGroup(s)]++;
  const csatTotal = ratings.reduce((sum, r) => sum + r.overall, 0);
  return {
    count: ratings.length,
    csatAverage: ratings.length === 0 ? null : Math.round((csatTotal / ratings.length) * 100) / 100,
    nps:
      scored.length === 0
        ? null
        : // + 0 turns a -0 into 0
          Math.round(((groups.PROMOTER - groups.DETRACTOR) / scored.length) * 100) + 0,
    promoters: groups.PROMOTER,
    passives: groups.PASSIVE,
    detractors: groups.DETRACTOR,
  };
}

// --- a feedback's life (ARCHITECTURE rule 6) ---

/**
 * SUBMITTED: recorded, nothing for the store to do. TICKET_OPEN: a low rating whose customer asked for a call
 * back; the store must answer. CLOSED: the store answered (a reply, who and when). Nothing moves backwards.
 */
export const FEEDBACK_STATES = ['SUBMITTED', 'TICKET_OPEN', 'CLOSED'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

/** Where a new feedback starts: a ticket only for a low rating whose customer ticked "raise a ticket". */
export function initialFeedbackState(overall: number, raiseTicket: boolean): FeedbackState {
  return raiseTicket && isLowRating(overall) ? 'TICKET_OPEN' : 'SUBMITTED';
}

/** The one move after submission: an open ticket is closed by the store. */
export function canMoveFeedback(from: FeedbackState, to: FeedbackState): boolean {
  return from === 'TICKET_OPEN' && to === 'CLOSED';
}

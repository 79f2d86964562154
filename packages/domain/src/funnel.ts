/**
 * The funnel the chain reads (issue 33 §3, docs/analytics.md): which user-activity events (SPEC §7) are steps,
 * how clients are counted per step and per experiment variant, the two-proportion test that says whether a
 * variant's conversion differs from its reference, and the rule that keeps personal data out of events.
 */
import { luhnValid } from './card.ts';
import { assertNever } from './delivery-types.ts';

/** The steps, in order. A client counts at a step when it reached that step or a later one. */
export const FUNNEL_STEPS = ['landing', 'menu', 'add', 'cart', 'checkout', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** What the web sends as `action` (each with its `actionType`, ACTION_TYPES). */
export const EVENT_ACTIONS = [
  'page_view',
  'add_to_cart',
  'coupon_applied',
  'coupon_failed',
  'checkout_started',
  'payment_method_chosen',
  'payment_error',
  'purchase',
  'thank_you_unknown',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

export const ACTION_TYPES = ['VIEW', 'TAP', 'RESULT', 'ERROR'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The kind of each action: a screen seen, a customer's tap, an outcome the app was told, an error. */
export const ACTION_TYPE_OF: Record<EventAction, ActionType> = {
  page_view: 'VIEW',
  add_to_cart: 'TAP',
  coupon_applied: 'RESULT',
  coupon_failed: 'ERROR',
  checkout_started: 'TAP',
  payment_method_chosen: 'TAP',
  payment_error: 'ERROR',
  purchase: 'RESULT',
  thank_you_unknown: 'RESULT',
};

/** Events one user-activity call may carry: the web sends what it queued in a few seconds, far fewer. */
export const MAX_EVENTS_PER_CALL = 50;

/** SPEC §8: the payment error codes the app logs (action `payment_error`, property `code`). */
export const PAYMENT_ERROR_CODES = [
  'PROCESS_PAYMENT_RETURNED_ERROR',
  'PROCESS_PAYMENT_API_ERROR',
  'PAYMENT_VERIFY_SERVICE_ERROR',
  'DEEPLINK_ERROR',
  'UPI_TRANSACTION_TIMEOUT',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/**
 * A screen's name as events carry it: the path's first segment ('/' is the landing). What follows it (an order
 * id, a slug) is left out: the funnel needs the screen, and an id in a path is one more thing to keep safe.
 */
export function pageNameOf(pathname: string): string {
  const first =
    pathname
      .split(/[?#]/)[0]!
      .split('/')
      .find((s) => s !== '') ?? '';
  if (first === '') return 'landing';
  return first.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'other';
}

/** The step an event is, if any: the landing, menu and cart screens seen, an add, a checkout begun, a purchase. */
export function stepOf(action: EventAction, pageName: string): FunnelStep | null {
  switch (action) {
    case 'page_view':
      return pageName === 'landing' || pageName === 'menu' || pageName === 'cart' ? pageName : null;
    case 'add_to_cart':
      return 'add';
    case 'checkout_started':
      return 'checkout';
    case 'purchase':
      return 'paid';
    case 'coupon_applied':
    case 'coupon_failed':
    case 'payment_method_chosen':
    case 'payment_error':
    case 'thank_you_unknown':
      return null;
    default:
      return assertNever(action);
  }
}

export const stepRank = (step: FunnelStep): number => FUNNEL_STEPS.indexOf(step);

/**
 * Distinct clients per step from each client's furthest step (its rank): a client that paid also counts at every
 * step before (a deep link into /menu skips the landing, yet the customer was there in the funnel's sense).
 */
export function stepCounts(furthestRanks: readonly number[]): number[] {
  const counts = FUNNEL_STEPS.map(() => 0);
  for (const rank of furthestRanks)
    for (let i = 0; i <= Math.min(rank, counts.length - 1); i++) counts[i]! += 1;
  return counts;
}

/** Each step's count over the step before (the first step: 1 when it has anyone); 0 when the step before is empty. */
export function stepConversions(counts: readonly number[]): number[] {
  return counts.map((n, i) => {
    const before = i === 0 ? n : counts[i - 1]!;
    return before === 0 ? 0 : n / before;
  });
}

/** Φ: the standard normal's distribution function (Abramowitz & Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The 97.5th percentile of the standard normal: a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Proportion {
  /** clients who converted */
  converted: number;
  /** clients who entered the funnel */
  total: number;
}

export interface TwoProportionTest {
  /** a's rate less b's */
  difference: number;
  /** the 95 % confidence interval of the difference (unpooled standard error) */
  low: number;
  high: number;
  /** the pooled z statistic, and its two-sided p-value */
  z: number;
  pValue: number;
  /** p < 0.05 */
  significant: boolean;
}

/**
 * The two-proportion z-test of a against b: z with the pooled rate (the null hypothesis: both rates equal), the
 * interval with each rate's own variance. Null when either side has nobody, or when nobody (or everybody)
 * converted on both sides: there is no variance to test against.
 */
export function twoProportionTest(a: Proportion, b: Proportion): TwoProportionTest | null {
  if (a.total <= 0 || b.total <= 0) return null;
  const pa = a.converted / a.total;
  const pb = b.converted / b.total;
  const pooled = (a.converted + b.converted) / (a.total + b.total);
  const pooledSe = Math.sqrt(pooled * (1 - pooled) * (1 / a.total + 1 / b.total));
  if (pooledSe === 0) return null;
  const difference = pa - pb;
  const se = Math.sqrt((pa * (1 - pa)) / a.total + (pb * (1 - pb)) / b.total);
  const z = difference / pooledSe;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return {
    difference,
    low: difference - Z_95 * se,
    high: difference + Z_95 * se,
    z,
    pValue,
    significant: pValue < 0.05,
  };
}

/**
 * Which variant the others are compared with: `C` (SPEC §4's control bucket), else one named control or off,
 * else the variant with the most clients (the name first in order on a tie).
 */
export function referenceVariant(variants: readonly { variant: string; total: number }[]): string | null {
  for (const name of ['C', 'control', 'off']) if (variants.some((v) => v.variant === name)) return name;
  const sorted = [...variants].sort((x, y) => y.total - x.total || (x.variant < y.variant ? -1 : 1));
  return sorted[0]?.variant ?? null;
}

/** A client's furthest step on a day, with its `ab_test` assignment (experiment → variant, `bucket` included). */
export interface ClientReach {
  furthest: number;
  assignment: Readonly<Record<string, string>>;
}

export interface VariantFunnel {
  variant: string;
  counts: number[];
  /** paid over landing */
  conversion: number;
  /** against the experiment's reference variant; null for the reference itself or when untestable */
  vsReference: TwoProportionTest | null;
}

export interface ExperimentFunnel {
  experiment: string;
  reference: string | null;
  variants: VariantFunnel[];
}

export interface FunnelSummary {
  counts: number[];
  conversion: number;
  experiments: ExperimentFunnel[];
}

const PAID = FUNNEL_STEPS.length - 1;
const conversionOf = (counts: readonly number[]) => (counts[0] ? counts[PAID]! / counts[0] : 0);

/** The funnel of a set of clients: all together, and per experiment and variant, each against its reference. */
export function summarizeFunnel(clients: readonly ClientReach[]): FunnelSummary {
  const byExperiment = new Map<string, Map<string, number[]>>();
  for (const c of clients)
    for (const [experiment, variant] of Object.entries(c.assignment)) {
      const variants = byExperiment.get(experiment) ?? new Map<string, number[]>();
      byExperiment.set(experiment, variants);
      variants.set(variant, [...(variants.get(variant) ?? []), c.furthest]);
    }
  const experiments = [...byExperiment.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([experiment, variants]): ExperimentFunnel => {
      const counted = [...variants.entries()]
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
        .map(([variant, ranks]) => ({ variant, counts: stepCounts(ranks) }));
      const reference = referenceVariant(counted.map((v) => ({ variant: v.variant, total: v.counts[0]! })));
      const ref = counted.find((v) => v.variant === reference);
      return {
        experiment,
        reference,
        variants: counted.map((v) => ({
          ...v,
          conversion: conversionOf(v.counts),
          vsReference:
            !ref || v.variant === reference
              ? null
              : twoProportionTest(
                  { converted: v.counts[PAID]!, total: v.counts[0]! },
                  { converted: ref.counts[PAID]!, total: ref.counts[0]! },
                ),
        })),
      };
    });
  const counts = stepCounts(clients.map((c) => c.furthest));
  return { counts, conversion: conversionOf(counts), experiments };
}

// ——— personal data in event properties ———

/** Words in a property's name that say it holds someone's personal data. */
const PERSONAL_WORDS = new Set([
  'mobile',
  'phone',
  'msisdn',
  'name',
  'firstname',
  'lastname',
  'fullname',
  'email',
  'mail',
  'address',
  'street',
  'pincode',
  'upi',
  'vpa',
  'card',
  'pan',
  'aadhaar',
  'aadhar',
  'dob',
  'birthday',
  'lat',
  'lng',
  'latitude',
  'longitude',
]);

/** A property name's words: camelCase, snake_case, kebab-case and digits split apart, lower-cased. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const EMAIL_OR_VPA = /[A-Za-z0-9._%+-]@[A-Za-z0-9-]/;
/** 10 digits starting 6–9, alone or after +91 / 91 / 0, not inside a longer run of digits */
const INDIAN_MOBILE = /(?:^|\D)(?:\+?91|0)?[6-9]\d{9}(?:\D|$)/;
/** 13–19 digits, spaces or dashes between groups allowed */
const CARD_LIKE = /(?:\d[ -]?){12,18}\d/g;

/** Why a value looks personal: a mobile number, an e-mail or UPI id, a card number; null when it does not. */
export function personalValue(value: string | number | boolean | null): 'mobile' | 'email' | 'card' | null {
  if (value === null || typeof value === 'boolean') return null;
  const text = String(value);
  if (EMAIL_OR_VPA.test(text)) return 'email';
  if (INDIAN_MOBILE.test(text.replace(/[\s-]/g, ''))) return 'mobile';
  for (const run of text.match(CARD_LIKE) ?? []) if (luhnValid(run.replace(/[ -]/g, ''))) return 'card';
  return null;
}

export interface PersonalDataFinding {
  key: string;
  /** `key`: the name says personal data; otherwise what the value looks like */
  reason: 'key' | 'mobile' | 'email' | 'card';
}

/** The first property that names or holds personal data, or null when the properties are clean. */
export function personalDataIn(
  properties: Readonly<Record<string, string | number | boolean | null>>,
): PersonalDataFinding | null {
  for (const [key, value] of Object.entries(properties)) {
    if (wordsOf(key).some((w) => PERSONAL_WORDS.has(w))) return { key, reason: 'key' };
    const looks = personalValue(value);
    if (looks) return { key, reason: looks };
  }
  return null;
}

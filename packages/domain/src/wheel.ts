/**
 * Spin-the-wheel (issue 33 §1, SPEC §1, §4 game states, §9 "Spin wheel has 8 segment colour pairs"): the colour
 * pairs, the prize table's rules, the draw, who may spin, and a spin's life. Pure: the clock and the random
 * number are passed in; the server draws, the web app only animates to the segment the server chose.
 */
import { IST_OFFSET_MINUTES } from './constants.ts';
import { assertNever } from './delivery-types.ts';
import type { OrderStage } from './order-lifecycle.ts';

/**
 * SPEC §9: the wheel's 8 segment colour pairs (the SPEC names the count, not the colours). Each background with
 * its text colour has a contrast of at least 4.5:1 (WCAG AA for normal text), tested; neighbours alternate light
 * and dark so segments stay apart.
 */
export const WHEEL_COLOURS = [
  { background: '#B3261E', text: '#FFFFFF' },
  { background: '#FFE08A', text: '#3D2B00' },
  { background: '#0B5D8C', text: '#FFFFFF' },
  { background: '#CDEBC5', text: '#1B4D12' },
  { background: '#6A2C91', text: '#FFFFFF' },
  { background: '#FFD3B6', text: '#6B2400' },
  { background: '#1F6F4A', text: '#FFFFFF' },
  { background: '#DCE4F2', text: '#1A2F5C' },
] as const;
export const WHEEL_SEGMENTS = 8;
export type ColourPair = (typeof WHEEL_COLOURS)[number];

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const PRIZE_KINDS = ['COUPON', 'POINTS', 'FREE_SIDE', 'NONE'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/**
 * What a segment gives. COUPON: `value` paise off an order of at least `minOrderPaise`; POINTS: `value` Pizza
 * Pals points; FREE_SIDE: one `productCode` free in an order; NONE: "better luck next time".
 */
export interface Prize {
  kind: PrizeKind;
  value: number;
  minOrderPaise: number;
  productCode: string | null;
}

/** One of the 8 segments of the prize table the chain edits. */
export interface WheelSegment {
  /** 0 … 7, clockwise from the top */
  position: number;
  /** which of WHEEL_COLOURS */
  colourIndex: number;
  label: string;
  prize: Prize;
  /** relative weight in the draw; 0 never wins */
  weight: number;
  /** prizes of this segment given at most per IST day; null: no limit of its own */
  dailyLimit: number | null;
  /** what one prize costs the chain, paise (the total daily budget counts it) */
  costPaise: number;
}

/** The chain's game settings beside the segments. */
export interface WheelRules {
  /** what the day's prizes may cost at most, paise; null: no total budget */
  dailyBudgetPaise: number | null;
  /** how long after its order's delivery a spin may be taken */
  spinWindowDays: number;
  /** how long a coupon or free side won stays usable */
  prizeValidDays: number;
}

export const DEFAULT_WHEEL_RULES: WheelRules = {
  dailyBudgetPaise: 500_000,
  spinWindowDays: 7,
  prizeValidDays: 14,
};

export const WHEEL_LIMITS = { labelMax: 24, weightMax: 10_000, validDaysMax: 90 } as const;

export const WHEEL_TEXTS = {
  betterLuck: 'Better luck next time',
  segmentCount: 'The wheel has exactly 8 segments',
  positions: 'Each position 1 to 8 is used once',
  colour: 'Choose one of the 8 colour pairs',
  label: `A label has 1 to ${WHEEL_LIMITS.labelMax} characters`,
  weight: `A weight is a whole number from 0 to ${WHEEL_LIMITS.weightMax}`,
  noWeight: 'At least one segment must have a weight above 0',
  noFallback: 'At least one segment must be "better luck next time" (the draw falls back to it)',
  value: 'A coupon or points prize needs a value above 0',
  product: 'A free side needs the product code of the side',
  dailyLimit: 'A daily limit is a whole number of 0 or more',
  cost: 'A cost is a whole number of paise, 0 or more',
  budget: 'The daily budget is a whole number of paise, 0 or more',
  validDays: `Days are a whole number from 1 to ${WHEEL_LIMITS.validDaysMax}`,
} as const;

const isWhole = (n: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isInteger(n) && n >= min && n <= max;

/** Why a prize table cannot be saved, by field ("segments.3.weight", "rules.dailyBudgetPaise"); empty when it can. */
export function prizeTableErrors(
  segments: readonly WheelSegment[],
  rules: WheelRules,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (segments.length !== WHEEL_SEGMENTS) errors.segments = WHEEL_TEXTS.segmentCount;
  const positions = new Set(segments.map((s) => s.position));
  if (positions.size !== segments.length || segments.some((s) => !isWhole(s.position, 0, WHEEL_SEGMENTS - 1)))
    errors.segments ??= WHEEL_TEXTS.positions;
  segments.forEach((s, i) => {
    const at = `segments.${i}`;
    if (!isWhole(s.colourIndex, 0, WHEEL_COLOURS.length - 1))
      errors[`${at}.colourIndex`] = WHEEL_TEXTS.colour;
    const label = s.label.trim();
    if (label.length < 1 || label.length > WHEEL_LIMITS.labelMax) errors[`${at}.label`] = WHEEL_TEXTS.label;
    if (!isWhole(s.weight, 0, WHEEL_LIMITS.weightMax)) errors[`${at}.weight`] = WHEEL_TEXTS.weight;
    if (s.dailyLimit !== null && !isWhole(s.dailyLimit, 0))
      errors[`${at}.dailyLimit`] = WHEEL_TEXTS.dailyLimit;
    if (!isWhole(s.costPaise, 0)) errors[`${at}.costPaise`] = WHEEL_TEXTS.cost;
    const kind = s.prize.kind;
    switch (kind) {
      case 'COUPON':
      case 'POINTS':
        if (!isWhole(s.prize.value, 1)) errors[`${at}.prize.value`] = WHEEL_TEXTS.value;
        break;
      case 'FREE_SIDE':
        if (!s.prize.productCode?.trim()) errors[`${at}.prize.productCode`] = WHEEL_TEXTS.product;
        break;
      case 'NONE':
        break;
      default:
        assertNever(kind);
    }
  });
  if (segments.length > 0 && segments.every((s) => s.weight <= 0)) errors.segments ??= WHEEL_TEXTS.noWeight;
  if (!segments.some((s) => s.prize.kind === 'NONE')) errors.segments ??= WHEEL_TEXTS.noFallback;
  if (rules.dailyBudgetPaise !== null && !isWhole(rules.dailyBudgetPaise, 0))
    errors['rules.dailyBudgetPaise'] = WHEEL_TEXTS.budget;
  if (!isWhole(rules.spinWindowDays, 1, WHEEL_LIMITS.validDaysMax))
    errors['rules.spinWindowDays'] = WHEEL_TEXTS.validDays;
  if (!isWhole(rules.prizeValidDays, 1, WHEEL_LIMITS.validDaysMax))
    errors['rules.prizeValidDays'] = WHEEL_TEXTS.validDays;
  return errors;
}

/** Each segment's chance of being drawn, 0 … 1, by position (before any budget is spent). */
export function chances(segments: readonly WheelSegment[]): Map<number, number> {
  const total = segments.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  return new Map(segments.map((s) => [s.position, total > 0 ? Math.max(0, s.weight) / total : 0]));
}

/** A chance as the wheel's odds panel writes it: "12.5%", "0%", "<0.1%". */
export function formatChance(chance: number): string {
  if (chance <= 0) return '0%';
  const pct = chance * 100;
  if (pct < 0.1) return '<0.1%';
  return `${Number(pct.toFixed(1))}%`;
}

/** What the day has given so far: prizes per segment position, and their cost. */
export interface DayUsage {
  granted: ReadonlyMap<number, number>;
  costPaise: number;
}

/** Whether a segment can still be given today: its own daily limit and the total budget both have room. */
export function hasBudget(segment: WheelSegment, usage: DayUsage, rules: WheelRules): boolean {
  if (segment.prize.kind === 'NONE') return true;
  if (segment.dailyLimit !== null && (usage.granted.get(segment.position) ?? 0) >= segment.dailyLimit)
    return false;
  if (rules.dailyBudgetPaise !== null && usage.costPaise + segment.costPaise > rules.dailyBudgetPaise)
    return false;
  return true;
}

/** The segment a spin falls back to: the first "better luck next time" by position. */
export function fallbackSegment(segments: readonly WheelSegment[]): WheelSegment {
  const none = [...segments].sort((a, b) => a.position - b.position).find((s) => s.prize.kind === 'NONE');
  if (!none) throw new Error('a prize table without a "better luck next time" segment');
  return none;
}

/**
 * The draw: `random` in [0, 1) picks a segment in proportion to the weights (segments in position order, each
 * owning a slice of [0, 1) as wide as its chance). A segment whose prize is out of budget today is out of the
 * draw: its slice falls back to "better luck next time", so the other prizes' odds never rise when one runs out.
 */
export function draw(
  segments: readonly WheelSegment[],
  random: number,
  available: (segment: WheelSegment) => boolean,
): { segment: WheelSegment; fellBack: boolean } {
  if (!(random >= 0 && random < 1)) throw new Error(`random must be in [0, 1): ${random}`);
  const ordered = [...segments].sort((a, b) => a.position - b.position);
  const total = ordered.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  if (total <= 0) return { segment: fallbackSegment(ordered), fellBack: true };
  const target = random * total;
  let upTo = 0;
  let picked = ordered[ordered.length - 1]!;
  for (const s of ordered) {
    const w = Math.max(0, s.weight);
    if (w === 0) continue;
    upTo += w;
    picked = s;
    if (target < upTo) break;
  }
  if (available(picked)) return { segment: picked, fellBack: false };
  return { segment: fallbackSegment(ordered), fellBack: true };
}

/** The IST calendar day of an instant, "YYYY-MM-DD": the day a budget counts in. */
export function istDay(epochMs: number): string {
  return new Date(epochMs + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

export type SpinEligibility = 'ELIGIBLE' | 'NOT_DELIVERED' | 'WINDOW_CLOSED' | 'ALREADY_SPUN';

/** Delivered, or picked up by the customer: the order reached them. */
export const SPIN_EARNING_STAGES: readonly OrderStage[] = ['DELIVERED', 'PICKED_UP'];

/** Whether an order earns a spin now: delivered, within the window after delivery, not spun yet. */
export function spinEligibility(
  /** stage null: the order was never placed (its payment did not go through) */
  order: { stage: OrderStage | null; deliveredAtMs: number | null },
  spun: boolean,
  nowMs: number,
  rules: Pick<WheelRules, 'spinWindowDays'>,
): SpinEligibility {
  if (spun) return 'ALREADY_SPUN';
  if (order.stage === null || !SPIN_EARNING_STAGES.includes(order.stage) || order.deliveredAtMs === null)
    return 'NOT_DELIVERED';
  if (nowMs - order.deliveredAtMs > rules.spinWindowDays * 86_400_000) return 'WINDOW_CLOSED';
  return 'ELIGIBLE';
}

/** When a spin earned by an order delivered at `deliveredAtMs` can no longer be taken. */
export function spinDeadline(deliveredAtMs: number, rules: Pick<WheelRules, 'spinWindowDays'>): number {
  return deliveredAtMs + rules.spinWindowDays * 86_400_000;
}

/** When a prize won at `wonAtMs` stops working; points have no end (they are the loyalty ledger's). */
export function prizeExpiry(kind: PrizeKind, wonAtMs: number, rules: Pick<WheelRules, 'prizeValidDays'>) {
  switch (kind) {
    case 'COUPON':
    case 'FREE_SIDE':
      return wonAtMs + rules.prizeValidDays * 86_400_000;
    case 'POINTS':
    case 'NONE':
      return null;
    default:
      return assertNever(kind);
  }
}

/** SPEC §4 game states. */
export const SPIN_STATES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type SpinState = (typeof SPIN_STATES)[number];

const SPIN_MOVES: Record<SpinState, readonly SpinState[]> = {
  PROCESSING: ['SUCCESS', 'FAILED'],
  SUCCESS: [],
  FAILED: [],
};

/** processing → success | failed; nothing moves back or out of an end. */
export function canMoveSpin(from: SpinState, to: SpinState): boolean {
  return SPIN_MOVES[from].includes(to);
}

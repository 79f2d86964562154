/**
 * Pizza Pals, the loyalty programme (SPEC §3 Loyalty, §5, §9): the first eligible order of a customer's day (IST)
 * earns 100 points, pending until they are credited 24–48 hours after delivery; 600 credited points buy one free
 * regular pizza, and only points credited at least 24 hours ago can be spent. Points are an append-only ledger,
 * like the wallet (wallet-ledger.ts): the balance is never stored, it is the fold of the entries.
 */
import { istDayStart } from './checkout-advance.ts';
import { assertNever } from './delivery-types.ts';

const HOUR_MS = 3_600_000;

/** The size code of the regular pizza Pizza Pals gives free (SPEC §9). */
export const FREE_PIZZA_SIZE_CODE = 'R';

export const LOYALTY = {
  /** points one free regular pizza costs */
  itemRedeemPoints: 600,
  /** points the day's first eligible order earns */
  earnPointsPerOrder: 100,
  /** what a point is worth */
  rupeesPerPoint: 1,
  /** the programme's card code, stored with an enrolment */
  cardCode: 'POTP2',
  /** points are credited this long after delivery at the earliest … */
  creditAfterMs: 24 * HOUR_MS,
  /** … and at the latest (the credit job runs well within the window) */
  creditWithinMs: 48 * HOUR_MS,
  /** credited points can be spent this long after their credit */
  burnableAfterMs: 24 * HOUR_MS,
  /** the slices a free pizza is drawn as */
  slices: 6,
} as const;

// ——— enrolment ———

export const ENROLLMENT_STATUSES = ['NEW', 'STARTED', 'ENROLLED', 'ENROLLING', 'OPT_OUT', 'WAITING'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ELIGIBILITIES = ['ELIGIBLE', 'UNKNOWN'] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];

/**
 * What happens to an enrolment: the customer opens the programme (start), asks to join or places an order while
 * not enrolled (enroll), the programme confirms (confirmed) or cannot yet (wait: eligibility UNKNOWN), or the
 * customer leaves (opt_out).
 */
export type EnrollmentEvent = 'start' | 'enroll' | 'confirmed' | 'wait' | 'opt_out';

/**
 * The allowed transitions; anything else is refused (null). An opted-out customer may join again by asking,
 * never by an order (autoEnrolls).
 */
const TRANSITIONS: Readonly<Record<EnrollmentStatus, Partial<Record<EnrollmentEvent, EnrollmentStatus>>>> = {
  NEW: { start: 'STARTED', enroll: 'ENROLLING' },
  STARTED: { enroll: 'ENROLLING' },
  ENROLLING: { confirmed: 'ENROLLED', wait: 'WAITING' },
  WAITING: { confirmed: 'ENROLLED' },
  ENROLLED: { opt_out: 'OPT_OUT' },
  OPT_OUT: { enroll: 'ENROLLING' },
};

export function nextEnrollment(status: EnrollmentStatus, event: EnrollmentEvent): EnrollmentStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** SPEC §5: an order enrols a customer who is not enrolled, with the stored card code; one who left stays out. */
export const autoEnrolls = (status: EnrollmentStatus): boolean => status === 'NEW' || status === 'STARTED';

/** Only enrolled customers earn; opting out stops earning and keeps the history. */
export const earnsPoints = (status: EnrollmentStatus): boolean => status === 'ENROLLED';

/** enrollmentStatus of SPEC §3: whether the customer is in the programme. */
export const isEnrolled = (status: EnrollmentStatus): boolean => status === 'ENROLLED';

// ——— earning ———

/** The IST day an order belongs to, as the start of that day (epoch ms): at most one earning order per day. */
export const earningDayOf = (placedAtMs: number): number => istDayStart(placedAtMs);

/**
 * Of a customer's orders in the order they were placed, those that earn: the first of each IST day. (The server
 * keeps the same rule with a unique key on the customer and the day, so racing orders cannot both win it.)
 */
export function earningOrders<T extends { placedAtMs: number }>(orders: readonly T[]): T[] {
  const days = new Set<number>();
  return orders.filter((o) => {
    const day = earningDayOf(o.placedAtMs);
    if (days.has(day)) return false;
    days.add(day);
    return true;
  });
}

/** When a delivered order's pending points are credited at the earliest. */
export const creditDueAt = (deliveredAtMs: number): number => deliveredAtMs + LOYALTY.creditAfterMs;

// ——— the ledger ———

export const POINTS_ENTRY_KINDS = [
  /** an order earned points, not yet spendable */
  'earn_pending',
  /** the order's pending points are credited (delivered 24 h ago) */
  'earn_credited',
  /** the order was cancelled or refunded before its credit: its pending points go */
  'earn_voided',
  /** a free pizza bought */
  'redeem',
  /** the order with the free pizza failed or was cancelled: its points come back */
  'redeem_restored',
  /** an order refunded after its credit: its points are taken back (what is missing is owed) */
  'clawback',
  /**
   * points given by the chain, not earned by an order (customer care; outside production, the sandbox's demo
   * grant): credited as written, burnable 24 h after `at` like an earning
   */
  'goodwill',
] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

export interface PointsEntry {
  kind: PointsEntryKind;
  /** the order the entry is about */
  ref: string;
  /** positive; the kind says which way they go (earn_credited and earn_voided carry the pending amount) */
  points: number;
  /** when it happened (epoch ms) */
  at: number;
}

export interface PointsBalance {
  /** credited points held now: never negative */
  points: number;
  /** earned, waiting for their credit */
  pending: number;
  /** of `points`, those credited at least 24 h ago (restored points at once): what a free pizza may use */
  burnable: number;
  /** taken back by a clawback beyond what was held: the next credits pay it first */
  owed: number;
}

/** The balance after the entries in order, at `nowMs` (what is burnable depends on the time). */
export function pointsBalance(entries: readonly PointsEntry[], nowMs: number): PointsBalance {
  const pending = new Map<string, number>();
  let points = 0;
  let owed = 0;
  // credits not yet burnable, oldest first: [when, how many of them are still held]
  const recent: { at: number; points: number }[] = [];
  /** points leave the newest credits first, so what stays is the oldest (the most burnable) */
  const take = (n: number) => {
    let left = n;
    for (let i = recent.length - 1; i >= 0 && left > 0; i--) {
      const used = Math.min(recent[i]!.points, left);
      recent[i]!.points -= used;
      left -= used;
    }
  };
  /** credited points pay what is owed first */
  const credit = (n: number, at: number) => {
    const paysOwed = Math.min(owed, n);
    owed -= paysOwed;
    points += n - paysOwed;
    recent.push({ at, points: n - paysOwed });
  };
  for (const e of entries) {
    switch (e.kind) {
      case 'earn_pending':
        pending.set(e.ref, (pending.get(e.ref) ?? 0) + e.points);
        break;
      case 'earn_credited': {
        const earned = pending.get(e.ref) ?? 0;
        pending.delete(e.ref);
        credit(earned, e.at);
        break;
      }
      case 'goodwill':
        credit(e.points, e.at);
        break;
      case 'earn_voided':
        pending.delete(e.ref);
        break;
      case 'redeem':
        points -= e.points;
        break;
      case 'redeem_restored':
        points += e.points;
        break;
      case 'clawback': {
        const taken = Math.min(points, e.points);
        points -= taken;
        take(taken);
        owed += e.points - taken;
        break;
      }
      default:
        assertNever(e.kind);
    }
  }
  const notYet = recent
    .filter((r) => nowMs - r.at < LOYALTY.burnableAfterMs)
    .reduce((s, r) => s + r.points, 0);
  const pendingTotal = [...pending.values()].reduce((s, p) => s + p, 0);
  return { points, pending: pendingTotal, burnable: Math.max(0, Math.min(points, points - notYet)), owed };
}

/** How many free pizzas the burnable points buy. */
export const burnableFreeItems = (balance: Pick<PointsBalance, 'burnable'>): number =>
  Math.floor(balance.burnable / LOYALTY.itemRedeemPoints);

/** Whether `freeItems` free pizzas can be bought now. */
export const canRedeem = (balance: Pick<PointsBalance, 'burnable'>, freeItems: number): boolean =>
  Number.isInteger(freeItems) && freeItems >= 0 && burnableFreeItems(balance) >= freeItems;

/** The slice balance of SPEC §3: points divided by the points an order earns. */
export const sliceBalance = (points: number): number => Math.floor(points / LOYALTY.earnPointsPerOrder);

/** The slices drawn toward the next free pizza (0–5; six make a pizza, which shows as burnable). */
export const slicesTowardNext = (points: number): number => sliceBalance(points) % LOYALTY.slices;

/** SPEC §3 Order summary `earnableBurnable`: what the customer holds, can spend, spends now, and keeps after. */
export interface EarnableBurnable {
  overall: { points: number };
  burnable: { freeItems: number };
  toBeConsumed: { points: number };
  updatedPointsBalance: number;
}

/** `freeItemsInCart` free pizzas are in the cart (menuType LOYALTY); the order spends their points. */
export function earnableBurnable(balance: PointsBalance, freeItemsInCart: number): EarnableBurnable {
  const consumed = freeItemsInCart * LOYALTY.itemRedeemPoints;
  return {
    overall: { points: balance.points },
    burnable: { freeItems: burnableFreeItems(balance) },
    toBeConsumed: { points: consumed },
    updatedPointsBalance: balance.points - consumed,
  };
}

/** The free pizzas (menuType LOYALTY) among a cart's or an order's lines: one unit each. */
export const freeItemsIn = (lines: readonly { freeItem?: boolean; quantity: number }[]): number =>
  lines.reduce((n, l) => (l.freeItem ? n + l.quantity : n), 0);

/** The customer's words for a free pizza that cannot be had (the cart and the confirm say the same). */
export const LOYALTY_MESSAGES = {
  notEnoughPoints: (burnable: number) =>
    `A free pizza needs ${LOYALTY.itemRedeemPoints} Pizza Pals points credited at least a day ago. You have ${burnable}.`,
  loginForFreePizza: 'Please log in to get your free pizza with Pizza Pals points.',
} as const;

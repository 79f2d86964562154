/**
 * Offers as the back office runs them (issue 30 §3; docs/back-office.md "Offers"): a coupon's or an
 * everyday-value deal's life (draft, published, retired), the window it is valid in, the stores it reaches
 * (its own and every store of its cities), and what a draft must satisfy before it is saved.
 */
import { DELIVERY_TYPES } from './delivery-types.ts';
import { isPaymentType } from './payment-types.ts';

/** DRAFT: being made, never applies; PUBLISHED: customers may use it; RETIRED: for good, kept for its orders. */
export const OFFER_STATUSES = ['DRAFT', 'PUBLISHED', 'RETIRED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const MOVES: Record<OfferStatus, readonly OfferStatus[]> = {
  DRAFT: ['PUBLISHED', 'RETIRED'],
  PUBLISHED: ['RETIRED'],
  RETIRED: [],
};

/** Whether an offer may go from one status to another (staying put is no move). */
export const mayMoveOffer = (from: OfferStatus, to: OfferStatus): boolean => MOVES[from].includes(to);

/** Whether a moment (epoch ms) is inside [validFrom, validTo); a null end is open. */
export function withinWindow(validFrom: number | null, validTo: number | null, at: number): boolean {
  return (validFrom === null || at >= validFrom) && (validTo === null || at < validTo);
}

/**
 * The stores an offer applies at: its stores and every store of its cities; null (every store) when it names
 * neither. A city with no stores adds none, so an offer of only such cities applies nowhere (an empty list).
 */
export function storesOfOffer(
  storeIds: readonly number[] | null,
  cityIds: readonly string[] | null,
  stores: readonly { id: number; cityId: string }[],
): number[] | null {
  if (storeIds === null && cityIds === null) return null;
  const out = new Set(storeIds ?? []);
  if (cityIds !== null) for (const s of stores) if (cityIds.includes(s.cityId)) out.add(s.id);
  return [...out].sort((a, b) => a - b);
}

export type CouponRuleDraft =
  | { kind: 'FLAT'; amount: number }
  | { kind: 'PERCENT'; percent: number; cap: number | null }
  | { kind: 'FREE_ITEM'; productCodes: readonly string[]; sizeIds: readonly number[] | null }
  | { kind: 'BOGO'; productTypes: readonly string[] | null; sizeIds: readonly number[] | null };

/** What both kinds of offer share: a code, its words, where and when it applies. */
interface OfferDraftBase {
  code: string;
  title: string;
  description: string;
  storeIds: readonly number[] | null;
  cityIds: readonly string[] | null;
  /** epoch ms; null: open */
  validFrom: number | null;
  validTo: number | null;
  terms: readonly string[];
}

/** A coupon as the admin enters it (amounts in paise; hours in minutes after midnight IST). */
export interface CouponDraft extends OfferDraftBase {
  rule: CouponRuleDraft;
  minOrderPaise: number;
  orderTypes: readonly string[] | null;
  days: readonly number[] | null;
  hoursFrom: number | null;
  hoursTo: number | null;
  firstOrderOnly: boolean;
  perCustomerLimit: number | null;
  totalLimit: number | null;
  paymentOptions: readonly string[] | null;
  cardIssuer: string | null;
  cardBins: readonly string[] | null;
}

/** An everyday-value deal; with prices for more than one size, a mix-and-match deal. */
export interface DealDraft extends OfferDraftBase {
  groupSize: number;
  prices: readonly { sizeId: number; price: number }[];
  productTypes: readonly string[];
  crustIds: readonly number[] | null;
  productCodes: readonly string[] | null;
}

/** What exists in the chain, for the checks that name it. */
export interface OfferWorld {
  storeIds: ReadonlySet<number>;
  cityIds: ReadonlySet<string>;
  sizeIds: ReadonlySet<number>;
  crustIds: ReadonlySet<number>;
  productCodes: ReadonlySet<string>;
  productTypes: ReadonlySet<string>;
}

/** One refused field (a path in the draft, e.g. `rule.amount`) and what to do about it. */
export interface OfferProblem {
  field: string;
  message: string;
}

export const OFFER_TEXTS = {
  code: 'Use 3 to 20 capital letters or digits, e.g. MONSOON50.',
  title: 'Enter a title of at most 80 characters.',
  description: 'Use at most 300 characters.',
  amount: 'The amount off must be more than ₹0.',
  percent: 'The percentage must be a whole number from 1 to 100.',
  cap: 'The most it takes off must be more than ₹0, or leave it empty.',
  freeItems: 'Choose the product that is free.',
  unknownProduct: 'There is no such product.',
  unknownSize: 'There is no such size.',
  unknownCrust: 'There is no such crust.',
  unknownType: 'There is no such product type.',
  minOrder: 'The minimum order cannot be below ₹0.',
  window: 'The offer must end after it starts.',
  bins: 'Card BINs are the first 6 to 8 digits of a card.',
  binsNeedCards: 'A bank offer needs credit or debit card among the ways to pay.',
  binsNeedBank: 'Name the bank whose cards the BINs are.',
  bankNeedsBins: "Give the bank's card BINs (first 6 to 8 digits).",
  paymentOptions: 'Choose at least one way to pay, or allow every way.',
  unknownPayment: 'There is no such way to pay.',
  limit: 'A limit must be at least 1, or leave it empty.',
  perCustomerOverTotal: 'The limit per customer cannot be above the total limit.',
  stores: 'Choose at least one store, or allow every store.',
  unknownStore: 'There is no such store.',
  cities: 'Choose at least one city, or allow every city.',
  unknownCity: 'There is no such city.',
  orderTypes: 'Choose at least one order type, or allow every order type.',
  unknownOrderType: 'There is no such order type.',
  days: 'Days are 0 (Sunday) to 6 (Saturday).',
  hours: 'Give both times (HH:MM), different from each other, or neither.',
  terms: 'At most 10 terms of at most 300 characters each.',
  groupSize: 'A deal is for groups of 1 to 10 items.',
  prices: 'Price the deal for at least one size.',
  price: 'A deal price must be more than ₹0.',
  sizeTwice: 'Price each size once.',
  productTypes: 'Choose at least one product type.',
} as const;
const T = OFFER_TEXTS;

const CODE = /^[A-Z0-9]{3,20}$/;
const BIN = /^\d{6,8}$/;
const MAX_PAISE = 10_000_000;
const MINUTES_PER_DAY = 1440;

const isWholeAbove = (n: number, min: number, max = MAX_PAISE) => Number.isInteger(n) && n > min && n <= max;

function baseProblems(d: OfferDraftBase, world: OfferWorld): OfferProblem[] {
  const out: OfferProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  if (!CODE.test(d.code)) add('code', T.code);
  if (d.title.trim().length === 0 || d.title.length > 80) add('title', T.title);
  if (d.description.length > 300) add('description', T.description);
  if (d.storeIds !== null) {
    if (d.storeIds.length === 0 && (d.cityIds === null || d.cityIds.length === 0)) add('storeIds', T.stores);
    else if (d.storeIds.some((id) => !world.storeIds.has(id))) add('storeIds', T.unknownStore);
  }
  if (d.cityIds !== null) {
    if (d.cityIds.length === 0 && (d.storeIds === null || d.storeIds.length === 0)) add('cityIds', T.cities);
    else if (d.cityIds.some((id) => !world.cityIds.has(id))) add('cityIds', T.unknownCity);
  }
  if (d.validFrom !== null && d.validTo !== null && d.validTo <= d.validFrom) add('validTo', T.window);
  if (d.terms.length > 10 || d.terms.some((t) => t.length > 300)) add('terms', T.terms);
  return out;
}

function ruleProblems(rule: CouponRuleDraft, world: OfferWorld): OfferProblem[] {
  const sizesKnown = (ids: readonly number[] | null) =>
    ids === null || ids.every((id) => world.sizeIds.has(id));
  switch (rule.kind) {
    case 'FLAT':
      return isWholeAbove(rule.amount, 0) ? [] : [{ field: 'rule.amount', message: T.amount }];
    case 'PERCENT': {
      const out: OfferProblem[] = [];
      if (!Number.isInteger(rule.percent) || rule.percent < 1 || rule.percent > 100)
        out.push({ field: 'rule.percent', message: T.percent });
      if (rule.cap !== null && !isWholeAbove(rule.cap, 0)) out.push({ field: 'rule.cap', message: T.cap });
      return out;
    }
    case 'FREE_ITEM': {
      const out: OfferProblem[] = [];
      if (rule.productCodes.length === 0) out.push({ field: 'rule.productCodes', message: T.freeItems });
      else if (rule.productCodes.some((c) => !world.productCodes.has(c)))
        out.push({ field: 'rule.productCodes', message: T.unknownProduct });
      if (!sizesKnown(rule.sizeIds)) out.push({ field: 'rule.sizeIds', message: T.unknownSize });
      return out;
    }
    case 'BOGO': {
      const out: OfferProblem[] = [];
      if (rule.productTypes !== null && rule.productTypes.some((t) => !world.productTypes.has(t)))
        out.push({ field: 'rule.productTypes', message: T.unknownType });
      if (!sizesKnown(rule.sizeIds)) out.push({ field: 'rule.sizeIds', message: T.unknownSize });
      return out;
    }
  }
}

const isCard = (m: string) => m === 'CC' || m === 'DC';
const validLimit = (n: number | null) => n === null || (Number.isInteger(n) && n >= 1);

/** Every reason a coupon draft cannot be saved, by field; empty when it can. */
export function couponProblems(d: CouponDraft, world: OfferWorld): OfferProblem[] {
  const out = [...baseProblems(d, world), ...ruleProblems(d.rule, world)];
  const add = (field: string, message: string) => out.push({ field, message });
  if (!Number.isInteger(d.minOrderPaise) || d.minOrderPaise < 0 || d.minOrderPaise > MAX_PAISE)
    add('minOrderPaise', T.minOrder);
  if (d.orderTypes !== null) {
    if (d.orderTypes.length === 0) add('orderTypes', T.orderTypes);
    else if (d.orderTypes.some((t) => !(DELIVERY_TYPES as readonly string[]).includes(t)))
      add('orderTypes', T.unknownOrderType);
  }
  if (d.days !== null && (d.days.length === 0 || d.days.some((x) => !Number.isInteger(x) || x < 0 || x > 6)))
    add('days', T.days);
  const minuteOk = (m: number | null) => m !== null && Number.isInteger(m) && m >= 0 && m < MINUTES_PER_DAY;
  if (
    (d.hoursFrom === null) !== (d.hoursTo === null) ||
    (d.hoursFrom !== null && (!minuteOk(d.hoursFrom) || !minuteOk(d.hoursTo) || d.hoursFrom === d.hoursTo))
  )
    add('hoursTo', T.hours);
  if (d.paymentOptions !== null) {
    if (d.paymentOptions.length === 0) add('paymentOptions', T.paymentOptions);
    else if (d.paymentOptions.some((m) => !isPaymentType(m))) add('paymentOptions', T.unknownPayment);
  }
  const bins = d.cardBins ?? [];
  const bank = (d.cardIssuer ?? '').trim();
  if (bins.length > 0) {
    if (bins.some((b) => !BIN.test(b))) add('cardBins', T.bins);
    else if (d.paymentOptions === null || !d.paymentOptions.some(isCard)) add('cardBins', T.binsNeedCards);
    if (bank.length === 0) add('cardIssuer', T.binsNeedBank);
  } else if (bank.length > 0) add('cardBins', T.bankNeedsBins);
  if (!validLimit(d.perCustomerLimit)) add('perCustomerLimit', T.limit);
  if (!validLimit(d.totalLimit)) add('totalLimit', T.limit);
  else if (d.perCustomerLimit !== null && d.totalLimit !== null && d.perCustomerLimit > d.totalLimit)
    add('perCustomerLimit', T.perCustomerOverTotal);
  return out;
}

/** Every reason a deal draft cannot be saved, by field; empty when it can. */
export function dealProblems(d: DealDraft, world: OfferWorld): OfferProblem[] {
  const out = baseProblems(d, world);
  const add = (field: string, message: string) => out.push({ field, message });
  if (!Number.isInteger(d.groupSize) || d.groupSize < 1 || d.groupSize > 10) add('groupSize', T.groupSize);
  if (d.prices.length === 0) add('prices', T.prices);
  else if (d.prices.some((p) => !world.sizeIds.has(p.sizeId))) add('prices', T.unknownSize);
  else if (new Set(d.prices.map((p) => p.sizeId)).size !== d.prices.length) add('prices', T.sizeTwice);
  else if (d.prices.some((p) => !isWholeAbove(p.price, 0))) add('prices', T.price);
  if (d.productTypes.length === 0) add('productTypes', T.productTypes);
  else if (d.productTypes.some((t) => !world.productTypes.has(t))) add('productTypes', T.unknownType);
  if (d.crustIds !== null && d.crustIds.some((id) => !world.crustIds.has(id)))
    add('crustIds', T.unknownCrust);
  if (d.productCodes !== null && d.productCodes.some((c) => !world.productCodes.has(c)))
    add('productCodes', T.unknownProduct);
  return out;
}

export type OfferDraft = { kind: 'COUPON'; coupon: CouponDraft } | { kind: 'EDV'; deal: DealDraft };

/** The brief's one validator: every problem of a coupon or a deal draft. */
export function offerProblems(draft: OfferDraft, world: OfferWorld): OfferProblem[] {
  return draft.kind === 'COUPON' ? couponProblems(draft.coupon, world) : dealProblems(draft.deal, world);
}

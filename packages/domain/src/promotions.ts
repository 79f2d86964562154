/**
 * Coupons (SPEC §5 Coupon): whether one applies to this cart and order, and how much it takes off
 * which lines. Everyday-value deals are in edv.ts; evaluatePromotion picks between the two.
 */
import { allocateInWholeRupees } from './allocation.ts';
import type {
  Coupon,
  CouponRule,
  PricedLine,
  PromoContext,
  PromoError,
  PromoOutcome,
  Promotion,
} from './cart-model.ts';
import { COUPON_FREE_PRICE_RUPEES, IST_OFFSET_MINUTES } from './constants.ts';
import { assertNever } from './delivery-types.ts';
import { evaluateEdv } from './edv.ts';
import { isOpenAt } from './hours.ts';
import { addLineDiscount, appliedPromo } from './line-discounts.ts';
import { addPaise, paise, rupees, type Paise } from './money.ts';
import { withinWindow } from './offer-admin.ts';
import { eligibleUnitNoun, promoError } from './promo-messages.ts';

/**
 * SPEC §9 "Cart coupon-free price thresholds 99 and 199": units at these everyday-value price points
 * are already at their lowest price, so FLAT, PERCENT and BOGO coupons do not discount them further.
 * They still count toward a coupon's minimum order value.
 */
export const COUPON_FREE_UNIT_PRICES: readonly Paise[] = COUPON_FREE_PRICE_RUPEES.map((r) => rupees(r));

const MINUTES_PER_DAY = 1440;
/** 1970-01-01, day 0 of the epoch, was a Thursday. */
const EPOCH_DAY_OF_WEEK = 4;

/** Day of the week in Asia/Kolkata, 0 Sunday … 6 Saturday (India has no daylight saving). */
export function istDayOfWeek(epochMs: number): number {
  const day = Math.floor((Math.floor(epochMs / 60_000) + IST_OFFSET_MINUTES) / MINUTES_PER_DAY);
  return (((day + EPOCH_DAY_OF_WEEK) % 7) + 7) % 7;
}

function subTotalOf(lines: readonly PricedLine[]): Paise {
  return addPaise(...lines.map((l) => l.linePrice));
}

/** A line bound to another promotion is that promotion's, never a coupon's. */
function couponMayTouch(l: PricedLine): boolean {
  return l.line.promoGroupId === null;
}

/** Lines a money-off coupon (FLAT, PERCENT, BOGO) may discount. */
function discountable(l: PricedLine): boolean {
  return couponMayTouch(l) && !COUPON_FREE_UNIT_PRICES.includes(l.unitPrice);
}

/** The order and customer checks, in the order the customer should hear about them. */
function couponConditionError(
  coupon: Coupon,
  lines: readonly PricedLine[],
  ctx: PromoContext,
): PromoError | null {
  if (!withinWindow(coupon.validFrom, coupon.validTo, ctx.orderTimeMs)) return promoError('EXPIRED');
  if (lines.length === 0) return promoError('EMPTY_CART');
  // SPEC §5: a railway order with an explicit promo has it removed
  if (ctx.deliveryType === 'IRCTC' && coupon.paymentOptions !== null)
    return promoError('RAILWAY_EXPLICIT_PROMO');
  if (coupon.orderTypes !== null && !coupon.orderTypes.includes(ctx.deliveryType))
    return promoError('ORDER_TYPE', { deliveryType: ctx.deliveryType });
  if (coupon.storeIds !== null && !coupon.storeIds.includes(ctx.storeId)) return promoError('STORE');
  if (coupon.days !== null && !coupon.days.includes(istDayOfWeek(ctx.orderTimeMs))) return promoError('DAY');
  // [from, to), wrapping past midnight when to ≤ from: the same rule as a store's opening hours
  if (
    coupon.hours !== null &&
    !isOpenAt({ opensAt: coupon.hours.from, closesAt: coupon.hours.to }, ctx.orderTimeMs)
  )
    return promoError('HOURS', { hours: coupon.hours });
  // a guest's order history, usage and place in the chain are unknown, so a coupon that depends on them
  // needs a login
  const personal = coupon.ownerId !== undefined && coupon.ownerId !== null;
  if (personal && ctx.customerId === null) return promoError('LOGIN_REQUIRED');
  if (personal && ctx.customerId !== coupon.ownerId) return promoError('NOT_YOUR_COUPON');
  const dependsOnCustomer =
    coupon.firstOrderOnly || coupon.perCustomerLimit !== null || coupon.audience === 'STAFF';
  if (dependsOnCustomer && (ctx.previousOrders === null || ctx.isStaff === null))
    return promoError('LOGIN_REQUIRED');
  if (coupon.audience === 'STAFF' && ctx.isStaff !== true) return promoError('STAFF_ONLY');
  if (coupon.firstOrderOnly && ctx.previousOrders !== null && ctx.previousOrders > 0)
    return promoError('FIRST_ORDER_ONLY');
  if (coupon.perCustomerLimit !== null || coupon.totalLimit !== null) {
    const usage = ctx.usage(coupon.code);
    if (coupon.perCustomerLimit !== null && usage.byCustomer >= coupon.perCustomerLimit)
      return promoError('CUSTOMER_LIMIT');
    if (coupon.totalLimit !== null && usage.total >= coupon.totalLimit) return promoError('TOTAL_LIMIT');
  }
  const subTotal = subTotalOf(lines);
  if (subTotal < coupon.minOrderValue)
    return promoError('MIN_ORDER_VALUE', { shortfall: paise(coupon.minOrderValue - subTotal) });
  return null;
}

type RuleResult = { ok: true; lineDiscounts: Map<string, Paise> } | { ok: false; error: PromoError };

/**
 * FLAT and PERCENT: the amount is spread over the eligible lines in proportion to their price, in whole rupees
 * so a discounted line keeps a whole-rupee price when the amount is whole (the paise of one that is not go to
 * one line).
 */
function spread(amountFor: (base: Paise) => Paise, lines: readonly PricedLine[]): RuleResult {
  const eligible = lines.filter(discountable);
  const base = subTotalOf(eligible);
  const amount = paise(Math.max(0, Math.min(base, amountFor(base))));
  const shares = allocateInWholeRupees(
    amount,
    eligible.map((l) => l.linePrice),
  );
  const lineDiscounts = new Map<string, Paise>();
  eligible.forEach((l, i) => addLineDiscount(lineDiscounts, l.line.itemId, shares[i] ?? paise(0)));
  return { ok: true, lineDiscounts };
}

function freeItem(
  rule: Extract<CouponRule, { kind: 'FREE_ITEM' }>,
  lines: readonly PricedLine[],
): RuleResult {
  const matching = lines.filter(
    (l) =>
      couponMayTouch(l) &&
      rule.productCodes.includes(l.line.productCode) &&
      (rule.sizeIds === null || rule.sizeIds.includes(l.line.sizeId)),
  );
  // the first of the cheapest, so the same cart always frees the same line
  const cheapest = matching.reduce<PricedLine | undefined>(
    (c, l) => (!c || l.unitPrice < c.unitPrice ? l : c),
    undefined,
  );
  if (!cheapest) return { ok: false, error: promoError('NO_ELIGIBLE_ITEMS', { freeItemMissing: true }) };
  const lineDiscounts = new Map<string, Paise>();
  addLineDiscount(lineDiscounts, cheapest.line.itemId, cheapest.unitPrice);
  return { ok: true, lineDiscounts };
}

/** Buy one get one: units dearest first (ties in cart order); the second of each pair is free. */
function bogo(rule: Extract<CouponRule, { kind: 'BOGO' }>, lines: readonly PricedLine[]): RuleResult {
  const units = lines
    .filter(
      (l) =>
        discountable(l) &&
        (rule.productTypes === null || rule.productTypes.includes(l.product.productType)) &&
        (rule.sizeIds === null || rule.sizeIds.includes(l.line.sizeId)),
    )
    .flatMap((l, order) => Array.from({ length: l.line.quantity }, () => ({ l, order })));
  if (units.length < 2)
    return {
      ok: false,
      error: promoError('NOT_ENOUGH_ITEMS', {
        needed: 2 - units.length,
        unit: eligibleUnitNoun(rule.productTypes),
      }),
    };
  units.sort((a, b) => b.l.unitPrice - a.l.unitPrice || a.order - b.order);
  // listed in cart order, whatever order the units were paired in
  const free = units.filter((_, position) => position % 2 === 1).sort((a, b) => a.order - b.order);
  const lineDiscounts = new Map<string, Paise>();
  for (const { l } of free) addLineDiscount(lineDiscounts, l.line.itemId, l.unitPrice);
  return { ok: true, lineDiscounts };
}

function applyRule(rule: CouponRule, lines: readonly PricedLine[]): RuleResult {
  switch (rule.kind) {
    case 'FLAT':
      return spread(() => rule.amount, lines);
    case 'PERCENT':
      return spread((base) => {
        // in whole rupees, rounded down: spread over the lines it then leaves each at a whole-rupee price, where
        // the paise of ₹183.60 would have put one line at ₹207.40
        const off = paise(Math.floor((base * rule.percent) / 100 / 100) * 100);
        return rule.cap === null ? off : paise(Math.min(off, rule.cap));
      }, lines);
    case 'FREE_ITEM':
      return freeItem(rule, lines);
    case 'BOGO':
      return bogo(rule, lines);
    default:
      return assertNever(rule);
  }
}

/** Whether the coupon applies to these (orderable) lines for this order, and its discount per line. */
export function evaluateCoupon(
  coupon: Coupon,
  lines: readonly PricedLine[],
  ctx: PromoContext,
): PromoOutcome {
  const error = couponConditionError(coupon, lines, ctx);
  if (error) return { ok: false, error };
  const result = applyRule(coupon.rule, lines);
  if (!result.ok) return result;
  const applied = appliedPromo({ kind: 'COUPON', coupon }, result.lineDiscounts);
  // a coupon that takes nothing off (everything at a coupon-free price, say) is not applied
  if (applied.discount <= 0) return { ok: false, error: promoError('NO_ELIGIBLE_ITEMS') };
  return { ok: true, applied };
}

export function evaluatePromotion(
  p: Promotion,
  lines: readonly PricedLine[],
  ctx: PromoContext,
): PromoOutcome {
  // a free pizza (Pizza Pals) is paid for with points: no offer counts it or takes money off it
  const paid = lines.some((l) => l.line.freeItem) ? lines.filter((l) => !l.line.freeItem) : lines;
  switch (p.kind) {
    case 'COUPON':
      return evaluateCoupon(p.coupon, paid, ctx);
    case 'EDV':
      return evaluateEdv(p.deal, paid, ctx);
    default:
      return assertNever(p);
  }
}

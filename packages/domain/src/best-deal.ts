/**
 * Which offer saves the customer most. Offers are ranked on the grand total, not the discount, so GST on
 * the discounted lines and a delivery charge a discount brings back are counted too. The figure shown to the
 * customer is the discount itself: what the cart will show as taken off once applied, within the coupon's
 * cap ("up to ₹150" never reads "Save ₹157.50" because the GST on ₹150 is saved as well).
 */
import type { ChargeRules, PricedLine, PromoContext, PromoOutcome, Promotion } from './cart-model.ts';
import { computeTotals } from './cart-totals.ts';
import type { DeliveryType } from './delivery-types.ts';
import { paise, type Paise } from './money.ts';
import { evaluatePromotion } from './promotions.ts';

export interface TotalsBase {
  deliveryType: DeliveryType;
  tip: Paise;
  optionalChargeOpted: boolean;
  rules: ChargeRules;
}

function promotionCode(p: Promotion): string {
  return p.kind === 'COUPON' ? p.coupon.code : p.deal.code;
}

/** Hidden coupons apply by code only; deals are always listed. */
function isListed(p: Promotion): boolean {
  return p.kind === 'EDV' || !p.coupon.hidden;
}

function byCode(a: Promotion, b: Promotion): number {
  const x = promotionCode(a);
  const y = promotionCode(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface RankedOffer {
  promotion: Promotion;
  outcome: PromoOutcome;
  /** how much the grand total drops: what offers are ranked by */
  saving: Paise;
  /** what it takes off the items (the cart's discount once applied): the figure to show */
  discount: Paise;
}

/**
 * Every promotion evaluated against the cart, largest saving first (then by code). A saving can be
 * negative when a discount pulls the cart below free delivery by more than it takes off; one that does
 * not apply saves 0 and discounts 0.
 */
export function rankOffers(
  lines: readonly PricedLine[],
  promotions: readonly Promotion[],
  ctx: PromoContext,
  totalsBase: TotalsBase,
): RankedOffer[] {
  const without = computeTotals({ ...totalsBase, lines, promo: null }).grandTotal;
  return promotions
    .map((promotion) => {
      const outcome = evaluatePromotion(promotion, lines, ctx);
      const saving = outcome.ok
        ? paise(without - computeTotals({ ...totalsBase, lines, promo: outcome.applied }).grandTotal)
        : paise(0);
      const discount = outcome.ok ? outcome.applied.discount : paise(0);
      return { promotion, outcome, saving, discount };
    })
    .sort((a, b) => b.saving - a.saving || byCode(a.promotion, b.promotion));
}

/** The listed promotion that makes the cart cheapest, or null when none saves anything. */
export function bestDeal(
  lines: readonly PricedLine[],
  promotions: readonly Promotion[],
  ctx: PromoContext,
  totalsBase: TotalsBase,
): { promotion: Promotion; saving: Paise; discount: Paise } | null {
  // only a listed promotion can be the answer: hidden ones are not evaluated at all (the ranking is a stable
  // sort, so leaving them out changes no other's place)
  const best = rankOffers(lines, promotions.filter(isListed), ctx, totalsBase).find(
    (r) => r.outcome.ok && r.saving > 0,
  );
  return best ? { promotion: best.promotion, saving: best.saving, discount: best.discount } : null;
}

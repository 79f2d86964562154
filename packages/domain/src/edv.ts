/**
 * Everyday-value deals ("any 2 medium pizzas at ₹199 each"): eligible units are priced at the deal
 * price of their size, in whole groups, toppings still charged. With prices for more than one size a
 * deal is mix-and-match (SPEC §3 EDV mix-and-match menu: medium and regular).
 */
import type {
  CatalogueProduct,
  EdvDeal,
  PricedLine,
  PromoContext,
  PromoOutcome,
  StoreCatalogue,
} from './cart-model.ts';
import { addLineDiscount, appliedPromo } from './line-discounts.ts';
import { paise, type Paise } from './money.ts';
import { withinWindow } from './offer-admin.ts';
import { eligibleUnitNoun, promoError } from './promo-messages.ts';

function dealPrice(deal: EdvDeal, sizeId: number): Paise | undefined {
  return deal.prices.find((p) => p.sizeId === sizeId)?.price;
}

function dealTakesProduct(deal: EdvDeal, product: CatalogueProduct): boolean {
  return (
    deal.productTypes.includes(product.productType) &&
    (deal.productCodes === null || deal.productCodes.includes(product.code))
  );
}

function dealTakesCrust(deal: EdvDeal, crustId: number): boolean {
  return deal.crustIds === null || deal.crustIds.includes(crustId);
}

/** A group size below 1 would make every cart a whole number of groups of nothing: treat it as 1. */
function groupSizeOf(deal: EdvDeal): number {
  return Math.max(1, Math.floor(deal.groupSize));
}

/**
 * The deal applies to whole groups of eligible units. Units are taken by saving, largest first (ties in
 * cart order), so the customer always gets the best of what they chose; leftover units pay full price.
 * The deal does not look at coupon-free price points or a minimum order value: those are coupon rules.
 */
export function evaluateEdv(deal: EdvDeal, lines: readonly PricedLine[], ctx: PromoContext): PromoOutcome {
  if (!withinWindow(deal.validFrom, deal.validTo, ctx.orderTimeMs))
    return { ok: false, error: promoError('EXPIRED') };
  if (lines.length === 0) return { ok: false, error: promoError('EMPTY_CART') };
  const units = lines.flatMap((l, order) => {
    const price = dealPrice(deal, l.line.sizeId);
    if (price === undefined || !dealTakesProduct(deal, l.product) || !dealTakesCrust(deal, l.line.crustId))
      return [];
    // the deal replaces the variant price only; it never pays the customer for a pizza
    const saving = Math.min(l.variantPrice, Math.max(0, l.variantPrice - price));
    return Array.from({ length: l.line.quantity }, () => ({ itemId: l.line.itemId, saving, order }));
  });
  const groupSize = groupSizeOf(deal);
  if (units.length < groupSize)
    return {
      ok: false,
      error: promoError('NOT_ENOUGH_ITEMS', {
        needed: groupSize - units.length,
        unit: eligibleUnitNoun(deal.productTypes),
      }),
    };
  units.sort((a, b) => b.saving - a.saving || a.order - b.order);
  // listed in cart order, whatever order the units were picked in
  const taken = units
    .slice(0, Math.floor(units.length / groupSize) * groupSize)
    .sort((a, b) => a.order - b.order);
  const lineDiscounts = new Map<string, Paise>();
  for (const u of taken) addLineDiscount(lineDiscounts, u.itemId, paise(u.saving));
  const applied = appliedPromo({ kind: 'EDV', deal }, lineDiscounts);
  if (applied.discount <= 0) return { ok: false, error: promoError('NO_ELIGIBLE_ITEMS') };
  return { ok: true, applied };
}

/**
 * The mix-and-match picker: for each deal size, in the deal's order, the in-stock eligible products that
 * come in that size in an eligible crust, by menu order (then code, so the list is stable).
 */
export function edvMixMatchMenu(
  deal: EdvDeal,
  catalogue: StoreCatalogue,
): { sizeId: number; price: Paise; productCodes: string[] }[] {
  const products = [...catalogue.products.values()]
    .filter((p) => p.inStock && dealTakesProduct(deal, p))
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return deal.prices.map(({ sizeId, price }) => ({
    sizeId,
    price,
    productCodes: products
      .filter((p) => p.variants.some((v) => v.sizeId === sizeId && dealTakesCrust(deal, v.crustId)))
      .map((p) => p.code),
  }));
}

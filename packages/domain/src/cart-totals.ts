/**
 * The cart's money: per-line discount and GST, order charges, the grand total, the SPEC §3
 * cartCalculations breakdown, and the cart's confetti rule (the surprise gift is surprise-gift.ts).
 */
import type {
  AppliedPromo,
  CalcEntry,
  CartTotals,
  ChargeRules,
  LineTotals,
  PricedLine,
} from './cart-model.ts';
import { assertNever, isPickupType, type DeliveryType } from './delivery-types.ts';
import { addPaise, paise, type Paise } from './money.ts';

const BASIS_POINTS = 10_000;

/** GST on an amount, rounded half up to the paisa (the amount is never negative). */
function gst(amount: Paise, rateBp: number): Paise {
  return paise(Math.floor((amount * rateBp + BASIS_POINTS / 2) / BASIS_POINTS));
}

/** Packaging is charged on every order that leaves the counter packed; dine-in is served on plates. */
function paysPackaging(type: DeliveryType): boolean {
  switch (type) {
    case 'D':
    case 'T':
    case 'P':
    case 'CURB':
    case 'IRCTC':
      return true;
    case 'DINEIN':
      return false;
    default:
      return assertNever(type);
  }
}

/** A tip goes to a delivery rider, so only a delivery order (D) carries one, and only an offered amount. */
function validTip(tip: Paise, type: DeliveryType, rules: ChargeRules): Paise {
  if (type !== 'D') return paise(0);
  return tip === 0 || rules.tipOptions.includes(tip) ? tip : paise(0);
}

export function computeTotals(input: {
  lines: readonly PricedLine[];
  promo: AppliedPromo | null;
  deliveryType: DeliveryType;
  tip: Paise;
  optionalChargeOpted: boolean;
  rules: ChargeRules;
}): CartTotals {
  const { promo, deliveryType, rules } = input;
  const isEdv = promo?.promotion.kind === 'EDV';
  const lines: LineTotals[] = input.lines.map((l) => {
    // a share larger than the line (a stale promo) is capped so no line goes below zero
    const share = promo?.lineDiscounts.get(l.line.itemId) ?? 0;
    const discount = paise(Math.max(0, Math.min(l.linePrice, share)));
    const netPrice = paise(l.linePrice - discount);
    return {
      itemId: l.line.itemId,
      linePrice: l.linePrice,
      discount,
      netPrice,
      // GST is rounded per line, as each line is a taxable item on the invoice
      tax: gst(netPrice, l.product.gstRateBp),
      isEDVOApplied: isEdv && discount > 0,
    };
  });
  const subTotal = addPaise(...lines.map((l) => l.linePrice));
  const discount = addPaise(...lines.map((l) => l.discount));
  const tax = addPaise(...lines.map((l) => l.tax));
  const displayNetPrice = paise(subTotal - discount);
  const empty = lines.length === 0;

  const deliveryCharge =
    !empty && !isPickupType(deliveryType) && displayNetPrice < rules.freeDeliveryFrom
      ? rules.deliveryCharge
      : paise(0);
  const packagingCharge = !empty && paysPackaging(deliveryType) ? rules.packagingCharge : paise(0);
  // an empty cart is not an order: it carries no tip or optional charge either
  const tip = empty ? paise(0) : validTip(input.tip, deliveryType, rules);
  const optionalCharge = !empty && input.optionalChargeOpted ? rules.optionalCharge.amount : paise(0);
  const grandTotal = paise(
    Math.max(0, displayNetPrice + deliveryCharge + packagingCharge + tax + tip + optionalCharge),
  );

  return {
    lines,
    subTotal,
    discount,
    deliveryCharge,
    packagingCharge,
    tax,
    tip,
    optionalCharge,
    grandTotal,
    strikePrice: addPaise(...input.lines.map((l) => l.regularLinePrice)),
    displayPrice: subTotal,
    displayNetPrice,
    itemCount: input.lines.reduce((n, l) => n + l.line.quantity, 0),
    isEDVOApplied: isEdv && discount > 0,
  };
}

/** The labels of the cartCalculations entries (the optional charge's comes from the charge rules). */
export const CALC_LABELS = {
  sub_total: 'Item Total',
  discount: 'Discount',
  taxes_and_charges: 'Taxes & Charges',
  additional_charges: 'Additional Charges',
  delivery_charge: 'Delivery Charge',
  packaging_charge: 'Packaging Charge',
  tax: 'GST',
  tip: 'Delivery Tip',
  grand_total: 'Grand Total',
} as const;

function entry(key: keyof typeof CALC_LABELS, value: Paise, children?: CalcEntry[]): CalcEntry {
  return children
    ? { key, label: CALC_LABELS[key], value, children }
    : { key, label: CALC_LABELS[key], value };
}

/**
 * SPEC §3 cartCalculations, in display order. Discount, tip and the optional charge appear only when
 * they are there; the charges always do, so the customer can see a zero delivery charge.
 */
export function cartCalculations(t: CartTotals, rules: ChargeRules): CalcEntry[] {
  const additional = addPaise(t.deliveryCharge, t.packagingCharge);
  const entries: CalcEntry[] = [entry('sub_total', t.subTotal)];
  if (t.discount > 0) entries.push(entry('discount', t.discount));
  entries.push(
    entry('taxes_and_charges', addPaise(additional, t.tax), [
      entry('additional_charges', additional, [
        entry('delivery_charge', t.deliveryCharge),
        entry('packaging_charge', t.packagingCharge),
      ]),
      entry('tax', t.tax),
    ]),
  );
  if (t.tip > 0) entries.push(entry('tip', t.tip));
  if (t.optionalCharge > 0)
    entries.push({ key: 'optional_charge', label: rules.optionalCharge.label, value: t.optionalCharge });
  entries.push(entry('grand_total', t.grandTotal));
  return entries;
}

/**
 * SPEC §5: confetti shows only when price plus tax, floored to whole rupees, is positive and at least
 * the offer's minimum order value (in rupees, so ₹199.99 does not reach a ₹200 minimum).
 */
export function showConfetti(pricePlusTax: Paise, offerMinOrderValue: Paise): boolean {
  const wholeRupees = Math.floor(pricePlusTax / 100);
  return wholeRupees > 0 && wholeRupees >= offerMinOrderValue / 100;
}

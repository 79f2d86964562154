import type { Cart } from '@crust/contract';
import type { PaymentOptions } from '@crust/contract/orders';
import type { PaymentType } from '@crust/domain/payment-types';
import { binMatches, type PaymentCondition } from '@crust/domain/promo-payment';
import { ck } from './texts.ts';

/**
 * A coupon that chooses how it is paid (SPEC §3 explicitPromo; docs/checkout.md "Coupons that choose how you
 * pay"): /payment offers only the ways it takes, never the wallet (SPEC §5), and for a bank offer asks for the
 * card's first 6 digits. The server refuses anything else with REMOVE_PROMO; this keeps the customer from
 * getting there.
 */

export const CARD_DIGITS = 6;

/** The cart's coupon condition; null when its coupon (if any) takes every way to pay. */
export function cartCondition(cart: Cart): (PaymentCondition & { note: string }) | null {
  const promo = cart.explicitPromo;
  if (!promo) return null;
  return {
    promoCode: promo.promoCode,
    paymentOptions: promo.paymentOptions,
    cardIssuer: promo.cardIssuer ? { name: promo.cardIssuer, bins: promo.cardBins } : null,
    note: promo.condition,
  };
}

/** The store's options as this cart may use them: only the coupon's ways, and no wallet, with such a coupon. */
export function allowedOptions(data: PaymentOptions, condition: PaymentCondition | null): PaymentOptions {
  if (!condition) return data;
  return {
    ...data,
    options: data.options.filter((o) => condition.paymentOptions.includes(o.methodCode)),
    wallet: null,
  };
}

/** The chosen method when this cart may use it; else none (a choice made before the coupon was added). */
export function allowedPrimary(data: PaymentOptions, primary: PaymentType | null): PaymentType | null {
  return data.options.some((o) => o.methodCode === primary && o.status === 'E') ? primary : null;
}

const isCard = (p: PaymentType | null) => p === 'CC' || p === 'DC';

/** The bank whose card's first digits the customer must give: a bank offer paid by card. */
export function cardIssuerFor(
  condition: PaymentCondition | null,
  primary: PaymentType | null,
): string | null {
  return condition?.cardIssuer && isCard(primary) ? condition.cardIssuer.name : null;
}

/** What is wrong with the card digits typed for a bank offer; null when nothing (or none are asked). */
export function cardDigitsError(
  condition: PaymentCondition | null,
  primary: PaymentType | null,
  digits: string,
): string | null {
  const issuer = cardIssuerFor(condition, primary);
  if (!issuer || !condition?.cardIssuer) return null;
  if (!new RegExp(`^\\d{${CARD_DIGITS}}$`).test(digits)) return ck('cardDigitsRequired', { issuer });
  return binMatches(digits, condition.cardIssuer.bins) ? null : ck('cardDigitsNotIssuer', { issuer });
}

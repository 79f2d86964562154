/**
 * Payment-restricted coupons (SPEC §3 explicitPromo.paymentOptions, and bank offers that need one bank's
 * cards): whether a way to pay meets the coupon's condition when the order is confirmed, whether the payment
 * the gateway actually took meets it when the money arrives, and the sentences that say the condition.
 * SPEC §5: the wallet is not usable while an explicit promo restricts payment options, so neither a
 * wallet-only order nor a wallet split keeps such a coupon.
 */
import type { CardIssuer } from './cart-model.ts';
import { assertNever } from './delivery-types.ts';
import { formatRupees, type Paise } from './money.ts';
import { isPaymentType, type PaymentType } from './payment-types.ts';

/** What a payment-restricted coupon asks of the payment. */
export interface PaymentCondition {
  promoCode: string;
  /** SPEC §3 payment type codes that may pay */
  paymentOptions: readonly string[];
  /** a bank offer: only this issuer's cards (by BIN prefix) */
  cardIssuer: CardIssuer | null;
}

/** How a gateway records a payment's method (Razorpay's `method`): what it can tell Crust afterwards. */
export const GATEWAY_FAMILIES = ['card', 'netbanking', 'wallet', 'upi'] as const;
export type GatewayFamily = (typeof GATEWAY_FAMILIES)[number];

/** The gateway family a payment type is paid through; null for what Crust takes itself (cash, vouchers, wallet). */
export function gatewayFamilyOf(method: PaymentType): GatewayFamily | null {
  switch (method) {
    case 'CC':
    case 'DC':
      return 'card';
    case 'NB':
    case 'MB':
      return 'netbanking';
    case 'UPI_WALLET':
      return 'upi';
    case 'AMZPAY_WALLET':
    case 'PAYTM_WALLET':
    case 'WALLET':
      return 'wallet';
    case 'CASH':
    case 'EVOUCHER':
    case 'CASHCRD':
    case 'PIGGYBANK':
      return null;
    default:
      return assertNever(method);
  }
}

const isCardMethod = (m: string) => m === 'CC' || m === 'DC';

/** Whether card digits (a BIN of 6 to 8 digits) begin with one of the issuer's prefixes. */
export function binMatches(digits: string, bins: readonly string[]): boolean {
  return /^\d{6,8}$/.test(digits) && bins.some((b) => b.length > 0 && digits.startsWith(b));
}

/** The gateway families the condition lets through. */
export function allowedFamilies(condition: PaymentCondition): GatewayFamily[] {
  const families = condition.paymentOptions.flatMap((o) => {
    const family = isPaymentType(o) ? gatewayFamilyOf(o) : null;
    return family ? [family] : [];
  });
  return GATEWAY_FAMILIES.filter((f) => families.includes(f));
}

const METHOD_WORDS: Record<PaymentType, string> = {
  CC: 'credit card',
  DC: 'debit card',
  NB: 'net banking',
  MB: 'mobile banking',
  UPI_WALLET: 'UPI',
  AMZPAY_WALLET: 'Amazon Pay',
  PAYTM_WALLET: 'Paytm',
  WALLET: 'a mobile wallet',
  CASH: 'cash',
  EVOUCHER: 'e-voucher',
  CASHCRD: 'gift card',
  PIGGYBANK: 'your Crust wallet',
};

/** "a" or "an" as the name is said: "an HDFC Bank card", "an Axis Bank card", "a Kotak card". */
function article(name: string): string {
  const acronym = /^[A-Z]{2}/.test(name);
  const first = name.charAt(0).toUpperCase();
  return (acronym ? 'AEFHILMNORSX' : 'AEIOU').includes(first) ? 'an' : 'a';
}

function orList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** "pay by UPI", "pay by credit or debit card", "pay with an HDFC Bank credit or debit card". */
export function paymentConditionPhrase(condition: PaymentCondition): string {
  const methods = condition.paymentOptions.filter(isPaymentType);
  const cards = methods.filter(isCardMethod);
  const others = methods.filter((m) => !isCardMethod(m)).map((m) => METHOD_WORDS[m]);
  const cardWords =
    cards.length === 2 ? 'credit or debit card' : cards.length === 1 ? METHOD_WORDS[cards[0]!] : null;
  const issuer = condition.cardIssuer;
  if (cardWords && issuer) {
    const card = `with ${article(issuer.name)} ${issuer.name} ${cardWords}`;
    return others.length ? `pay by ${orList(others)} or ${card}` : `pay ${card}`;
  }
  return `pay by ${orList(cardWords ? [cardWords, ...others] : others)}`;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The best-deal suggestion for such a coupon (issue 11): "Pay by UPI to save ₹40". */
export function paymentConditionSaving(condition: PaymentCondition, saving: Paise): string {
  return `${capitalised(paymentConditionPhrase(condition))} to save ${formatRupees(saving)}`;
}

/** The line /payment shows while such a coupon is in the cart. */
export function paymentConditionNote(condition: PaymentCondition): string {
  return `The coupon ${condition.promoCode} is valid only when you ${paymentConditionPhrase(condition)}.`;
}

export const PROMO_PAYMENT_TEXTS = {
  noWallet: 'Wallet balance cannot be used with it.',
  choose: 'Remove the coupon or change the payment method.',
} as const;

/** How the customer means to pay at confirm (SPEC §3 payment details). */
export interface PaymentChoice {
  /** null: the wallet pays everything */
  primary: PaymentType | null;
  wallet: boolean;
  /** the first 6 to 8 digits of the card, for card methods (SPEC §3 cardInitialDigits) */
  cardInitialDigits: string | null;
}

/**
 * null when the way to pay meets the coupon's condition; else the sentence that says why not and what the
 * customer can do (SPEC next action REMOVE_PROMO): the method is not one the coupon takes, the wallet pays
 * some or all of it, or a bank offer's card is not that bank's (or its first digits were not given).
 */
export function promoPaymentRefusal(condition: PaymentCondition, pay: PaymentChoice): string | null {
  const note = paymentConditionNote(condition);
  if (pay.wallet) return `${note} ${PROMO_PAYMENT_TEXTS.noWallet} ${PROMO_PAYMENT_TEXTS.choose}`;
  const allowed =
    pay.primary !== null &&
    condition.paymentOptions.includes(pay.primary) &&
    (!isCardMethod(pay.primary) ||
      condition.cardIssuer === null ||
      binMatches(pay.cardInitialDigits ?? '', condition.cardIssuer.bins));
  return allowed ? null : `${note} ${PROMO_PAYMENT_TEXTS.choose}`;
}

/**
 * Whether the payment the gateway captured meets the condition: its method's family is one the coupon
 * takes, and a bank offer's card begins with one of the bank's prefixes (the gateway reports the BIN).
 */
export function capturedPaymentMeets(
  condition: PaymentCondition,
  payment: { family: GatewayFamily; cardBin: string | null },
): boolean {
  if (!allowedFamilies(condition).includes(payment.family)) return false;
  if (payment.family !== 'card' || condition.cardIssuer === null) return true;
  return binMatches(payment.cardBin ?? '', condition.cardIssuer.bins);
}

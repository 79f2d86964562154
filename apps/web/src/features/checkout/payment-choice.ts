import type { Cart } from '@crust/contract';
import type { PaymentDetails, PaymentOptions } from '@crust/contract/orders';
import { paise, type Paise } from '@crust/domain/money';
import {
  checkCombination,
  checkWalletSplit,
  paymentModeAfterWallet,
  splitWithWallet,
  type WalletSplit,
} from '@crust/domain/payment-combinations';
import type { PaymentType, UpiMode } from '@crust/domain/payment-types';
import type { FormErrors } from './form.ts';
import { ck } from './texts.ts';

type Option = PaymentOptions['options'][number];

/** The options as listed: the last used one first (SPEC §7 last-used payment option), the rest as the server sends them. */
export function orderedOptions(data: PaymentOptions): Option[] {
  const last = data.lastUsed?.methodCode;
  const first = data.options.filter((o) => o.methodCode === last);
  return [...first, ...data.options.filter((o) => o.methodCode !== last)];
}

/** "VISA •••• 1111" for a last used card; null for anything else. */
export function lastUsedCard(data: PaymentOptions, method: PaymentType): string | null {
  const last = data.lastUsed;
  if (!last || last.methodCode !== method || !last.cardLast4) return null;
  return ck('card', { scheme: (last.cardScheme ?? '').toUpperCase(), last4: last.cardLast4 }).trim();
}

/** The last used method, preselected while it is enabled here; else nothing is. */
export function defaultPrimary(data: PaymentOptions | undefined): PaymentType | null {
  const last = data?.lastUsed?.methodCode;
  return data?.options.some((o) => o.methodCode === last && o.status === 'E') ? (last ?? null) : null;
}

/** The wallet balance the customer may use, or null (guests, an empty or unusable wallet). */
export function walletOffer(data: PaymentOptions | undefined): Paise | null {
  const w = data?.wallet;
  return w?.usable && w.balancePaise > 0 ? paise(w.balancePaise) : null;
}

/**
 * Whether the wallet starts ticked: SPEC §3 isDefaultWalletApplied, decided by the server (payment options'
 * `wallet.defaultApplied`, only for a usable wallet), and only beside a method it goes with (SPEC §5: not with a
 * last used cash or e-voucher, which stays the customer's choice until they tick the wallet themselves).
 */
export function defaultWallet(
  data: PaymentOptions | undefined,
  primary: PaymentType | null,
  limits: { hasEdvItems: boolean; hasCoupon: boolean },
): boolean {
  if (!data?.wallet?.defaultApplied || walletOffer(data) === null) return false;
  return checkCombination({ wallet: true, primary, ...limits }).ok;
}

/** What the cart holds that limits e-vouchers (SPEC §5: not with everyday-value items or coupons). */
export function cartLimits(cart: Cart): { hasEdvItems: boolean; hasCoupon: boolean } {
  return {
    hasEdvItems:
      cart.isEDVOApplied || cart.validItems.some((i) => i.isEDVOApplied) || cart.appliedPromo?.kind === 'EDV',
    hasCoupon: cart.appliedPromo?.kind === 'COUPON',
  };
}

export interface Choice {
  primary: PaymentType | null;
  wallet: boolean;
  /** the SPEC §8 text saying why the choice was changed or refused */
  notice: string | null;
}

type Limits = ReturnType<typeof cartLimits>;

/**
 * The wallet switched on or off. SPEC §5: the wallet does not go with cash or an e-voucher; choosing it
 * clears such a method (the customer then picks another for the rest) and says why.
 */
export function toggleWallet(current: { primary: PaymentType | null }, on: boolean, limits: Limits): Choice {
  if (!on) return { primary: current.primary, wallet: false, notice: null };
  const check = checkCombination({ wallet: true, primary: current.primary, ...limits, lastChosen: 'wallet' });
  if (check.ok) return { primary: current.primary, wallet: true, notice: null };
  // cash is cleared by the domain's rule; an e-voucher cannot stay either
  const after = paymentModeAfterWallet({ wallet: true, primary: current.primary });
  const keep = after !== null && checkCombination({ wallet: true, primary: after, ...limits }).ok;
  return { primary: keep ? after : null, wallet: true, notice: check.error };
}

/**
 * What to tell the customer after the wallet was switched: why a method was cleared, else (SPEC §5) that
 * the wallet is short of the price and another method must pay the rest.
 */
export function walletNotice(choice: Choice, pricePaise: Paise, walletBalance: Paise | null): string | null {
  if (choice.notice || !choice.wallet || walletBalance === null) return choice.notice;
  const check = checkWalletSplit(splitWithWallet(pricePaise, walletBalance), choice.primary);
  return check.ok ? null : check.error;
}

/** A method chosen; refused (the choice stays as it was) when SPEC §5 does not allow it with the rest. */
export function choosePrimary(
  current: { primary: PaymentType | null; wallet: boolean },
  primary: PaymentType,
  limits: Limits,
): Choice {
  const check = checkCombination({ wallet: current.wallet, primary, ...limits, lastChosen: 'primary' });
  if (!check.ok) return { ...current, notice: check.error };
  return { primary, wallet: current.wallet, notice: null };
}

export interface PaymentPlan {
  split: WalletSplit | null;
  /** what the primary method pays */
  payPaise: Paise;
  details: PaymentDetails;
}

/** Methods whose code the customer types here (an e-voucher or a gift card). */
export const needsVoucherCode = (p: PaymentType | null) => p === 'EVOUCHER' || p === 'CASHCRD';

/** The paymentDetails to send, and how the price splits between the wallet and the primary method. */
export function paymentPlan(input: {
  pricePaise: Paise;
  walletBalance: Paise | null;
  wallet: boolean;
  primary: PaymentType | null;
  upiMode: UpiMode;
  voucherCode: string;
  /** a card's first digits, given for a bank offer (SPEC §3 cardInitialDigits) */
  cardDigits?: string;
}): PaymentPlan {
  const useWallet = input.wallet && input.walletBalance !== null;
  const split = useWallet ? splitWithWallet(input.pricePaise, input.walletBalance ?? paise(0)) : null;
  // SPEC §4: a wallet-only order has no primary method
  const primary = split?.walletOnly ? null : input.primary;
  const details: PaymentDetails = {
    primaryPaymentId: primary,
    secondaryPaymentId: useWallet ? 'PIGGYBANK' : null,
  };
  if (primary === 'UPI_WALLET') details.instrumentDetails = { upi: { mode: input.upiMode } };
  else if (needsVoucherCode(primary)) details.instrumentDetails = { evoucherCode: input.voucherCode.trim() };
  const digits = input.cardDigits?.trim() ?? '';
  if ((primary === 'CC' || primary === 'DC') && /^\d{6,8}$/.test(digits)) details.cardInitialDigits = digits;
  return { split, payPaise: split ? split.restPaise : input.pricePaise, details };
}

const VOUCHER_RE = /^[A-Za-z0-9-]{4,32}$/;

/** What stops payment: no method for what the wallet leaves, or a missing e-voucher code. */
export function paymentErrors(plan: PaymentPlan, voucherCode: string): FormErrors {
  const primary = plan.details.primaryPaymentId;
  if (plan.split) {
    const check = checkWalletSplit(plan.split, primary);
    if (!check.ok) return { payment: check.error };
  } else if (primary === null) return { payment: ck('choosePayment') };
  if (needsVoucherCode(primary)) {
    const code = voucherCode.trim();
    if (!code) return { voucher: ck('voucherRequired') };
    if (!VOUCHER_RE.test(code)) return { voucher: ck('voucherInvalid') };
  }
  return {};
}

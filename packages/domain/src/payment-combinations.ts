/**
 * SPEC §5 Payment combinations: when the wallet (PIGGYBANK, the secondary payment) can be used, which
 * primary methods go with it, what the wallet pays and what is left, and what choosing it changes.
 */
import type { DeliveryType } from './delivery-types.ts';
import { MESSAGES } from './messages.ts';
import { paise, type Paise } from './money.ts';
import type { PaymentType } from './payment-types.ts';

export type CombinationResult = { ok: true } | { ok: false; error: string };

const OK: CombinationResult = { ok: true };

/**
 * The wallet is offered only when remote config does not hide it, it holds money, the order is not a
 * train order, the app is not running as a mini-app, and no explicit promo restricts payment options.
 */
export function walletUsable(input: {
  hiddenForWallets: boolean;
  balancePaise: Paise;
  deliveryType: DeliveryType;
  miniApp: boolean;
  explicitPromoRestrictsPayment: boolean;
}): boolean {
  return (
    !input.hiddenForWallets &&
    input.balancePaise > 0 &&
    input.deliveryType !== 'IRCTC' &&
    !input.miniApp &&
    !input.explicitPromoRestrictsPayment
  );
}

/** The primary methods the wallet cannot be combined with: cash and e-vouchers (EGV). */
function excludesWallet(primary: PaymentType | null): boolean {
  return primary === 'CASH' || primary === 'EVOUCHER';
}

/**
 * Whether the wallet and the primary method go together. Which of the two texts is shown depends on
 * what the customer chose last: the wallet on top of cash or an e-voucher ("Wallet can't be chosen…"),
 * or cash or an e-voucher on top of the wallet ("This Payment Option is not compatible…"). E-vouchers
 * are also refused for a cart with everyday-value items or a coupon.
 */
export function checkCombination(input: {
  wallet: boolean;
  primary: PaymentType | null;
  hasEdvItems: boolean;
  hasCoupon: boolean;
  lastChosen?: 'wallet' | 'primary';
}): CombinationResult {
  const { wallet, primary } = input;
  if (wallet && excludesWallet(primary)) {
    return {
      ok: false,
      error: input.lastChosen === 'primary' ? MESSAGES.notCompatibleWithWallet : MESSAGES.walletWithCashOrEgv,
    };
  }
  if (primary === 'EVOUCHER' && (input.hasEdvItems || input.hasCoupon)) {
    return { ok: false, error: MESSAGES.evoucherNotAllowed };
  }
  return OK;
}

export interface WalletSplit {
  walletPaise: Paise;
  restPaise: Paise;
  /** the wallet covers the whole price: a wallet-only order, with no primary method */
  walletOnly: boolean;
}

/** What the wallet pays (all of its balance, at most the price) and what is left for the primary method. */
export function splitWithWallet(totalPaise: Paise, walletBalancePaise: Paise): WalletSplit {
  const total = Math.max(0, totalPaise);
  const walletPaise = paise(Math.min(total, Math.max(0, walletBalancePaise)));
  const restPaise = paise(total - walletPaise);
  return { walletPaise, restPaise, walletOnly: restPaise === 0 };
}

/** With the wallet short of the price, another method must pay the rest. */
export function checkWalletSplit(split: WalletSplit, primary: PaymentType | null): CombinationResult {
  return split.walletOnly || primary !== null ? OK : { ok: false, error: MESSAGES.walletInsufficient };
}

/** The tip is removed (0) when the wallet is used on a delivery order in cash mode. */
export function tipAfterWallet(input: {
  tipPaise: Paise;
  wallet: boolean;
  deliveryType: DeliveryType;
  primary: PaymentType | null;
}): Paise {
  return input.wallet && input.deliveryType === 'D' && input.primary === 'CASH' ? paise(0) : input.tipPaise;
}

/** The payment mode once the wallet is chosen: cash is cleared, so the customer picks another method. */
export function paymentModeAfterWallet(input: {
  wallet: boolean;
  primary: PaymentType | null;
}): PaymentType | null {
  return input.wallet && input.primary === 'CASH' ? null : input.primary;
}

/** A guest with no primary payment id is sent to choose a payment method, except inside a mini-app. */
export function needsPaymentNavigation(input: {
  loggedIn: boolean;
  primaryPaymentId: string | null;
  miniApp: boolean;
}): boolean {
  return !input.loggedIn && !input.primaryPaymentId && !input.miniApp;
}

import type { QueryClient } from '@tanstack/react-query';
import { CLEARED_CHECKOUT_KEYS, type ClearedCheckoutKey } from '@crust/domain/checkout-clear';
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/storage.ts';
import { replaceCartId } from '../../shared/cart/api.ts';
import { checkoutKeys } from '../../shared/payment/checkout-keys.ts';
import { forgetCheckoutChoices } from '../../shared/payment/pending.ts';
import { forgetLoyalty } from '../../shared/loyalty/api.ts';

const nothingKept = () => undefined;

/**
 * SPEC §4 Cart clearing, key by key (the domain's list, so a key it gains fails to compile here). What the
 * browser keeps is reset; what lives on the server's cart (promo, extra-deal lines, optional charges) goes
 * with the cart id, since the next add makes a new cart.
 */
const CLEARERS: Record<ClearedCheckoutKey, (qc: QueryClient) => void> = {
  // the coupon is applied on the server's cart
  promoCode: nothingKept,
  // the checkout's choices for this order are kept in the tab's sessionStorage, beside the pending payment;
  // the options are fetched again, since "Last used" is now this order's method
  paymentMode: (qc) => {
    forgetCheckoutChoices();
    void qc.invalidateQueries({ queryKey: checkoutKeys.allPaymentOptions });
  },
  transactionId: forgetCheckoutChoices,
  walletSelected: forgetCheckoutChoices,
  // the stored id and the cached cart: every cart reader (the dock's count too) sees no cart
  cartId: (qc) => replaceCartId(qc, null),
  // fetched again before it is shown
  menuStale: (qc) => {
    writeJson(STORAGE_KEYS.menuExpiry, null);
    void qc.invalidateQueries({ queryKey: ['menu'] });
  },
  // a loyalty choice is a checkout choice of the tab (swept with the payment choice); the points the app knew
  // are asked afresh, since the order just ended earned or spent some
  loyalty: (qc) => {
    forgetCheckoutChoices();
    forgetLoyalty(qc);
  },
  // the advance slot is a checkout choice of the tab too
  advanceOrder: forgetCheckoutChoices,
  // lines and charges of the server's cart
  extraDealItems: nothingKept,
  optionalCharges: nothingKept,
};

/** Transactions whose end has cleared the cart: a reload of /thankYou, or a second render, clears nothing. */
const FINISHED_KEY = 'crust.finishedTransactions';
const FINISHED_KEPT = 10;
const finishedHere = new Set<string>();

function finishedTransactions(): string[] {
  const finished = readJson<unknown>(FINISHED_KEY, []);
  return Array.isArray(finished) ? finished.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether the thank-you page has already had this transaction's end (the order is over, either way). */
export function isFinishedTransaction(transactionId: string): boolean {
  return finishedHere.has(transactionId) || finishedTransactions().includes(transactionId);
}

/**
 * Clears the cart and the checkout once per transaction (SPEC §4: after a thank-you SUCCESS, FAILED or
 * UNKNOWN). Answers whether it cleared now.
 */
export function clearCheckoutOnce(qc: QueryClient, transactionId: string): boolean {
  const list = finishedTransactions();
  if (finishedHere.has(transactionId) || list.includes(transactionId)) return false;
  finishedHere.add(transactionId);
  writeJson(FINISHED_KEY, [...list, transactionId].slice(-FINISHED_KEPT));
  for (const key of CLEARED_CHECKOUT_KEYS) CLEARERS[key](qc);
  return true;
}

/** SPEC §4 "SUCCESS records purchased product ids": kept for the next visit's suggestions. */
export const LAST_PURCHASED_KEY = 'crust.lastPurchasedProductIds';

export function recordPurchasedProducts(productIds: readonly string[]): void {
  writeJson(LAST_PURCHASED_KEY, [...new Set(productIds)]);
}

/** For tests: forget which transactions this page has finished. */
export function resetClearedTransactions(): void {
  finishedHere.clear();
}

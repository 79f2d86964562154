import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType } from '@crust/domain/payment-types';
import { readJson, writeJson } from '../storage.ts';

/**
 * The payment the customer is in the middle of, handed from /payment to /payGateway, /upiForm,
 * /paymentTransaction and /thankYou. Kept for the tab (sessionStorage) so a reload, or the browser coming
 * back from the gateway, still knows what it was paying; cleared when the order ends either way.
 */
export interface PendingPayment {
  result: ConfirmOrderResult;
  primaryPaymentId: PaymentType | null;
  /** the order's type: a train order's thank-you page is /thankYou with the railway literal (thank-you.ts) */
  deliveryType?: DeliveryType;
  /** UPI: which way the customer chose to pay */
  upiMode?: 'INTENT' | 'COLLECT';
  /** a bank offer's card: the first digits given at checkout, which the card typed must begin with */
  cardInitialDigits?: string;
  /** epoch ms when the confirm was answered: status polling's 80 s budget starts here (SPEC §4) */
  startedAt: number;
}

const KEY = 'crust.pendingPayment';

export function readPendingPayment(): PendingPayment | null {
  return readJson<PendingPayment | null>(KEY, null, 'session');
}

export function writePendingPayment(pending: PendingPayment | null): void {
  writeJson(KEY, pending, 'session');
}

/** The pending payment when it is the one for this transaction (a reload, or the gateway bringing the tab back). */
export function pendingFor(transactionId: string | null): PendingPayment | null {
  const pending = readPendingPayment();
  return pending && transactionId && pending.result.transactionId === transactionId ? pending : null;
}

/**
 * What the checkout keeps in the tab's sessionStorage for the order being paid: its form draft
 * (crust.checkoutDraft: payment mode, wallet, advance slot…), the guest's cash choice, and anything under
 * these names. SPEC §4 cart clearing resets them.
 */
export const CHECKOUT_SESSION_PREFIXES = ['crust.checkout', 'crust.payment', 'crust.guestCash'] as const;

/** SPEC §4 cart clearing's share of the tab: the pending payment and every checkout choice. */
export function forgetCheckoutChoices(): void {
  writePendingPayment(null);
  try {
    const keys: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key && CHECKOUT_SESSION_PREFIXES.some((p) => key.startsWith(p))) keys.push(key);
    }
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing was kept */
  }
}

/** The router state /payment reads after a failed payment: `location.state.paymentError` is the text to show. */
export interface PaymentErrorState {
  paymentError: string;
}

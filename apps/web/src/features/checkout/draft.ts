import { readJson, writeJson } from '../../shared/storage.ts';
import type { CheckoutValues } from './form.ts';

/**
 * The checkout form while its customer is away: "Add new address" (the address form) and /paymentType
 * unmount /payment, and coming back finds what was typed. Kept for the tab only, and only for the cart it
 * was typed for; /thankYou forgets it with the rest of checkout (features/payment/clear-checkout.ts).
 */
const KEY = 'crust.checkoutDraft';

interface Draft {
  cartId: string;
  values: CheckoutValues;
}

export function readCheckoutDraft(cartId: string): CheckoutValues | null {
  const d = readJson<Draft | null>(KEY, null, 'session');
  return d?.cartId === cartId && d.values && typeof d.values === 'object' ? d.values : null;
}

export function saveCheckoutDraft(cartId: string, values: CheckoutValues): void {
  writeJson(KEY, { cartId, values } satisfies Draft, 'session');
}

import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Cart, CartItemInput } from '@crust/contract';
import { getLocationState } from '../state/location-store.ts';
import { readJson, writeJson } from '../storage.ts';
import { cartActions, useCartActions } from './changes.ts';
import {
  currentScreenPath,
  forgetPendingAdd,
  PENDING_ADD_KEY,
  setLocationPromptOpen,
} from './location-prompt.ts';
import { cartT } from './texts.ts';
import { notify, notifyError } from './toasts.ts';

/**
 * A cart belongs to a store, and a store's menu, prices and stock are its own: a guest with no location
 * is asked for one before the first add, as chain apps do (issue 11), rather than filling a cart priced
 * at the default store. What they were adding waits here (the tab's sessionStorage, so the location
 * screens can come and go) and is added at the store they choose (store selection calls
 * completePendingAdd), which then returns them where they were.
 */
export interface PendingAdd {
  items: CartItemInput[];
  /** a deal applied after the items (EDV mix-and-match) */
  promoCode: string | null;
  /** the screen to return to, path and query */
  returnTo: string;
}

/** Keeps the add and asks for the location. */
export function askLocationFirst(pending: PendingAdd): void {
  writeJson(PENDING_ADD_KEY, pending, 'session');
  setLocationPromptOpen(true);
}

function takePendingAdd(): PendingAdd | null {
  const p = readJson<PendingAdd | null>(PENDING_ADD_KEY, null, 'session');
  forgetPendingAdd();
  return p && Array.isArray(p.items) && typeof p.returnTo === 'string' ? p : null;
}

/**
 * After store selection: the waiting add, made at the chosen store. Answers where to go next (the screen
 * the customer was on), or null when nothing was waiting. A refusal (the store does not sell it) is told
 * as a toast, and the customer still goes back to look.
 */
export async function completePendingAdd(qc: QueryClient): Promise<string | null> {
  const pending = takePendingAdd();
  if (!pending) return null;
  const actions = cartActions(qc);
  try {
    for (const item of pending.items) await actions.addItem(item);
    if (pending.promoCode) await actions.applyPromo(pending.promoCode);
    notify(cartT('addedAtStore', { store: getLocationState().store?.name ?? '' }));
  } catch (e) {
    notifyError(e);
  }
  return pending.returnTo;
}

export interface AddOptions {
  promoCode?: string;
  /** where to come back to after the location is given; the screen of the add by default */
  returnTo?: string;
}

/**
 * Every "Add" of the app goes through this: with a store chosen it adds at once (answering the cart);
 * without one it asks for the location first and answers null. (The screen to come back to is read when
 * the add is asked for, so a menu card does not re-render on every change of the URL.)
 */
export function useAddToCart(): (
  items: CartItemInput | CartItemInput[],
  opts?: AddOptions,
) => Promise<Cart | null> {
  const actions = useCartActions();
  return useCallback(
    async (items, opts = {}) => {
      const list = Array.isArray(items) ? items : [items];
      if (getLocationState().store === null) {
        askLocationFirst({
          items: list,
          promoCode: opts.promoCode ?? null,
          returnTo:
            opts.returnTo ?? currentScreenPath() ?? `${window.location.pathname}${window.location.search}`,
        });
        return null;
      }
      let cart: Cart | null = null;
      for (const item of list) cart = await actions.addItem(item);
      if (opts.promoCode) cart = await actions.applyPromo(opts.promoCode);
      return cart;
    },
    [actions],
  );
}

import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@crust/contract';
import { importWithRetry } from '../lazy-retry.ts';
import { useLocationState } from '../state/location-store.ts';
import { notifyError } from './toasts.ts';
import { waitingEdits } from './outbox.ts';
import { resetCartState, setBusy, type AllCartActions, type CartActions } from './api.ts';
import type * as actions from './actions.ts';

/*
 * The cart's changes as the screens ask for them. The changes themselves are ./actions.ts, a chunk of its own
 * (issue 32 §1); the cart's state and reads are ./api.ts, which both build on.
 */

type ActionsModule = typeof actions;
let actionsModule: ActionsModule | null = null;
let actionsLoading: Promise<ActionsModule> | null = null;

/**
 * The changes themselves are ./actions.ts, a chunk of its own (issue 32 §1: no first screen needs them before a
 * tap). The dock fetches it once the first screen is idle; a change asked for before it has arrived waits for it,
 * counting as busy meanwhile (steppers wait, as they do for a change on its way).
 */
export function loadCartActions(): Promise<ActionsModule> {
  actionsLoading ??= importWithRetry(() => import('./actions.ts')).then(
    (m) => (actionsModule = m),
    (e: unknown) => {
      actionsLoading = null;
      throw e;
    },
  );
  return actionsLoading;
}

/** Every change by name: the type holds it to exactly AllCartActions' methods. */
const CHANGES: Record<keyof AllCartActions, true> = {
  sendAdd: true,
  removeNow: true,
  patchNow: true,
  lineNow: true,
  addItem: true,
  setQuantity: true,
  removeItem: true,
  replaceItem: true,
  acceptPrice: true,
  applyPromo: true,
  removePromo: true,
  setTip: true,
  setOptionalCharge: true,
  removeInvalid: true,
  acceptPrices: true,
  moveCart: true,
};

type AnyChange = (...args: unknown[]) => Promise<unknown>;

export function cartActions(qc: QueryClient): AllCartActions {
  // loaded: the change starts now, exactly as if it were called directly (its order and busy state included)
  const run = (name: keyof AllCartActions, args: unknown[]): Promise<unknown> => {
    const call = (m: ActionsModule) => (m.cartActionsNow(qc)[name] as AnyChange)(...args);
    if (actionsModule) return call(actionsModule);
    setBusy(1);
    return loadCartActions()
      .then(call)
      .finally(() => setBusy(-1));
  };
  const changes: Partial<Record<keyof AllCartActions, AnyChange>> = {};
  for (const name of Object.keys(CHANGES) as (keyof AllCartActions)[])
    changes[name] = (...args) => run(name, args);
  return changes as unknown as AllCartActions;
}

/** The first wait before trying kept edits again when the server could not be reached while online; it doubles. */
export const KEPT_RETRY_FIRST_MS = 5_000;
const KEPT_RETRY_MAX_MS = 60_000;

/**
 * Sends the kept edits when the connection returns, and at start if some were left from before a reload. When
 * the phone says it is online but the server cannot be reached, it tries again after 5 s, 10 s, … up to a minute.
 */
export function useSendKeptEdits(): void {
  const qc = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = KEPT_RETRY_FIRST_MS;
    let live = true;
    // the sender is loaded only when there is something to send: most visits never have
    const run = () => {
      clearTimeout(timer);
      if (!waitingEdits().length) return;
      void import('./send-kept.ts')
        .then((m) => m.sendKeptEdits(cartActions(qc)))
        .then((round) => {
          if (!live || round === 'busy') return;
          if (round !== 'unreachable') {
            wait = KEPT_RETRY_FIRST_MS;
            return;
          }
          timer = setTimeout(run, wait);
          wait = Math.min(wait * 2, KEPT_RETRY_MAX_MS);
        });
    };
    run();
    window.addEventListener('online', run);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', run);
    };
  }, [qc]);
}

export function useCartActions(): CartActions {
  const qc = useQueryClient();
  return useMemo(() => cartActions(qc), [qc]);
}

// ---------------------------------------------------------------- following the chosen store

/** The last move asked for, so a move the server declines is not asked for again and again. */
let lastMove: string | null = null;

/**
 * The cart belongs to the chosen store and order type: when the customer picks another store (or
 * another order type and then a store), the cart moves there and is re-priced by the server.
 */
export function useCartFollowsStore(cart: Cart | null | undefined): void {
  const { store, deliveryType } = useLocationState();
  const qc = useQueryClient();
  const storeId = store?.id;
  useEffect(() => {
    if (!cart || storeId === undefined) return;
    if (cart.storeId === storeId && cart.deliveryType === deliveryType) return;
    const target = `${cart.cartId}|${storeId}|${deliveryType}`;
    if (lastMove === target) return;
    lastMove = target;
    cartActions(qc).moveCart(storeId, deliveryType).catch(notifyError);
  }, [cart, storeId, deliveryType, qc]);
}

/** For tests: forget the module's memory between renders. */
export function resetCartModule(): void {
  lastMove = null;
  resetCartState();
}

import { track } from '../analytics/track.ts';
import type { QueryClient } from '@tanstack/react-query';
import type {
  AddCartItemBody,
  Cart,
  CartItemInput,
  CartOutcome,
  CartResponse,
  CreateCartBody,
  UpdateCartBody,
  UpdateCartItemBody,
} from '@crust/contract';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import { NETWORK_RETRIES, VIBRATE_MS } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError, NetworkError, type RequestOptions } from '../api/client.ts';
import { getLocationState } from '../state/location-store.ts';
import { randomId } from '../random-id.ts';
import { cartT } from './texts.ts';
import { notify } from './toasts.ts';
import { isOffline, waitingEdits } from './outbox.ts';
import type { Tapped } from './keep.ts';
import {
  cartKey,
  fetchCart,
  forgetCart,
  getCartId,
  isCartGone,
  receive,
  setBusy,
  setCartId,
  type AllCartActions,
} from './api.ts';

/**
 * The cart's changes: what ./api.ts's `cartActions` runs. A chunk of its own, fetched once the first screen is idle
 * (the cart dock asks for it): no first screen needs it before a tap (issue 32 §1).
 */

/** Sent with every cart change so a retried request is applied once (ARCHITECTURE.md rule 7). */
const IDEMPOTENCY_KEY_HEADER = HEADERS.idempotencyKey;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_BASE_MS = 500;

/**
 * One cart change. SPEC §8: a network failure on a cart call is retried up to 3 times; the retry carries
 * the same idempotency key, so an add that reached the server before the connection dropped is not
 * added twice.
 */
async function send<T>(
  path: string,
  cartId: string | null,
  opts: Pick<RequestOptions, 'method' | 'body' | 'headers'>,
  key: string = randomId(),
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, [IDEMPOTENCY_KEY_HEADER]: key };
  if (cartId) headers[HEADERS.cartId] = cartId;
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<T>(path, { ...opts, headers });
    } catch (e) {
      // offline, retrying is pointless: the edit is kept for the connection instead (./outbox.ts)
      if (!(e instanceof NetworkError) || attempt >= NETWORK_RETRIES || isOffline()) throw e;
      if (attempt === 0) notify(MESSAGES.networkRetrying);
      await sleep(RETRY_BASE_MS * 2 ** attempt);
    }
  }
}

/**
 * Changes go one at a time, in the order asked: two quick taps on "Add" with no cart yet make one cart,
 * and an older answer never overwrites a newer one.
 */
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(run: () => Promise<T>): Promise<T> {
  setBusy(1);
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next.finally(() => setBusy(-1));
}

const noCart = () =>
  new ApiError(404, [{ code: 'CART_NOT_FOUND', displayMsg: MESSAGES.somethingWentWrongRetry }]);

function outcomeOf(qc: QueryClient, res: CartOutcome): Cart {
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return receive(qc, res.data);
}

export function cartActionsNow(qc: QueryClient): AllCartActions {
  /** A change to the existing cart; a cart that is gone is forgotten (the screens then show it empty). */
  const onCart = (change: (cartId: string) => Promise<Cart>): Promise<Cart> =>
    serial(async () => {
      const cartId = getCartId();
      if (!cartId) throw noCart();
      // a GET still on its way must not land after (and over) this change's answer
      await qc.cancelQueries({ queryKey: cartKey(cartId) });
      try {
        return await change(cartId);
      } catch (e) {
        if (isCartGone(e)) forgetCart(cartId);
        throw e;
      }
    });

  const patchItem = (itemId: string, body: UpdateCartItemBody) =>
    onCart(async (cartId) =>
      outcomeOf(
        qc,
        await send<CartOutcome>(fillPath(API_PATHS.cartItem, { cartId, itemId }), cartId, {
          method: 'PATCH',
          body,
        }),
      ),
    );

  const putCart = (body: UpdateCartBody) =>
    onCart(async (cartId) =>
      outcomeOf(
        qc,
        await send<CartOutcome>(fillPath(API_PATHS.cart, { cartId }), cartId, { method: 'PUT', body }),
      ),
    );

  const create = async (item: CartItemInput, key?: string): Promise<Cart> => {
    const body: CreateCartBody = { items: [item] };
    // a cart is made only at a chosen store: never at the default store a first visit browses (the screens
    // ask for the location first, ./location-first.ts)
    const storeId = getLocationState().store?.id;
    if (storeId === undefined)
      throw new ApiError(409, [{ code: 'NO_STORE', displayMsg: cartT('chooseLocationFirst') }]);
    const res = await send<CartOutcome>(
      API_PATHS.carts,
      null,
      { method: 'POST', body, headers: { [HEADERS.storeId]: String(storeId) } },
      key,
    );
    const cart = outcomeOf(qc, res);
    setCartId(cart.cartId);
    return cart;
  };

  /**
   * A line edit made offline (or cut off by the connection going): kept, and said so, instead of failing. The
   * keeping is loaded only then (./keep.ts, precached by the service worker): most visits never go offline.
   */
  const keep = (tapped: Tapped): Promise<never> =>
    import('./keep.ts').then((m) => m.keepTapped(qc, qc.getQueryData(cartKey(getCartId())), tapped));
  /** Offline, or after edits still waiting (they go first, in order): the edit joins them. */
  const mustWait = () => isOffline() || waitingEdits().length > 0;

  const add = (item: CartItemInput, key: string): Promise<Cart> =>
    serial(async () => {
      const cartId = getCartId();
      if (!cartId) return create(item, key);
      await qc.cancelQueries({ queryKey: cartKey(cartId) });
      try {
        const body: AddCartItemBody = { item };
        return outcomeOf(
          qc,
          await send<CartOutcome>(
            fillPath(API_PATHS.cartItems, { cartId }),
            cartId,
            { method: 'POST', body },
            key,
          ),
        );
      } catch (e) {
        if (!isCartGone(e)) throw e;
        forgetCart(cartId);
        return create(item, key);
      }
    });

  const removeNow = (itemId: string) =>
    onCart(async (cartId) => {
      const res = await send<CartResponse>(fillPath(API_PATHS.cartItem, { cartId, itemId }), cartId, {
        method: 'DELETE',
      });
      return receive(qc, res.data);
    });

  return {
    sendAdd: add,
    removeNow,
    patchNow: (itemId, quantity) => patchItem(itemId, { quantity }),
    lineNow: async (itemId) => {
      const cartId = getCartId();
      const now = cartId ? await fetchCart(cartId) : null;
      if (now) receive(qc, now);
      return now?.validItems.find((l) => l.itemId === itemId)?.quantity ?? null;
    },
    addItem: async (item) => {
      track('add_to_cart', { productCode: item.productCode, quantity: item.quantity });
      const key = randomId();
      if (mustWait()) return keep({ kind: 'add', key, item });
      try {
        const cart = await add(item, key);
        // felt as well as seen (SPEC §9 vibrate 200 ms); a phone without it, or a desktop, ignores it
        navigator.vibrate?.(VIBRATE_MS);
        return cart;
      } catch (e) {
        // the same key when sent again: an add that reached the server before the line went is not made twice
        if (e instanceof NetworkError && isOffline()) return keep({ kind: 'add', key, item });
        throw e;
      }
    },
    setQuantity: (itemId, quantity) =>
      mustWait() ? keep({ kind: 'quantity', itemId, quantity }) : patchItem(itemId, { quantity }),
    removeItem: (itemId) =>
      mustWait() ? keep({ kind: 'quantity', itemId, quantity: 0 }) : removeNow(itemId),
    replaceItem: (itemId, item) => patchItem(itemId, { item }),
    acceptPrice: (itemId) => patchItem(itemId, { acceptPrice: true }),
    applyPromo: (code) =>
      onCart(async (cartId) => {
        const res = await send<CartOutcome>(fillPath(API_PATHS.cartPromo, { cartId }), cartId, {
          method: 'POST',
          body: { code: code.trim() },
        });
        // SPEC §5: a coupon that does not validate is not applied and the stored one is cleared
        if (res.status === 'FAILED') void qc.invalidateQueries({ queryKey: cartKey(cartId) });
        return outcomeOf(qc, res);
      }),
    removePromo: (code) =>
      onCart(async (cartId) => {
        const res = await send<CartResponse>(fillPath(API_PATHS.cartPromoCode, { cartId, code }), cartId, {
          method: 'DELETE',
        });
        return receive(qc, res.data);
      }),
    setTip: (tipAmount) => putCart({ tip: { tipAmount } }),
    setOptionalCharge: (selected) => putCart({ optedOptionalCharges: [{ chargeTypeCode: 'K', selected }] }),
    removeInvalid: () => putCart({ removeInvalid: true }),
    acceptPrices: () => putCart({ acceptPrices: true }),
    moveCart: (storeId, deliveryType) => putCart({ storeId, deliveryType }),
  };
}

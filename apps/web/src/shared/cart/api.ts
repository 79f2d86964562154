import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
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
import { NETWORK_RETRIES } from '@crust/domain/constants';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError, NetworkError, type RequestOptions } from '../api/client.ts';
import { isLoggedIn, subscribeSession } from '../api/session.ts';
import { getLocationState, useLocationState } from '../state/location-store.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';
import { cartT } from './texts.ts';
import { notify, notifyError } from './toasts.ts';
import { randomId } from '../random-id.ts';
import { isOffline, waitingEdits } from './outbox.ts';
import type { Tapped } from './keep.ts';
import type { KeptSender } from './send-kept.ts';

/**
 * The guest's cart. Its id lives in localStorage (a reload or a closed tab keeps the cart); its data is
 * the TanStack query ['cart', cartId], set from every answer the server gives. The client sends what to
 * make and never a price: the server prices the cart and the screens show exactly what it says.
 */

// ---------------------------------------------------------------- the cart id

/** Sent with every cart change so a retried request is applied once (ARCHITECTURE.md rule 7). */
const IDEMPOTENCY_KEY_HEADER = HEADERS.idempotencyKey;

const idListeners = new Set<() => void>();

export function getCartId(): string | null {
  const id = readJson<unknown>(STORAGE_KEYS.cartId, null);
  return typeof id === 'string' && id ? id : null;
}

function setCartId(id: string | null): void {
  writeJson(STORAGE_KEYS.cartId, id);
  for (const l of idListeners) l();
}

/**
 * Login and logout (SPEC §4): the customer's cart (now holding the guest's items) replaces the guest's,
 * or the cart is forgotten (null). The cached cart data is dropped and a shown cart is fetched afresh.
 */
export function replaceCartId(qc: QueryClient, id: string | null): void {
  setCartId(id);
  void qc.resetQueries({ queryKey: ['cart'] });
}

// a customer logged out (or refused by the server) leaves their cart behind: it is not the guest's
let wasCustomer = isLoggedIn();
subscribeSession(() => {
  if (wasCustomer && !isLoggedIn()) setCartId(null);
  wasCustomer = isLoggedIn();
});

/** Forgets the cart, unless a newer one has replaced it meanwhile. */
function forgetCart(cartId: string): void {
  if (getCartId() === cartId) setCartId(null);
}

function subscribeCartId(listener: () => void): () => void {
  idListeners.add(listener);
  // another tab made or dropped the cart
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.cartId || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    idListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCartId(): string | null {
  return useSyncExternalStore(subscribeCartId, getCartId, () => null);
}

export const cartKey = (cartId: string | null) => ['cart', cartId] as const;

// ---------------------------------------------------------------- talking to the server

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_BASE_MS = 500;

/** A cart that is gone, or belongs to another session: the client starts again with an empty cart. */
function isCartGone(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || e.code === 'CART_NOT_FOUND');
}

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

/** Notices already shown, per cart: SPEC says each is told once. */
const shownNotices = new Map<string, Set<string>>();

function announceNotices(cart: Cart): void {
  const shown = shownNotices.get(cart.cartId) ?? new Set<string>();
  // a notice that went away may come back later, and is then told again
  for (const text of shown) if (!cart.notices.includes(text)) shown.delete(text);
  for (const text of cart.notices) {
    if (shown.has(text)) continue;
    shown.add(text);
    notify(text);
  }
  shownNotices.set(cart.cartId, shown);
}

/**
 * SPEC §5 confetti: a change whose answer turns `confetti` true is celebrated once, on the cart screen
 * (at once when the change was made there, or when the customer gets there from /offers or /edv).
 */
let celebrateCart: string | null = null;
const celebrateListeners = new Set<() => void>();
function setCelebrate(cartId: string | null): void {
  celebrateCart = cartId;
  for (const l of celebrateListeners) l();
}

const celebrated = () => setCelebrate(null);

/** Whether this cart has a burst of confetti due, and the call that says it was shown. */
export function useCelebration(cartId: string | undefined): [due: boolean, done: () => void] {
  const due = useSyncExternalStore(
    (l) => {
      celebrateListeners.add(l);
      return () => celebrateListeners.delete(l);
    },
    () => cartId !== undefined && celebrateCart === cartId,
    () => false,
  );
  return [due, celebrated];
}

/** Every cart answer lands here: it becomes the query data, and its notices are told. */
function receive(qc: QueryClient, cart: Cart): Cart {
  const before = qc.getQueryData<Cart | null>(cartKey(cart.cartId));
  if (cart.confetti && !before?.confetti) setCelebrate(cart.cartId);
  else if (!cart.confetti && celebrateCart === cart.cartId) setCelebrate(null);
  qc.setQueryData(cartKey(cart.cartId), cart);
  writeJson(STORAGE_KEYS.lastCart, cart);
  announceNotices(cart);
  return cart;
}

/** The cart as last answered, for a reload without a connection (never another cart's). */
function lastCart(cartId: string | null): Cart | undefined {
  const kept = readJson<Cart | null>(STORAGE_KEYS.lastCart, null);
  return kept && kept.cartId === cartId ? kept : undefined;
}

async function fetchCart(cartId: string, signal?: AbortSignal): Promise<Cart | null> {
  try {
    const res = await api<CartResponse>(fillPath(API_PATHS.cart, { cartId }), {
      signal,
      headers: { [HEADERS.cartId]: cartId },
    });
    announceNotices(res.data);
    writeJson(STORAGE_KEYS.lastCart, res.data);
    return res.data;
  } catch (e) {
    if (isCartGone(e)) {
      forgetCart(cartId);
      return null;
    }
    throw e;
  }
}

// ---------------------------------------------------------------- reading

export interface UseCartOptions {
  /** refetch whenever a screen using it mounts: the server re-validates the cart on every GET */
  fresh?: boolean;
  enabled?: boolean;
}

/** The cart, null when there is none (never made, or gone on the server). */
export function useCart({ fresh = false, enabled = true }: UseCartOptions = {}): UseQueryResult<Cart | null> {
  const cartId = useCartId();
  return useQuery({
    queryKey: cartKey(cartId),
    queryFn: ({ signal }) => (cartId ? fetchCart(cartId, signal) : Promise.resolve(null)),
    // shown at once and asked again: offline, a reload still shows the cart (with its error to retry)
    initialData: () => lastCart(cartId),
    initialDataUpdatedAt: 0,
    enabled,
    staleTime: cartId ? 30_000 : Infinity,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** Quantities in the cart by product code, and the line a menu "−" takes one from. */
export interface ProductInCart {
  quantity: number;
  /** the last line of the product: "−" on the menu changes this one */
  itemId: string;
  lineQuantity: number;
}

export function productsInCart(cart: Cart | null | undefined): ReadonlyMap<string, ProductInCart> {
  const map = new Map<string, ProductInCart>();
  for (const line of cart?.validItems ?? []) {
    const before = map.get(line.product.code);
    map.set(line.product.code, {
      quantity: (before?.quantity ?? 0) + line.quantity,
      itemId: line.itemId,
      lineQuantity: line.quantity,
    });
  }
  return map;
}

// ---------------------------------------------------------------- changing

let busy = 0;
const busyListeners = new Set<() => void>();
function setBusy(delta: number): void {
  busy += delta;
  for (const l of busyListeners) l();
}

/** True while a cart change is on its way: steppers wait rather than send a change based on old data. */
export function useCartBusy(): boolean {
  return useSyncExternalStore(
    (l) => {
      busyListeners.add(l);
      return () => busyListeners.delete(l);
    },
    () => busy > 0,
    () => false,
  );
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

export interface CartActions {
  /**
   * adds a line (merged by the server with an equal one); makes the cart first when there is none. Offline the add
   * is kept for the connection (./outbox.ts) and rejects with KeptOffline.
   */
  addItem(item: CartItemInput): Promise<Cart>;
  /** 0 removes the line */
  setQuantity(itemId: string, quantity: number): Promise<Cart>;
  removeItem(itemId: string): Promise<Cart>;
  /** replaces a line's customisation (the customise screen in edit mode) */
  replaceItem(itemId: string, item: CartItemInput): Promise<Cart>;
  /** keeps a PRICE_CHANGED line at its current price */
  acceptPrice(itemId: string): Promise<Cart>;
  /** rejects with an ApiError carrying the server's displayMsg when the coupon does not apply */
  applyPromo(code: string): Promise<Cart>;
  removePromo(code: string): Promise<Cart>;
  /** paise */
  setTip(tipAmount: number): Promise<Cart>;
  /** the optional charge K */
  setOptionalCharge(selected: boolean): Promise<Cart>;
  /** drops every line that cannot be ordered (the invalid-items dialog's OK) */
  removeInvalid(): Promise<Cart>;
  /** takes every PRICE_CHANGED line at its current price */
  acceptPrices(): Promise<Cart>;
  /** re-prices the cart at another store or order type */
  moveCart(storeId: number, deliveryType: DeliveryType): Promise<Cart>;
}

const noCart = () =>
  new ApiError(404, [{ code: 'CART_NOT_FOUND', displayMsg: MESSAGES.somethingWentWrongRetry }]);

function outcomeOf(qc: QueryClient, res: CartOutcome): Cart {
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return receive(qc, res.data);
}

/** The cart's actions, and those the kept edits are sent through (they never wait behind themselves). */
type AllCartActions = CartActions & KeptSender;

export function cartActions(qc: QueryClient): AllCartActions {
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
      const key = randomId();
      if (mustWait()) return keep({ kind: 'add', key, item });
      try {
        return await add(item, key);
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
  shownNotices.clear();
  celebrateCart = null;
}

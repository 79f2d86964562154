import { useSyncExternalStore } from 'react';
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Cart, CartItemInput, CartResponse } from '@crust/contract';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { api, ApiError } from '../api/client.ts';
import { isLoggedIn, subscribeSession } from '../api/session.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';
import { notify } from './toasts.ts';
import type { KeptSender } from './send-kept.ts';

/**
 * The guest's cart. Its id lives in localStorage (a reload or a closed tab keeps the cart); its data is
 * the TanStack query ['cart', cartId], set from every answer the server gives. The client sends what to
 * make and never a price: the server prices the cart and the screens show exactly what it says.
 */

// ---------------------------------------------------------------- the cart id

const idListeners = new Set<() => void>();

export function getCartId(): string | null {
  const id = readJson<unknown>(STORAGE_KEYS.cartId, null);
  return typeof id === 'string' && id ? id : null;
}

export function setCartId(id: string | null): void {
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
export function forgetCart(cartId: string): void {
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

/** A cart that is gone, or belongs to another session: the client starts again with an empty cart. */
export function isCartGone(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || e.code === 'CART_NOT_FOUND');
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
export function receive(qc: QueryClient, cart: Cart): Cart {
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

export async function fetchCart(cartId: string, signal?: AbortSignal): Promise<Cart | null> {
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
export function setBusy(delta: number): void {
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

/** The cart's actions, and those the kept edits are sent through (they never wait behind themselves). */
export type AllCartActions = CartActions & KeptSender;

/** For tests: forget the cart state's memory between renders (./changes.ts's resetCartModule calls it). */
export function resetCartState(): void {
  shownNotices.clear();
  celebrateCart = null;
}

import { expect } from 'vitest';
import type { Cart, CartItemInput, CartOutcome } from '@crust/contract/cart';
import { CartOutcomeSchema, CartResponseSchema } from '@crust/contract/cart';
import type { Menu, MenuProduct } from '@crust/contract/menu';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { AnonymousSessionResponseSchema } from '@crust/contract/session';
import { json, type TestApp } from './helpers.ts';

/** Menu codes the cart suites use (demo data). */
export const FARMHOUSE = 'PIZ0105';
export const MARGHERITA = 'PIZ0101';
export const PEPPY_PANEER = 'PIZ0106';
export const BREADSTICKS = 'SID0401';
export const PEPSI = 'BEV0501';
export const LAVA_CAKE = 'DES2601';
export const ONION_MANIA = 'PIZ0301';
export const CRUST = {
  HAND_TOSSED: 1,
  WHEAT_THIN: 2,
  CHEESE_BURST: 3,
  FRESH_PAN: 4,
  CLASSIC: 5,
  STANDARD: 6,
};
export const SIZE = { R: 1, M: 2, L: 3, STD: 4 };

let addresses = 0;

export interface Guest {
  userId: string;
  headers: Record<string, string>;
}

export async function newGuest(t: TestApp, storeId = 1001, deliveryType = 'D'): Promise<Guest> {
  addresses += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.anonymousSession,
    payload: {},
    remoteAddress: `10.1.${Math.floor(addresses / 250)}.${addresses % 250}`,
  });
  expect(res.statusCode).toBe(200);
  const s = AnonymousSessionResponseSchema.parse(json(res)).data;
  return {
    userId: s.userId,
    headers: {
      sessiontoken: s.credentials.sessionToken,
      authtoken: s.credentials.accessKeyId,
      userid: s.userId,
      storeid: String(storeId),
      deliverytype: deliveryType,
    },
  };
}

export function pizza(
  code: string,
  sizeId: number,
  quantity = 1,
  extra: Partial<CartItemInput> = {},
): CartItemInput {
  return { productCode: code, crustId: CRUST.HAND_TOSSED, sizeId, quantity, ...extra };
}

export function side(code: string, quantity = 1): CartItemInput {
  return { productCode: code, crustId: CRUST.STANDARD, sizeId: SIZE.STD, quantity };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One guest's view of the cart API, answering parsed bodies. */
export function cartClient(t: TestApp, guest: Guest) {
  async function call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...guest.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return res;
  }
  async function outcome(method: Method, url: string, payload?: unknown, headers?: Record<string, string>) {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return CartOutcomeSchema.parse(json(res));
  }
  const ok = (o: CartOutcome): Cart => {
    if (o.status !== 'SUCCESS') throw new Error(`expected SUCCESS, got ${JSON.stringify(o.errors)}`);
    return o.data;
  };
  return {
    call,
    create: (items: CartItemInput[], extra: Record<string, unknown> = {}) =>
      outcome('POST', API_PATHS.carts, { items, ...extra }),
    async get(cartId: string, headers?: Record<string, string>) {
      const res = await call('GET', fillPath(API_PATHS.cart, { cartId }), undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return CartResponseSchema.parse(json(res)).data;
    },
    put: (cartId: string, body: unknown, headers?: Record<string, string>) =>
      outcome('PUT', fillPath(API_PATHS.cart, { cartId }), body, headers),
    add: (cartId: string, item: CartItemInput, headers?: Record<string, string>) =>
      outcome('POST', fillPath(API_PATHS.cartItems, { cartId }), { item }, headers),
    patch: (cartId: string, itemId: string, body: unknown) =>
      outcome('PATCH', fillPath(API_PATHS.cartItem, { cartId, itemId }), body),
    remove: (cartId: string, itemId: string) =>
      outcome('DELETE', fillPath(API_PATHS.cartItem, { cartId, itemId })),
    apply: (cartId: string, code: string) =>
      outcome('POST', fillPath(API_PATHS.cartPromo, { cartId }), { code }),
    unapply: (cartId: string, code: string) =>
      outcome('DELETE', fillPath(API_PATHS.cartPromoCode, { cartId, code })),
    ok,
  };
}

export async function storeMenu(t: TestApp, storeId = 1001): Promise<Map<string, MenuProduct>> {
  const res = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId }) });
  const menu = json<{ data: Menu }>(res).data;
  return new Map(menu.products.map((p) => [p.menuCode, p]));
}

/** The price of a product's variant at a store, paise, from its menu. */
export function variantPrice(
  menu: Map<string, MenuProduct>,
  code: string,
  crustId: number,
  sizeId: number,
): number {
  const v = menu.get(code)?.variants.find((x) => x.crustId === crustId && x.sizeId === sizeId);
  if (!v) throw new Error(`${code} has no variant ${crustId}/${sizeId}`);
  return v.price;
}

/** SPEC §3 cartCalculations lookup by key, children included. */
export function calc(cart: Cart, key: string): number | undefined {
  const walk = (entries: Cart['cartCalculations']): number | undefined => {
    for (const e of entries) {
      if (e.key === key) return e.value;
      const inner = e.children ? walk(e.children) : undefined;
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  return walk(cart.cartCalculations);
}

/** The store's stock switch (the sandbox stands in for the store console until it exists). */
export async function setStock(
  t: TestApp,
  storeId: number,
  productCode: string,
  change: { available?: boolean; inStock?: boolean; priceDeltaPaise?: number },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/stores/${storeId}/products/${productCode}`,
    payload: change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

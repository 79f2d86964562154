/** Shared by the cart, offers, EDV, payment, tracking and history tests: cart and order factories, a fake API over fetch and a test app. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type createMemoryRouter } from './memory-router.tsx';
import type { Cart, CartItem, InvalidCartItem } from '@crust/contract';
import type { OrderSummary } from '@crust/contract/orders';
import MenuScreen from '../src/features/menu/MenuScreen.tsx';
import CustomiseScreen from '../src/features/customise/CustomiseScreen.tsx';
import CartScreen from '../src/features/cart/CartScreen.tsx';
import OffersScreen from '../src/features/offers/OffersScreen.tsx';
import OfferTermsScreen from '../src/features/offers/OfferTermsScreen.tsx';
import TermsScreen from '../src/features/offers/TermsScreen.tsx';
import EdvScreen, { EdvRedirect } from '../src/features/edv/EdvScreen.tsx';
import { CartDock, CartToast } from '../src/shared/cart/CartDock.tsx';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { resetToasts } from '../src/shared/cart/toasts.ts';
import { resetLocationState, setStore } from '../src/shared/state/location-store.ts';
import { MENU, TOPPINGS } from './menu-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

export const CART_ID = 'C0123456789ABCDEF0123';

/** A chosen store, as the location screens would save it. */
export const KORAMANGALA = {
  id: 3001,
  name: 'Koramangala',
  online: 1 as const,
  advanceOrderStoreId: null,
  address: '',
};

/**
 * Each cart test starts with Koramangala chosen, the store of makeCart's carts (with no store at all an add
 * asks for the location first: cart-location-first.test.tsx), no cart and no toasts, and leaves no mocks
 * behind.
 */
export function isolateCartTests(): void {
  beforeEach(() => {
    resetLocationState();
    setStore(KORAMANGALA);
    resetCartModule();
    resetToasts();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export function makeItem(o: Partial<CartItem> = {}): CartItem {
  const quantity = o.quantity ?? 1;
  const pricePerQty = o.pricePerQty ?? 24500;
  return {
    itemId: 'I000000000001',
    product: { code: 'PIZ0171', name: 'Margherita', categoryIds: [2], foodType: 'VEG', image: '' },
    productType: 'PIZZA',
    menuType: null,
    potpFreeItem: false,
    quantity,
    crustId: 1,
    sizeId: 2,
    sizeCode: 'M',
    crustName: 'Hand Tossed',
    sizeName: 'Medium',
    addTopngs: [],
    remTopngs: [],
    repTopngs: [],
    extraCheese: 0,
    summary: 'Medium | Hand Tossed',
    isCustomizable: true,
    nonVeg: false,
    pricePerQty,
    totalPrice: pricePerQty * quantity,
    totalDiscount: 0,
    totalPriceAfterDiscount: pricePerQty * quantity,
    taxAmount: 0,
    isEDVOApplied: false,
    promoGroupId: null,
    ...o,
  };
}

export function makeInvalid(o: Partial<InvalidCartItem> = {}): InvalidCartItem {
  return {
    itemId: 'I0000000000F1',
    productCode: 'SID0002',
    name: 'Chicken Wings',
    quantity: 1,
    summary: '',
    reasonCode: 'OUT_OF_STOCK',
    reason: 'Temporarily out of stock',
    pricePerQty: 14900,
    currentPricePerQty: null,
    ...o,
  };
}

/** The chain's surprise gift as the server names it (SURPRISE_GIFT_PRODUCT_CODE at a store that has it). */
export const LAVA_GIFT = { productCode: 'DES2601', name: 'Choco Lava Cake' };

export function makeCart(o: Partial<Cart> = {}): Cart {
  const validItems = o.validItems ?? [makeItem()];
  const total = validItems.reduce((n, i) => n + i.totalPriceAfterDiscount, 0);
  return {
    cartId: CART_ID,
    version: 1,
    storeId: 3001,
    deliveryType: 'D',
    orderDateTimeInSec: null,
    earnableBurnable: null,
    validItems,
    invalidItems: [],
    cartCalculations: [
      { key: 'sub_total', label: 'Item total', value: total },
      {
        key: 'taxes_and_charges',
        label: 'Taxes and charges',
        value: 1225,
        children: [
          { key: 'additional_charges', label: 'Delivery charge', value: 0 },
          { key: 'tax', label: 'GST', value: 1225 },
        ],
      },
      { key: 'grand_total', label: 'Grand total', value: total + 1225 },
    ],
    strikePrice: total,
    displayPrice: total,
    displayNetPrice: total,
    price: total + 1225,
    taxAmount: 1225,
    itemCount: validItems.reduce((n, i) => n + i.quantity, 0),
    isEDVOApplied: false,
    tip: { tipAmount: 0, tipRemoved: false, options: [2000, 3000, 5000] },
    explicitPromo: null,
    appliedPromo: null,
    optedOptionalCharges: [
      { chargeTypeCode: 'K', selected: false, amount: 1000, label: 'Contactless packaging' },
    ],
    surpriseGift: {
      ...LAVA_GIFT,
      threshold: 35000,
      unlocked: total >= 35000,
      remaining: Math.max(0, 35000 - total),
    },
    confetti: false,
    bestDeal: null,
    notices: [],
    ...o,
  };
}

/** A placed delivery order as GET /orders/:orderId answers: three lines, a discount, taxes. */
export function makeOrderSummary(o: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'O0123456789ABCDEF0123',
    transactionId: 'T0123456789ABCDEF0123',
    dominosOrderId: '4521',
    deliveryType: 'D',
    status: 'PLACED',
    advanceOrder: false,
    advancedTime: null,
    storeId: 3001,
    storeName: 'Koramangala',
    items: [
      {
        productId: 'PIZ0201',
        name: 'Farmhouse',
        quantity: 2,
        description: 'Medium · Cheese Burst',
        pricePaise: 91_800,
      },
      { productId: 'SID0001', name: 'Garlic Breadsticks', quantity: 1, description: '', pricePaise: 10_900 },
      { productId: 'PIZ0201', name: 'Farmhouse', quantity: 1, description: 'Large', pricePaise: 62_900 },
    ],
    surpriseGift: null,
    netPrice: 171_725,
    discount: 9_180,
    paymentSummary: [
      { label: 'Item total', value: 165_600 },
      { label: 'Discount', value: 9_180, key: 'discount' },
      { label: 'Taxes and charges', value: 15_305 },
    ],
    loyaltyEarnedPoints: 0,
    earnableBurnable: null,
    userDetail: { firstName: 'Asha', lastName: 'Rao', mobile: '9876543210' },
    deliverTo: '12 MG Road, Bengaluru',
    vehicleNumber: null,
    placedAt: '2026-11-22T10:00:00.000Z',
    createdAt: '2026-11-22T09:59:00.000Z',
    ...o,
  };
}

export const success = (data: unknown) => ({ status: 'SUCCESS', data });
export const failed = (code: string, displayMsg: string) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg }],
});

export interface Call {
  method: string;
  /** path and query */
  url: string;
  path: string;
  body: any;
  headers: Record<string, string>;
}

export type Handler = (call: Call, params: Record<string, string>) => unknown;

export const reply = (status: number, body: unknown) => ({ __status: status, body });
export const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

function toRegex(pattern: string): RegExp {
  return new RegExp('^' + pattern.replace(/:(\w+)/g, '(?<$1>[^/]+)') + '$');
}

/**
 * fetch stubbed with a small API: handlers keyed 'METHOD /api/v1/path/:param'. The store's menu and
 * toppings are served by default; anything else unhandled answers 404.
 */
export function mockServer(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const table: Record<string, Handler> = {
    'GET /api/v1/stores/:storeId/menu': (_c, p) => success({ ...MENU, storeId: Number(p.storeId) }),
    'GET /api/v1/stores/:storeId/toppings': (_c, p) => success({ ...TOPPINGS, storeId: Number(p.storeId) }),
    ...handlers,
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const u = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      url: u.pathname + u.search,
      path: u.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    for (const [key, handler] of Object.entries(table)) {
      const [m, pattern] = key.split(' ') as [string, string];
      const match = m === method ? toRegex(pattern).exec(u.pathname) : null;
      if (!match) continue;
      const out = await handler(call, { ...match.groups });
      if (out && typeof out === 'object' && '__status' in out) {
        const r = out as { __status: number; body: unknown };
        return json(r.__status, r.body);
      }
      return json(200, out);
    }
    return json(404, failed('NOT_FOUND', 'no such route'));
  });
  vi.stubGlobal('fetch', fetchMock);
  const api = {
    calls,
    fetchMock,
    on(key: string, handler: Handler) {
      table[key] = handler;
      return api;
    },
    /** calls other than the menu and toppings */
    apiCalls: () => calls.filter((c) => !/\/(menu|toppings)$/.test(c.path)),
    find: (method: string, path: RegExp | string) =>
      calls.filter(
        (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
      ),
  };
  return api;
}

/** A cart server: GET answers the current cart; `answer` changes it as a mutation would. */
export function cartServer(initial: Cart | null, extra: Record<string, Handler> = {}) {
  const state = { cart: initial };
  const server = mockServer({
    'GET /api/v1/carts/:cartId': () =>
      state.cart ? success(state.cart) : reply(404, failed('CART_NOT_FOUND', 'Cart not found')),
    ...extra,
  });
  return { ...server, state };
}

export function rememberCart(cartId = CART_ID): void {
  localStorage.setItem('crust.cartId', JSON.stringify(cartId));
}

function Layout({ dock }: { dock: boolean }) {
  return (
    <>
      <Outlet />
      {dock ? <CartDock /> : <CartToast />}
    </>
  );
}

export function renderScreens(url: string, opts: { dock?: boolean; queryClient?: QueryClient } = {}) {
  return renderRouter(
    [
      {
        element: <Layout dock={opts.dock ?? false} />,
        children: [
          { path: '/menu', Component: MenuScreen },
          { path: '/menu/:slug', Component: MenuScreen },
          { path: '/customise', Component: CustomiseScreen },
          { path: '/cart', Component: CartScreen },
          { path: '/offers', Component: OffersScreen },
          { path: '/tncOffers', Component: OfferTermsScreen },
          { path: '/tnc', Component: TermsScreen },
          { path: '/edv', Component: EdvScreen },
          { path: '/everyday-value-offers', Component: EdvRedirect },
          { path: '*', Component: () => <h1>Elsewhere</h1> },
        ],
      },
    ],
    url,
    opts,
  );
}

export function urlOf(router: ReturnType<typeof createMemoryRouter>): string {
  const l = router.state.location;
  return l.pathname + l.search;
}

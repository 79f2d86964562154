/** Shared by the menu, customise and search component tests: a small store menu, toppings and a test app. */
import { vi } from 'vitest';
import type { createMemoryRouter } from './memory-router.tsx';
import type {
  Menu,
  MenuProduct,
  MenuResponse,
  StoreInfoResponse,
  Toppings,
  ToppingsResponse,
} from '@crust/contract';
import MenuScreen from '../src/features/menu/MenuScreen.tsx';
import CustomiseScreen from '../src/features/customise/CustomiseScreen.tsx';
import SearchScreen from '../src/features/search/SearchScreen.tsx';
import NotFoundScreen from '../src/shared/ui/NotFoundScreen.tsx';
import { renderRouter } from './render-fixtures.tsx';

export const CRUSTS = { HAND_TOSSED: 1, CHEESE_BURST: 2 } as const;
export const SIZES = { REGULAR: 1, MEDIUM: 2, LARGE: 3 } as const;
export const T = {
  ONION: 1,
  CAPSICUM: 2,
  PANEER: 3,
  JALAPENO: 4,
  TOMATO: 5,
  CHICKEN_TIKKA: 10,
  BBQ_CHICKEN: 11,
} as const;

const crustName = { 1: 'Hand Tossed', 2: 'Cheese Burst' } as Record<number, string>;
const sizeName = { 1: 'Regular', 2: 'Medium', 3: 'Large' } as Record<number, string>;
const serves = { 1: 1, 2: 2, 3: 4 } as Record<number, number>;

type V = [crustId: number, sizeId: number, rupees: number, regularRupees?: number];

function product(
  code: string,
  name: string,
  o: Partial<MenuProduct> & { variantsR?: V[]; categoryIds: number[] },
): MenuProduct {
  const variants = (o.variantsR ?? [[1, 1, 100]]).map(([crustId, sizeId, r, reg]) => ({
    code: `${code}-${crustId}-${sizeId}`,
    crustId,
    sizeId,
    crustName: crustName[crustId]!,
    sizeName: sizeName[sizeId]!,
    serves: serves[sizeId]!,
    price: r * 100,
    regularPrice: (reg ?? r) * 100,
  }));
  const cheapest = [...variants].sort((a, b) => a.price - b.price)[0]!;
  const { variantsR: _v, ...rest } = o;
  return {
    menuCode: code,
    parentSkuId: code,
    productMasterUID: code,
    name,
    description: `${name} description`,
    foodType: 'VEG',
    productType: code.startsWith('PIZ') ? 'PIZZA' : 'SIDES',
    price: { currentPrice: cheapest.price, regularPrice: cheapest.regularPrice },
    variants,
    defaultToppingIds: [],
    taxation: { gstRatePercent: 5, hsnCode: '996331' },
    mediaList: [{ type: 'image', url: `/menu-img/${code.toLowerCase()}.svg` }],
    metadataMap: { menuCategoryCode: 'X', isCustomizable: false, isReplaceable: false, filterKeys: [] },
    isBestseller: false,
    inStock: true,
    ...rest,
  };
}

const pizzaMeta = { menuCategoryCode: 'PIZ', isCustomizable: true, isReplaceable: false, filterKeys: [] };

export const PRODUCTS: MenuProduct[] = [
  product('PIZ0171', 'Margherita', {
    categoryIds: [2],
    description: 'Classic delight with 100% real mozzarella cheese',
    defaultToppingIds: [],
    metadataMap: pizzaMeta,
    isBestseller: true,
    variantsR: [
      [1, 1, 109],
      [1, 2, 245],
      [1, 3, 459],
      [2, 2, 345],
      [2, 3, 559],
    ],
  }),
  product('PIZ0172', 'Peppy Paneer', {
    categoryIds: [2],
    description: 'Chunky paneer with crisp capsicum and spicy red pepper',
    defaultToppingIds: [T.PANEER, T.CAPSICUM],
    metadataMap: pizzaMeta,
    isBestseller: true,
    variantsR: [
      [1, 1, 259, 299],
      [1, 2, 459, 499],
      [2, 2, 559, 599],
    ],
  }),
  product('PIZ0173', 'Veggie Jalapeno Crunch', {
    categoryIds: [2],
    description: 'Crunchy veggies and a hot kick',
    defaultToppingIds: [T.JALAPENO, T.ONION],
    metadataMap: pizzaMeta,
    variantsR: [[1, 1, 199]],
  }),
  product('PIZ0201', 'Chicken Dominator', {
    categoryIds: [3],
    foodType: 'NON_VEG',
    description: 'Loaded with double pepper barbecue chicken',
    defaultToppingIds: [T.BBQ_CHICKEN, T.CHICKEN_TIKKA],
    metadataMap: pizzaMeta,
    variantsR: [
      [1, 1, 329, 399],
      [1, 2, 599, 649],
    ],
  }),
  product('PIZ0501', 'Onion Pizza Mania', {
    categoryIds: [20],
    productType: 'PIZZA_MANIA',
    description: 'Pizza Mania with onion and tomato',
    defaultToppingIds: [T.ONION, T.TOMATO],
    metadataMap: { ...pizzaMeta, isReplaceable: true },
    variantsR: [[1, 1, 59]],
  }),
  product('SID0001', 'Garlic Breadsticks', {
    categoryIds: [4],
    description: 'Baked to perfection',
    variantsR: [[1, 1, 109]],
  }),
  product('SID0002', 'Chicken Wings', {
    categoryIds: [4],
    foodType: 'NON_VEG',
    inStock: false,
    description: 'Spicy wings',
    variantsR: [[1, 1, 149]],
  }),
  product('BEV0001', 'Pepsi 475ml', { categoryIds: [5], description: 'Cold drink', variantsR: [[1, 1, 60]] }),
  product('SPC0001', 'Chef Tandoori Platter', {
    categoryIds: [90],
    foodType: 'NON_VEG',
    description: 'Chef special',
    variantsR: [[1, 1, 299]],
  }),
];

export const MENU: Menu = {
  storeId: 3001,
  version: 'v1',
  generatedAt: '2025-01-01T00:00:00.000Z',
  categories: [
    {
      categoryId: 1,
      categoryName: 'Bestsellers',
      slug: 'bestsellers',
      sortOrder: 1,
      data: ['PIZ0171', 'PIZ0172'],
    },
    {
      categoryId: 2,
      categoryName: 'Veg Pizza',
      slug: 'veg-pizza',
      sortOrder: 2,
      data: ['PIZ0171', 'PIZ0172', 'PIZ0173'],
    },
    { categoryId: 3, categoryName: 'Non-Veg Pizza', slug: 'non-veg-pizza', sortOrder: 3, data: ['PIZ0201'] },
    { categoryId: 20, categoryName: 'Pizza Mania', slug: 'pizza-mania', sortOrder: 4, data: ['PIZ0501'] },
    { categoryId: 4, categoryName: 'Sides', slug: 'sides', sortOrder: 5, data: ['SID0001', 'SID0002'] },
    { categoryId: 5, categoryName: 'Beverages', slug: 'beverages', sortOrder: 6, data: ['BEV0001'] },
    { categoryId: 90, categoryName: 'Chef Specials', slug: 'chef-specials', sortOrder: 7, data: ['SPC0001'] },
  ],
  products: PRODUCTS,
  bestsellers: ['PIZ0171', 'PIZ0172'],
  crusts: [
    { crustId: 1, name: 'Hand Tossed', description: 'Classic hand stretched' },
    { crustId: 2, name: 'Cheese Burst', description: 'Liquid cheese inside' },
  ],
  sizes: [
    { sizeId: 1, code: 'R', name: 'Regular', description: '', serves: 1 },
    { sizeId: 2, code: 'M', name: 'Medium', description: '', serves: 2 },
    { sizeId: 3, code: 'L', name: 'Large', description: '', serves: 4 },
  ],
};

const prices = (r: number, m: number | null, l: number | null) => [
  { sizeId: 1, price: r * 100 },
  ...(m === null ? [] : [{ sizeId: 2, price: m * 100 }]),
  ...(l === null ? [] : [{ sizeId: 3, price: l * 100 }]),
];

export const TOPPINGS: Toppings = {
  storeId: 3001,
  toppings: [
    { toppingId: T.ONION, name: 'Onion', foodType: 'VEG', type: 0, prices: prices(35, 60, 85) },
    { toppingId: T.CAPSICUM, name: 'Capsicum', foodType: 'VEG', type: 0, prices: prices(35, 60, 85) },
    { toppingId: T.PANEER, name: 'Paneer', foodType: 'VEG', type: 0, prices: prices(45, 75, 100) },
    { toppingId: T.JALAPENO, name: 'Jalapeno', foodType: 'VEG', type: 0, prices: prices(35, 60, null) },
    { toppingId: T.TOMATO, name: 'Tomato', foodType: 'VEG', type: 0, prices: prices(35, 60, 85) },
    {
      toppingId: T.CHICKEN_TIKKA,
      name: 'Chicken Tikka',
      foodType: 'NON_VEG',
      type: 1,
      prices: prices(50, 85, 115),
    },
    {
      toppingId: T.BBQ_CHICKEN,
      name: 'Barbeque Chicken',
      foodType: 'NON_VEG',
      type: 1,
      prices: prices(50, 85, 115),
    },
  ],
  extraCheese: { toppingId: 51, name: 'Extra Cheese', foodType: 'VEG', type: 0, prices: prices(35, 60, 85) },
};

export interface FetchCall {
  url: string;
}

/** fetch stubbed with the store API; `fail` makes the named calls answer 500. */
export function mockApi(
  opts: {
    fail?: { menu?: boolean; toppings?: boolean };
    menu?: Menu;
    /** the answer to POST /api/v1/stores/info; without it, 404 */
    storeInfo?: StoreInfoResponse;
  } = {},
) {
  const calls: FetchCall[] = [];
  const state = { fail: { ...opts.fail } };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url });
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/v1/stores/info' && opts.storeInfo) return json(200, opts.storeInfo);
    const m = /\/api\/v1\/stores\/([^/]+)\/(menu|toppings)$/.exec(path);
    if (!m) return json(404, { status: 'FAILED', errors: [{ code: 'NOT_FOUND', displayMsg: 'no' }] });
    const storeId = Number(m[1]);
    if (m[2] === 'menu') {
      if (state.fail.menu)
        return json(500, { status: 'FAILED', errors: [{ code: 'E', displayMsg: 'boom' }] });
      return json(200, {
        status: 'SUCCESS',
        data: { ...(opts.menu ?? MENU), storeId },
      } satisfies MenuResponse);
    }
    if (state.fail.toppings)
      return json(500, { status: 'FAILED', errors: [{ code: 'E', displayMsg: 'boom' }] });
    return json(200, { status: 'SUCCESS', data: { ...TOPPINGS, storeId } } satisfies ToppingsResponse);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, state, fetchMock };
}

export function renderApp(url: string) {
  return renderRouter(
    [
      { path: '/menu', Component: MenuScreen },
      { path: '/menu/:slug', Component: MenuScreen },
      { path: '/customise', Component: CustomiseScreen },
      { path: '/search', Component: SearchScreen },
      { path: '/locationSelection', Component: () => <h1>Location selection</h1> },
      { path: '*', Component: NotFoundScreen },
    ],
    url,
  );
}

/** The router's current URL, path and query. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const l = router.state.location;
  return l.pathname + l.search;
}

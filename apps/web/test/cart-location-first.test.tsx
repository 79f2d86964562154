import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from './memory-router.tsx';
import { QueryClient } from '@tanstack/react-query';
import { cartActions } from '../src/shared/cart/changes.ts';
import MenuScreen from '../src/features/menu/MenuScreen.tsx';
import CustomiseScreen from '../src/features/customise/CustomiseScreen.tsx';
import NearestStoreScreen from '../src/features/location/NearestStoreScreen.tsx';
import { CartToast } from '../src/shared/cart/CartDock.tsx';
import { LocationFirst } from '../src/shared/cart/LocationFirst.tsx';
import {
  getLocationState,
  resetLocationState,
  setPoint,
  setStore,
} from '../src/shared/state/location-store.ts';
import {
  cartServer,
  isolateCartTests,
  makeCart,
  makeItem,
  success,
  urlOf,
  type Call,
} from './cart-fixtures.tsx';
import { KORAMANGALA as POINT, makeStore } from './location-harness.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 11: a guest with no location is asked for it before the first add, and the add is made at the
 * store they then choose (never at the default store whose menu they were browsing).
 */
isolateCartTests();
beforeEach(() => resetLocationState());

const INDIRANAGAR = makeStore({ id: 3002, name: 'Crust Indiranagar' });
const STICKS = makeItem({
  itemId: 'I000000000003',
  product: { code: 'SID0001', name: 'Garlic Breadsticks', categoryIds: [4], foodType: 'VEG', image: '' },
  productType: 'SIDES',
  isCustomizable: false,
  crustId: 1,
  sizeId: 1,
});

function Layout() {
  return (
    <>
      <Outlet />
      <CartToast />
      <LocationFirst />
    </>
  );
}

function open(url: string) {
  const server = cartServer(null, {
    'POST /api/v1/carts': (c: Call) => {
      server.state.cart = makeCart({
        storeId: Number(c.headers.storeid),
        validItems: [{ ...STICKS, quantity: c.body.items[0].quantity }],
      });
      return success(server.state.cart);
    },
    'GET /api/v1/stores/nearest': () => success({ store: INDIRANAGAR, stores: [INDIRANAGAR] }),
    'POST /api/v1/stores/info': () => ({
      ...success({ id: 3002, online: 1, advanceOrderStoreId: null, store: INDIRANAGAR }),
      errors: [],
    }),
  });
  const app = renderRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/menu', Component: MenuScreen },
          { path: '/menu/:slug', Component: MenuScreen },
          { path: '/customise', Component: CustomiseScreen },
          { path: '/nearestStore', Component: NearestStoreScreen },
          { path: '*', Component: () => <h1>Elsewhere</h1> },
        ],
      },
    ],
    url,
  );
  return { ...app, server, user: userEvent.setup() };
}

/** What the location screens do before store selection: a point is known, and /nearestStore runs. */
async function giveLocation(router: ReturnType<typeof open>['router'], type: string) {
  act(() => setPoint({ ...POINT, label: 'Indiranagar, Bengaluru' }));
  await act(() => router.navigate(`/nearestStore?deliveryType=${type}`));
}

describe('the first add with no store chosen', () => {
  it('asks for the order type and location first, then adds at the chosen store and comes back', async () => {
    const { server, router, user } = open('/menu/sides');
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));

    const prompt = await screen.findByRole('alertdialog', { name: 'Tell us where you are' });
    expect(server.find('POST', '/api/v1/carts')).toHaveLength(0);
    expect(within(prompt).getByRole('radio', { name: 'Delivery' })).toBeTruthy();
    expect(within(prompt).getByRole('radio', { name: 'Dine-in' })).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Choose location' }));
    expect(urlOf(router)).toBe('/locationSelection?deliveryType=D');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await giveLocation(router, 'D');
    // store selection adds what was waiting at the chosen store, then returns to the menu
    await waitFor(() => expect(urlOf(router)).toBe('/menu/sides'));
    const [post] = server.find('POST', '/api/v1/carts');
    expect(post!.headers.storeid).toBe('3002');
    expect(post!.body).toEqual({ items: [{ productCode: 'SID0001', crustId: 1, sizeId: 1, quantity: 1 }] });
    expect(getLocationState().store?.id).toBe(3002);
    expect(await screen.findByText('Added to your cart at Crust Indiranagar')).toBeTruthy();
    expect(
      await within(await screen.findByRole('article', { name: 'Garlic Breadsticks' })).findByRole('group', {
        name: 'Quantity of Garlic Breadsticks',
      }),
    ).toBeTruthy();
  });

  it('the chosen order type goes with the location flow', async () => {
    const { router, user } = open('/menu/sides');
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Tell us where you are' });
    await user.click(within(prompt).getByRole('radio', { name: 'Drive-n-Pick' }));
    await user.click(within(prompt).getByRole('button', { name: 'Choose location' }));
    expect(urlOf(router)).toBe('/locationSelection?deliveryType=CURB');
    expect(getLocationState().deliveryType).toBe('CURB');
  });

  it('Cancel drops the add: a store chosen later adds nothing', async () => {
    const { server, router, user } = open('/menu/sides');
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Tell us where you are' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await giveLocation(router, 'D');
    await waitFor(() => expect(urlOf(router)).toBe('/menu'));
    expect(server.find('POST', '/api/v1/carts')).toHaveLength(0);
  });

  it('"Add to cart" on customise asks first too, and comes back to the same choice', async () => {
    const { server, router, user } = open('/customise?pizzaId=PIZ0171&crust=1&size=2');
    await user.click(await screen.findByRole('button', { name: /Add to cart/ }));
    await screen.findByRole('alertdialog', { name: 'Tell us where you are' });
    expect(server.find('POST', '/api/v1/carts')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Choose location' }));

    await giveLocation(router, 'D');
    await waitFor(() => expect(urlOf(router)).toBe('/customise?pizzaId=PIZ0171&crust=1&size=2'));
    const [post] = server.find('POST', '/api/v1/carts');
    expect(post!.headers.storeid).toBe('3002');
    expect(post!.body.items[0]).toMatchObject({ productCode: 'PIZ0171', crustId: 1, sizeId: 2 });
  });
});

describe('the cart itself', () => {
  it('is never made without a chosen store (not even at the default store)', async () => {
    const server = cartServer(null, { 'POST /api/v1/carts': () => success(makeCart()) });
    const add = cartActions(new QueryClient()).addItem({
      productCode: 'SID0001',
      crustId: 1,
      sizeId: 1,
      quantity: 1,
    });
    await expect(add).rejects.toMatchObject({ code: 'NO_STORE' });
    expect(server.find('POST', '/api/v1/carts')).toHaveLength(0);
  });

  it('an item that lands in the cart buzzes the phone for 200 ms (SPEC §9); one refused does not', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      cartServer(null, { 'POST /api/v1/carts': () => success(makeCart()) });
      const item = { productCode: 'SID0001', crustId: 1, sizeId: 1, quantity: 1 };
      await expect(cartActions(new QueryClient()).addItem(item)).rejects.toMatchObject({ code: 'NO_STORE' });
      expect(vibrate).not.toHaveBeenCalled();
      act(() => setStore(makeStore({ id: 3002 }), { ...POINT, label: 'Indiranagar, Bengaluru' }));
      await cartActions(new QueryClient()).addItem(item);
      expect(vibrate).toHaveBeenCalledExactlyOnceWith(200);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });
});

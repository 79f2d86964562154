import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setDeliveryType, setStore } from '../src/shared/state/location-store.ts';
import { T } from './menu-fixtures.tsx';
import {
  CART_ID,
  cartServer,
  failed,
  makeCart,
  makeItem,
  rememberCart,
  renderScreens,
  success,
  urlOf,
  type Call,
  isolateCartTests,
  KORAMANGALA,
} from './cart-fixtures.tsx';

isolateCartTests();

const STICKS = makeItem({
  itemId: 'I000000000003',
  product: { code: 'SID0001', name: 'Garlic Breadsticks', categoryIds: [4], foodType: 'VEG', image: '' },
  productType: 'SIDES',
  isCustomizable: false,
  crustId: 1,
  sizeId: 1,
  pricePerQty: 10900,
});

/** Every key anywhere in a JSON body. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('adding from the menu', () => {
  it('the first Add creates the cart with POST, sends no price, and the card shows a stepper', async () => {
    setStore(KORAMANGALA);
    const server = cartServer(null, {
      'POST /api/v1/carts': (c: Call) => {
        server.state.cart = makeCart({ validItems: [{ ...STICKS, quantity: c.body.items[0].quantity }] });
        return success(server.state.cart);
      },
    });
    const user = userEvent.setup();
    renderScreens('/menu/sides');
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    const stepper = await within(cardOf('Garlic Breadsticks')).findByRole('group', {
      name: 'Quantity of Garlic Breadsticks',
    });
    expect(within(stepper).getByTestId('qty').textContent).toBe('1');
    const [post] = server.find('POST', '/api/v1/carts');
    expect(post!.body).toEqual({ items: [{ productCode: 'SID0001', crustId: 1, sizeId: 1, quantity: 1 }] });
    expect(keysOf(post!.body).filter((k) => /price|amount|total/i.test(k))).toEqual([]);
    expect(post!.headers.storeid).toBe('3001');
    expect(post!.headers.deliverytype).toBe('D');
    expect(post!.headers['idempotency-key']).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('crust.cartId')!)).toBe(CART_ID);
  });

  it('a customisable pizza adds its default customisation (the cheapest variant)', async () => {
    const server = cartServer(null, {
      'POST /api/v1/carts': () => success(makeCart()),
    });
    const user = userEvent.setup();
    renderScreens('/menu/veg-pizza');
    await user.click(await screen.findByRole('button', { name: 'Add Margherita' }));
    await waitFor(() => expect(server.find('POST', '/api/v1/carts')).toHaveLength(1));
    expect(server.find('POST', '/api/v1/carts')[0]!.body).toEqual({
      items: [{ productCode: 'PIZ0171', crustId: 1, sizeId: 1, quantity: 1 }],
    });
    expect(server.find('POST', '/api/v1/carts')[0]!.headers.storeid).toBe('3001');
    expect(within(cardOf('Peppy Paneer')).getByRole('link', { name: 'Customise Peppy Paneer' })).toBeTruthy();
  });

  it('the cart id is kept: after a remount the cart is read back from the server', async () => {
    const server = cartServer(null, {
      'POST /api/v1/carts': () => {
        server.state.cart = makeCart({ validItems: [STICKS] });
        return success(server.state.cart);
      },
    });
    const user = userEvent.setup();
    const first = renderScreens('/menu/sides');
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    await within(cardOf('Garlic Breadsticks')).findByRole('group');
    first.unmount();

    // a new tab: nothing in memory, only what the device kept
    renderScreens('/cart');
    expect(await screen.findByRole('article', { name: 'Garlic Breadsticks' })).toBeTruthy();
    expect(server.find('GET', `/api/v1/carts/${CART_ID}`).length).toBeGreaterThan(0);
    expect(server.find('POST', '/api/v1/carts')).toHaveLength(1);
  });

  it('with a cart, Add posts the item to it; + and − on the card change that line', async () => {
    rememberCart();
    const server = cartServer(makeCart({ validItems: [STICKS] }), {
      'POST /api/v1/carts/:cartId/items': () =>
        success(
          makeCart({
            validItems: [
              STICKS,
              makeItem({
                itemId: 'I000000000009',
                product: {
                  code: 'BEV0001',
                  name: 'Pepsi 475ml',
                  categoryIds: [5],
                  foodType: 'VEG',
                  image: '',
                },
              }),
            ],
          }),
        ),
      'PATCH /api/v1/carts/:cartId/items/:itemId': (c: Call) =>
        success(makeCart({ validItems: [{ ...STICKS, quantity: c.body.quantity }] })),
    });
    const user = userEvent.setup();
    renderScreens('/menu');
    const sticks = await within(
      await screen.findByRole('article', { name: 'Garlic Breadsticks' }),
    ).findByRole('group');
    await user.click(within(sticks).getByRole('button', { name: 'Increase quantity of Garlic Breadsticks' }));
    await waitFor(() =>
      expect(within(cardOf('Garlic Breadsticks')).getByTestId('qty').textContent).toBe('2'),
    );
    expect(server.find('PATCH', /items\/I000000000003$/)[0]!.body).toEqual({ quantity: 2 });

    await user.click(screen.getByRole('button', { name: 'Add Pepsi 475ml' }));
    await waitFor(() => expect(server.find('POST', /items$/)).toHaveLength(1));
    expect(server.find('POST', `/api/v1/carts/${CART_ID}/items`)[0]!.body).toEqual({
      item: { productCode: 'BEV0001', crustId: 1, sizeId: 1, quantity: 1 },
    });
    expect(server.find('POST', '/api/v1/carts')).toEqual([]);
  });

  it('a refused add shows the server text', async () => {
    rememberCart();
    cartServer(makeCart({ validItems: [STICKS] }), {
      'POST /api/v1/carts/:cartId/items': () =>
        failed('CART_LIMIT', 'Your cart can hold up to 25 items. Remove one to add another.'),
    });
    const user = userEvent.setup();
    renderScreens('/menu/beverages');
    await user.click(await screen.findByRole('button', { name: 'Add Pepsi 475ml' }));
    expect(
      (await screen.findByText('Your cart can hold up to 25 items. Remove one to add another.')).closest(
        '[role="alert"]',
      ),
    ).not.toBeNull();
  });
});

describe('customise → cart', () => {
  it('"Add to cart" posts the whole choice and offers the way to the cart', async () => {
    const server = cartServer(null, { 'POST /api/v1/carts': () => success(makeCart()) });
    const user = userEvent.setup();
    const { router } = renderScreens(
      `/customise?pizzaId=PIZ0171&crust=2&size=3&add=${T.PANEER}&cheese=2&qty=2`,
    );
    await user.click(await screen.findByRole('button', { name: /^Add to cart/ }));
    expect(await screen.findByText(/Added to your cart/)).toBeTruthy();
    expect(server.find('POST', '/api/v1/carts')[0]!.body).toEqual({
      items: [
        { productCode: 'PIZ0171', crustId: 2, sizeId: 3, addTopngs: [T.PANEER], extraCheese: 2, quantity: 2 },
      ],
    });
    await user.click(screen.getByRole('link', { name: 'View cart' }));
    expect(urlOf(router)).toBe('/cart');
  });

  it('opened from the cart with editItemId, it saves over that line with PATCH and returns to the cart', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'PATCH /api/v1/carts/:cartId/items/:itemId': () => success(makeCart()),
    });
    const user = userEvent.setup();
    const { router } = renderScreens(
      '/customise?pizzaId=PIZ0171&editItemId=I000000000001&crust=1&size=2&qty=2',
    );
    await user.click(await screen.findByRole('button', { name: 'Onion' }));
    // the item id stays in the URL while the choice changes
    expect(urlOf(router)).toContain('editItemId=I000000000001');
    await user.click(screen.getByRole('button', { name: /^Update cart/ }));
    await waitFor(() => expect(urlOf(router)).toBe('/cart'));
    expect(server.find('PATCH', `/api/v1/carts/${CART_ID}/items/I000000000001`)[0]!.body).toEqual({
      item: { productCode: 'PIZ0171', crustId: 1, sizeId: 2, addTopngs: [T.ONION], quantity: 2 },
    });
  });
});

describe('edit from the cart', () => {
  it('"Edit" then "Update cart" goes back to the cart screen it came from', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'PATCH /api/v1/carts/:cartId/items/:itemId': () => success(makeCart()),
    });
    const user = userEvent.setup();
    const { router } = renderScreens('/cart');
    await user.click(await screen.findByRole('link', { name: 'Edit Margherita' }));
    await user.click(await screen.findByRole('button', { name: 'Onion' }));
    await user.click(screen.getByRole('button', { name: /^Update cart/ }));
    await waitFor(() => expect(urlOf(router)).toBe('/cart'));
    expect(router.state.historyAction).toBe('POP');
    expect(server.find('PATCH', /items\/I000000000001$/)).toHaveLength(1);
  });
});

describe('the cart follows the chosen store', () => {
  it('choosing another store moves the cart there with PUT storeId and deliveryType', async () => {
    setStore(KORAMANGALA);
    rememberCart();
    const server = cartServer(makeCart({ validItems: [STICKS] }), {
      'PUT /api/v1/carts/:cartId': (c: Call) =>
        success(
          makeCart({ validItems: [STICKS], storeId: c.body.storeId, deliveryType: c.body.deliveryType }),
        ),
    });
    renderScreens('/menu', { dock: true });
    await screen.findByRole('link', { name: /View cart/ });
    expect(server.find('PUT', /carts/)).toEqual([]);
    act(() => {
      setDeliveryType('P');
      setStore({ ...KORAMANGALA, id: 3002, name: 'Indiranagar' });
    });
    await waitFor(() => expect(server.find('PUT', /carts/)).toHaveLength(1));
    expect(server.find('PUT', /carts/)[0]!.body).toEqual({ storeId: 3002, deliveryType: 'P' });
  });
});

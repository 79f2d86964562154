import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import LoyaltyScreen from '../src/features/loyalty/LoyaltyScreen.tsx';
import { startSession } from '../src/shared/api/session.ts';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { resetLocationState, setStore } from '../src/shared/state/location-store.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import { CART_ID, KORAMANGALA, failed, makeCart, makeItem, mockServer, success } from './cart-fixtures.tsx';
import { currentPath, renderRoutes } from './location-harness.tsx';
import { makeFreePizza, makeLoyaltyInfo, notEnrolled } from './loyalty-fixtures.ts';

const SCREENS = { '/pizzaLoyalty': LoyaltyScreen };
const open = () => renderRoutes('/pizzaLoyalty', SCREENS);

beforeEach(async () => {
  await startSession();
  resetLocationState();
  resetCartModule();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/pizzaLoyalty for a guest', () => {
  it('tells what Pizza Pals gives and leads to the login, back here afterwards; asks the server nothing', async () => {
    const server = mockServer();
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Log in to join Pizza Pals' })).toBeTruthy();
    expect(screen.getByText('600 points get you a free regular pizza.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(currentPath(router)).toBe('/login?redirectUrl=%2FpizzaLoyalty');
    expect(server.find('GET', /loyalty/)).toHaveLength(0);
  });
});

describe('/pizzaLoyalty for a customer not in Pizza Pals', () => {
  beforeEach(loginAsCustomer);

  it('joins through cheesy-rewards register once the terms are accepted', async () => {
    const server = mockServer({
      'GET /api/v1/loyalty/info': () => success(notEnrolled()),
      'POST /api/v1/loyalty/cheesy-rewards/register': () => success(makeLoyaltyInfo()),
    });
    open();
    const join = await screen.findByRole('button', { name: 'Join Pizza Pals' });
    fireEvent.click(join);
    // SPEC §5 Generic: nothing is sent without the terms
    expect(await screen.findByText('Please Accept Terms and Conditions First')).toBeTruthy();
    expect(server.find('POST', /register$/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the Pizza Pals terms' }));
    fireEvent.click(join);
    expect(await screen.findByRole('img', { name: '0 of 6 slices' })).toBeTruthy();
    expect(server.find('POST', /register$/)[0]!.body).toEqual({ acceptTerms: true });
    expect(screen.getByTestId('loyalty-points').textContent).toBe('0 points');
  });

  it("shows the server's displayMsg when the join is refused", async () => {
    mockServer({
      'GET /api/v1/loyalty/info': () => success(notEnrolled()),
      'POST /api/v1/loyalty/cheesy-rewards/register': () =>
        failed('LOYALTY_NOT_ALLOWED', 'This cannot be done for your Pizza Pals account right now.'),
    });
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I accept the Pizza Pals terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join Pizza Pals' }));
    expect(
      await screen.findByText('This cannot be done for your Pizza Pals account right now.'),
    ).toBeTruthy();
  });

  it('one who left sees the points kept and may join again', async () => {
    mockServer({
      'GET /api/v1/loyalty/info': () => success(notEnrolled({ status: 'OPT_OUT', ...pointsOf(300) })),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'You left Pizza Pals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join again' })).toBeTruthy();
    expect(screen.getByTestId('loyalty-points').textContent).toBe('300 points');
  });
});

const pointsOf = (points: number) => ({ balance: makeLoyaltyInfo({ points }).balance });

describe('/pizzaLoyalty for a member', () => {
  beforeEach(loginAsCustomer);

  it('shows the points, the pending ones apart, and the slices toward the next free pizza', async () => {
    mockServer({ 'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 200, pending: 100 })) });
    open();
    expect(await screen.findByRole('img', { name: '2 of 6 slices' })).toBeTruthy();
    expect(screen.getByTestId('loyalty-points').textContent).toBe('200 points');
    const pending = screen.getByTestId('loyalty-pending');
    expect(pending.textContent).toContain('100 points on their way');
    expect(pending.textContent).toContain('credited 24–48 hours after delivery');
    expect(screen.getByText('4 more orders to your next free pizza')).toBeTruthy();
    // two baked slices in the drawing
    expect(document.querySelectorAll('.slice.is-baked')).toHaveLength(2);
    // no free pizza yet: the store's free pizzas are not asked for
    expect(screen.queryByRole('button', { name: /free/ })).toBeNull();
  });

  it('600 points draw a whole pizza: ready when burnable, else the wait', async () => {
    mockServer({ 'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 600, burnable: 0 })) });
    open();
    expect(await screen.findByRole('img', { name: '6 of 6 slices' })).toBeTruthy();
    expect(
      screen.getByText('A whole pizza! It is yours 24 hours after its last points were credited.'),
    ).toBeTruthy();
  });

  it('with a free pizza burnable: the store’s pizzas, one added as a LOYALTY line, then the cart', async () => {
    setStore(KORAMANGALA);
    const server = mockServer({
      'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 700, burnable: 600 })),
      'GET /api/v1/loyalty/menu-items': () =>
        success({
          itemRedeemPoints: 600,
          items: [
            makeFreePizza(),
            makeFreePizza({ productCode: 'PIZ0202', name: 'Pepper Chicken', nonVeg: true }),
          ],
        }),
      'POST /api/v1/carts': () =>
        success(
          makeCart({ validItems: [makeItem({ menuType: 'LOYALTY', potpFreeItem: true, pricePerQty: 0 })] }),
        ),
    });
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Your free pizza' })).toBeTruthy();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(server.find('GET', '/api/v1/loyalty/menu-items')[0]!.url).toContain('storeId=3001');
    fireEvent.click(screen.getByRole('button', { name: 'Add Pepper Chicken free' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    expect(server.find('POST', '/api/v1/carts')[0]!.body).toEqual({
      items: [{ productCode: 'PIZ0202', crustId: 1, sizeId: 1, quantity: 1, menuType: 'LOYALTY' }],
    });
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify(CART_ID));
  });

  it("a free pizza the server refuses stays here with the server's displayMsg", async () => {
    setStore(KORAMANGALA);
    mockServer({
      'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 600, burnable: 600 })),
      'GET /api/v1/loyalty/menu-items': () => success({ itemRedeemPoints: 600, items: [makeFreePizza()] }),
      'POST /api/v1/carts': () => failed('LOYALTY_NOT_BURNABLE', 'You need 600 points for a free pizza.'),
    });
    const { router } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Margherita free' }));
    expect(await screen.findByText('You need 600 points for a free pizza.')).toBeTruthy();
    expect(currentPath(router)).toBe('/pizzaLoyalty');
  });

  it('with no store chosen, asks for the location before showing free pizzas', async () => {
    const server = mockServer({
      'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 600, burnable: 600 })),
    });
    open();
    expect(await screen.findByText('Choose your store to see the free pizzas it makes.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose location' }).getAttribute('href')).toMatch(
      /^\/locationSelection\?deliveryType=D/,
    );
    expect(server.find('GET', '/api/v1/loyalty/menu-items')).toHaveLength(0);
  });

  it('leaves only after the confirmation, and then offers the join again', async () => {
    const server = mockServer({
      'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo({ points: 100 })),
      'POST /api/v1/loyalty/opt-out': () => success(notEnrolled({ status: 'OPT_OUT', ...pointsOf(100) })),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Pizza Pals' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave Pizza Pals?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.find('POST', /opt-out$/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Leave Pizza Pals' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'You left Pizza Pals' })).toBeTruthy();
    expect(server.find('POST', /opt-out$/)).toHaveLength(1);
  });

  it("a failed load shows the server's displayMsg and a retry", async () => {
    let calls = 0;
    mockServer({
      'GET /api/v1/loyalty/info': () =>
        ++calls === 1 ? failed('DOWN', 'Pizza Pals is resting.') : success(makeLoyaltyInfo({ points: 100 })),
    });
    open();
    expect(await screen.findByText(/Pizza Pals is resting\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: '1 of 6 slices' })).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import LandingScreen from '../src/features/landing/LandingScreen.tsx';
import OrderDetailsScreen from '../src/features/history/OrderDetailsScreen.tsx';
import { afterLogin } from '../src/features/login/after-login.ts';
import { clearCheckoutOnce, resetClearedTransactions } from '../src/features/payment/clear-checkout.ts';
import { startSession } from '../src/shared/api/session.ts';
import { loyaltyKeys } from '../src/shared/loyalty/api.ts';
import { PointsNote } from '../src/shared/loyalty/PointsNote.tsx';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer, makeCustomer, memoryKeyStore } from './auth-fixtures.ts';
import {
  cartServer,
  isolateCartTests,
  makeCart,
  makeItem,
  makeOrderSummary,
  mockServer,
  rememberCart,
  renderScreens,
  success,
} from './cart-fixtures.tsx';
import { renderRoutes } from './location-harness.tsx';
import { makeLoyaltyInfo, notEnrolled } from './loyalty-fixtures.ts';

const ORDER = 'O000000000000000007B0';

beforeEach(async () => {
  await startSession();
  resetLocationState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the loyalty widget on the landing (SPEC §6)', () => {
  it('shows to a customer not in Pizza Pals, leading to /pizzaLoyalty', async () => {
    await loginAsCustomer();
    mockServer({ 'GET /api/v1/loyalty/info': () => success(notEnrolled()) });
    renderRoutes('/', { '/': LandingScreen });
    const widget = await screen.findByTestId('loyalty-widget');
    expect(widget.getAttribute('href')).toBe('/pizzaLoyalty');
    expect(widget.textContent).toContain('Join Pizza Pals');
  });

  it('not to a member', async () => {
    await loginAsCustomer();
    const server = mockServer({ 'GET /api/v1/loyalty/info': () => success(makeLoyaltyInfo()) });
    renderRoutes('/', { '/': LandingScreen });
    await waitFor(() => expect(server.find('GET', '/api/v1/loyalty/info')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('loyalty-widget')).toBeNull();
  });

  it('not to a guest, whose loyalty is never asked for', async () => {
    const server = mockServer();
    renderRoutes('/', { '/': LandingScreen });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('loyalty-widget')).toBeNull();
    expect(server.find('GET', '/api/v1/loyalty/info')).toHaveLength(0);
  });
});

describe('points earned and used', () => {
  it('an order that earned: "You earned 100 Pizza Pals points"', () => {
    render(<PointsNote earnedPoints={100} earnableBurnable={null} />);
    expect(screen.getByText('You earned 100 Pizza Pals points')).toBeTruthy();
    expect(screen.getByText('credited 24–48 hours after delivery')).toBeTruthy();
  });

  it('nothing when nothing was earned or used', () => {
    const { container } = render(
      <PointsNote
        earnedPoints={0}
        earnableBurnable={{
          overall: { points: 300 },
          burnable: { freeItems: 0 },
          toBeConsumed: { points: 0 },
          updatedPointsBalance: 300,
        }}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('order details: what the order earned and what its free pizza used', async () => {
    await loginAsCustomer();
    mockServer({
      'GET /api/v1/orders/:orderId/details': () =>
        success({
          orderDetails: {
            ...makeOrderSummary({
              id: ORDER,
              loyaltyEarnedPoints: 100,
              earnableBurnable: {
                overall: { points: 700 },
                burnable: { freeItems: 1 },
                toBeConsumed: { points: 600 },
                updatedPointsBalance: 100,
              },
            }),
            stage: 'DELIVERED',
            label: 'DELIVERED',
            favourite: false,
            cancelReason: null,
          },
          invoiceMsg: null,
        }),
      'GET /api/v1/favourites/items': () => success({ productIds: [] }),
    });
    renderRoutes(`/orderDetails?orderId=${ORDER}`, { '/orderDetails': OrderDetailsScreen });
    const note = await screen.findByTestId('points-note');
    expect(within(note).getByText('You earned 100 Pizza Pals points')).toBeTruthy();
    expect(within(note).getByText('600 Pizza Pals points used')).toBeTruthy();
    expect(within(note).getByText('100 points left after this order')).toBeTruthy();
  });
});

describe('the cart with a free pizza', () => {
  isolateCartTests();

  it('says "Free with 600 points" at ₹0, with no stepper or edit, and the points to be used', async () => {
    rememberCart();
    const free = makeItem({
      itemId: 'I000000000009',
      product: { code: 'PIZ0202', name: 'Pepper Chicken', categoryIds: [3], foodType: 'NON_VEG', image: '' },
      menuType: 'LOYALTY',
      potpFreeItem: true,
      pricePerQty: 0,
    });
    cartServer(
      makeCart({
        validItems: [makeItem(), free],
        earnableBurnable: {
          overall: { points: 650 },
          burnable: { freeItems: 1 },
          toBeConsumed: { points: 600 },
          updatedPointsBalance: 50,
        },
      }),
    );
    renderScreens('/cart');
    const line = await screen.findByRole('article', { name: 'Pepper Chicken' });
    expect(within(line).getByText('Free with 600 points')).toBeTruthy();
    expect(within(line).getByTestId('line-price-I000000000009').textContent).toContain('₹0');
    expect(within(line).queryByRole('button', { name: /Increase|Decrease|more|fewer/i })).toBeNull();
    expect(within(line).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(line).getByRole('button', { name: 'Remove Pepper Chicken' })).toBeTruthy();
    // the paid line keeps its stepper and edit
    const paid = screen.getByRole('article', { name: 'Margherita' });
    expect(within(paid).getByRole('link', { name: 'Edit Margherita' })).toBeTruthy();
    expect(screen.getByText('600 Pizza Pals points will be used')).toBeTruthy();
    expect(screen.getByText('50 points left after this order')).toBeTruthy();
  });
});

describe('SPEC §4: loyalty after login, and forgotten on cart clearing', () => {
  it('login fetches the customer’s loyalty', async () => {
    await startSession(memoryKeyStore());
    const server = mockServer({ 'GET /api/v1/loyalty/info': () => success(notEnrolled()) });
    const qc = new QueryClient();
    await afterLogin(qc, makeCustomer());
    await waitFor(() => expect(qc.getQueryData(loyaltyKeys.info)).toEqual(notEnrolled()));
    expect(server.find('GET', '/api/v1/loyalty/info')).toHaveLength(1);
  });

  it('cart clearing forgets the points the app knew (the order changed them)', () => {
    resetClearedTransactions();
    const qc = new QueryClient();
    qc.setQueryData(loyaltyKeys.info, makeLoyaltyInfo({ points: 100 }));
    clearCheckoutOnce(qc, 'T0123456789ABCDEF0123');
    expect(qc.getQueryData(loyaltyKeys.info)).toBeUndefined();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PaymentStatus } from '@crust/contract/orders';
import { readStillConfirming } from '../src/shared/payment/still-confirming.ts';
import {
  CART_ID,
  cartServer,
  failed,
  isolateCartTests,
  makeCart,
  makeItem,
  rememberCart,
  renderScreens,
  reply,
  success,
} from './cart-fixtures.tsx';

/**
 * Issue 28 §3: a cart whose payment is still being confirmed after the payment page's wait ran out offers no
 * second payment; the server's status decides when Checkout comes back.
 */
isolateCartTests();

const TX = 'T0123456789ABCDEF0123';
const STATUS = 'GET /api/v1/payments/:transactionId/status';
const CART = makeCart({ validItems: [makeItem({ quantity: 2 })] });
const NOTICE = 'We are still confirming your payment of ₹451.50';

const status = (flag: PaymentStatus['status']) =>
  success({
    transactionId: TX,
    orderId: 'O0123456789ABCDEF0123',
    status: flag,
    apiHitTime: 80,
    apiHitInterval: 3,
  } satisfies PaymentStatus);

function stillConfirming(cartId = CART_ID) {
  localStorage.setItem(
    'crust.stillConfirming',
    JSON.stringify({ transactionId: TX, cartId, amountPaise: 45_150 }),
  );
}

async function openCart(answer: () => unknown) {
  rememberCart();
  const server = cartServer(CART, { [STATUS]: answer });
  renderScreens('/cart');
  await screen.findByRole('heading', { name: 'Your cart' });
  return server;
}

beforeEach(() => {
  localStorage.removeItem('crust.stillConfirming');
});

describe('a payment of this cart still being confirmed', () => {
  it('shows the notice and the way to the payment status instead of Checkout', async () => {
    stillConfirming();
    const server = await openCart(() => status('WAIT'));
    expect((await screen.findByText(NOTICE)).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View payment status' }).getAttribute('href')).toBe(
      `/paymentTransaction?transactionId=${TX}`,
    );
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    await waitFor(() => expect(server.find('GET', `/api/v1/payments/${TX}/status`)).toHaveLength(1));
    expect(screen.getByText(NOTICE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('once the server says it failed, the notice goes and Checkout comes back', async () => {
    stillConfirming();
    await openCart(() => status('FAILED'));
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(readStillConfirming()).toBeNull();
  });

  it('once it succeeded, the cart is gone as after any placed order', async () => {
    stillConfirming();
    await openCart(() => status('SUCCESS'));
    await waitFor(() => expect(readStillConfirming()).toBeNull());
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('a transaction the server does not know for this customer blocks nothing', async () => {
    stillConfirming();
    await openCart(() => reply(404, failed('ORDER_NOT_FOUND', 'Order not found')));
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(readStillConfirming()).toBeNull();
  });

  it("another cart's payment does not hold this cart back, and nothing is asked", async () => {
    stillConfirming('C999999999999');
    const server = await openCart(() => status('WAIT'));
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(server.find('GET', `/api/v1/payments/${TX}/status`)).toHaveLength(0);
  });
});

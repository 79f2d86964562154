import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { ConfirmOrderResult, OrderSummary, PaymentStatus } from '@crust/contract/orders';
import type { TrainTrack } from '@crust/contract/train-orders';
import { MESSAGES } from '@crust/domain/messages';
import ThankYouScreen from '../src/features/payment/ThankYouScreen.tsx';
import UpiFormScreen from '../src/features/payment/UpiFormScreen.tsx';
import { resetClearedTransactions } from '../src/features/payment/clear-checkout.ts';
import {
  readPendingPayment,
  writePendingPayment,
  type PendingPayment,
} from '../src/shared/payment/pending.ts';
import { thankYouPath } from '../src/shared/payment/thank-you.ts';
import {
  CART_ID,
  cartServer,
  isolateCartTests,
  makeCart,
  makeItem,
  makeOrderSummary,
  mockServer,
  rememberCart,
  reply,
  failed,
  success,
  urlOf,
} from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

isolateCartTests();

const TX = 'T00000000000000000A16';
const ORDER = 'O00000000000000000A16';
const STATUS = 'GET /api/v1/payments/:transactionId/status';
const CART = makeCart({ validItems: [makeItem()] });
const SUMMARY: OrderSummary = makeOrderSummary({
  id: ORDER,
  transactionId: TX,
  dominosOrderId: '7716',
  deliveryType: 'IRCTC',
  storeId: 5101,
  storeName: 'Crust Hamidia Road',
  deliverTo: 'Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)',
});
const TRAIN: TrainTrack = {
  trainNo: '12622',
  trainName: 'Tamil Nadu Express',
  stationCode: 'BPL',
  stationName: 'Bhopal Junction',
  coach: 'B2',
  berth: '34',
  expectedArrival: '2026-11-22T10:10:00.000Z', // 3:40 PM in India
  bookedArrival: '2026-11-22T10:10:00.000Z',
  status: 'CONFIRMED',
  statusCode: 1,
  cancelBy: '2026-11-22T09:30:00.000Z',
  canCancel: true,
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetClearedTransactions();
});
afterEach(() => {
  vi.useRealTimers();
});

function pendTrain(o: Partial<PendingPayment> = {}, result: Partial<ConfirmOrderResult> = {}) {
  writePendingPayment({
    result: {
      orderId: ORDER,
      transactionId: TX,
      nextAction: 'UNIFIED_PAYMENT_ACTION',
      amountPaise: 45_150,
      walletPaise: 0,
      upiDeepLink: 'upi://pay?pa=crust@sandbox&am=451.50',
      nextCallTime: 3,
      apiHitInterval: 3,
      ...result,
    },
    primaryPaymentId: 'UPI_WALLET',
    upiMode: 'INTENT',
    deliveryType: 'IRCTC',
    startedAt: Date.now(),
    ...o,
  });
}

const status = (flag: PaymentStatus['status']) =>
  success({
    transactionId: TX,
    orderId: ORDER,
    status: flag,
    apiHitTime: 80,
    apiHitInterval: 3,
  } satisfies PaymentStatus);

/** The thank-you page's server: the payment's status, the order's summary, and its tracker's train. */
function thankYouServer(train: TrainTrack | null = TRAIN) {
  rememberCart();
  return cartServer(CART, {
    [STATUS]: (_c, p) => (p.transactionId === TX ? status('SUCCESS') : reply(404, failed('NOT_FOUND', 'No'))),
    'GET /api/v1/orders/:orderId': () => success(SUMMARY),
    'GET /api/v1/orders/:orderId/tracker': () =>
      train ? success({ orderId: ORDER, train }) : reply(500, failed('DOWN', 'Down')),
  });
}

const render = (url: string, thankYou = ThankYouScreen) =>
  renderRouter(
    [
      { path: '/upiForm', Component: UpiFormScreen },
      { path: '/thankYou', Component: thankYou },
      { path: '/menu', Component: () => <h1>Menu page</h1> },
      { path: '/cart', Component: () => <h1>Cart page</h1> },
    ],
    url,
  );

const statusCalls = (server: ReturnType<typeof mockServer>) => server.find('GET', /\/status$/);

describe('/thankYou?transactionId=IRCTC (SPEC §2 railway literal)', () => {
  it('a train order’s UPI payment succeeding goes to the literal, not its transaction id', async () => {
    vi.useFakeTimers();
    mockServer({ [STATUS]: () => status('SUCCESS') });
    pendTrain();
    const { router } = render('/upiForm', () => <h1>Thank-you page</h1>);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(urlOf(router)).toBe('/thankYou?transactionId=IRCTC');
  });

  it('finds the order, shows its train card and the delivery code note, clears the checkout once, survives a reload', async () => {
    const server = thankYouServer();
    pendTrain();
    sessionStorage.setItem('crust.checkoutDraft', JSON.stringify({ cartId: CART_ID, values: {} }));
    expect(thankYouPath(TX, 'IRCTC')).toBe('/thankYou?transactionId=IRCTC');
    const first = render('/thankYou?transactionId=IRCTC');

    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeTruthy();
    const card = await screen.findByTestId('train-card');
    expect(within(card).getByRole('heading').textContent).toBe('12622 Tamil Nadu Express');
    expect(within(card).getByTestId('train-station').textContent).toBe('Bhopal Junction (BPL)');
    expect(within(card).getByTestId('train-seat').textContent).toBe('Coach B2, Berth 34');
    expect(within(card).getByTestId('train-expected').textContent).toBe(
      'Train expected at Sun, 22 Nov, 3:40 PM',
    );
    expect(within(card).getByTestId('train-code-note').textContent).toContain('4-digit delivery code');
    // the card says where; the real transaction id is shown, the literal is not
    expect(screen.queryByTestId('order-where')).toBeNull();
    expect(screen.getByTestId('transaction-id').textContent).toBe(TX);
    expect(screen.getByTestId('order-type').textContent).toBe('Delivery on train');
    expect(screen.getByRole('link', { name: 'Track order' }).getAttribute('href')).toBe(
      `/trackOrder?orderHistoryId=${ORDER}`,
    );
    expect(statusCalls(server).map((c) => c.path)).toEqual([`/api/v1/payments/${TX}/status`]);

    // cleared once: the cart, the pending payment and the checkout's choices
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    expect(readPendingPayment()).toBeNull();
    expect(sessionStorage.getItem('crust.checkoutDraft')).toBeNull();

    // a reload: the pending payment is gone, the literal still finds the order, and a new cart is left alone
    first.unmount();
    localStorage.setItem('crust.cartId', JSON.stringify('C0000000000000000000NEW'));
    render('/thankYou?transactionId=IRCTC');
    expect(await screen.findByTestId('train-card')).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('7716');
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify('C0000000000000000000NEW'));
    expect(statusCalls(server)).toHaveLength(2);
  });

  it('opened with only the train order’s pending payment (no remembered transaction), it resolves and keeps resolving after the clearing', async () => {
    const server = thankYouServer();
    pendTrain();
    const first = render('/thankYou?transactionId=IRCTC');
    expect(await screen.findByTestId('train-card')).toBeTruthy();
    expect(readPendingPayment()).toBeNull();
    first.unmount();
    render('/thankYou?transactionId=IRCTC');
    expect(await screen.findByTestId('train-card')).toBeTruthy();
    expect(statusCalls(server).every((c) => c.path === `/api/v1/payments/${TX}/status`)).toBe(true);
  });

  it('a tab that paid for no train order: not confirmed, nothing asked, nothing cleared', () => {
    const server = thankYouServer();
    writePendingPayment({
      result: { orderId: ORDER, transactionId: TX, nextAction: 'THANKYOU', amountPaise: 1, walletPaise: 0 },
      primaryPaymentId: 'CC',
      deliveryType: 'D',
      startedAt: Date.now(),
    });
    render('/thankYou?transactionId=IRCTC');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.orderNotConfirmed);
    expect(statusCalls(server)).toHaveLength(0);
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify(CART_ID));
  });

  it('another order type keeps its transaction id in the address', () => {
    expect(thankYouPath(TX, 'D')).toBe(`/thankYou?transactionId=${TX}`);
    expect(thankYouPath(TX, undefined)).toBe(`/thankYou?transactionId=${TX}`);
  });

  it('when its train cannot be read, the summary’s one line says where', async () => {
    thankYouServer(null);
    pendTrain();
    render('/thankYou?transactionId=IRCTC');
    expect((await screen.findByTestId('order-where')).textContent).toBe(SUMMARY.deliverTo);
    expect(screen.queryByTestId('train-card')).toBeNull();
  });
});

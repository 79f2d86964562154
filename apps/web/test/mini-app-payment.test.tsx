import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEATURES } from '@crust/domain/app-config';
import type { ConfirmOrderResult, PaymentOptions } from '@crust/contract/orders';
import CheckoutScreen from '../src/features/checkout/CheckoutScreen.tsx';
import ThankYouScreen from '../src/features/payment/ThankYouScreen.tsx';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { forgetGuestCache } from '../src/shared/account/api.ts';
import { startSession } from '../src/shared/api/session.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { setMiniApp } from '../src/shared/partner/bridge.ts';
import { readPendingPayment } from '../src/shared/payment/pending.ts';
import { cartServer, failed, makeCart, rememberCart, success, type Handler } from './cart-fixtures.tsx';
import {
  fakeHost,
  gpayConfig,
  hostError,
  hostOk,
  noHost,
  paytmConfig,
  type HostAnswers,
} from './fake-host.ts';
import { currentPath, everyDayHours, makeStore, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const ORDER_ID = 'O0123456789ABCDEF0123';
const TXN_ID = 'T0123456789ABCDEF0123';
const SCREENS = { '/payment': CheckoutScreen, '/thankYou': ThankYouScreen };
const MINI_APP_PAYMENT = '/api/v1/payments/mini-app';

const option = (methodCode: string, providerName: string) => ({
  providerCode: 'SANDBOX_PG',
  providerName,
  methodCode,
  status: 'E',
});
const options = (over: Partial<PaymentOptions> = {}): PaymentOptions => ({
  options: [
    option('CC', 'Credit Card'),
    option('UPI_WALLET', 'UPI'),
    option('CASH', 'Cash'),
  ] as PaymentOptions['options'],
  lastUsed: null,
  wallet: { balancePaise: 50_000, usable: true, defaultApplied: true },
  ...over,
});

const partnerPayment = (vendor: 'PAYTM' | 'GPAY') => ({
  vendor,
  orderRef: 'PTM-ORDER-0001',
  transactionId: TXN_ID,
  amountPaise: 25725,
  merchantId: 'CRUST-MID',
  description: 'Crust order',
});
const processPayment = (vendor: 'PAYTM' | 'GPAY'): ConfirmOrderResult => ({
  orderId: ORDER_ID,
  transactionId: TXN_ID,
  nextAction: 'PROCESS_PAYMENT',
  amountPaise: 25725,
  walletPaise: 0,
  partnerPayment: partnerPayment(vendor),
});
const paid = (status: string, action: string, displayMsg?: string) =>
  success({
    status,
    action,
    paymentId: 'PTM-PAY-0001',
    transactionId: TXN_ID,
    ...(displayMsg ? { displayMsg } : {}),
  });

const storeInfo = () => ({
  status: 'SUCCESS',
  data: {
    id: 3001,
    online: 1,
    advanceOrderStoreId: null,
    store: makeStore({
      online: 1,
      opensAt: '12:00 AM',
      closesAt: '12:00 AM',
      hours: everyDayHours('00:00', '00:00'),
    }),
  },
  errors: [],
});

function openMiniAppCheckout(vendor: 'PAYTM' | 'GPAY', host: HostAnswers, payment?: Handler) {
  const bridge = fakeHost({ hello: hostOk<'hello'>({ vendor, hostName: vendor }), ...host });
  setMiniApp({ vendor, config: vendor === 'PAYTM' ? paytmConfig : gpayConfig });
  rememberCart();
  const server = cartServer(makeCart({ deliveryType: 'T' }), {
    'POST /api/v1/stores/info': () => storeInfo(),
    'GET /api/v1/stores/:storeId/payment-options': () => success(options()),
    'GET /api/v1/config': () =>
      success({ features: [...FEATURES], vendorConfig: { PAYTM: paytmConfig, GPAY: gpayConfig } }),
    'POST /api/v1/orders': () => success(processPayment(vendor)),
    [`POST ${MINI_APP_PAYMENT}`]: payment ?? (() => paid('SUCCESS', 'THANKYOU')),
    'GET /api/v1/orders/status/:transactionId': () =>
      success({ status: 'WAIT', apiHitInterval: 3, apiHitTime: 80 }),
  });
  const app = renderRoutes('/payment', SCREENS);
  return { ...app, server, bridge };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function fillAndPay() {
  await screen.findByLabelText('First name');
  type('First name', 'Asha');
  type('Last name', 'Rao');
  type('Mobile Number', '9876543210');
  type('Email', 'asha@example.com');
  fireEvent.click(within(screen.getByRole('region', { name: 'Total to pay' })).getByRole('button'));
}

beforeEach(async () => {
  await startSession();
  resetLocationState();
  resetCartModule();
  forgetGuestCache();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  noHost();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout inside a partner mini-app (SPEC §4 mini-app payment, §5)', () => {
  it('Paytm pays: no choice of method, no Crust wallet; the options asked with ?vendor=, the confirm by PAYTM_WALLET', async () => {
    const { server, router, bridge } = openMiniAppCheckout('PAYTM', {
      pay: hostOk<'pay'>({ paymentId: 'PTM-PAY-0001', status: 'SUCCESS' }),
    });
    expect(await screen.findByText('Pay with Paytm')).toBeTruthy();
    await waitFor(() => expect(server.find('GET', /payment-options$/)).toHaveLength(1));
    expect(server.find('GET', /payment-options$/)[0]!.url).toContain('vendor=PAYTM');
    // the store's own methods and the Crust wallet are not offered, though the server sent them
    const methods = screen.queryAllByRole('radio').filter((r) => r.getAttribute('name')?.endsWith('-method'));
    expect(methods).toHaveLength(0);
    expect(screen.queryByRole('checkbox', { name: /wallet/i })).toBeNull();

    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe(`/thankYou?transactionId=${TXN_ID}`));
    const [order] = server.find('POST', '/api/v1/orders');
    expect(order!.body.paymentDetails).toMatchObject({
      primaryPaymentId: 'PAYTM_WALLET',
      secondaryPaymentId: null,
    });
    expect(order!.headers['api_key']).toBe('crust-paytm-miniapp');
    // the host's sheet was asked to pay exactly what the server made with the partner
    const pay = bridge.requests.find((r) => r.method === 'pay');
    expect(pay).toMatchObject({
      params: { orderRef: 'PTM-ORDER-0001', transactionId: TXN_ID, amountPaise: 25725 },
    });
    const [confirm] = server.find('POST', MINI_APP_PAYMENT);
    expect(confirm!.body).toEqual({ transactionId: TXN_ID, paymentId: 'PTM-PAY-0001', status: 'SUCCESS' });
    expect(confirm!.headers['idempotency-key']).toBeTruthy();
  });

  it('Google Pay pays by its UPI_WALLET, through the host, not the UPI form', async () => {
    const { server, router } = openMiniAppCheckout('GPAY', {
      pay: hostOk<'pay'>({ paymentId: 'GPAY-PAY-0001', status: 'SUCCESS' }),
    });
    expect(await screen.findByText('Pay with Google Pay')).toBeTruthy();
    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe(`/thankYou?transactionId=${TXN_ID}`));
    expect(server.find('POST', '/api/v1/orders')[0]!.body.paymentDetails.primaryPaymentId).toBe('UPI_WALLET');
  });

  it("a Gpay payment failure shows the payment's error message on /thankYou with NA", async () => {
    const { router } = openMiniAppCheckout(
      'GPAY',
      { pay: hostOk<'pay'>({ paymentId: 'GPAY-PAY-0001', status: 'FAILED' }) },
      () => paid('FAILED', 'FAILED', 'Your bank declined the payment.'),
    );
    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe('/thankYou?transactionId=NA'));
    expect((await screen.findByRole('alert')).textContent).toBe('Your bank declined the payment.');
  });

  it('a payment declined in the host sheet goes to NA with "Payment Failed. Please try again."', async () => {
    const { router, server } = openMiniAppCheckout('PAYTM', { pay: hostError('DECLINED') });
    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe('/thankYou?transactionId=NA'));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment Failed. Please try again.');
    // nothing to confirm: the host gave no payment
    expect(server.find('POST', MINI_APP_PAYMENT)).toHaveLength(0);
  });

  it('a refusal of the mini-app payment call shows its displayMsg', async () => {
    const { router } = openMiniAppCheckout(
      'PAYTM',
      { pay: hostOk<'pay'>({ paymentId: 'PTM-PAY-0001', status: 'SUCCESS' }) },
      () => failed('PAYMENT_NOT_FOUND', 'We could not find that payment.'),
    );
    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe('/thankYou?transactionId=NA'));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find that payment.');
  });

  it('WAIT (the partner has not settled) goes to the payment polling screen, the payment pending', async () => {
    const { router } = openMiniAppCheckout(
      'PAYTM',
      { pay: hostOk<'pay'>({ paymentId: 'PTM-PAY-0001', status: 'PENDING' }) },
      () => paid('WAIT', 'DISPLAY_POLLING'),
    );
    await fillAndPay();
    await waitFor(() => expect(currentPath(router)).toBe('/paymentTransaction'));
    expect(readPendingPayment()?.result.transactionId).toBe(TXN_ID);
  });
});

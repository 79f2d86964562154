import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation } from './memory-router.tsx';
import { QueryClient } from '@tanstack/react-query';
import type { ConfirmOrderResult, OrderSummary, PaymentStatus } from '@crust/contract/orders';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, not the bundle: the schema checks the web's copy of its pattern
import { InstrumentDetailsSchema } from '@crust/contract/orders';
import { MESSAGES } from '@crust/domain/messages';
import { CartDock } from '../src/shared/cart/CartDock.tsx';
import PayGatewayScreen from '../src/features/payment/PayGatewayScreen.tsx';
import PaymentTransactionScreen from '../src/features/payment/PaymentTransactionScreen.tsx';
import ThankYouScreen from '../src/features/payment/ThankYouScreen.tsx';
import UpiFormScreen from '../src/features/payment/UpiFormScreen.tsx';
import {
  clearCheckoutOnce,
  LAST_PURCHASED_KEY,
  resetClearedTransactions,
} from '../src/features/payment/clear-checkout.ts';
import {
  readPendingPayment,
  writePendingPayment,
  type PendingPayment,
} from '../src/shared/payment/pending.ts';
import { VPA_PATTERN } from '../src/features/payment/upi.ts';
import { STILL_CONFIRMING_EVERY_MS, STILL_CONFIRMING_FOR_MS } from '../src/features/payment/polling.ts';
import { readStillConfirming } from '../src/shared/payment/still-confirming.ts';
import {
  CART_ID,
  cartServer,
  failed,
  isolateCartTests,
  makeCart,
  makeItem,
  LAVA_GIFT,
  makeOrderSummary,
  mockServer,
  networkDown,
  rememberCart,
  reply,
  success,
  urlOf,
} from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

isolateCartTests();

const TX = 'T0123456789ABCDEF0123';
const ORDER = 'O0123456789ABCDEF0123';
const STATUS = 'GET /api/v1/payments/:transactionId/status';
const CART = makeCart({ validItems: [makeItem({ quantity: 2 })] });
const CARD_POST = '/sandbox/pg/pay/order_X1/card';
const COLLECT_POST = '/sandbox/pg/pay/order_X1/upi-collect';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.removeItem('crust.stillConfirming');
  resetClearedTransactions();
});
afterEach(() => {
  vi.useRealTimers();
});

function makeResult(o: Partial<ConfirmOrderResult> = {}): ConfirmOrderResult {
  return {
    orderId: ORDER,
    transactionId: TX,
    nextAction: 'PROCESS_PAYMENT',
    amountPaise: 45_150,
    walletPaise: 0,
    formPostUrl: CARD_POST,
    nextCallTime: 3,
    apiHitInterval: 3,
    ...o,
  };
}

function pend(result: Partial<ConfirmOrderResult> = {}, o: Partial<PendingPayment> = {}): PendingPayment {
  const pending: PendingPayment = {
    result: makeResult(result),
    primaryPaymentId: 'CC',
    startedAt: Date.now(),
    ...o,
  };
  writePendingPayment(pending);
  return pending;
}

function status(flag: PaymentStatus['status'], o: Partial<PaymentStatus> = {}) {
  return success({
    transactionId: TX,
    orderId: ORDER,
    status: flag,
    apiHitTime: 80,
    apiHitInterval: 3,
    ...o,
  } satisfies PaymentStatus);
}

/** /payment as the other screen would read the router state. */
function PaymentStub() {
  const state = useLocation().state as { paymentError?: string } | null;
  return (
    <>
      <h1>Payment page</h1>
      <p data-testid="payment-error">{state?.paymentError ?? ''}</p>
    </>
  );
}

function Layout() {
  return (
    <>
      <Outlet />
      <CartDock />
    </>
  );
}

/** `stubThankYou`: /thankYou is a plain page, so only the screen under test asks for the status. */
function renderPayment(url: string, { stubThankYou = false, strict = false } = {}) {
  return renderRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/payGateway', Component: PayGatewayScreen },
          { path: '/upiForm', Component: UpiFormScreen },
          { path: '/paymentTransaction', Component: PaymentTransactionScreen },
          { path: '/thankYou', Component: stubThankYou ? () => <h1>Thank-you page</h1> : ThankYouScreen },
          { path: '/payment', Component: PaymentStub },
          { path: '/cart', Component: () => <h1>Cart page</h1> },
          { path: '/menu', Component: () => <h1>Menu page</h1> },
        ],
      },
    ],
    url,
    { strict },
  );
}

/** The screen itself: the layout's toasts are status and alert regions too. */
const main = () => within(screen.getByRole('main'));

/** Moves fake time on, letting every answer and render that falls due happen. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/payGateway', () => {
  it('shows the amount and the card form posting to the gateway', async () => {
    // no config: Luhn is checked
    mockServer({ 'GET /api/v1/config': () => reply(500, failed('500', 'down')) });
    pend({}, { primaryPaymentId: 'DC' });
    renderPayment('/payGateway');
    expect(screen.getByRole('heading', { name: 'Pay by card' })).toBeTruthy();
    expect(screen.getByTestId('pay-amount').textContent).toBe('₹451.50');
    const form = screen.getByRole('button', { name: 'Pay ₹451.50' }).closest('form')!;
    expect(form.getAttribute('action')).toBe(CARD_POST);
    expect(form.getAttribute('method')).toBe('post');
    expect(screen.getByLabelText('Card number').getAttribute('name')).toBe('number');
  });

  it('checks Luhn as remote config says', async () => {
    mockServer({ 'GET /api/v1/config': () => success({ validateCardWithLuhn: false }) });
    pend();
    const { queryClient } = renderPayment('/payGateway');
    await waitFor(() => expect(queryClient.getQueryData(['config'])).toBeTruthy());
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Card number', '4111111111111112');
    type('Month', '12');
    type('Year', String(new Date().getFullYear() + 1));
    type('CVV', '123');
    type('Name on card', 'Asha Rao');
    const form = screen.getByRole('button', { name: 'Pay ₹451.50' }).closest('form')!;
    expect(fireEvent.submit(form)).toBe(true);
  });

  it('without a pending payment says so and links back to /payment', () => {
    mockServer();
    renderPayment('/payGateway');
    expect(screen.getByText('There is no payment in progress here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payment' }).getAttribute('href')).toBe('/payment');
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });
});

describe('/upiForm', () => {
  it('collect: posts the UPI id as `vpa` straight to the gateway, and refuses a bad one', () => {
    mockServer();
    pend({ formPostUrl: COLLECT_POST }, { primaryPaymentId: 'UPI_WALLET', upiMode: 'COLLECT' });
    renderPayment('/upiForm');
    expect(screen.getByRole('heading', { name: 'Pay by UPI' })).toBeTruthy();
    const input = screen.getByLabelText('UPI ID');
    expect(input.getAttribute('name')).toBe('vpa');
    expect(input.getAttribute('placeholder')).toBe('name@bank');
    const form = screen.getByRole('button', { name: 'Send request for ₹451.50' }).closest('form')!;
    expect(form.getAttribute('action')).toBe(COLLECT_POST);
    expect(form.getAttribute('method')).toBe('post');

    expect(fireEvent.submit(form)).toBe(false);
    expect(main().getByRole('alert').textContent).toBe('Enter your UPI ID');
    fireEvent.change(input, { target: { value: 'asha' } });
    expect(main().getByRole('alert').textContent).toBe('Enter a valid UPI ID, like name@bank');
    expect(fireEvent.submit(form)).toBe(false);
    fireEvent.change(input, { target: { value: ' asha.rao@okbank ' } });
    expect(main().queryByRole('alert')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('asha.rao@okbank');
  });

  /**
   * What reaches the browser's own submission: the submits nobody prevented, seen after React's handler (on the
   * document, past the root where React listens); jsdom cannot navigate, so each is stopped there.
   */
  function postsOf(input: HTMLElement): string[] {
    const posted: string[] = [];
    const seen = (e: Event) => {
      if (!e.defaultPrevented) posted.push((input as HTMLInputElement).value);
      e.preventDefault();
    };
    document.addEventListener('submit', seen);
    onTestFinished(() => document.removeEventListener('submit', seen));
    return posted;
  }

  it('collect: checks the UPI id with Paytm first; an unknown one stays, a known one goes to the gateway once', async () => {
    const known = new Set(['asha.rao@okbank']);
    const server = mockServer({
      'POST /api/v1/paytm-wallet/upi/verify': (call) => {
        const { vpa } = call.body as { vpa: string };
        return success({ valid: known.has(vpa), name: known.has(vpa) ? 'A*** R**' : null });
      },
    });
    pend({ formPostUrl: COLLECT_POST }, { primaryPaymentId: 'UPI_WALLET', upiMode: 'COLLECT' });
    renderPayment('/upiForm');
    const input = screen.getByLabelText('UPI ID');
    const form = screen.getByRole('button', { name: 'Send request for ₹451.50' }).closest('form')!;
    const posted = postsOf(input);

    fireEvent.change(input, { target: { value: 'asha.roa@okbank' } });
    expect(fireEvent.submit(form)).toBe(false);
    expect(await main().findByRole('alert')).toHaveProperty(
      'textContent',
      'This UPI ID does not exist. Check it and try again.',
    );
    expect(posted).toEqual([]);

    fireEvent.change(input, { target: { value: 'asha.rao@okbank' } });
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: 'Sending the request…' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(posted).toEqual(['asha.rao@okbank']));
    // the holder's name as the server masked it, so the payer sees the id is the one they meant
    expect(main().getByRole('status').textContent).toBe('UPI ID of A*** R**');
    fireEvent.submit(form);
    expect(posted).toEqual(['asha.rao@okbank']);
    const verifies = server.calls.filter((c) => c.path === '/api/v1/paytm-wallet/upi/verify');
    // each check names the order being paid: the server checks ids only for its owner's UPI order
    expect(verifies.map((c) => c.body)).toEqual([
      { vpa: 'asha.roa@okbank', orderTransactionId: TX },
      { vpa: 'asha.rao@okbank', orderTransactionId: TX },
    ]);
  });

  it('collect: a UPI id check that cannot be made does not stop the payment', async () => {
    mockServer({ 'POST /api/v1/paytm-wallet/upi/verify': () => networkDown() });
    pend({ formPostUrl: COLLECT_POST }, { primaryPaymentId: 'UPI_WALLET', upiMode: 'COLLECT' });
    renderPayment('/upiForm');
    const input = screen.getByLabelText('UPI ID');
    const form = screen.getByRole('button', { name: 'Send request for ₹451.50' }).closest('form')!;
    const posted = postsOf(input);
    fireEvent.change(input, { target: { value: 'asha@okbank' } });
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toEqual(['asha@okbank']));
  });

  it.each(['asha@okbank', 'a.b-c_d@ybl', 'x@1bank', 'asha@', '@okbank', 'as ha@okbank', 'a@b'])(
    'the UPI id pattern agrees with the contract: %s',
    (vpa) => {
      const contract = InstrumentDetailsSchema.safeParse({ upi: { mode: 'COLLECT', vpa } }).success;
      expect(VPA_PATTERN.test(vpa)).toBe(contract);
    },
  );

  it('intent: links to the UPI app and the sandbox app, shows the pending state and polls', async () => {
    vi.useFakeTimers();
    const answers: PaymentStatus['status'][] = ['WAIT', 'SUCCESS'];
    const server = mockServer({ [STATUS]: () => status(answers.shift()!) });
    pend(
      {
        nextAction: 'UNIFIED_PAYMENT_ACTION',
        formPostUrl: undefined,
        upiDeepLink: 'upi://pay?pa=crust@sandbox&pn=Crust&am=451.50&tr=order_X1&cu=INR',
        upiAppUrl: '/sandbox/pg/upi-app?order=order_X1',
      },
      { primaryPaymentId: 'UPI_WALLET', upiMode: 'INTENT' },
    );
    const { router } = renderPayment('/upiForm', { stubThankYou: true });
    expect(screen.getByRole('link', { name: 'Open UPI app' }).getAttribute('href')).toBe(
      'upi://pay?pa=crust@sandbox&pn=Crust&am=451.50&tr=order_X1&cu=INR',
    );
    const sandbox = screen.getByRole('link', { name: 'Open the sandbox UPI app' });
    expect(sandbox.getAttribute('href')).toBe('/sandbox/pg/upi-app?order=order_X1');
    expect(sandbox.getAttribute('target')).toBe('_blank');
    expect(sandbox.getAttribute('rel')).toBe('noopener');
    expect(main().getByRole('status').textContent).toBe('Approve the payment in your UPI app');
    expect(screen.getByTestId('pay-countdown').textContent).toBe('1:20');
    expect(screen.getByTestId('pending-amount').textContent).toBe('₹451.50');
    expect(screen.queryByLabelText('UPI ID')).toBeNull();

    await advance(3000);
    expect(server.find('GET', `/api/v1/payments/${TX}/status`)).toHaveLength(1);
    await advance(3000);
    expect(server.find('GET', `/api/v1/payments/${TX}/status`)).toHaveLength(2);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
  });
});

describe('/paymentTransaction', () => {
  const statusCalls = (server: ReturnType<typeof mockServer>) =>
    server.find('GET', `/api/v1/payments/${TX}/status`).length;

  it('back from the gateway: the status is asked at once; WAIT then SUCCESS goes on to /thankYou', async () => {
    vi.useFakeTimers();
    const answers = [status('WAIT', { nextCallTime: 2 }), status('SUCCESS')];
    const server = mockServer({ [STATUS]: () => answers.shift() });
    pend({ nextCallTime: 3, apiHitInterval: 5 });
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(main().getByRole('status').textContent).toBe('Waiting for your bank to confirm…');
    expect(screen.getByTestId('pending-amount').textContent).toBe('₹451.50');

    // the bank has answered the gateway already: no 3 s wait before the first question (issue 11)
    await advance(0);
    expect(statusCalls(server)).toBe(1);
    // the answer's nextCallTime (2 s) decides the next call
    await advance(1999);
    expect(statusCalls(server)).toBe(1);
    await advance(1);
    expect(statusCalls(server)).toBe(2);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
  });

  it('works from a full page load with no pending payment (the gateway callback)', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('SUCCESS') });
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    expect(screen.queryByTestId('pending-amount')).toBeNull();
    await advance(0);
    expect(statusCalls(server)).toBe(1);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('without a transaction id (query or pending) links back to /payment', () => {
    mockServer();
    renderPayment('/paymentTransaction', { stubThankYou: true });
    expect(screen.getByRole('link', { name: 'Back to payment' })).toBeTruthy();
  });

  it('takes the transaction id from the pending payment when the query has none (DISPLAY_POLLING)', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('SUCCESS') });
    pend({ nextAction: 'DISPLAY_POLLING', formPostUrl: undefined });
    const { router } = renderPayment('/paymentTransaction', { stubThankYou: true });
    // not back from a gateway: the confirm's nextCallTime (3 s) comes first
    await advance(2999);
    expect(statusCalls(server)).toBe(0);
    await advance(1);
    expect(statusCalls(server)).toBe(1);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
  });

  it('FAILED goes back to /payment with the SPEC message in router state; the cart is kept', async () => {
    vi.useFakeTimers();
    rememberCart();
    sessionStorage.setItem('crust.checkoutDraft', JSON.stringify({ cartId: CART_ID, values: {} }));
    cartServer(CART, { [STATUS]: () => status('FAILED', { displayMsg: 'Declined by the bank' }) });
    pend();
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(3000);
    expect(urlOf(router)).toBe('/payment');
    expect(router.state.location.state).toEqual({ paymentError: MESSAGES.paymentFailed });
    expect(screen.getByTestId('payment-error').textContent).toBe('Payment Failed. Please try again.');
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify(CART_ID));
    expect(readPendingPayment()).toBeNull();
    // the checkout form the customer filled in is still there for the next try
    expect(sessionStorage.getItem('crust.checkoutDraft')).not.toBeNull();
  });

  it('FAILED with money taken (REFUND_PAGE): says so and follows the refund every 3 s until DONE', async () => {
    vi.useFakeTimers();
    rememberCart();
    const refunds: ('PENDING' | 'DONE')[] = ['PENDING', 'PENDING', 'PENDING', 'DONE'];
    const server = cartServer(CART, {
      [STATUS]: () =>
        status('FAILED', {
          displayMsg: MESSAGES.orderFailedRefund,
          refund: refunds.shift() ?? 'DONE',
          apiHitTime: 180,
          apiHitInterval: 3,
        }),
    });
    pend();
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(0);
    expect(statusCalls(server)).toBe(1);
    expect(main().getByRole('heading', { name: 'Your money is on its way back' })).toBeTruthy();
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.orderFailedRefund);
    expect(screen.getByTestId('refund-state').textContent).toBe(
      'We have started your refund. This page follows it.',
    );
    expect(urlOf(router)).toBe(`/paymentTransaction?transactionId=${TX}`);
    // no second payment for this order meanwhile
    expect(readPendingPayment()).toBeNull();
    await advance(2999);
    expect(statusCalls(server)).toBe(1);
    await advance(1);
    expect(statusCalls(server)).toBe(2);
    await advance(6000);
    expect(statusCalls(server)).toBe(4);
    expect(screen.getByTestId('refund-state').textContent).toBe(
      'Refunded. Your bank may take 4-10 business days to show it in your account.',
    );
    await advance(60_000);
    expect(statusCalls(server)).toBe(4);
    expect(main().getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/orderHistory');
  });

  it('a refund not DONE within 180 s: asked every 3 s, then says it is still being processed', async () => {
    vi.useFakeTimers();
    const server = mockServer({
      [STATUS]: () => status('FAILED', { displayMsg: MESSAGES.orderFailedRefund, refund: 'PENDING' }),
    });
    pend();
    renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(0);
    await advance(180_000);
    // the first answer, then every 3 s for 180 s
    expect(statusCalls(server)).toBe(61);
    expect(screen.getByTestId('refund-state').textContent).toBe(
      'Your refund is still being processed. Order history shows when it is done.',
    );
    await advance(60_000);
    expect(statusCalls(server)).toBe(61);
  });

  const STILL =
    'We are still confirming your payment. We will text you the result, and you will not be charged twice.';

  it('counts the 80 s down, then says it is still confirming and keeps following, slower, without going to the cart', async () => {
    vi.useFakeTimers();
    rememberCart();
    const answers: PaymentStatus['status'][] = [];
    const server = cartServer(CART, {
      [STATUS]: () => status(answers.shift() ?? 'WAIT', { apiHitInterval: 3 }),
    });
    pend({ nextCallTime: 3, apiHitInterval: 3 });
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    expect(screen.getByTestId('pay-countdown').textContent).toBe('1:20');
    await advance(33_000);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('0:47');
    expect(main().getByRole('status').textContent).toBe('Waiting for your bank to confirm…');
    await advance(46_000);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('0:01');
    await advance(1000);
    // at once, then every 3 s to 78 s, and a last call as the budget ends
    expect(statusCalls(server)).toBe(28);
    expect(main().getByRole('status').textContent).toBe(STILL);
    expect(screen.queryByTestId('pay-countdown')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(readStillConfirming()).toEqual({ transactionId: TX, cartId: CART_ID, amountPaise: 45_150 });

    // every 15 s from then on, never to the cart by itself
    await advance(14_999);
    expect(statusCalls(server)).toBe(28);
    await advance(1);
    expect(statusCalls(server)).toBe(29);
    await advance(10 * 60_000);
    expect(statusCalls(server)).toBe(69);
    expect(urlOf(router)).toBe(`/paymentTransaction?transactionId=${TX}`);

    // the payment is approved after all: the thank-you page, as usual, and the cart no longer waits for it
    answers.push('SUCCESS');
    await advance(15_000);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
    expect(readStillConfirming()).toBeNull();
  });

  it('still confirming, then FAILED: the failure and a way back to the cart, which takes a new payment', async () => {
    vi.useFakeTimers();
    rememberCart();
    const answers: PaymentStatus['status'][] = [];
    cartServer(CART, { [STATUS]: () => status(answers.shift() ?? 'WAIT') });
    pend();
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(80_000);
    expect(main().getByRole('status').textContent).toBe(STILL);
    answers.push('FAILED');
    await advance(15_000);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.paymentFailed);
    expect(urlOf(router)).toBe(`/paymentTransaction?transactionId=${TX}`);
    expect(readStillConfirming()).toBeNull();
    expect(readPendingPayment()).toBeNull();
    fireEvent.click(main().getByRole('link', { name: 'Back to cart' }));
    expect(urlOf(router)).toBe('/cart');
  });

  it('stops following after its bounded time, still saying what it said', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('WAIT') });
    pend();
    renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(80_000);
    const atTimeout = statusCalls(server);
    await advance(STILL_CONFIRMING_FOR_MS);
    const atEnd = statusCalls(server);
    expect(atEnd - atTimeout).toBe(STILL_CONFIRMING_FOR_MS / STILL_CONFIRMING_EVERY_MS);
    await advance(60 * 60_000);
    expect(statusCalls(server)).toBe(atEnd);
    expect(main().getByRole('status').textContent).toBe(STILL);
  });

  it('a payment already past its wait (from the cart\'s "View payment status") is followed at once, without a new countdown', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('SUCCESS') });
    localStorage.setItem(
      'crust.stillConfirming',
      JSON.stringify({ transactionId: TX, cartId: CART_ID, amountPaise: 45_150 }),
    );
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    expect(main().getByRole('status').textContent).toBe(STILL);
    expect(screen.queryByTestId('pay-countdown')).toBeNull();
    await advance(0);
    expect(statusCalls(server)).toBe(1);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
  });

  it('the 80 s count from the confirm, not from arriving', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('WAIT', { apiHitInterval: 3 }) });
    pend({}, { startedAt: Date.now() - 75_000 });
    renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    expect(screen.getByTestId('pay-countdown').textContent).toBe('0:05');
    await advance(5000);
    // on arrival (75 s), at 78 s and at 80 s
    expect(statusCalls(server)).toBe(3);
    expect(main().getByRole('status').textContent).toBe(STILL);
  });

  it('network errors keep the polling going within the budget', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const server = mockServer({
      [STATUS]: () => {
        calls++;
        // the first poll and the client's 3 retries of it never reach the server
        if (calls <= 4) networkDown();
        return status('SUCCESS');
      },
    });
    pend();
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    // at once, then the retries 0.5 + 1 + 2 s, then the next poll 3 s later
    await advance(3500);
    expect(calls).toBe(4);
    expect(urlOf(router)).toBe(`/paymentTransaction?transactionId=${TX}`);
    await advance(3000);
    expect(statusCalls(server)).toBe(5);
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
  });

  it('back from /thankYou through the gateway: a finished order goes to the cart, not the spinner', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('SUCCESS') });
    clearCheckoutOnce(new QueryClient(), TX);
    const { router } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(0);
    expect(urlOf(router)).toBe('/cart');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(screen.queryByText('Waiting for your bank to confirm…')).toBeNull();
    expect(statusCalls(server)).toBe(0);
  });

  it('polling stops when the screen goes away', async () => {
    vi.useFakeTimers();
    const server = mockServer({ [STATUS]: () => status('WAIT') });
    pend();
    const { unmount } = renderPayment(`/paymentTransaction?transactionId=${TX}`, { stubThankYou: true });
    await advance(0);
    expect(statusCalls(server)).toBe(1);
    unmount();
    await advance(90_000);
    expect(statusCalls(server)).toBe(1);
  });
});

const SUMMARY = makeOrderSummary({ id: ORDER, transactionId: TX, eta: 30 });

describe('/thankYou', () => {
  it('NA: the order was not confirmed, with a way back to the cart; nothing is asked or cleared', () => {
    rememberCart();
    const server = cartServer(CART);
    renderPayment('/thankYou?transactionId=NA');
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.orderNotConfirmed);
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
    expect(server.find('GET', /\/status$/)).toHaveLength(0);
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify(CART_ID));
  });

  it('SUCCESS: shows the order, records its product ids and clears the cart (once)', async () => {
    rememberCart();
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((r) => (answer = r));
    const server = cartServer(CART, {
      [STATUS]: async () => {
        await answered;
        return status('SUCCESS');
      },
      'GET /api/v1/orders/:orderId': (_c, p) => (p.orderId === ORDER ? success(SUMMARY) : reply(404, {})),
    });
    pend({}, { primaryPaymentId: 'CC' });
    sessionStorage.setItem('crust.checkoutDraft', JSON.stringify({ cartId: CART_ID, values: {} }));
    sessionStorage.setItem('crust.guestCash', 'true');
    const view = renderPayment(`/thankYou?transactionId=${TX}`);
    expect(screen.getByText('Confirming your order…')).toBeTruthy();
    answer!();

    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeTruthy();
    expect((await screen.findByTestId('order-number')).textContent).toBe('4521');
    expect(screen.getByTestId('transaction-id').textContent).toBe(TX);
    expect(screen.getByTestId('order-type').textContent).toBe('Delivery');
    expect(screen.getByTestId('order-where').textContent).toBe('12 MG Road, Bengaluru');
    const items = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '2 × FarmhouseMedium · Cheese Burst₹918',
      '1 × Garlic Breadsticks₹109',
      '1 × FarmhouseLarge₹629',
    ]);
    const summary = screen.getByRole('region', { name: 'Payment summary' });
    expect(within(summary).getByText('Discount').nextSibling!.textContent).toBe('-₹91.80');
    expect(screen.getByTestId('order-total').textContent).toBe('₹1,717.25');
    expect(screen.queryByTestId('order-scheduled')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to menu' }).getAttribute('href')).toBe('/menu');
    // issue 31 item 7: tracking is the next step, first and primary; the menu is secondary, last
    const track = screen.getByRole('link', { name: 'Track order' });
    const back = screen.getByRole('link', { name: 'Back to menu' });
    expect(track.className).toContain('btn-primary');
    expect(back.className).toContain('btn-secondary');
    expect(back.className).not.toContain('btn-primary');
    expect(
      track.compareDocumentPosition(screen.getByTestId('order-number')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // the ETA the server counted when it was placed
    expect(screen.getByTestId('order-eta').textContent).toBe('Delivery in 30 min');

    expect(JSON.parse(localStorage.getItem(LAST_PURCHASED_KEY)!)).toEqual(['PIZ0201', 'SID0001']);
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    expect(readPendingPayment()).toBeNull();
    expect(sessionStorage.getItem('crust.checkoutDraft')).toBeNull();
    expect(sessionStorage.getItem('crust.guestCash')).toBeNull();
    // the payment screens hide the cart dock; back on the menu it shows no cart
    await view.router.navigate('/menu');
    await screen.findByRole('heading', { name: 'Menu page' });
    expect(screen.queryByTestId('cart-count')).toBeNull();

    // a new cart, then the same thank-you page again (a reload): nothing is cleared a second time
    view.unmount();
    localStorage.setItem('crust.cartId', JSON.stringify('C0000000000000000000NEW'));
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect(await screen.findByTestId('order-number')).toBeTruthy();
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify('C0000000000000000000NEW'));
    expect(server.find('GET', `/api/v1/payments/${TX}/status`)).toHaveLength(2);
  });

  it('clears once under StrictMode (effects run twice)', async () => {
    rememberCart();
    cartServer(CART, {
      [STATUS]: () => status('SUCCESS'),
      'GET /api/v1/orders/:orderId': () => success(SUMMARY),
    });
    const removed = vi.spyOn(Storage.prototype, 'removeItem');
    renderPayment(`/thankYou?transactionId=${TX}`, { strict: true });
    expect(await screen.findByTestId('order-number')).toBeTruthy();
    expect(removed.mock.calls.filter(([key]) => key === 'crust.cartId')).toHaveLength(1);
    expect(localStorage.getItem('crust.cartId')).toBeNull();
  });

  it('SUCCESS of an order that unlocked the surprise gift lists it under the items; none without', async () => {
    mockServer({
      [STATUS]: () => status('SUCCESS'),
      'GET /api/v1/orders/:orderId': () =>
        success({ ...SUMMARY, surpriseGift: LAVA_GIFT } satisfies OrderSummary),
    });
    const view = renderPayment(`/thankYou?transactionId=${TX}`);
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByTestId('order-gift').textContent).toBe(
      'Surprise gift · Choco Lava Cake · Free',
    );
    // a line of its own, not an item the customer paid for
    expect(within(items).getAllByRole('listitem')).toHaveLength(SUMMARY.items.length);
    view.unmount();

    mockServer({ [STATUS]: () => status('SUCCESS'), 'GET /api/v1/orders/:orderId': () => success(SUMMARY) });
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect(await screen.findByTestId('order-number')).toBeTruthy();
    expect(screen.queryByTestId('order-gift')).toBeNull();
  });

  it('SUCCESS of an advance pickup order shows the store and the slot', async () => {
    mockServer({
      [STATUS]: () => status('SUCCESS'),
      'GET /api/v1/orders/:orderId': () =>
        success({
          ...SUMMARY,
          deliveryType: 'CURB',
          advanceOrder: true,
          // 22 Nov 2026, 20:00 in India
          advancedTime: Date.parse('2026-11-22T14:30:00Z') / 1000,
          // as the server writes it for pickup orders: the store's name, then its address
          deliverTo: 'Koramangala, 80 Feet Road, Koramangala',
          vehicleNumber: 'KA01AB1234',
        } satisfies OrderSummary),
    });
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect((await screen.findByTestId('order-type')).textContent).toBe('Drive-n-Pick');
    expect(screen.getByText('Drive-n-Pick at')).toBeTruthy();
    expect(screen.getByTestId('order-where').textContent).toBe('Koramangala, 80 Feet Road, Koramangala');
    // a scheduled order comes at its slot: no ETA
    expect(screen.queryByTestId('order-eta')).toBeNull();
    expect(screen.getByTestId('order-vehicle').textContent).toBe('KA01AB1234');
    const slot = screen.getByTestId('order-scheduled').textContent;
    expect(slot).toMatch(/^Scheduled for /);
    expect(slot).toContain('22 Nov');
    // the customer's one time format, as the tracker writes it (issue 31 item 7)
    expect(slot).toBe('Scheduled for Sun, 22 Nov, 8:00 PM');
  });

  it.each([
    ['DINEIN', 'Dine in at', 20, 'Ready in 20 min'],
    ['T', 'Pick up from', 30, 'Ready in 30 min'],
    ['P', 'Pick up or dine in at', 20, 'Ready in 20 min'],
  ] as const)('SUCCESS of a %s order says "%s" and "%s"', async (deliveryType, label, eta, etaLine) => {
    mockServer({
      [STATUS]: () => status('SUCCESS'),
      'GET /api/v1/orders/:orderId': () =>
        success({
          ...SUMMARY,
          deliveryType,
          eta,
          deliverTo: 'Koramangala, 80 Feet Road, Koramangala',
        } satisfies OrderSummary),
    });
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect((await screen.findByTestId('order-where')).previousSibling!.textContent).toBe(label);
    expect(screen.getByTestId('order-eta').textContent).toBe(etaLine);
  });

  it('WAIT repeats every apiHitInterval until apiHitTime is used up: status awaited, cart cleared', async () => {
    vi.useFakeTimers();
    rememberCart();
    const server = cartServer(CART, {
      [STATUS]: () => status('WAIT', { apiHitInterval: 5, apiHitTime: 20, nextCallTime: 1 }),
    });
    renderPayment(`/thankYou?transactionId=${TX}`);
    await advance(0);
    expect(server.find('GET', /\/status$/)).toHaveLength(1);
    await advance(4999);
    expect(server.find('GET', /\/status$/)).toHaveLength(1);
    await advance(1);
    expect(server.find('GET', /\/status$/)).toHaveLength(2);
    expect(screen.getByText('Confirming your order…')).toBeTruthy();
    expect(localStorage.getItem('crust.cartId')).not.toBeNull();
    await advance(15_000);
    // at 0, 5, 10, 15 and 20 s
    expect(server.find('GET', /\/status$/)).toHaveLength(5);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.statusAwaited);
    expect(main().getByRole('status').textContent).toBe(
      'We are still confirming your payment. We will text you the result, and you will not be charged twice.',
    );
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    // issue 28 §3: not given up on, followed every 15 s
    await advance(14_999);
    expect(server.find('GET', /\/status$/)).toHaveLength(5);
    await advance(1);
    expect(server.find('GET', /\/status$/)).toHaveLength(6);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.statusAwaited);
  });

  it('status awaited, then the payment goes through: the page shows the order without a reload', async () => {
    vi.useFakeTimers();
    rememberCart();
    let answer = status('UNKNOWN');
    cartServer(CART, {
      [STATUS]: () => answer,
      'GET /api/v1/orders/:orderId': (_c, p) => (p.orderId === ORDER ? success(SUMMARY) : reply(404, {})),
    });
    renderPayment(`/thankYou?transactionId=${TX}`);
    await advance(0);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.statusAwaited);
    answer = status('SUCCESS');
    await advance(15_000);
    expect(main().getByRole('heading', { name: 'Order placed' })).toBeTruthy();
  });

  it('status awaited, then the payment fails: the page says so without a reload', async () => {
    vi.useFakeTimers();
    rememberCart();
    let answer = status('UNKNOWN');
    cartServer(CART, { [STATUS]: () => answer });
    renderPayment(`/thankYou?transactionId=${TX}`);
    await advance(0);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.statusAwaited);
    answer = status('FAILED');
    await advance(15_000);
    expect(main().getByRole('alert').textContent).toBe(MESSAGES.orderFailedRefund);
  });

  it('UNKNOWN at once: status awaited and the cart cleared', async () => {
    rememberCart();
    cartServer(CART, { [STATUS]: () => status('UNKNOWN') });
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect((await screen.findByText(MESSAGES.statusAwaited)).getAttribute('role')).toBe('alert');
    expect(localStorage.getItem('crust.cartId')).toBeNull();
  });

  it('FAILED: the 15-minute refund message, and the cart is cleared', async () => {
    rememberCart();
    pend();
    cartServer(CART, { [STATUS]: () => status('FAILED') });
    renderPayment(`/thankYou?transactionId=${TX}`);
    const message = await screen.findByText(
      'Order failed: Unable to process your order, try after 15 minutes, refund takes 4-10 business days',
    );
    expect(message.getAttribute('role')).toBe('alert');
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    expect(readPendingPayment()).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to menu' })).toBeTruthy();
  });

  it('a transaction the server does not know (a stale link) is not confirmed, and the cart is kept', async () => {
    rememberCart();
    cartServer(CART, { [STATUS]: () => reply(404, failed('NOT_FOUND', 'No such transaction')) });
    renderPayment(`/thankYou?transactionId=${TX}`);
    expect((await screen.findByText(MESSAGES.orderNotConfirmed)).getAttribute('role')).toBe('alert');
    expect(localStorage.getItem('crust.cartId')).toBe(JSON.stringify(CART_ID));
  });
});

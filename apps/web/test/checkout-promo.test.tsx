import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@crust/contract';
import type { ConfirmOrderResult, PaymentOptions, RemovePromoResult } from '@crust/contract/orders';
import { paise } from '@crust/domain/money';
import CheckoutScreen from '../src/features/checkout/CheckoutScreen.tsx';
import { CardForm } from '../src/features/payment/CardForm.tsx';
import { promptOf } from '../src/features/checkout/CodeEntry.tsx';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { forgetGuestCache } from '../src/shared/account/api.ts';
import { checkoutKeys } from '../src/shared/payment/checkout-keys.ts';
import { clearCheckoutOnce, resetClearedTransactions } from '../src/features/payment/clear-checkout.ts';
import { startSession } from '../src/shared/api/session.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import {
  cartServer,
  makeCart,
  rememberCart,
  renderScreens,
  success,
  type Handler,
} from './cart-fixtures.tsx';
import { makeStore, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

/**
 * Issue 11: /payment with a coupon that chooses how it is paid (UPI40, HDFC30) offers only the ways it takes,
 * says why, lets the customer remove the coupon, asks a bank offer for the card's first digits, and shows a
 * REMOVE_PROMO answer with "Remove coupon" and "Change payment method", both of which work.
 */

const ORDER_ID = 'O0123456789ABCDEF0123';
const TXN_ID = 'T0123456789ABCDEF0123';
const UPI40_NOTE = 'The coupon UPI40 is valid only when you pay by UPI.';
const HDFC30_NOTE = 'The coupon HDFC30 is valid only when you pay with an HDFC Bank credit or debit card.';

const option = (methodCode: string, providerName: string) => ({
  providerCode: 'SANDBOX_PG',
  providerName,
  methodCode,
  status: 'E',
});

const OPTIONS: PaymentOptions = {
  options: [
    option('CC', 'Credit Card'),
    option('DC', 'Debit Card'),
    option('NB', 'Net Banking'),
    option('UPI_WALLET', 'UPI'),
    option('PAYTM_WALLET', 'Paytm'),
    option('CASH', 'Cash'),
    option('EVOUCHER', 'e-Voucher'),
    option('CASHCRD', 'Gift Card'),
  ] as PaymentOptions['options'],
  lastUsed: { methodCode: 'CASH' },
  wallet: { balancePaise: 50_000, usable: true, defaultApplied: false },
};

const upi40 = (over: Partial<Cart> = {}) =>
  makeCart({
    deliveryType: 'T',
    price: 45_000,
    appliedPromo: {
      code: 'UPI40',
      kind: 'COUPON',
      title: '₹40 off by UPI',
      discount: 4000,
      minOrderValue: 24_900,
    },
    explicitPromo: {
      promoCode: 'UPI40',
      paymentOptions: ['UPI_WALLET'],
      cardIssuer: null,
      cardBins: [],
      condition: UPI40_NOTE,
    },
    ...over,
  });

const hdfc30 = () =>
  makeCart({
    deliveryType: 'T',
    price: 45_000,
    appliedPromo: {
      code: 'HDFC30',
      kind: 'COUPON',
      title: '30% off',
      discount: 15_000,
      minOrderValue: 39_900,
    },
    explicitPromo: {
      promoCode: 'HDFC30',
      paymentOptions: ['CC', 'DC'],
      cardIssuer: 'HDFC Bank',
      cardBins: ['438628', '552260'],
      condition: HDFC30_NOTE,
    },
  });

const plain = () => makeCart({ deliveryType: 'T', price: 49_000 });

const result = (over: Partial<ConfirmOrderResult> = {}): ConfirmOrderResult => ({
  orderId: ORDER_ID,
  transactionId: TXN_ID,
  nextAction: 'UNIFIED_PAYMENT_ACTION',
  amountPaise: 45_000,
  walletPaise: 0,
  upiDeepLink: 'upi://pay?pa=crust@sandbox&tr=order_X',
  ...over,
});

const removePromo = (over: Partial<RemovePromoResult> = {}): RemovePromoResult => ({
  nextAction: 'REMOVE_PROMO',
  promoCode: 'UPI40',
  paymentOptions: ['UPI_WALLET'],
  displayMsg: `${UPI40_NOTE} Remove the coupon or change the payment method.`,
  ...over,
});

function openCheckout(cart: Cart, order?: Handler) {
  rememberCart();
  const server = cartServer(cart, {
    'POST /api/v1/stores/info': () => ({
      status: 'SUCCESS',
      data: { id: 3001, online: 1, advanceOrderStoreId: null, store: makeStore({ online: 1 }) },
      errors: [],
    }),
    'GET /api/v1/stores/:storeId/payment-options': () => success(OPTIONS),
    'GET /api/v1/customer/addresses': () => success({ addresses: [] }),
    'POST /api/v1/orders': order ?? (() => success(result())),
  });
  server.on('DELETE /api/v1/carts/:cartId/promo/:code', () => {
    server.state.cart = plain();
    return success(server.state.cart);
  });
  const app = renderRoutes('/payment', { '/payment': CheckoutScreen });
  return { ...app, server, orders: () => server.find('POST', '/api/v1/orders') };
}

const methodRadios = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('name')?.endsWith('-method'))
    .map((r) => r.getAttribute('value'));
const payButton = () => within(screen.getByRole('region', { name: 'Total to pay' })).getByRole('button');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillContact() {
  type('First name', 'Asha');
  type('Last name', 'Rao');
  type('Mobile Number', '9876543210');
  type('Email', 'asha@example.com');
}

beforeEach(async () => {
  await startSession();
  await loginAsCustomer();
  resetLocationState();
  resetCartModule();
  forgetGuestCache();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/payment with a coupon that chooses how it is paid', () => {
  it('UPI40: only UPI is offered, the wallet is not, the line says why', async () => {
    openCheckout(upi40());
    await screen.findByRole('radio', { name: /^UPI/ });
    expect(methodRadios()).toEqual(['UPI_WALLET']);
    expect(screen.getByTestId('promo-condition').textContent).toContain(UPI40_NOTE);
    expect(screen.queryByText(/Use wallet balance/)).toBeNull();
    // cash was last used, but is not offered: nothing is preselected
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^UPI/ }).checked).toBe(false);
  });

  it('without such a coupon every option and the wallet are offered', async () => {
    openCheckout(plain());
    await screen.findByRole('radio', { name: /^UPI/ });
    expect(methodRadios()).toEqual([
      'CASH',
      'CC',
      'DC',
      'NB',
      'UPI_WALLET',
      'PAYTM_WALLET',
      'EVOUCHER',
      'CASHCRD',
    ]);
    expect(screen.queryByTestId('promo-condition')).toBeNull();
    expect(screen.getByText(/Use wallet balance/)).toBeTruthy();
    // cash on a takeaway order is paid at the store
    expect(screen.getByRole('radio', { name: /^Cash at pickup/ })).toBeTruthy();
  });

  it('"Remove coupon" on the line removes it, and every option comes back', async () => {
    const { server } = openCheckout(upi40());
    await screen.findByRole('radio', { name: /^UPI/ });
    fireEvent.click(
      within(screen.getByTestId('promo-condition')).getByRole('button', { name: 'Remove coupon' }),
    );
    await waitFor(() => expect(methodRadios()).toContain('CASH'));
    expect(server.find('DELETE', '/api/v1/carts/C0123456789ABCDEF0123/promo/UPI40')).toHaveLength(1);
    expect(screen.getByText('Coupon UPI40 removed. Your total is now ₹490.')).toBeTruthy();
    expect(screen.queryByTestId('promo-condition')).toBeNull();
  });

  it('paid by UPI, the order goes with UPI and no wallet', async () => {
    const { orders } = openCheckout(upi40());
    await screen.findByRole('radio', { name: /^UPI/ });
    await fillContact();
    fireEvent.click(screen.getByRole('radio', { name: /^UPI/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails).toEqual({
      primaryPaymentId: 'UPI_WALLET',
      secondaryPaymentId: null,
      instrumentDetails: { upi: { mode: 'INTENT' } },
    });
  });

  it('HDFC30: cards only; the first 6 digits are asked, checked against the bank, and sent', async () => {
    const { orders } = openCheckout(hdfc30(), () => success(result({ nextAction: 'PROCESS_PAYMENT' })));
    await screen.findByRole('radio', { name: /^Credit Card/ });
    expect(methodRadios()).toEqual(['CC', 'DC']);
    expect(screen.getByTestId('promo-condition').textContent).toContain(HDFC30_NOTE);
    await fillContact();
    fireEvent.click(screen.getByRole('radio', { name: /^Credit Card/ }));
    const digits = screen.getByLabelText('First 6 digits of your HDFC Bank card');
    fireEvent.click(payButton());
    await waitFor(() => expect(document.activeElement).toBe(digits));
    expect(screen.getByText('Enter the first 6 digits of your HDFC Bank card')).toBeTruthy();
    fireEvent.change(digits, { target: { value: '4111 11' } });
    fireEvent.click(payButton());
    expect(
      await screen.findByText('This card is not from HDFC Bank. Use one of its cards, or remove the coupon.'),
    ).toBeTruthy();
    expect(orders()).toHaveLength(0);
    fireEvent.change(digits, { target: { value: '438628' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails).toMatchObject({
      primaryPaymentId: 'CC',
      cardInitialDigits: '438628',
    });
  });
});

describe('a REMOVE_PROMO answer', () => {
  it('shows its reason; "Remove coupon" removes it and the order can be placed at the new price', async () => {
    let n = 0;
    const { orders, server } = openCheckout(upi40(), () =>
      ++n === 1
        ? success(removePromo())
        : success(result({ nextAction: 'COD_OTP', codeSentTo: '98XXXXXX10' })),
    );
    await screen.findByRole('radio', { name: /^UPI/ });
    await fillContact();
    fireEvent.click(screen.getByRole('radio', { name: /^UPI/ }));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('This coupon needs another way to pay');
    expect(dialog.textContent).toContain(`${UPI40_NOTE} Remove the coupon or change the payment method.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(server.find('DELETE', /\/promo\/UPI40$/)).toHaveLength(1));
    await screen.findByText('Coupon UPI40 removed. Your total is now ₹490.');
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹490');
    fireEvent.click(screen.getByRole('radio', { name: /^Cash at pickup/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(2));
    expect(orders()[1]!.body.orderDetails.expectedTotalPaise).toBe(49_000);
    expect(await screen.findByText('Enter the OTP sent to 98XXXXXX10')).toBeTruthy();
  });

  it('"Change payment method" keeps the coupon and takes the customer to the methods it takes', async () => {
    const { orders, server } = openCheckout(upi40(), () => success(removePromo()));
    await screen.findByRole('radio', { name: /^UPI/ });
    await fillContact();
    fireEvent.click(screen.getByRole('radio', { name: /^UPI/ }));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.find('DELETE', /\/promo\//)).toHaveLength(0);
    const upi = screen.getByRole<HTMLInputElement>('radio', { name: /^UPI/ });
    expect(upi.checked).toBe(false);
    await waitFor(() => expect(document.activeElement?.closest('fieldset')).toBe(upi.closest('fieldset')));
    // choosing again and paying sends a second confirm
    fireEvent.click(upi);
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(2));
  });
});

describe('the card form of a bank offer', () => {
  it('holds the card to the first digits given at checkout, before anything is posted', () => {
    render(
      <CardForm
        action="/sandbox/pg/pay/order_X/card"
        amountPaise={paise(45_000)}
        validateWithLuhn
        requiredPrefix="438628"
      />,
    );
    const number = screen.getByLabelText('Card number');
    fireEvent.change(number, { target: { value: '4111 1111 1111 1111' } });
    expect(
      screen.getByText('Your offer needs the card starting 438628 that you gave at checkout.'),
    ).toBeTruthy();
    const form = number.closest('form')!;
    expect(fireEvent.submit(form)).toBe(false);
    fireEvent.change(number, { target: { value: '4386 2800 0000 0004' } });
    expect(screen.queryByText(/Your offer needs the card starting/)).toBeNull();
  });
});

describe('the best deal', () => {
  it('says what a payment-restricted coupon needs: "Pay by UPI to save ₹40"', async () => {
    rememberCart();
    cartServer(
      makeCart({
        bestDeal: {
          code: 'UPI40',
          kind: 'COUPON',
          title: '₹40 off',
          saving: 4000,
          condition: 'Pay by UPI to save ₹40',
        },
      }),
    );
    renderScreens('/cart');
    expect(await screen.findByText('Pay by UPI to save ₹40')).toBeTruthy();
    expect(screen.getByRole('button', { name: /₹40 off/ })).toBeTruthy();
  });
});

describe('payment words', () => {
  it('the e-voucher asks for its PIN, the gift card for the OTP sent to its registered number', () => {
    expect(promptOf({ nextAction: 'EV_PIN' })).toBe('Enter the PIN of your e-voucher');
    expect(promptOf({ nextAction: 'EV_OTP', codeSentTo: '••••3210' })).toBe(
      'Enter the OTP sent to the number registered to your gift card, ••••3210',
    );
    expect(promptOf({ nextAction: 'COD_OTP', codeSentTo: '98XXXXXX10' })).toBe(
      'Enter the OTP sent to 98XXXXXX10',
    );
  });

  it('"Last used" is fetched again once an order ends, so it is that order’s method', () => {
    resetClearedTransactions();
    const qc = new QueryClient();
    qc.setQueryData(checkoutKeys.paymentOptions(3001, 'D'), { ...OPTIONS, lastUsed: { methodCode: 'CASH' } });
    expect(qc.getQueryState(checkoutKeys.paymentOptions(3001, 'D'))?.isInvalidated).toBe(false);
    clearCheckoutOnce(qc, TXN_ID);
    expect(qc.getQueryState(checkoutKeys.paymentOptions(3001, 'D'))?.isInvalidated).toBe(true);
  });
});

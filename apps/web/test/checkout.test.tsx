import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEATURES } from '@crust/domain/app-config';
import type { Address, Cart, Store } from '@crust/contract';
import type { ConfirmOrderResult, PaymentOptions } from '@crust/contract/orders';
import type { DeliveryEstimate } from '@crust/domain/delivery-estimate';
import CheckoutScreen from '../src/features/checkout/CheckoutScreen.tsx';
import PaymentTypeScreen from '../src/features/checkout/PaymentTypeScreen.tsx';
import { setRandomSource } from '../src/features/checkout/auto-login.ts';
import { forgetGuestCache, GUEST_ADDRESSES_KEY } from '../src/shared/account/api.ts';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { readPendingPayment } from '../src/shared/payment/pending.ts';
import { railwayTransaction } from '../src/shared/payment/thank-you.ts';
import { saveTrip } from '../src/shared/train/trip.ts';
import { loadPage } from '../src/shared/navigation.ts';
import { startSession } from '../src/shared/api/session.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import {
  CART_ID,
  cartServer,
  failed,
  makeCart,
  makeItem,
  networkDown,
  rememberCart,
  success,
  type Call,
  type Handler,
} from './cart-fixtures.tsx';
import { currentPath, everyDayHours, makeStore, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const ORDER_ID = 'O0123456789ABCDEF0123';
const TXN_ID = 'T0123456789ABCDEF0123';
const SCREENS = { '/payment': CheckoutScreen, '/paymentType': PaymentTypeScreen };

function makeAddress(over: Partial<Address> = {}): Address {
  return {
    addressId: 'A0123456789ABCDEF0123',
    type: 'Home',
    fName: 'Asha',
    lName: 'Rao',
    mobNo: '9876543210',
    email: 'asha@example.com',
    houseNo: '12B',
    address: '80 Feet Road',
    locality: 'Koramangala',
    subLocality: '',
    city: 'Bengaluru',
    postalCode: '560034',
    latitude: 12.9352,
    longitude: 77.6245,
    formattedAddress: '12B, 80 Feet Road, Koramangala, Bengaluru',
    ...over,
  };
}

const option = (methodCode: string, providerName: string, status: 'E' | 'D' = 'E') => ({
  providerCode: 'SANDBOX_PG',
  providerName,
  methodCode,
  status,
});

function makeOptions(over: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    options: [
      option('CC', 'Credit Card'),
      option('DC', 'Debit Card'),
      option('NB', 'Net Banking', 'D'),
      option('UPI_WALLET', 'UPI'),
      option('PAYTM_WALLET', 'Paytm'),
      option('CASH', 'Cash'),
      option('EVOUCHER', 'e-Voucher'),
    ] as PaymentOptions['options'],
    lastUsed: null,
    wallet: null,
    ...over,
  };
}

function result(over: Partial<ConfirmOrderResult> = {}): ConfirmOrderResult {
  return {
    orderId: ORDER_ID,
    transactionId: TXN_ID,
    nextAction: 'THANKYOU',
    amountPaise: 25725,
    walletPaise: 0,
    ...over,
  };
}

/** A store open round the clock (so advance slots exist whenever the test runs), with bays 1–3. */
const storeInfo = (online: 0 | 1 = 1, over: Partial<Store> = {}, eta: DeliveryEstimate = 'UNKNOWN') => ({
  status: 'SUCCESS',
  data: {
    id: 3001,
    online,
    advanceOrderStoreId: null,
    eta,
    store: makeStore({
      online,
      opensAt: '12:00 AM',
      closesAt: '12:00 AM',
      hours: everyDayHours('00:00', '00:00'),
      ...over,
    }),
  },
  errors: [],
});

interface Setup {
  cart?: Cart;
  options?: PaymentOptions;
  addresses?: Address[];
  online?: 0 | 1;
  /** the store as store info tells it */
  store?: Partial<Store>;
  /** the ETA store info tells */
  eta?: DeliveryEstimate;
  order?: Handler;
  code?: Handler;
  /** the remote config, when a test needs one */
  config?: Record<string, unknown>;
}

function openCheckout(s: Setup = {}, url = '/payment') {
  rememberCart();
  const server = cartServer(s.cart ?? makeCart(), {
    'POST /api/v1/stores/info': () => storeInfo(s.online ?? 1, s.store, s.eta),
    'GET /api/v1/stores/:storeId/payment-options': () => success(s.options ?? makeOptions()),
    'GET /api/v1/customer/addresses': () => success({ addresses: s.addresses ?? [] }),
    'POST /api/v1/orders': s.order ?? (() => success(result())),
    'POST /api/v1/orders/:orderId/code': s.code ?? (() => success(result())),
    ...(s.config ? { 'GET /api/v1/config': () => success(s.config) } : {}),
  });
  const app = renderRoutes(url, SCREENS);
  return { ...app, server, orders: () => server.find('POST', '/api/v1/orders') };
}

function keepOnDevice(addresses: Address[]) {
  localStorage.setItem(GUEST_ADDRESSES_KEY, JSON.stringify(addresses));
}

/** The bar's button: "Pay ₹X", "Place order" or "Pay with wallet" ("Placing your order…" while sending). */
const payButton = () => within(screen.getByRole('region', { name: 'Total to pay' })).getByRole('button');
const radio = (name: RegExp | string) => screen.getByRole('radio', { name });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((x) => document.getElementById(x))
    .find((el) => el?.getAttribute('role') === 'alert')?.textContent;
};
const waitForOptions = () => screen.findByRole('radio', { name: /^Credit Card/ });
const header = (call: Call, name: string) => call.headers[name];

/** A pickup order with the contact filled in: only the payment is left to choose. */
async function readyPickup(s: Setup = {}) {
  const app = openCheckout({ cart: makeCart({ deliveryType: 'T' }), ...s });
  await waitForOptions();
  type('First name', 'Asha');
  type('Last name', 'Rao');
  type('Mobile Number', '9876543210');
  type('Email', 'asha@example.com');
  return app;
}

beforeEach(async () => {
  await startSession();
  resetLocationState();
  resetCartModule();
  forgetGuestCache();
  sessionStorage.clear();
  setRandomSource(() => 0.99);
  vi.mocked(loadPage).mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  setRandomSource(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/payment: what it shows', () => {
  it('a payment that failed at the gateway comes back with "Payment Failed. Please try again."', async () => {
    const app = openCheckout({}, '/somewhere');
    await app.router.navigate('/payment', { state: { paymentError: 'Payment Failed. Please try again.' } });
    await waitForOptions();
    expect(screen.getByText('Payment Failed. Please try again.')).toBeTruthy();
  });

  it('the order type and store, the options with disabled ones not choosable, the last used first', async () => {
    openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      options: makeOptions({ lastUsed: { methodCode: 'DC', cardScheme: 'visa', cardLast4: '1111' } }),
    });
    await waitForOptions();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByTestId('order-type').textContent).toBe('Takeaway from Crust Koramangala');
    const radios = screen.getAllByRole('radio').filter((r) => r.getAttribute('name')?.endsWith('-method'));
    // last used first, preselected, with its card
    expect(radios[0]!.getAttribute('value')).toBe('DC');
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    const debit = radio(/^Debit Card/);
    expect(debit.closest('label')!.textContent).toContain('Last used');
    expect(debit.closest('label')!.textContent).toContain('VISA •••• 1111');
    // a disabled option is shown, greyed, and cannot be chosen
    const nb = radio(/^Net Banking/) as HTMLInputElement;
    expect(nb.disabled).toBe(true);
    expect(nb.closest('label')!.textContent).toContain('Not available');
    fireEvent.click(nb);
    expect(nb.checked).toBe(false);
    expect(screen.getByTestId('checkout-total').textContent).toBe('₹257.25');
    expect(payButton().textContent).toBe('Pay ₹257.25');
  });

  it('a cart with nothing in it goes back to /cart', async () => {
    const { router } = openCheckout({ cart: makeCart({ validItems: [] }) });
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
  });

  it('UPI offers the app or a UPI id, an e-voucher asks for its code, cash says "Place order"', async () => {
    await readyPickup();
    fireEvent.click(radio(/^UPI/));
    expect(radio('Pay with a UPI app')).toBeTruthy();
    expect((radio('Pay with a UPI app') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(radio('Enter UPI ID'));
    expect((radio('Enter UPI ID') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(radio(/^e-Voucher/));
    expect(screen.getByLabelText('e-Voucher or gift card code')).toBeTruthy();
    fireEvent.click(radio(/^Cash/));
    expect(payButton().textContent).toBe('Place order');
  });
});

describe('/payment: when it comes and the bill before paying (issue 31 item 6)', () => {
  it('says when a takeaway is ready, asking for the cart’s type', async () => {
    const { server } = openCheckout({ cart: makeCart({ deliveryType: 'T' }), eta: 20 });
    await waitForOptions();
    expect((await screen.findByTestId('eta')).textContent).toBe('Ready in 20 min');
    const asked = server.find('POST', '/api/v1/stores/info')[0]!;
    expect(asked.body).toMatchObject({ storeId: 3001, deliveryType: 'T' });
  });

  it('says when a delivery comes', async () => {
    openCheckout({ eta: 30 });
    await waitForOptions();
    expect((await screen.findByTestId('eta')).textContent).toBe('Delivery in 30 min');
  });

  it('counts a delivery’s ETA to the address chosen here, not to the point chosen on the landing', async () => {
    await loginAsCustomer();
    const near = makeAddress();
    const far = makeAddress({
      addressId: 'A00000000000000000009',
      fName: 'Ravi',
      lName: 'Kumar',
      latitude: 12.9501,
      longitude: 77.6402,
    });
    const { server } = openCheckout({ addresses: [near, far] });
    // the store's answer: farther is longer; without a point asked, no distance
    server.on('POST /api/v1/stores/info', (c) => {
      const body = c.body as { latitude?: number };
      return storeInfo(
        1,
        {},
        body.latitude === far.latitude ? 45 : body.latitude === near.latitude ? 20 : 30,
      );
    });
    await waitForOptions();
    // no delivery point known: the newest address is the default, and the ETA is to it
    await waitFor(() => expect(screen.getByTestId('eta').textContent).toBe('Delivery in 45 min'));
    fireEvent.click(await screen.findByRole('radio', { name: /Asha Rao/ }));
    await waitFor(() => expect(screen.getByTestId('eta').textContent).toBe('Delivery in 20 min'));
  });

  it('says nothing when the estimate is NA', async () => {
    openCheckout({ eta: 'NA' });
    await waitForOptions();
    expect(screen.getByTestId('order-type').textContent).toBe('Delivery from Crust Koramangala');
    expect(screen.queryByTestId('eta')).toBeNull();
  });

  it('folds the items and the cart’s breakdown above Pay, and opens them on a tap', async () => {
    const cart = makeCart({
      validItems: [
        makeItem(),
        makeItem({
          itemId: 'I000000000002',
          quantity: 2,
          product: { ...makeItem().product, name: 'Farmhouse' },
        }),
      ],
    });
    openCheckout({ cart });
    await waitForOptions();
    const bill = screen.getByTestId('checkout-bill');
    expect(bill.hasAttribute('open')).toBe(false);
    const summary = within(bill).getByText('Your order').closest('summary')!;
    expect(summary.textContent).toBe('Your order3 items · ₹747.25');
    // after the payment choice, right above the bar with Pay
    const payment = screen.getByRole('radio', { name: /^Credit Card/ });
    expect(payment.compareDocumentPosition(bill) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(summary);
    expect(bill.hasAttribute('open')).toBe(true);
    const items = within(bill)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '1 × MargheritaMedium | Hand Tossed₹245',
      '2 × FarmhouseMedium | Hand Tossed₹490',
    ]);
    const rows = ['sub_total', 'tax', 'grand_total'].map(
      (key) => within(bill).getByTestId(`calc-${key}`).textContent,
    );
    expect(rows).toEqual(['Item total₹735', 'GST₹12.25', 'Grand total₹747.25']);
  });
});

describe('/payment: details (SPEC §5)', () => {
  it('pickup needs name, email and mobile, with the SPEC messages, and nothing is sent', async () => {
    const { orders } = openCheckout({ cart: makeCart({ deliveryType: 'T' }) });
    await waitForOptions();
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    expect(errorOf('First name')).toBe('Enter Name');
    expect(errorOf('Email')).toBe('Enter Email Address');
    expect(errorOf('Mobile Number')).toBe('Enter Mobile Number');
    type('First name', 'Asha');
    type('Email', 'asha@');
    type('Mobile Number', '0987654321');
    expect(errorOf('First name')).toBeUndefined();
    expect(errorOf('Email')).toBe('Please enter valid email Address');
    expect(errorOf('Mobile Number')).toBe('Please do not add 0 in front of your mobile number');
    expect(orders()).toHaveLength(0);
  });

  it('no payment method chosen: "Choose how you want to pay"', async () => {
    const { orders } = await readyPickup();
    fireEvent.click(payButton());
    expect(await screen.findByText('Choose how you want to pay')).toBeTruthy();
    expect(orders()).toHaveLength(0);
  });

  it('Drive-n-Pick needs a valid vehicle number and a bay, sent as vehicleDetails and stationId', async () => {
    const { orders } = openCheckout({
      cart: makeCart({ deliveryType: 'CURB' }),
      store: {
        storeStationDetails: [
          { stationId: 2, name: 'Bay 2' },
          { stationId: 4, name: 'Bay 4 (by the gate)' },
        ],
      },
    });
    await waitForOptions();
    // the store's own bays (SPEC §3 storeStationDetails), not a list the app made up
    await waitFor(() =>
      expect(
        [...screen.getByLabelText<HTMLSelectElement>('Parking bay').options].map((o) => o.textContent),
      ).toEqual(['Choose a bay', 'Bay 2', 'Bay 4 (by the gate)']),
    );
    type('First name', 'Asha');
    type('Mobile Number', '9876543210');
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    expect(errorOf('Vehicle number')).toBe('Enter Vehicle Number');
    expect(errorOf('Parking bay')).toBe('Select a parking bay');
    type('Vehicle number', 'ZZ01AB1234');
    expect(errorOf('Vehicle number')).toBe('Enter a valid vehicle number, like KA01AB1234');
    type('Vehicle number', 'ka-01 ab 1234');
    type('Vehicle colour (optional)', 'Red');
    type('Parking bay', '4');
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    const d = orders()[0]!.body.orderDetails;
    expect(d.vehicleDetails).toEqual({ number: 'KA01AB1234', colour: 'Red' });
    expect(d.stationId).toBe(4);
    expect(d.address).toBeNull();
  });

  it('a store with no bays says so and offers no bay to pick', async () => {
    openCheckout({ cart: makeCart({ deliveryType: 'CURB' }), store: { storeStationDetails: [] } });
    expect(
      await screen.findByText(
        'This store has no Drive-n-Pick bays. Choose another store, or another way to collect your order.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Parking bay')).toBeNull();
  });

  it("the server's INVALID_DETAILS shows under the field it names, else at the top", async () => {
    const { orders } = await readyPickup({
      order: () => ({
        status: 'FAILED',
        errors: [
          {
            code: 'INVALID_DETAILS',
            displayMsg: 'Invalid email',
            field: 'body.orderDetails.userDetails.email',
          },
          {
            code: 'INVALID_DETAILS',
            displayMsg: 'Something about the cart',
            field: 'body.orderDetails.cartId',
          },
        ],
      }),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(errorOf('Email')).toBe('Invalid email'));
    expect(screen.getByText('Something about the cart')).toBeTruthy();
    expect(orders()).toHaveLength(1);
    type('Email', 'asha@example.org');
    expect(errorOf('Email')).toBeUndefined();
  });
});

describe('/payment: the delivery address', () => {
  it('a customer picks a saved address and sends its addressId; the contact comes from the address', async () => {
    await loginAsCustomer();
    const home = makeAddress();
    const work = makeAddress({
      addressId: 'A00000000000000000002',
      type: 'Work',
      fName: 'Ravi',
      lName: 'Kumar',
      mobNo: '9123456780',
      houseNo: '4',
      address: 'MG Road',
    });
    const { orders } = openCheckout({ addresses: [home, work] });
    await waitForOptions();
    const homeRadio = await screen.findByRole<HTMLInputElement>('radio', { name: /Asha Rao/ });
    const workRadio = screen.getByRole<HTMLInputElement>('radio', { name: /Ravi Kumar/ });
    // no delivery point known: the newest is the default
    expect(workRadio.checked).toBe(true);
    fireEvent.click(homeRadio);
    expect(homeRadio.checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Asha');
    expect(screen.getByRole('link', { name: 'Add new address' }).getAttribute('href')).toBe('/address');
    type('Delivery instructions (optional)', '  Ring twice  ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zero contact delivery' }));
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    const call = orders()[0]!;
    const d = call.body.orderDetails;
    expect(d.address).toEqual({ addressId: home.addressId });
    expect(d.userDetails).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
    });
    expect(d.deliveryInstructions).toBe('Ring twice');
    expect(d.zeroContactDelivery).toBe(true);
    expect(d.expectedTotalPaise).toBe(25725);
    expect(d.duplicateConfirmed).toBe(false);
    expect(header(call, 'idempotency-key')).toMatch(/.{16,}/);
    expect(call.body.paymentDetails).toEqual({ primaryPaymentId: 'CC', secondaryPaymentId: null });
    // never a card field, never a price other than the expected total
    expect(JSON.stringify(call.body)).not.toMatch(/cardNumber|cvv|expiry|"price"/i);
  });

  it('a guest sends the whole device-kept address', async () => {
    const kept = makeAddress({ addressId: 'L0123456789ABCDEF0123', email: '' });
    keepOnDevice([kept]);
    const { orders } = openCheckout();
    await waitForOptions();
    expect(screen.getByText('Login to see/use my saved addresses')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Asha Rao/ }).checked).toBe(true);
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    const d = orders()[0]!.body.orderDetails;
    expect(d.address).toEqual({
      address: {
        type: 'Home',
        fName: 'Asha',
        lName: 'Rao',
        mobNo: '9876543210',
        houseNo: '12B',
        address: '80 Feet Road',
        locality: 'Koramangala',
        city: 'Bengaluru',
        postalCode: '560034',
        latitude: 12.9352,
        longitude: 77.6245,
        formattedAddress: '12B, 80 Feet Road, Koramangala, Bengaluru',
      },
    });
    expect(d.userDetails.mobile).toBe('9876543210');
  });

  it('no address: "Select a delivery address"', async () => {
    const { orders } = openCheckout();
    await waitForOptions();
    expect(screen.getByText('No saved addresses yet.')).toBeTruthy();
    type('Mobile Number', '9876543210');
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    expect(await screen.findByText('Select a delivery address')).toBeTruthy();
    expect(orders()).toHaveLength(0);
  });
});

describe('/payment: next actions (SPEC §4)', () => {
  const place = async (
    answer: ConfirmOrderResult,
    choose: () => void = () => fireEvent.click(radio(/^Credit Card/)),
  ) => {
    const app = await readyPickup({ order: () => success(answer) });
    choose();
    fireEvent.click(payButton());
    await waitFor(() => expect(app.orders()).toHaveLength(1));
    return app;
  };

  it("THANKYOU goes to /thankYou with the transaction id, in /payment's history entry", async () => {
    const { router } = await place(result({ nextAction: 'THANKYOU' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/thankYou?transactionId=${TXN_ID}`));
    // back from the thank-you page leaves the checkout behind (issue 11)
    expect(router.state.historyAction).toBe('REPLACE');
  });

  /** A train order (issue 16): the trip chosen on /irctcStation, the contact filled in, a card chosen. */
  const placeTrainOrder = async (answer: ConfirmOrderResult) => {
    saveTrip({
      pnr: '2451234567',
      trainNo: '12622',
      trainName: 'Tamil Nadu Express',
      stationCode: 'BPL',
      stationName: 'Bhopal Junction',
      arrivalDateTime: '2026-11-22T10:10:00.000Z',
      coach: 'B2',
      berth: '34',
      storeId: 3001,
    });
    const app = await readyPickup({
      cart: makeCart({ deliveryType: 'IRCTC' }),
      order: () => success(answer),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(app.orders()).toHaveLength(1));
    expect(app.orders()[0]!.body.orderDetails.deliveryType).toBe('IRCTC');
    return app;
  };

  it('a train order’s THANKYOU goes to /thankYou with the railway literal (SPEC §2), remembering its transaction', async () => {
    const { router } = await placeTrainOrder(result({ nextAction: 'THANKYOU' }));
    await waitFor(() => expect(currentPath(router)).toBe('/thankYou?transactionId=IRCTC'));
    expect(railwayTransaction()).toBe(TXN_ID);
  });

  it('a train order’s card payment keeps its type with the pending payment, for the page after the gateway', async () => {
    const { router } = await placeTrainOrder(
      result({ nextAction: 'PROCESS_PAYMENT', formPostUrl: 'http://localhost/sandbox/pg/card' }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/payGateway'));
    expect(readPendingPayment()?.deliveryType).toBe('IRCTC');
  });

  it('PROCESS_PAYMENT for a card goes to /payGateway, with the pending payment written first', async () => {
    const answer = result({ nextAction: 'PROCESS_PAYMENT', formPostUrl: 'http://localhost/sandbox/pg/card' });
    const { router } = await place(answer);
    await waitFor(() => expect(currentPath(router)).toBe('/payGateway'));
    expect(router.state.historyAction).toBe('REPLACE');
    const pending = readPendingPayment();
    expect(pending?.result).toEqual(answer);
    expect(pending?.primaryPaymentId).toBe('CC');
    expect(pending?.deliveryType).toBe('T');
    expect(typeof pending?.startedAt).toBe('number');
  });

  it('PROCESS_PAYMENT for UPI collect goes to /upiForm', async () => {
    const { router, orders } = await place(result({ nextAction: 'PROCESS_PAYMENT' }), () => {
      fireEvent.click(radio(/^UPI/));
      fireEvent.click(radio('Enter UPI ID'));
    });
    await waitFor(() => expect(currentPath(router)).toBe('/upiForm'));
    expect(orders()[0]!.body.paymentDetails).toEqual({
      primaryPaymentId: 'UPI_WALLET',
      secondaryPaymentId: null,
      instrumentDetails: { upi: { mode: 'COLLECT' } },
    });
    expect(readPendingPayment()?.upiMode).toBe('COLLECT');
  });

  it('UNIFIED_PAYMENT_ACTION (UPI intent) goes to /upiForm', async () => {
    const { router, orders } = await place(
      result({ nextAction: 'UNIFIED_PAYMENT_ACTION', upiDeepLink: 'upi://pay?pa=crust@pg' }),
      () => fireEvent.click(radio(/^UPI/)),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/upiForm'));
    expect(orders()[0]!.body.paymentDetails.instrumentDetails).toEqual({ upi: { mode: 'INTENT' } });
    expect(readPendingPayment()?.upiMode).toBe('INTENT');
  });

  it("REDIRECT loads the gateway's page", async () => {
    const url = 'http://localhost/sandbox/pg/wallet?order=G1';
    await place(result({ nextAction: 'REDIRECT', redirectUrl: url }), () => fireEvent.click(radio(/^Paytm/)));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith(url));
    expect(readPendingPayment()?.primaryPaymentId).toBe('PAYTM_WALLET');
    expect(payButton()).toHaveProperty('disabled', true);
  });

  it('FAILED says "Payment Failed. Please try again." and Pay works again', async () => {
    await place(result({ nextAction: 'FAILED' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    expect(dialog.textContent).toContain('Payment Failed. Please try again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(payButton()).toHaveProperty('disabled', false);
  });

  it('COD_OTP asks for the code: a wrong one shows the server message, the right one goes to /thankYou', async () => {
    const codes: unknown[] = [];
    const app = await readyPickup({
      order: () => success(result({ nextAction: 'COD_OTP', codeSentTo: '98XXXXXX10' })),
      code: (call) => {
        codes.push(call.body);
        if (call.body.resend) return success(result({ nextAction: 'COD_OTP' }));
        return call.body.code === '1234'
          ? success(result({ nextAction: 'THANKYOU' }))
          : failed('CODE_INVALID', 'The OTP is not right. Please check it and try again.');
      },
    });
    fireEvent.click(radio(/^Cash/));
    fireEvent.click(payButton());
    expect(await screen.findByText('Enter the OTP sent to 98XXXXXX10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
    const input = screen.getByLabelText('OTP');
    // numeric input: e E + - . are blocked as on the login OTP
    for (const key of ['e', 'E', '+', '-', '.']) {
      const ev = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      input.dispatchEvent(ev);
      expect(ev.defaultPrevented).toBe(true);
    }
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(errorOf('OTP')).toBe('Enter the 4 to 8 digit code');
    fireEvent.change(input, { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(errorOf('OTP')).toBe('The OTP is not right. Please check it and try again.'));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('A new OTP has been sent.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(`/thankYou?transactionId=${TXN_ID}`));
    expect(codes).toEqual([{ code: '9999' }, { resend: true }, { code: '1234' }]);
    expect(app.server.find('POST', `/api/v1/orders/${ORDER_ID}/code`)).toHaveLength(3);
  });

  it('EV_PIN asks for the PIN and offers no resend', async () => {
    await place(result({ nextAction: 'EV_PIN' }), () => {
      fireEvent.click(radio(/^e-Voucher/));
      type('e-Voucher or gift card code', 'gift-1234');
    });
    expect(await screen.findByText('Enter the PIN of your e-voucher')).toBeTruthy();
    expect(screen.getByLabelText('PIN')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
  });
});

describe('/payment: refusals (SPEC §8)', () => {
  it('DUPLICATE_ORDER asks; Continue sends again with duplicateConfirmed and a new key', async () => {
    let n = 0;
    const { orders, router } = await readyPickup({
      order: () =>
        ++n === 1
          ? failed('DUPLICATE_ORDER', 'Duplicate order warning: an order was placed recently, continue?')
          : success(result()),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Duplicate order warning: an order was placed recently, continue?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(orders()).toHaveLength(2));
    const [first, second] = orders();
    expect(first!.body.orderDetails.duplicateConfirmed).toBe(false);
    expect(second!.body.orderDetails.duplicateConfirmed).toBe(true);
    expect(header(second!, 'idempotency-key')).not.toBe(header(first!, 'idempotency-key'));
    await waitFor(() => expect(currentPath(router)).toBe(`/thankYou?transactionId=${TXN_ID}`));
  });

  it('DUPLICATE_ORDER: Cancel sends nothing more', async () => {
    const { orders } = await readyPickup({
      order: () =>
        failed('DUPLICATE_ORDER', 'Duplicate order warning: an order was placed recently, continue?'),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(orders()).toHaveLength(1);
  });

  it.each(['REVIEW_CART', 'ITEMS_UNAVAILABLE'])(
    '%s shows the message and OK goes back to /cart',
    async (code) => {
      const msg = 'Review your Cart: pricing or availability may have changed';
      const { router } = await readyPickup({ order: () => failed(code, msg) });
      fireEvent.click(radio(/^Credit Card/));
      fireEvent.click(payButton());
      const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
      expect(dialog.textContent).toContain(msg);
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    },
  );

  it('STORE_OFFLINE switches to scheduling and a slot must be picked; advancedTime is sent in seconds', async () => {
    let n = 0;
    const { orders } = await readyPickup({
      order: () =>
        ++n === 1
          ? failed('STORE_OFFLINE', 'Store is currently offline, browse menu or book an advance order')
          : success(result()),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    expect(
      await screen.findByText('Store is currently offline, browse menu or book an advance order'),
    ).toBeTruthy();
    expect((radio('Now') as HTMLInputElement).disabled).toBe(true);
    expect((radio('Schedule for later') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(payButton());
    expect(await screen.findByText('Choose a time slot')).toBeTruthy();
    expect(orders()).toHaveLength(1);
    const select = screen.getByLabelText<HTMLSelectElement>('Time slot');
    const slot = Number(select.options[1]!.value);
    expect(select.options[1]!.textContent).toMatch(/^(Today|Tomorrow), \d{1,2}:\d{2} (AM|PM)$/);
    fireEvent.change(select, { target: { value: String(slot) } });
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(2));
    expect(orders()[1]!.body.orderDetails.advancedTime).toBe(slot / 1000);
    expect(orders()[0]!.body.orderDetails.advancedTime).toBeUndefined();
  });

  it('a store that is offline already (store info online 0) takes advance orders only', async () => {
    openCheckout({ cart: makeCart({ deliveryType: 'T' }), online: 0 });
    expect(
      await screen.findByText('Store is currently offline, browse menu or book an advance order'),
    ).toBeTruthy();
    expect((radio('Now') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByLabelText('Time slot')).toBeTruthy();
  });

  it('the remote config without advance_order offers no "Schedule for later" (issue 17)', async () => {
    openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      config: { features: FEATURES.filter((f) => f !== 'advance_order') },
    });
    await waitForOptions();
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Schedule for later' })).toBeNull());
    expect((radio('Now') as HTMLInputElement).checked).toBe(true);
  });

  it('the slots are worked out afresh every minute: a chosen slot that has gone by is dropped (SPEC §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    // 10:59 IST: the first slot is 11:30 (kitchen at 11:00), gone by at 11:01
    vi.setSystemTime(Date.UTC(2025, 0, 15, 5, 29));
    openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      config: { features: [...FEATURES], advanceOrderResetSeconds: 60 },
    });
    await waitForOptions();
    fireEvent.click(radio('Schedule for later'));
    const select = screen.getByLabelText<HTMLSelectElement>('Time slot');
    const first = select.options[1]!.value;
    fireEvent.change(select, { target: { value: first } });
    expect(select.value).toBe(first);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    const after = screen.getByLabelText<HTMLSelectElement>('Time slot');
    expect([...after.options].map((o) => o.value)).not.toContain(first);
    expect(after.value).toBe('');
    vi.useRealTimers();
  });

  describe('a store outside its opening hours (issue 11)', () => {
    /** 15 January 2025, 05:00 in Asia/Kolkata; the store keeps 11:00–23:00. */
    const FIVE_AM_IST = Date.UTC(2025, 0, 14, 23, 30);
    const ELEVEN_AM_IST = FIVE_AM_IST + 6 * 3_600_000;
    const CLOSED =
      'Store is closed now and opens at 11:00 AM today: browse the menu or book an advance order';
    afterEach(() => vi.useRealTimers());

    it('offers only later slots, the first once it has opened, and says why', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
      vi.setSystemTime(FIVE_AM_IST);
      const { orders } = openCheckout({
        cart: makeCart({ deliveryType: 'T' }),
        store: {
          opensAt: '11:00 AM',
          closesAt: '11:00 PM',
          hours: everyDayHours('11:00', '23:00'),
          isOpenNow: false,
          nextOpensAt: ELEVEN_AM_IST / 1000,
        },
      });
      expect((await screen.findByTestId('store-status')).textContent).toBe(CLOSED);
      expect((radio('Now') as HTMLInputElement).disabled).toBe(true);
      expect((radio('Schedule for later') as HTMLInputElement).checked).toBe(true);
      const select = screen.getByLabelText<HTMLSelectElement>('Time slot');
      // the kitchen starts 30 minutes before a slot, and only once the store is open
      expect(select.options[1]!.textContent).toBe('Today, 11:30 AM');
      expect(Number(select.options[1]!.value)).toBe(ELEVEN_AM_IST + 30 * 60_000);
      await waitForOptions();
      type('First name', 'Asha');
      type('Mobile Number', '9876543210');
      type('Email', 'asha@example.com');
      fireEvent.click(radio(/^Credit Card/));
      fireEvent.click(payButton());
      expect(await screen.findByText('Choose a time slot')).toBeTruthy();
      fireEvent.change(select, { target: { value: select.options[1]!.value } });
      fireEvent.click(payButton());
      await waitFor(() => expect(orders()).toHaveLength(1));
      expect(orders()[0]!.body.orderDetails.advancedTime).toBe((ELEVEN_AM_IST + 30 * 60_000) / 1000);
    });

    it("the server's STORE_CLOSED switches to scheduling with its reason", async () => {
      let n = 0;
      const { orders } = await readyPickup({
        order: () => (++n === 1 ? failed('STORE_CLOSED', CLOSED) : success(result())),
      });
      fireEvent.click(radio(/^Credit Card/));
      fireEvent.click(payButton());
      expect(await screen.findByText(CLOSED)).toBeTruthy();
      expect((radio('Now') as HTMLInputElement).disabled).toBe(true);
      expect((radio('Schedule for later') as HTMLInputElement).checked).toBe(true);
      expect(orders()).toHaveLength(1);
    });
  });

  it("any other FAILED is the 'Ops' dialog with the server's message", async () => {
    await readyPickup({ order: () => failed('PAYMENT_UNAVAILABLE', 'Card payments are down, try UPI') });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    expect(dialog.textContent).toContain('Card payments are down, try UPI');
  });
});

describe('/payment: the wallet (SPEC §5 payment combinations)', () => {
  const walletOptions = (balancePaise: number) =>
    makeOptions({ wallet: { balancePaise, usable: true, defaultApplied: false } });

  it('a guest has no wallet to use', async () => {
    await readyPickup();
    expect(screen.queryByRole('checkbox', { name: /Use wallet balance/ })).toBeNull();
  });

  it('the messages: insufficient balance, not with cash, cash not compatible, e-vouchers and coupons', async () => {
    await loginAsCustomer();
    openCheckout({
      cart: makeCart({
        deliveryType: 'T',
        appliedPromo: { code: 'SAVE10', kind: 'COUPON', title: '10% off', discount: 1000, minOrderValue: 0 },
      }),
      options: walletOptions(10000),
    });
    await waitForOptions();
    const wallet = screen.getByRole('checkbox', { name: 'Use wallet balance ₹100' });
    // cash first, then the wallet: cash is cleared
    fireEvent.click(radio(/^Cash/));
    fireEvent.click(wallet);
    expect(screen.getByText("Wallet can't be chosen with CASH OR EGV")).toBeTruthy();
    expect((radio(/^Cash/) as HTMLInputElement).checked).toBe(false);
    // with the wallet on, cash is refused
    fireEvent.click(radio(/^Cash/));
    expect(screen.getByText('This Payment Option is not compatible with the wallet')).toBeTruthy();
    expect((radio(/^Cash/) as HTMLInputElement).checked).toBe(false);
    // the wallet alone is short of the price
    fireEvent.click(wallet);
    fireEvent.click(wallet);
    expect(screen.getByText('Wallet balance insufficient: choose another method for the rest')).toBeTruthy();
    expect(payButton().textContent).toBe('Pay ₹157.25');
    // e-vouchers are not allowed with a coupon
    fireEvent.click(wallet);
    fireEvent.click(radio(/^e-Voucher/));
    expect(
      screen.getByText('Payment by eVouchers is not allowed with Every Day Value items OR Coupons'),
    ).toBeTruthy();
    expect((radio(/^e-Voucher/) as HTMLInputElement).checked).toBe(false);
  });

  it('remote config hidePaymentMethodsForWallet: the listed methods go while the wallet is ticked', async () => {
    await loginAsCustomer();
    const { server } = openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      options: walletOptions(10000),
      config: { hidePaymentMethodsForWallet: ['CASH', 'UPI_WALLET'] },
    });
    await waitForOptions();
    await waitFor(() => expect(server.find('GET', /\/config$/)).toHaveLength(1));
    fireEvent.click(radio(/^UPI/));
    const wallet = screen.getByRole('checkbox', { name: 'Use wallet balance ₹100' });
    fireEvent.click(wallet);
    await waitFor(() => expect(screen.queryByRole('radio', { name: /^UPI/ })).toBeNull());
    expect(screen.queryByRole('radio', { name: /^Cash/ })).toBeNull();
    expect(radio(/^Credit Card/)).toBeTruthy();
    // the chosen UPI went with it: nothing is chosen
    const methods = within(screen.getByRole('group', { name: 'Payment method' }));
    expect(methods.getAllByRole<HTMLInputElement>('radio').some((r) => r.checked)).toBe(false);
    fireEvent.click(wallet);
    expect(radio(/^UPI/)).toBeTruthy();
    expect(radio(/^Cash/)).toBeTruthy();
  });

  it('the wallet and a card: PIGGYBANK as the secondary payment', async () => {
    await loginAsCustomer();
    const { orders } = openCheckout({ cart: makeCart({ deliveryType: 'T' }), options: walletOptions(10000) });
    await waitForOptions();
    fireEvent.click(screen.getByRole('checkbox', { name: /Use wallet balance/ }));
    fireEvent.click(payButton());
    expect(
      await screen.findAllByText('Wallet balance insufficient: choose another method for the rest'),
    ).not.toHaveLength(0);
    expect(orders()).toHaveLength(0);
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails).toEqual({
      primaryPaymentId: 'CC',
      secondaryPaymentId: 'PIGGYBANK',
    });
  });

  it('the server pre-ticks the wallet (wallet.defaultApplied), and the customer may untick it', async () => {
    await loginAsCustomer();
    const { orders, server } = openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      options: makeOptions({ wallet: { balancePaise: 10000, usable: true, defaultApplied: true } }),
    });
    await waitForOptions();
    // the options are asked for this cart: its explicit promo may rule the wallet out (SPEC §5)
    expect(server.find('GET', /payment-options$/)[0]!.url).toContain(`cartId=${CART_ID}`);
    const wallet = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Use wallet balance ₹100' });
    expect(wallet.checked).toBe(true);
    // the customer's untick holds, and so does their tick
    fireEvent.click(wallet);
    expect(wallet.checked).toBe(false);
    fireEvent.click(wallet);
    expect(wallet.checked).toBe(true);
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails).toEqual({
      primaryPaymentId: 'CC',
      secondaryPaymentId: 'PIGGYBANK',
    });
  });

  it('no pre-tick beside a last used cash (SPEC §5: the wallet does not go with cash)', async () => {
    await loginAsCustomer();
    openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      options: makeOptions({
        wallet: { balancePaise: 10000, usable: true, defaultApplied: true },
        lastUsed: { methodCode: 'CASH' },
      }),
    });
    await waitForOptions();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Use wallet balance/ }).checked).toBe(
      false,
    );
    expect((radio(/^Cash/) as HTMLInputElement).checked).toBe(true);
  });

  it('a wallet that covers the price: "Pay with wallet", no primary method', async () => {
    await loginAsCustomer();
    const { orders } = openCheckout({
      cart: makeCart({ deliveryType: 'T' }),
      options: walletOptions(100000),
    });
    await waitForOptions();
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use wallet balance ₹1,000' }));
    expect(screen.getByText('Your wallet pays for the whole order.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Credit Card/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with wallet' }));
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails).toEqual({
      primaryPaymentId: null,
      secondaryPaymentId: 'PIGGYBANK',
    });
  });
});

describe('/payment: sending once (ARCHITECTURE.md rule 7)', () => {
  it('a double tap sends one request', async () => {
    let answer!: (v: unknown) => void;
    const { orders } = await readyPickup({ order: () => new Promise((r) => (answer = r)) });
    fireEvent.click(radio(/^Credit Card/));
    const pay = payButton();
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(pay).toHaveProperty('disabled', true);
    fireEvent.click(pay);
    answer(success(result()));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Checkout' })).toBeNull());
    expect(orders()).toHaveLength(1);
  });

  it('a network failure is retried with the same idempotency key', async () => {
    let n = 0;
    const { orders, router } = await readyPickup({
      order: () => (++n === 1 ? networkDown() : success(result())),
    });
    fireEvent.click(radio(/^Credit Card/));
    fireEvent.click(payButton());
    await waitFor(() => expect(currentPath(router)).toBe(`/thankYou?transactionId=${TXN_ID}`), {
      timeout: 10_000,
    });
    const [first, second] = orders();
    expect(orders()).toHaveLength(2);
    expect(header(second!, 'idempotency-key')).toBe(header(first!, 'idempotency-key'));
  });
});

describe('/paymentType (SPEC §4 auto-login for guests paying cash)', () => {
  it('a guest paying cash is offered login (20% chance); "Continue as guest" comes back with cash chosen', async () => {
    setRandomSource(() => 0.1);
    const { router, orders } = await readyPickup();
    fireEvent.click(radio(/^Cash/));
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Log in to save your details and earn points' });
    expect(currentPath(router)).toBe('/paymentType');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fpayment',
    );
    expect(orders()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await waitForOptions();
    expect(currentPath(router)).toBe('/payment');
    expect((radio(/^Cash/) as HTMLInputElement).checked).toBe(true);
    // what was typed is still there, and the offer is not made twice
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body.paymentDetails.primaryPaymentId).toBe('CASH');
  });

  it('outside the 20%, or paying another way, the order goes straight on', async () => {
    setRandomSource(() => 0.2);
    const { orders, router } = await readyPickup();
    fireEvent.click(radio(/^Cash/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(currentPath(router)).not.toBe('/paymentType');
  });

  it('a customer paying cash is never offered it', async () => {
    setRandomSource(() => 0);
    await loginAsCustomer();
    const { orders } = openCheckout({ cart: makeCart({ deliveryType: 'T' }) });
    await waitForOptions();
    fireEvent.click(radio(/^Cash/));
    fireEvent.click(payButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
  });

  it('a logged-in customer opening /paymentType is sent to /payment', async () => {
    await loginAsCustomer();
    const { router } = openCheckout(
      { cart: makeCart({ deliveryType: 'T', validItems: [makeItem()] }) },
      '/paymentType',
    );
    await waitFor(() => expect(currentPath(router)).toBe('/payment'));
  });
});

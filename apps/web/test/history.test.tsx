import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryOrder, OrderDetailsView, OrderHistory, Reorder } from '@crust/contract/history';
import type { TrainTrack } from '@crust/contract/train-orders';
import { MESSAGES } from '@crust/domain/messages';
import OrderHistoryScreen from '../src/features/history/OrderHistoryScreen.tsx';
import OrderDetailsScreen from '../src/features/history/OrderDetailsScreen.tsx';
import { resetCartModule } from '../src/shared/cart/changes.ts';
import { startSession } from '../src/shared/api/session.ts';
import { getLocationState, resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import {
  LAVA_GIFT,
  makeOrderSummary,
  mockServer,
  renderScreens,
  reply,
  success,
  type Call,
  type Handler,
} from './cart-fixtures.tsx';
import { currentPath, makeStore, renderRoutes } from './location-harness.tsx';

const SCREENS = {
  '/orderHistory': OrderHistoryScreen,
  '/postorder-ui/orderHistory': OrderHistoryScreen,
  '/postorder-ui/orderDetails': OrderDetailsScreen,
  '/orderDetails': OrderDetailsScreen,
};

const orderId = (n: number) => `O${n.toString(16).toUpperCase().padStart(20, '0')}`;
const ORDER = orderId(123);
const NEW_CART = 'C00000000000000000ABC';

function makeOrder(n: number, over: Partial<HistoryOrder> = {}): HistoryOrder {
  return {
    id: orderId(n),
    dominosOrderId: String(n).padStart(6, '0'),
    deliveryType: 'D',
    status: 'PLACED',
    stage: 'DELIVERED',
    label: 'DELIVERED',
    train: null,
    storeName: 'Crust Koramangala',
    itemsLine: '2 x Margherita, 1 x Garlic Breadsticks',
    netPrice: 123450,
    placedAt: '2025-03-01T13:30:00.000Z',
    createdAt: '2025-03-01T13:29:00.000Z',
    favourite: false,
    trackable: false,
    ...over,
  };
}

const page = (orders: HistoryOrder[], hasNext: boolean): OrderHistory => ({
  orders,
  hasNext,
  filters: [
    { code: 'ALL', label: 'All' },
    { code: 'DELIVERED', label: 'Delivered' },
    { code: 'CANCELLED', label: 'Cancelled' },
    { code: 'FAVOURITE', label: 'Favourites' },
  ],
});

function makeDetails(over: Partial<OrderDetailsView['orderDetails']> = {}, invoiceMsg: string | null = null) {
  const view: OrderDetailsView = {
    orderDetails: {
      ...makeOrderSummary({
        id: ORDER,
        transactionId: 'T0000000000000000007B',
        dominosOrderId: '000123',
        storeName: 'Crust Koramangala',
        items: [
          {
            productId: 'PIZ0171',
            name: 'Margherita',
            quantity: 2,
            description: 'Medium | Hand Tossed',
            pricePaise: 49000,
          },
          {
            productId: 'SID0001',
            name: 'Garlic Breadsticks',
            quantity: 1,
            description: '',
            pricePaise: 10900,
          },
        ],
        netPrice: 65000,
        discount: 0,
        paymentSummary: [
          { label: 'Item Total', value: 59900 },
          { label: 'Taxes & Charges', value: 5100 },
          { label: 'Grand Total', value: 65000 },
          { label: 'Cash on delivery', value: 65000 },
        ],
        deliverTo: '12B, 80 Feet Road, Koramangala, Bengaluru',
        placedAt: '2025-03-01T13:30:00.000Z',
        createdAt: '2025-03-01T13:29:00.000Z',
      }),
      stage: 'DELIVERED',
      label: 'DELIVERED',
      favourite: false,
      cancelReason: null,
      train: null,
      ...over,
    },
    invoiceMsg,
  };
  return view;
}

/** A train order's train (issue 16) as the history and the details carry it. */
function makeTrain(over: Partial<TrainTrack> = {}): TrainTrack {
  return {
    trainNo: '12622',
    trainName: 'Tamil Nadu Express',
    stationCode: 'BPL',
    stationName: 'Bhopal Junction',
    coach: 'B2',
    berth: '34',
    expectedArrival: '2025-03-01T15:10:00.000Z',
    bookedArrival: '2025-03-01T15:10:00.000Z',
    status: 'OUTFORDELIVERY',
    statusCode: 3,
    cancelBy: '2025-03-01T14:30:00.000Z',
    canCancel: false,
    ...over,
  };
}

const query = (call: Call) => new URL(call.url, 'http://localhost').searchParams;

/** jsdom has no object URLs: a stand-in that counts them, taken away after the test. */
function stubObjectUrls() {
  const counts = { created: 0 };
  const u = URL as unknown as Record<string, unknown>;
  const before = { create: u.createObjectURL, revoke: u.revokeObjectURL };
  u.createObjectURL = () => {
    counts.created++;
    return 'blob:invoice';
  };
  u.revokeObjectURL = () => {};
  restoreUrls = () => {
    u.createObjectURL = before.create;
    u.revokeObjectURL = before.revoke;
  };
  return counts;
}
let restoreUrls = () => {};

beforeEach(async () => {
  await startSession();
  resetLocationState();
  resetCartModule();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  restoreUrls();
  restoreUrls = () => {};
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/orderHistory', () => {
  it('shows a page of orders and appends the next one on "Load more" until there is none', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeOrder(20 - i));
    first[0] = makeOrder(20, { trackable: true, label: 'Order Placed', stage: 'CONFIRMED' });
    const server = mockServer({
      'GET /api/v1/orders/history': (call) =>
        query(call).get('pageNo') === '1'
          ? success(page(first, true))
          : success(page([makeOrder(10), makeOrder(9)], false)),
    });
    renderRoutes('/orderHistory', SCREENS);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    const card = screen.getByRole('article', { name: 'Order #000020' });
    expect(within(card).getByText('Crust Koramangala')).toBeTruthy();
    expect(within(card).getByText('2 x Margherita, 1 x Garlic Breadsticks')).toBeTruthy();
    expect(within(card).getByText('₹1,234.50')).toBeTruthy();
    expect(within(card).getByText('Order Placed')).toBeTruthy();
    // 13:30 UTC is 7:00 pm in India
    expect(within(card).getByText(/1 Mar 2025.*7:00 PM/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Track order' }).getAttribute('href')).toBe(
      `/trackOrder?orderHistoryId=${orderId(20)}`,
    );
    expect(
      within(card).getByRole('link', { name: 'View details of order #000020' }).getAttribute('href'),
    ).toBe(`/orderDetails?orderId=${orderId(20)}`);
    const delivered = screen.getByRole('article', { name: 'Order #000019' });
    expect(within(delivered).queryByRole('link', { name: 'Track order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getAllByRole('article').at(-1)!.getAttribute('aria-label')).toBe('Order #000009');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(server.find('GET', '/api/v1/orders/history').map((c) => query(c).get('pageNo'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('a train order shows its train and station, and its SPEC §4 train status in place of the label', async () => {
    mockServer({
      'GET /api/v1/orders/history': () =>
        success(
          page(
            [
              makeOrder(31, {
                deliveryType: 'IRCTC',
                stage: 'DISPATCHED',
                label: 'Order Placed',
                trackable: true,
                storeName: 'Crust Hamidia Road',
                train: makeTrain(),
              }),
              makeOrder(30, {
                deliveryType: 'IRCTC',
                status: 'CANCELLED',
                stage: 'UNDELIVERED',
                label: 'CANCELLED',
                train: makeTrain({ status: 'UNDELIVERED', statusCode: 5 }),
              }),
              makeOrder(29),
            ],
            false,
          ),
        ),
    });
    renderRoutes('/orderHistory', SCREENS);
    const moving = await screen.findByRole('article', { name: 'Order #000031' });
    expect(within(moving).getByTestId('train-line').textContent).toBe(
      '12622 Tamil Nadu Express · Bhopal Junction (BPL)',
    );
    expect(within(moving).getByTestId('train-status').textContent).toBe('Out for delivery');
    expect(within(moving).queryByText('Order Placed')).toBeNull();
    expect(within(moving).getByRole('link', { name: 'Track order' })).toBeTruthy();
    const undelivered = screen.getByRole('article', { name: 'Order #000030' });
    expect(within(undelivered).getByTestId('train-status').textContent).toBe('Undelivered');
    expect(within(undelivered).getByTestId('train-status').className).toContain('hist-badge-bad');
    const home = screen.getByRole('article', { name: 'Order #000029' });
    expect(within(home).queryByTestId('train-line')).toBeNull();
    expect(within(home).getByText('DELIVERED')).toBeTruthy();
  });

  it('filters with the chips, and says so when a filter or the whole history is empty', async () => {
    const server = mockServer({
      'GET /api/v1/orders/history': (call) =>
        query(call).get('filter') === 'CANCELLED'
          ? success(
              page([makeOrder(5, { status: 'CANCELLED', label: 'CANCELLED', stage: 'CANCELLED' })], false),
            )
          : query(call).get('filter') === 'FAVOURITE'
            ? success(page([], false))
            : success(page([makeOrder(5), makeOrder(4)], false)),
    });
    const { router } = renderRoutes('/postorder-ui/orderHistory', SCREENS);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    // post-order screens link to the post-order details
    expect(screen.getByRole('link', { name: 'View details of order #000005' }).getAttribute('href')).toBe(
      `/postorder-ui/orderDetails?orderId=${orderId(5)}`,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Cancelled' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('CANCELLED')).toBeTruthy();
    expect(currentPath(router)).toBe('/postorder-ui/orderHistory?filter=CANCELLED');
    fireEvent.click(screen.getByRole('radio', { name: 'Favourites' }));
    expect(await screen.findByText('No orders to show here.')).toBeTruthy();
    expect(server.find('GET', '/api/v1/orders/history').map((c) => query(c).get('filter'))).toEqual([
      'ALL',
      'CANCELLED',
      'FAVOURITE',
    ]);
  });

  it("an empty history invites a customer's first order", async () => {
    await loginAsCustomer();
    mockServer({ 'GET /api/v1/orders/history': () => success(page([], false)) });
    renderRoutes('/orderHistory', SCREENS);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order now' }).getAttribute('href')).toBe('/menu');
    expect(screen.queryByRole('link', { name: 'Log in to see your orders' })).toBeNull();
  });

  it("a guest's empty history offers the login that shows the account's orders, and back here after", async () => {
    mockServer({ 'GET /api/v1/orders/history': () => success(page([], false)) });
    renderRoutes('/orderHistory', SCREENS);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to see your orders' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2ForderHistory',
    );
    expect(screen.getByRole('link', { name: 'Order now' }).getAttribute('href')).toBe('/menu');
  });

  it('the heart marks an order as a favourite, and is undone when the server refuses', async () => {
    let refuse = false;
    const server = mockServer({
      'GET /api/v1/orders/history': () => success(page([makeOrder(7)], false)),
      'POST /api/v1/orders/:orderId/favourite': (call, p) =>
        refuse
          ? reply(404, {
              status: 'FAILED',
              errors: [{ code: 'ORDER_NOT_FOUND', displayMsg: 'Order not found.' }],
            })
          : success({ orderId: p.orderId, favourite: call.body.favourite }),
    });
    renderRoutes('/orderHistory', SCREENS);
    const heart = await screen.findByRole('button', { name: 'Favourite order #000007' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(server.find('POST', `/api/v1/orders/${orderId(7)}/favourite`)[0]!.body).toEqual({
      favourite: true,
    });
    refuse = true;
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(heart);
    expect(await screen.findByText('Order not found.')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('/postorder-ui/orderDetails', () => {
  const openDetails = (view: OrderDetailsView, extra: Record<string, Handler> = {}) => {
    const server = mockServer({
      'GET /api/v1/orders/:orderId/details': () => success(view),
      ...extra,
    });
    const app = renderRoutes(`/postorder-ui/orderDetails?orderId=${ORDER}`, SCREENS);
    return { ...app, server };
  };

  it('shows the items, the bill, the status, the address and a cancel reason', async () => {
    openDetails(
      makeDetails(
        { status: 'CANCELLED', stage: 'CANCELLED', label: 'CANCELLED', cancelReason: 'Store closed early' },
        'This order was cancelled, so there is no invoice for it.',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Order #000123' })).toBeTruthy();
    expect(screen.getByText('CANCELLED')).toBeTruthy();
    expect(screen.getByText('Store closed early')).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Margherita')).toBeTruthy();
    expect(within(items).getByText('Medium | Hand Tossed')).toBeTruthy();
    expect(within(items).getByText('Qty 2')).toBeTruthy();
    expect(within(items).getByText('₹490')).toBeTruthy();
    const bill = screen.getByRole('region', { name: 'Bill details' });
    expect(within(bill).getByText('Grand Total').nextElementSibling!.textContent).toBe('₹650');
    expect(within(bill).getByText('Cash on delivery')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Delivery address' }).textContent).toContain('80 Feet Road');
    expect(screen.getByText('This order was cancelled, so there is no invoice for it.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Track order' })).toBeNull();
  });

  it('the surprise gift the order unlocked is a line under its items', async () => {
    openDetails(makeDetails({ surpriseGift: LAVA_GIFT }));
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByTestId('order-gift').textContent).toBe(
      'Surprise gift · Choco Lava Cake · Free',
    );
  });

  it('an order that unlocked no gift shows no gift line', async () => {
    openDetails(makeDetails());
    expect(await screen.findByRole('region', { name: 'Items' })).toBeTruthy();
    expect(screen.queryByTestId('order-gift')).toBeNull();
  });

  it('a train order: the train card in place of the address, and its train status', async () => {
    openDetails(
      makeDetails({
        deliveryType: 'IRCTC',
        stage: 'BEING_BAKED',
        label: 'Order Placed',
        deliverTo: 'Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)',
        train: makeTrain({ status: 'PREPARED', statusCode: 2 }),
      }),
    );
    const card = await screen.findByTestId('train-card');
    expect(within(card).getByRole('heading').textContent).toBe('12622 Tamil Nadu Express');
    expect(within(card).getByTestId('train-station').textContent).toBe('Bhopal Junction (BPL)');
    expect(within(card).getByTestId('train-seat').textContent).toBe('Coach B2, Berth 34');
    // 15:10 UTC is 8:40 PM in India
    expect(within(card).getByTestId('train-expected').textContent).toBe(
      'Train expected at Sat, 1 Mar, 8:40 PM',
    );
    expect(within(card).getByTestId('train-code-note')).toBeTruthy();
    expect(screen.getByTestId('train-status').textContent).toBe('Prepared');
    expect(screen.queryByRole('region', { name: 'Delivery address' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Track order' })).toBeTruthy();
  });

  it('downloads the invoice with the API headers, saves it as invoice-{number}.pdf and says "Invoice Downloaded"', async () => {
    await loginAsCustomer();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const objectUrls = stubObjectUrls();
    const server = mockServer({ 'GET /api/v1/orders/:orderId/details': () => success(makeDetails()) });
    // the fake API answers JSON; the invoice is a PDF
    const invoiceCalls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.includes('/invoice')) return server.fetchMock(input, init);
      invoiceCalls.push({ url, headers: init.headers as Record<string, string> });
      return new Response(new Blob(['%PDF-1.3 fake'], { type: 'application/pdf' }), { status: 200 });
    });
    renderRoutes(`/postorder-ui/orderDetails?orderId=${ORDER}`, SCREENS);
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText(MESSAGES.invoiceDownloaded)).toBeTruthy();
    expect(saved).toEqual(['invoice-000123.pdf blob:invoice']);
    expect(objectUrls.created).toBe(1);
    expect(invoiceCalls).toHaveLength(1);
    const [call] = invoiceCalls;
    expect(call!.url).toBe(`/api/v1/orders/${ORDER}/invoice?orderType=D`);
    expect(call!.headers.accept).toBe('application/pdf');
    expect(call!.headers.sessiontoken).toBe('customer-token');
    expect(call!.headers.userid).toBe('U0001');
  });

  it("an invoice refused with 400 shows the server's message; another failure shows the error dialog", async () => {
    let status = 400;
    openDetails(makeDetails(), {
      'GET /api/v1/orders/:orderId/invoice': () =>
        reply(status, {
          status: 'FAILED',
          errors: [
            {
              code: 'INVOICE_UNAVAILABLE',
              displayMsg: 'This order was not placed, so there is no invoice for it.',
            },
          ],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order was not placed, so there is no invoice for it.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(MESSAGES.invoiceDownloaded)).toBeNull();
  });

  it('reorder: asks before leaving out unavailable items, fills the cart, follows the store and goes to /cart', async () => {
    const answer = (action: string): Reorder => ({
      storeId: 3001,
      customerAddress: '12B, 80 Feet Road, Koramangala, Bengaluru',
      deliveryType: 'D',
      cartId: action === 'ADD' ? NEW_CART : null,
      added: [{ productId: 'PIZ0171', name: 'Margherita', quantity: 2 }],
      unavailable: [{ productId: 'SID0001', name: 'Garlic Breadsticks', reason: MESSAGES.outOfStock }],
    });
    const { server, router } = openDetails(makeDetails(), {
      'POST /api/v1/orders/:orderId/reorder': (call) => success(answer(call.body.action)),
      'POST /api/v1/stores/info': () => ({
        status: 'SUCCESS',
        data: { id: 3001, online: 1, advanceOrderStoreId: null, store: makeStore() },
        errors: [],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reorder' });
    expect(within(dialog).getByText(MESSAGES.someItemsUnavailable)).toBeTruthy();
    expect(within(dialog).getByText(`Garlic Breadsticks: ${MESSAGES.outOfStock}`)).toBeTruthy();
    expect(server.find('POST', `/api/v1/orders/${ORDER}/reorder`).map((c) => c.body.action)).toEqual([
      'CHECK',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    const add = server.find('POST', `/api/v1/orders/${ORDER}/reorder`)[1]!;
    expect(add.body).toEqual({ action: 'ADD' });
    expect(add.headers['idempotency-key']).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('crust.cartId')!)).toBe(NEW_CART);
    expect(getLocationState()).toMatchObject({
      deliveryType: 'D',
      store: { id: 3001, name: 'Crust Koramangala' },
    });
  });

  it('reorder: cancelling the question adds nothing; nothing available says so', async () => {
    let added: Reorder['added'] = [{ productId: 'PIZ0171', name: 'Margherita', quantity: 2 }];
    const { server } = openDetails(makeDetails(), {
      'POST /api/v1/orders/:orderId/reorder': () =>
        success({
          storeId: 3001,
          customerAddress: null,
          deliveryType: 'D',
          cartId: null,
          added,
          unavailable: [
            { productId: 'SID0001', name: 'Garlic Breadsticks', reason: MESSAGES.notAvailableNow },
          ],
        } satisfies Reorder),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    added = [];
    fireEvent.click(screen.getByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reorder' });
    expect(within(dialog).getByText('None of these items can be ordered right now.')).toBeTruthy();
    expect(server.find('POST', `/api/v1/orders/${ORDER}/reorder`).map((c) => c.body.action)).toEqual([
      'CHECK',
      'CHECK',
    ]);
  });

  it('hearts mark the order and each item as favourites', async () => {
    await loginAsCustomer();
    const { server } = openDetails(
      makeDetails({ status: 'PLACED', stage: 'BEING_BAKED', label: 'INPROCESS' }),
      {
        'GET /api/v1/favourites': () => ({ status: 'SUCCESS', productIds: ['SID0001'] }),
        'POST /api/v1/favourites/items': (call) => ({
          status: 'SUCCESS',
          productIds: call.body.favourite ? ['PIZ0171', 'SID0001'] : ['SID0001'],
        }),
        'POST /api/v1/orders/:orderId/favourite': (call, p) =>
          success({ orderId: p.orderId, favourite: call.body.favourite }),
      },
    );
    const pizza = await screen.findByRole('button', { name: 'Favourite Margherita' });
    const sticks = screen.getByRole('button', { name: 'Favourite Garlic Breadsticks' });
    await waitFor(() => expect(sticks.getAttribute('aria-pressed')).toBe('true'));
    expect(pizza.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pizza);
    await waitFor(() => expect(pizza.getAttribute('aria-pressed')).toBe('true'));
    expect(server.find('POST', '/api/v1/favourites/items')[0]!.body).toEqual({
      productId: 'PIZ0171',
      favourite: true,
    });

    const order = screen.getByRole('button', { name: 'Favourite order #000123' });
    fireEvent.click(order);
    await waitFor(() => expect(order.getAttribute('aria-pressed')).toBe('true'));
    // a baking order links to its tracker
    expect(screen.getByRole('link', { name: 'Track order' }).getAttribute('href')).toBe(
      `/trackOrder?orderHistoryId=${ORDER}`,
    );
  });
});

describe('/menu favourites (SPEC §2 category 0)', () => {
  it("a customer's favourites this store sells come first", async () => {
    await loginAsCustomer();
    mockServer({
      'GET /api/v1/favourites': () => ({ status: 'SUCCESS', productIds: ['SID0001', 'PIZ9999'] }),
    });
    renderScreens('/menu');
    const first = await screen.findByRole('region', { name: 'Favourites' });
    expect(within(first).getAllByRole('heading', { level: 3 })).toHaveLength(1);
    const tabs = within(screen.getByRole('navigation', { name: /categor/i })).getAllByRole('link');
    expect(tabs.map((a) => a.textContent).slice(0, 2)).toEqual(['All', 'Favourites']);
    expect(screen.getAllByRole('region')[0]).toBe(first);
  });

  it('without a session nothing is asked for', async () => {
    const server = mockServer({});
    renderScreens('/menu');
    await screen.findAllByRole('heading', { level: 3 });
    expect(server.find('GET', '/api/v1/favourites')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Favourites' })).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentStatus } from '@crust/contract/orders';
import type { Tracker } from '@crust/contract/tracking';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { stagesFor, type OrderStage } from '@crust/domain/order-lifecycle';
import TrackScreen from '../src/features/tracking/TrackScreen.tsx';
import TrackOrderScreen from '../src/features/tracking/TrackOrderScreen.tsx';
import ThankYouTrackingScreen from '../src/features/tracking/ThankYouTrackingScreen.tsx';
import ThankYouScreen from '../src/features/payment/ThankYouScreen.tsx';
import { resetClearedTransactions } from '../src/features/payment/clear-checkout.ts';
import { FIRST_EVENT_TIMEOUT_MS } from '../src/features/tracking/follow-tracker.ts';
import {
  fitPoints,
  keepApart,
  labelWidth,
  placeLabels,
  type Pt,
} from '../src/features/tracking/map-geometry.ts';
import {
  failed,
  isolateCartTests,
  makeOrderSummary,
  mockServer,
  reply,
  success,
  urlOf,
} from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';
import { setMiniApp } from '../src/shared/partner/bridge.ts';
import { fakeHost, noHost, paytmConfig } from './fake-host.ts';

isolateCartTests();

const ORDER = 'O0123456789ABCDEF0123';
const KEY = 'k3y-abc';
const TRACKER = 'GET /api/v1/orders/:orderId/tracker';
const EVENTS_URL = `/api/v1/orders/${ORDER}/tracker/events?key=${KEY}`;

/** The times of one evening in India (UTC+5:30): placed 8:15 PM, promised 8:45 PM. */
const AT: Partial<Record<OrderStage, string>> = {
  CONFIRMED: '2026-11-22T14:46:00.000Z', // 8:16 PM
  BEING_BAKED: '2026-11-22T14:50:00.000Z', // 8:20 PM
  DISPATCHED: '2026-11-22T15:00:00.000Z', // 8:30 PM
  READY: '2026-11-22T15:00:00.000Z',
  DELIVERED: '2026-11-22T15:10:00.000Z', // 8:40 PM
  PICKED_UP: '2026-11-22T15:10:00.000Z',
};

function makeTracker(stage: OrderStage | null, o: Partial<Tracker> & { type?: DeliveryType } = {}): Tracker {
  const { type = 'D', ...rest } = o;
  const path = stagesFor(type);
  const reached = stage === null ? -1 : stage === 'CANCELLED' ? 1 : path.indexOf(stage);
  const pickup = type !== 'D';
  return {
    orderId: ORDER,
    dominosOrderId: '4521',
    status: 'PLACED',
    train: null,
    label: 'Order Placed',
    advanceOrder: false,
    slotAt: null,
    tracker: {
      stage,
      code: null,
      steps: path.map((s, i) => ({ stage: s, code: i + 1, at: i <= reached ? (AT[s] ?? null) : null })),
    },
    orderSummary: { deliveryType: type, netPrice: 45_150 },
    placedAt: '2026-11-22T14:45:00.000Z',
    promisedAt: '2026-11-22T15:15:00.000Z',
    deliveredAt: stage === 'DELIVERED' ? (AT.DELIVERED ?? null) : null,
    riderName: stage === 'DISPATCHED' || stage === 'DELIVERED' ? 'Ravi' : null,
    cancelReason: null,
    guarantee: { applies: !pickup, minutes: 30, creditedPaise: 0 },
    store: { id: 3001, name: 'Koramangala', latitude: 12.9352, longitude: 77.6245, phone: '080-4123-3001' },
    destination: pickup ? null : { latitude: 12.9279, longitude: 77.6271, label: '12 MG Road' },
    apiHitInterval: 5,
    eventsUrl: EVENTS_URL,
    key: KEY,
    ...rest,
  };
}

/** EventSource as the browser has it, driven by the test: `emit` sends a tracker, `fail` an error. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  get closed() {
    return this.readyState === FakeEventSource.CLOSED;
  }
  emit(tracker: Tracker) {
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent('tracker', { data: JSON.stringify(tracker) });
    act(() => this.listeners.get('tracker')?.forEach((fn) => fn(event)));
  }
  fail(readyState: number = FakeEventSource.CLOSED) {
    this.readyState = readyState;
    act(() => this.onerror?.(new Event('error')));
  }
}
const lastSource = () => FakeEventSource.all.at(-1)!;

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  sessionStorage.clear();
  resetClearedTransactions();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderAt(url: string) {
  return renderRouter(
    [
      { path: '/track', Component: TrackScreen },
      { path: '/trackOrder', Component: TrackOrderScreen },
      { path: '/thankYouAndTracking', Component: ThankYouTrackingScreen },
      { path: '/thankYou', Component: ThankYouScreen },
      { path: '*', Component: () => <h1>Elsewhere</h1> },
    ],
    url,
  );
}

/** A tracker server whose answer the test changes between polls. */
function trackerServer(initial: Tracker | null) {
  const state = { tracker: initial };
  const server = mockServer({
    [TRACKER]: (_c, p) =>
      state.tracker && p.orderId === ORDER
        ? success(state.tracker)
        : reply(404, failed('NOT_FOUND', 'Order not found')),
  });
  const trackerCalls = () => server.find('GET', `/api/v1/orders/${ORDER}/tracker`);
  return { ...server, state, trackerCalls };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const current = () => document.querySelector('[aria-current="step"]')?.getAttribute('data-testid');
const stageNames = () =>
  within(screen.getByRole('list', { name: 'Order progress' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.trk-stage-name')!.textContent);

describe('/track', () => {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Track order' }));

  it('empty fields show the SPEC §5 tracking messages and nothing is asked', () => {
    const server = mockServer();
    renderAt('/track');
    expect(screen.getByRole('heading', { name: 'Track your order' })).toBeTruthy();
    submit();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Please Enter Mobile No.', 'Please Enter Order Id No.']);
    expect(server.find('POST', '/api/v1/track')).toHaveLength(0);
  });

  it('a bad mobile number gets the SPEC §5 mobile message; numeric fields block e, E, +, - and the dot', () => {
    const server = mockServer();
    renderAt('/track');
    type('Order Id', '4521');
    type('Mobile Number', '0987654321');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.mobileNoLeadingZero);
    type('Mobile Number', '98765');
    expect(screen.getByRole('alert').textContent).toBe('Mobile Number should be of 10 digits');
    type('Mobile Number', '98765x4321');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.mobileOnlyNumbers);
    for (const label of ['Mobile Number', 'Order Id'])
      for (const key of ['e', 'E', '+', '-', '.'])
        expect(fireEvent.keyDown(screen.getByLabelText(label), { key })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('Order Id'), { key: '7' })).toBe(true);
    expect(server.find('POST', '/api/v1/track')).toHaveLength(0);
  });

  it.each([
    ['D', false, `/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`],
    ['D', true, `/trackOrder?orderHistoryId=${ORDER}&key=${KEY}`],
    ['T', false, `/trackOrder?orderHistoryId=${ORDER}&key=${KEY}`],
    ['CURB', true, `/trackOrder?orderHistoryId=${ORDER}&key=${KEY}`],
  ] as const)('found: %s (advance %s) goes to %s', async (deliveryType, advanceOrder, to) => {
    const server = mockServer({
      'POST /api/v1/track': () => success({ orderId: ORDER, key: KEY, deliveryType, advanceOrder }),
    });
    const { router } = renderAt('/track');
    type('Mobile Number', '9876543210');
    type('Order Id', ' 4521 ');
    submit();
    await vi.waitFor(() => expect(urlOf(router)).toBe(to), { timeout: 30_000 });
    expect(server.find('POST', '/api/v1/track')[0]!.body).toEqual({
      mobile: '9876543210',
      orderNumber: '4521',
    });
  });

  it("not found: the server's displayMsg, and the form stays", async () => {
    mockServer({
      'POST /api/v1/track': () => reply(404, failed('ORDER_NOT_FOUND', 'No order found for these details')),
    });
    const { router } = renderAt('/track');
    type('Mobile Number', '9876543210');
    type('Order Id', '4521');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('No order found for these details');
    expect(urlOf(router)).toBe('/track');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Track order' }).disabled).toBe(false);
  });
});

describe('live tracking', () => {
  it('does not thank a key holder who is not the orderer (no total): the heading says Order status', async () => {
    const tracker = makeTracker('CONFIRMED');
    trackerServer({ ...tracker, orderSummary: { ...tracker.orderSummary, netPrice: null } });
    renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    expect(screen.queryByRole('heading', { name: 'Thank you! Your order is placed' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order status' })).toBeTruthy();
    expect(screen.queryByText('Thank you! Your order is placed')).toBeNull();
  });

  it('offers the orderer the order’s updates while it moves; not a key holder, not once it has come', async () => {
    const server = trackerServer(makeTracker('BEING_BAKED'));
    const first = renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    expect(await screen.findByTestId('order-updates')).toBeTruthy();
    first.unmount();
    const tracker = makeTracker('BEING_BAKED');
    server.state.tracker = { ...tracker, orderSummary: { ...tracker.orderSummary, netPrice: null } };
    const second = renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order status' })).toBeTruthy();
    expect(screen.queryByTestId('order-updates')).toBeNull();
    second.unmount();
    server.state.tracker = makeTracker('DELIVERED');
    renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    expect(await screen.findByTestId('tracker-when')).toBeTruthy();
    expect(screen.queryByTestId('order-updates')).toBeNull();
  });

  it("gives the store's number to call, as the contact page promises", async () => {
    trackerServer(makeTracker('CONFIRMED'));
    renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    const call = await screen.findByRole('link', { name: 'Call Koramangala on 080-4123-3001' });
    expect(call.getAttribute('href')).toBe('tel:08041233001');
    expect(screen.getByTestId('tracker-call-store').textContent).toContain(
      'Questions about this order? Koramangala can help.',
    );
    // and the help page that promise is made on (issue 31 item 5)
    const help = screen.getByRole('link', { name: 'Help with this order' });
    expect(help.getAttribute('href')).toBe('/info?page=contact');
  });

  it('inside the Paytm mini-app, which blocks support (SPEC §6), the number stays and the help entry goes', async () => {
    fakeHost();
    setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
    try {
      trackerServer(makeTracker('CONFIRMED'));
      renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
      expect(await screen.findByRole('link', { name: 'Call Koramangala on 080-4123-3001' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Help with this order' })).toBeNull();
    } finally {
      noHost();
      sessionStorage.clear();
    }
  });

  it('follows live events from CONFIRMED to DELIVERED without reloading, then closes the stream', async () => {
    const server = trackerServer(makeTracker('CONFIRMED'));
    renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    // with a key, the thanks wait for the tracker to say the reader is the orderer (it carries the total)
    expect(await screen.findByRole('heading', { name: 'Thank you! Your order is placed' })).toBeTruthy();
    expect((await screen.findByTestId('order-number')).textContent).toBe('4521');
    expect(server.trackerCalls()[0]!.url).toBe(`/api/v1/orders/${ORDER}/tracker?key=${KEY}`);
    expect(current()).toBe('stage-CONFIRMED');
    expect(stageNames()).toEqual(['Confirmed', 'Being Baked', 'Dispatched', 'Delivered']);
    expect(screen.getByTestId('tracker-when').textContent).toBe('Arriving by 8:45 PM');
    expect(screen.getByTestId('tracker-guarantee').textContent).toBe('30-minute delivery guarantee');
    expect(screen.queryByTestId('tracker-rider')).toBeNull();

    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1), { timeout: 30_000 });
    const es = lastSource();
    expect(es.url).toBe(EVENTS_URL);
    es.emit(makeTracker('CONFIRMED'));
    es.emit(makeTracker('BEING_BAKED'));
    expect(current()).toBe('stage-BEING_BAKED');
    expect(screen.getByTestId('current-stage').textContent).toBe('Being Baked');
    expect(screen.getByTestId('stage-CONFIRMED').textContent).toContain('8:16 PM');
    expect(screen.getByTestId('stage-BEING_BAKED').textContent).toContain('8:20 PM');

    es.emit(makeTracker('DISPATCHED'));
    expect(current()).toBe('stage-DISPATCHED');
    expect(screen.getByTestId('tracker-rider').textContent).toBe('Ravi is on the way with your order');
    expect(screen.getByTestId('map-rider')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Map: Koramangala store and 12 MG Road; the rider is on the way',
    );

    es.emit(makeTracker('DELIVERED'));
    expect(current()).toBe('stage-DELIVERED');
    // issue 31 item 7: no longer "placed" once it has come
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delivered. Enjoy your meal!');
    expect(screen.queryByText('Thank you! Your order is placed')).toBeNull();
    expect(screen.getByTestId('tracker-when').textContent).toBe('Delivered at 8:40 PM');
    expect(screen.getByTestId('tracker-rider').textContent).toBe('Delivered by Ravi');
    expect(screen.queryByTestId('map-rider')).toBeNull();
    expect(es.closed).toBe(true);
    // one read, then the stream only: the page never reloaded nor polled
    expect(server.trackerCalls()).toHaveLength(1);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('a picked-up order is told so on the thank-you page', async () => {
    trackerServer(makeTracker('PICKED_UP', { type: 'T' }));
    renderAt(`/thankYouAndTracking?orderId=${ORDER}&key=${KEY}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Picked up. Enjoy your meal!' }),
    ).toBeTruthy();
  });

  it('an order already delivered opens no stream', async () => {
    trackerServer(makeTracker('DELIVERED'));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect(await screen.findByTestId('current-stage')).toBeTruthy();
    expect(current()).toBe('stage-DELIVERED');
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('falls back to polling every apiHitInterval when the stream errors before any event; DELIVERED stops it', async () => {
    vi.useFakeTimers();
    const server = trackerServer(makeTracker('BEING_BAKED', { apiHitInterval: 5 }));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}&key=${KEY}`);
    await advance(0);
    expect(current()).toBe('stage-BEING_BAKED');
    expect(FakeEventSource.all).toHaveLength(1);
    lastSource().fail();
    expect(lastSource().closed).toBe(true);

    await advance(4_999);
    expect(server.trackerCalls()).toHaveLength(1);
    server.state.tracker = makeTracker('DISPATCHED', { apiHitInterval: 5 });
    await advance(1);
    expect(server.trackerCalls()).toHaveLength(2);
    expect(current()).toBe('stage-DISPATCHED');
    // polls carry the key too
    expect(server.trackerCalls()[1]!.url).toBe(`/api/v1/orders/${ORDER}/tracker?key=${KEY}`);

    server.state.tracker = makeTracker('DELIVERED', { apiHitInterval: 5 });
    await advance(5_000);
    expect(current()).toBe('stage-DELIVERED');
    await advance(60_000);
    expect(server.trackerCalls()).toHaveLength(3);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('polls when the stream stays silent, and when there is no EventSource at all', async () => {
    vi.useFakeTimers();
    const server = trackerServer(makeTracker('CONFIRMED', { apiHitInterval: 20 }));
    const first = renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    await advance(0);
    expect(FakeEventSource.all).toHaveLength(1);
    await advance(FIRST_EVENT_TIMEOUT_MS);
    expect(lastSource().closed).toBe(true);
    await advance(20_000);
    expect(server.trackerCalls()).toHaveLength(2);
    first.unmount();

    vi.stubGlobal('EventSource', undefined);
    const before = server.trackerCalls().length;
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    await advance(0);
    await advance(40_000);
    expect(server.trackerCalls().length - before).toBe(3);
  });

  it('a stream that drops after its first event reconnects by itself: no polling', async () => {
    vi.useFakeTimers();
    const server = trackerServer(makeTracker('CONFIRMED'));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    await advance(0);
    const es = lastSource();
    es.emit(makeTracker('CONFIRMED'));
    es.fail(FakeEventSource.CONNECTING);
    await advance(60_000);
    expect(server.trackerCalls()).toHaveLength(1);
    expect(es.closed).toBe(false);
    es.emit(makeTracker('BEING_BAKED'));
    expect(current()).toBe('stage-BEING_BAKED');
  });

  it('leaving the page closes the stream and stops polling', async () => {
    vi.useFakeTimers();
    const server = trackerServer(makeTracker('CONFIRMED'));
    const view = renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    await advance(0);
    const es = lastSource();
    view.unmount();
    expect(es.closed).toBe(true);
    await advance(60_000);
    expect(server.trackerCalls()).toHaveLength(1);
  });
});

describe('what the tracker shows', () => {
  it('CANCELLED: the reason and the refund note, and it keeps polling like the moving stages', async () => {
    vi.useFakeTimers();
    const server = trackerServer(
      makeTracker('CANCELLED', { cancelReason: 'Store closed early', label: 'CANCELLED' }),
    );
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    await advance(0);
    const box = screen.getByTestId('tracker-cancelled');
    expect(box.getAttribute('role')).toBe('alert');
    expect(within(box).getByRole('heading').textContent).toBe('Your order was cancelled');
    expect(box.textContent).toContain('Reason: Store closed early');
    expect(box.textContent).toContain(
      'If you paid online, the money goes back to your original payment method within 4-10 business days.',
    );
    expect(screen.queryByTestId('tracker-when')).toBeNull();
    expect(screen.queryByTestId('tracker-guarantee')).toBeNull();
    expect(current()).toBeUndefined();
    lastSource().fail();
    await advance(10_000);
    expect(server.trackerCalls()).toHaveLength(3);
  });

  it('a late delivery says so and shows what was added to the wallet', async () => {
    trackerServer(
      makeTracker('DELIVERED', {
        deliveredAt: '2026-11-22T15:20:00.000Z',
        guarantee: { applies: true, minutes: 30, creditedPaise: 30_000 },
      }),
    );
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByTestId('tracker-credit')).textContent).toBe(
      'Sorry, your order was late. ₹300 has been added to your wallet.',
    );
    expect(screen.getByTestId('tracker-when').textContent).toBe('Delivered at 8:50 PM');
  });

  it('on time: no credit line; at night the guarantee is 45 minutes', async () => {
    trackerServer(makeTracker('CONFIRMED', { guarantee: { applies: true, minutes: 45, creditedPaise: 0 } }));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByTestId('tracker-guarantee')).textContent).toBe('45-minute delivery guarantee');
    expect(screen.queryByTestId('tracker-credit')).toBeNull();
  });

  it('"Tracking information not available yet" before the store has the order', async () => {
    trackerServer(makeTracker(null));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByText(MESSAGES.trackingNotAvailable)).getAttribute('role')).toBe('status');
    expect(screen.getByTestId('order-number').textContent).toBe('4521');
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
  });

  it('"Tracking information not available yet" when the order cannot be read, with a retry', async () => {
    const server = trackerServer(null);
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.trackingNotAvailable);
    expect(screen.getByRole('link', { name: 'Track another order' }).getAttribute('href')).toBe('/track');
    server.state.tracker = makeTracker('CONFIRMED');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('current-stage')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.trackingNotAvailable)).toBeNull();
  });

  it('a link without a valid order id asks nothing', () => {
    const server = mockServer();
    renderAt('/trackOrder?orderHistoryId=nope');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.trackingNotAvailable);
    expect(server.calls).toHaveLength(0);
  });

  it('a FAILED order shows the error and is not followed', async () => {
    trackerServer(makeTracker(null, { status: 'FAILED', label: 'FAILED' }));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderFailedRefund);
    expect(screen.queryByTestId('tracker-map')).toBeNull();
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('a pickup order: Confirmed → Being Baked → Ready → Picked Up, "Ready by", the store pin only', async () => {
    trackerServer(makeTracker('READY', { type: 'T' }));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect(await screen.findByTestId('current-stage')).toBeTruthy();
    expect(stageNames()).toEqual(['Confirmed', 'Being Baked', 'Ready', 'Picked Up']);
    expect(current()).toBe('stage-READY');
    expect(screen.getByTestId('tracker-when').textContent).toBe('Ready by 8:45 PM');
    expect(screen.queryByTestId('tracker-guarantee')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Map: Koramangala store');
    expect(screen.queryByTestId('map-route')).toBeNull();
    expect(document.querySelectorAll('.trk-pin')).toHaveLength(1);

    lastSource().emit(makeTracker('PICKED_UP', { type: 'T' }));
    expect(current()).toBe('stage-PICKED_UP');
    expect(screen.getByTestId('tracker-when').textContent).toBe('Picked up at 8:40 PM');
    expect(lastSource().closed).toBe(true);
  });

  it('an advance order shows its slot and that preparation starts 30 minutes before', async () => {
    trackerServer(
      makeTracker('CONFIRMED', {
        advanceOrder: true,
        label: 'ADVANCE ORDER',
        slotAt: '2026-11-23T14:30:00.000Z', // Mon 23 Nov, 8:00 PM in India
      }),
    );
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    const note = await screen.findByTestId('tracker-advance');
    expect(note.textContent).toContain('Advance order for Mon, 23 Nov, 8:00 PM');
    expect(note.textContent).toContain('We start preparing it 30 minutes before, at 7:30 PM.');
  });

  it("a home at the store's own spot: two pins side by side, one label above and one below", async () => {
    const store = {
      id: 3001,
      name: 'Koramangala',
      latitude: 12.9352,
      longitude: 77.6245,
      phone: '080-4123-3001',
    };
    trackerServer(
      makeTracker('DISPATCHED', {
        store,
        destination: { latitude: store.latitude, longitude: store.longitude, label: '12 MG Road' },
      }),
    );
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    const map = await screen.findByTestId('tracker-map');
    const where = (kind: string) => {
      const pin = within(map).getByTestId(`map-pin-${kind}`);
      const m = /translate\(([\d.]+) ([\d.]+)\)/.exec(pin.querySelector('g')!.getAttribute('transform')!)!;
      const text = pin.querySelector('text')!;
      return { x: Number(m[1]), y: Number(m[2]), labelY: Number(text.getAttribute('y')) };
    };
    const s = where('store');
    const h = where('home');
    expect(Math.hypot(h.x - s.x, h.y - s.y)).toBeGreaterThanOrEqual(56);
    // the labels are a pin's height apart: above one pin, below the other
    expect(s.labelY).toBeLessThan(s.y - 32);
    expect(h.labelY).toBeGreaterThan(h.y);
  });

  it('the map draws both pins, a dashed route and no remote image', async () => {
    trackerServer(makeTracker('BEING_BAKED'));
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    const map = await screen.findByTestId('tracker-map');
    expect(map.getAttribute('role')).toBe('img');
    expect(map.getAttribute('aria-label')).toBe('Map: Koramangala store and 12 MG Road');
    expect(map.querySelectorAll('.trk-pin')).toHaveLength(2);
    // the pins say the store's name and the address's first part, whole
    expect([...map.querySelectorAll('.trk-pin-label')].map((l) => l.textContent)).toEqual([
      'Koramangala',
      '12 MG Road',
    ]);
    expect(screen.getByTestId('map-route')).toBeTruthy();
    expect(screen.queryByTestId('map-rider')).toBeNull();
    expect(document.querySelectorAll('img, image')).toHaveLength(0);
  });
  it("long names: the pins say the store's name and the address's first whole parts, never a cut word", async () => {
    const base = makeTracker('BEING_BAKED');
    trackerServer({
      ...base,
      store: { ...base.store, name: 'Crust Koramangala' },
      destination: { ...base.destination!, label: '12, 5th Cross Road, Koramangala 4th Block, Bengaluru' },
    });
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    const map = await screen.findByTestId('tracker-map');
    expect([...map.querySelectorAll('.trk-pin-label')].map((l) => l.textContent)).toEqual([
      'Crust Koramangala',
      '12, 5th Cross Road',
    ]);
    expect(map.getAttribute('aria-label')).toBe(
      'Map: Crust Koramangala store and 12, 5th Cross Road, Koramangala 4th Block, Bengaluru',
    );
  });
});

describe('map geometry', () => {
  const frame = { width: 320, height: 168, pad: { x: 40, top: 40, bottom: 40 } };
  it('fits two points inside the padding, north up, one scale for both axes', () => {
    const [store, home] = fitPoints(
      [
        { latitude: 12.94, longitude: 77.62 },
        { latitude: 12.92, longitude: 77.64 },
      ],
      frame,
    );
    for (const p of [store!, home!]) {
      expect(p.x).toBeGreaterThanOrEqual(40);
      expect(p.x).toBeLessThanOrEqual(280);
      expect(p.y).toBeGreaterThanOrEqual(40);
      expect(p.y).toBeLessThanOrEqual(128);
    }
    expect(store!.y).toBeLessThan(home!.y); // further north is higher up
    expect(store!.x).toBeLessThan(home!.x);
    // the same distance east and south: longitude shrinks by cos(latitude)
    const dx = home!.x - store!.x;
    const dy = home!.y - store!.y;
    expect(dx / dy).toBeCloseTo(Math.cos((12.93 * Math.PI) / 180), 3);
  });

  it('one point (or two in the same place) sits in the middle', () => {
    expect(fitPoints([{ latitude: 12.9, longitude: 77.6 }], frame)).toEqual([{ x: 160, y: 84 }]);
  });

  it('two pins in one spot are drawn side by side; pins far enough apart are left alone', () => {
    expect(keepApart({ x: 160, y: 84 }, { x: 160, y: 84 }, 56, frame)).toEqual([
      { x: 132, y: 84 },
      { x: 188, y: 84 },
    ]);
    // nearly on top of each other at the drawing's edge: apart along their own line, still inside the padding
    const [a, b] = keepApart({ x: 279, y: 40 }, { x: 280, y: 41 }, 56, frame);
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(56, 6);
    for (const p of [a, b]) {
      expect(p.x).toBeGreaterThanOrEqual(40);
      expect(p.x).toBeLessThanOrEqual(280);
      expect(p.y).toBeGreaterThanOrEqual(40);
      expect(p.y).toBeLessThanOrEqual(128);
    }
    expect(b.x).toBeGreaterThan(a.x);
    const far: [Pt, Pt] = [
      { x: 40, y: 40 },
      { x: 280, y: 128 },
    ];
    expect(keepApart(far[0], far[1], 56, frame)).toEqual(far);
  });

  // the tracker's own figures: a 32-unit pin head above the tip, 11 px labels
  const shape = { height: 32, fontSize: 11, charWidth: 6.6, gap: 4 };
  const drawing = { width: 320, height: 188, pad: { x: 28, top: 62, bottom: 30 } };
  type Box = { left: number; right: number; top: number; bottom: number };
  const labelBox = (spot: { x: number; y: number }, text: string): Box => {
    const half = labelWidth(text, shape) / 2;
    // the box Chromium gives an 11 px label: ascent, descent and the 3 px white halo around the letters
    return { left: spot.x - half, right: spot.x + half, top: spot.y - 14, bottom: spot.y + 5 };
  };
  // the pin's box as Chromium measures it (its curves' control points and stroke included)
  const pinBox = (at: Pt): Box => ({ left: at.x - 14, right: at.x + 14, top: at.y - 37, bottom: at.y + 1 });
  const overlap = (a: Box, b: Box) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it.each([
    ['the same spot', { latitude: 12.9352, longitude: 77.6245 }],
    ['10 m east', { latitude: 12.9352, longitude: 77.62459 }],
    ['10 m north', { latitude: 12.93529, longitude: 77.6245 }],
    ['10 m south-west', { latitude: 12.93514, longitude: 77.62444 }],
    ['2 km north-east', { latitude: 12.9502, longitude: 77.6395 }],
    ['3 km west', { latitude: 12.9352, longitude: 77.5965 }],
  ])(
    'store and home %s: pins apart, labels inside the map and clear of each other and of the pins',
    (_, home) => {
      const store = { latitude: 12.9352, longitude: 77.6245 };
      const fitted = fitPoints([store, home], drawing);
      const [s, h] = keepApart(fitted[0]!, fitted[1]!, 56, drawing);
      expect(Math.hypot(h.x - s.x, h.y - s.y)).toBeGreaterThanOrEqual(56 - 1e-9);
      const texts = ['Crust Koramangala', '12, 4th Cross, 5th Blo…'];
      const spots = placeLabels(
        [
          { at: s, label: texts[0]! },
          { at: h, label: texts[1]! },
        ],
        drawing,
        shape,
      );
      const [sl, hl] = spots.map((spot, i) => labelBox(spot, texts[i]!));
      expect(overlap(sl!, hl!)).toBe(false);
      expect(overlap(sl!, pinBox(h))).toBe(false);
      expect(overlap(hl!, pinBox(s))).toBe(false);
      expect(overlap(pinBox(s), pinBox(h))).toBe(false);
      for (const box of [sl!, hl!, pinBox(s), pinBox(h)]) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(drawing.width);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(drawing.height);
      }
    },
  );
});

describe('/thankYou: Track order', () => {
  const TX = 'T0123456789ABCDEF0123';
  it.each([
    [{}, `/thankYouAndTracking?orderId=${ORDER}`],
    [{ advanceOrder: true, advancedTime: 1_795_000_000 }, `/trackOrder?orderHistoryId=${ORDER}`],
    [{ deliveryType: 'P' as const }, `/trackOrder?orderHistoryId=${ORDER}`],
  ])('%o links to %s', async (o, href) => {
    mockServer({
      'GET /api/v1/payments/:transactionId/status': () =>
        success({
          transactionId: TX,
          orderId: ORDER,
          status: 'SUCCESS',
          apiHitTime: 80,
          apiHitInterval: 3,
        } satisfies PaymentStatus),
      'GET /api/v1/orders/:orderId': () => success(makeOrderSummary({ id: ORDER, transactionId: TX, ...o })),
    });
    renderAt(`/thankYou?transactionId=${TX}`);
    expect((await screen.findByRole('link', { name: 'Track order' })).getAttribute('href')).toBe(href);
  });
});

describe('paid twice, on the tracker (issue 28 §1)', () => {
  it("the owner's tracker says a second payment is being refunded", async () => {
    mockServer({
      [TRACKER]: () => success(makeTracker('CONFIRMED')),
      'GET /api/v1/orders/:orderId': () =>
        success(makeOrderSummary({ id: ORDER, extraPayments: [{ amountPaise: 45_150, refund: 'PENDING' }] })),
    });
    renderAt(`/trackOrder?orderHistoryId=${ORDER}`);
    expect((await screen.findByTestId('extra-payments')).textContent).toBe(
      '₹451.50 paid twice; the second payment is being refunded, 4–10 business days.',
    );
  });

  it('whoever tracks by a shared key is not told of the payments, nor asks', async () => {
    const server = mockServer({
      [TRACKER]: () =>
        success(makeTracker('CONFIRMED', { orderSummary: { deliveryType: 'D', netPrice: null } })),
    });
    renderAt(`/trackOrder?orderHistoryId=${ORDER}&key=${KEY}`);
    expect(await screen.findByRole('list', { name: 'Order progress' })).toBeTruthy();
    expect(screen.queryByTestId('extra-payments')).toBeNull();
    expect(server.find('GET', `/api/v1/orders/${ORDER}`)).toHaveLength(0);
  });
});

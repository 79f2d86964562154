import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Tracker } from '@crust/contract/tracking';
import type { TrainTrack } from '@crust/contract/train-orders';
import { TRAIN_ORDER_STATUSES, TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import TrackOrderScreen from '../src/features/tracking/TrackOrderScreen.tsx';
import { failed, isolateCartTests, mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

isolateCartTests();

const ORDER = 'O00000000000000000A16';
const TRACKER = 'GET /api/v1/orders/:orderId/tracker';
const CANCEL = 'POST /api/v1/irctc/cancel';
const RESEND = 'POST /api/v1/irctc/delivery-code';

/** One afternoon in India (UTC+5:30): placed 2:15 PM, the train due at Bhopal at 3:40 PM. */
const PLACED = '2026-11-22T08:45:00.000Z';
const ARRIVAL = '2026-11-22T10:10:00.000Z';
const AT: Partial<Record<OrderStage, string>> = {
  CONFIRMED: '2026-11-22T08:46:00.000Z', // 2:16 PM
  BEING_BAKED: '2026-11-22T09:30:00.000Z', // 3:00 PM
  DISPATCHED: '2026-11-22T09:50:00.000Z', // 3:20 PM
  DELIVERED: '2026-11-22T10:12:00.000Z', // 3:42 PM
};
const STAGE_OF: Record<TrainTrack['status'], OrderStage | null> = {
  PLACED: null,
  CONFIRMED: 'CONFIRMED',
  PREPARED: 'BEING_BAKED',
  OUTFORDELIVERY: 'DISPATCHED',
  DELIVERED: 'DELIVERED',
  UNDELIVERED: 'UNDELIVERED',
  CANCELLED: 'CANCELLED',
};
const PATH: OrderStage[] = ['CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'DELIVERED'];

/**
 * A train order's tracker as the server answers its owner. `reached` is the last store stage the order got to
 * (for an undelivered or cancelled one, where it stopped).
 */
function trainTracker(
  status: TrainTrack['status'],
  o: { train?: Partial<TrainTrack>; reached?: OrderStage; tracker?: Partial<Tracker> } = {},
): Tracker {
  const stage = STAGE_OF[status];
  const reached = o.reached ?? stage;
  const upTo = reached ? PATH.indexOf(reached) : -1;
  const ended = status === 'UNDELIVERED' || status === 'CANCELLED';
  return {
    orderId: ORDER,
    dominosOrderId: '7716',
    status: ended ? 'CANCELLED' : 'PLACED',
    label: ended ? 'CANCELLED' : 'Order Placed',
    advanceOrder: false,
    slotAt: null,
    tracker: {
      stage,
      code: null,
      steps: PATH.map((s, i) => ({ stage: s, code: i + 1, at: i <= upTo ? (AT[s] ?? null) : null })),
    },
    orderSummary: { deliveryType: 'IRCTC', netPrice: 45_150 },
    placedAt: PLACED,
    promisedAt: ARRIVAL,
    deliveredAt: status === 'DELIVERED' ? (AT.DELIVERED ?? null) : null,
    riderName: status === 'OUTFORDELIVERY' || status === 'DELIVERED' ? 'Ravi' : null,
    cancelReason: null,
    guarantee: { applies: false, minutes: 30, creditedPaise: 0 },
    store: {
      id: 5101,
      name: 'Crust Hamidia Road',
      latitude: 23.2669,
      longitude: 77.4126,
      phone: '0755-400-5101',
    },
    destination: null,
    train: {
      trainNo: '12622',
      trainName: 'Tamil Nadu Express',
      stationCode: 'BPL',
      stationName: 'Bhopal Junction',
      coach: 'B2',
      berth: '34',
      expectedArrival: ARRIVAL,
      bookedArrival: ARRIVAL,
      status,
      statusCode: TRAIN_ORDER_STATUSES[status],
      cancelBy: '2026-11-22T09:30:00.000Z', // 3:00 PM
      canCancel: status === 'CONFIRMED' || status === 'PREPARED',
      ...o.train,
    },
    apiHitInterval: 5,
    eventsUrl: `/api/v1/orders/${ORDER}/tracker/events?key=k`,
    key: 'k',
    ...o.tracker,
  };
}

/** EventSource driven by the test: `emit` sends a whole tracker. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Set<(e: MessageEvent) => void>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.add(fn);
  }
  removeEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.delete(fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(tracker: Tracker) {
    this.readyState = 1;
    const event = new MessageEvent('tracker', { data: JSON.stringify(tracker) });
    act(() => this.listeners.forEach((fn) => fn(event)));
  }
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

function trackerServer(initial: Tracker) {
  const state = { tracker: initial };
  const server = mockServer({ [TRACKER]: () => success(state.tracker) });
  const trackerCalls = () => server.find('GET', `/api/v1/orders/${ORDER}/tracker`);
  return { ...server, state, trackerCalls };
}

const open = () =>
  renderRouter(
    [
      { path: '/trackOrder', Component: TrackOrderScreen },
      { path: '*', Component: () => <h1>Elsewhere</h1> },
    ],
    `/trackOrder?orderHistoryId=${ORDER}`,
  );

const steps = () =>
  within(screen.getByRole('list', { name: 'Train order progress' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const current = () => document.querySelector('[aria-current="step"]')?.getAttribute('data-testid');
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel order' });

describe('a train order’s tracker', () => {
  it('shows the train card and the SPEC §4 train steps instead of the stage bar, map and guarantee', async () => {
    trackerServer(trainTracker('CONFIRMED'));
    open();
    const card = await screen.findByTestId('train-card');
    expect(within(card).getByRole('heading').textContent).toBe('12622 Tamil Nadu Express');
    expect(within(card).getByTestId('train-station').textContent).toBe('Bhopal Junction (BPL)');
    expect(within(card).getByTestId('train-seat').textContent).toBe('Coach B2, Berth 34');
    expect(within(card).getByTestId('train-expected').textContent).toBe(
      'Train expected at Sun, 22 Nov, 3:40 PM',
    );
    expect(within(card).getByTestId('train-code-note').textContent).toContain('4-digit delivery code');
    expect(within(card).queryByTestId('train-moved')).toBeNull();

    expect(screen.getByTestId('train-status').textContent).toBe('Confirmed');
    expect(steps()).toEqual([
      'Placed2:15 PM',
      'Confirmed2:16 PM',
      'Prepared',
      'Out for delivery',
      'Delivered',
    ]);
    expect(current()).toBe('train-step-CONFIRMED');
    expect(screen.getByTestId('train-step-PLACED').className).toContain('is-done');
    expect(screen.getByTestId('train-step-PREPARED').className).not.toContain('is-done');

    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(screen.queryByTestId('tracker-map')).toBeNull();
    expect(screen.queryByTestId('tracker-guarantee')).toBeNull();
    expect(screen.queryByTestId('tracker-when')).toBeNull();
    expect(screen.getByText('You can cancel until 3:00 PM.')).toBeTruthy();
    expect(cancelButton()).toBeTruthy();
  });

  it('a key holder who is not the passenger sees no seat', async () => {
    trackerServer(trainTracker('PREPARED', { train: { coach: null, berth: null, canCancel: false } }));
    open();
    const card = await screen.findByTestId('train-card');
    expect(within(card).queryByTestId('train-seat')).toBeNull();
    expect(cancelButton()).toBeNull();
  });

  it('follows the train running late live and says so against the arrival it was booked for', async () => {
    trackerServer(trainTracker('PREPARED'));
    const first = open();
    expect((await screen.findByTestId('train-expected')).textContent).toContain('3:40 PM');
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1), { timeout: 30_000 });
    const late = trainTracker('PREPARED', {
      train: { expectedArrival: '2026-11-22T11:10:00.000Z' },
      tracker: { promisedAt: '2026-11-22T11:10:00.000Z' },
    });
    FakeEventSource.all[0]!.emit(late);
    expect(screen.getByTestId('train-expected').textContent).toBe('Train expected at Sun, 22 Nov, 4:40 PM');
    expect(screen.getByTestId('train-moved').textContent).toBe(
      'Your train is running late: we now deliver at 4:40 PM',
    );
    expect(steps()[2]).toBe('Prepared3:00 PM');

    // another device, or the first look after the train fell behind: the booked arrival still tells
    first.unmount();
    localStorage.clear();
    trackerServer(late);
    open();
    expect((await screen.findByTestId('train-moved')).textContent).toBe(
      'Your train is running late: we now deliver at 4:40 PM',
    );
  });

  it('out for delivery: the rider is named and the passenger can no longer cancel', async () => {
    trackerServer(trainTracker('OUTFORDELIVERY'));
    open();
    expect((await screen.findByTestId('train-status')).textContent).toBe('Out for delivery');
    expect(current()).toBe('train-step-OUTFORDELIVERY');
    expect(screen.getByTestId('tracker-rider').textContent).toBe('Ravi is on the way with your order');
    expect(screen.getByTestId('train-code-note')).toBeTruthy();
    expect(cancelButton()).toBeNull();
  });

  it('delivered: every step done, no code note, and the tracker stops following', async () => {
    trackerServer(trainTracker('DELIVERED'));
    open();
    expect((await screen.findByTestId('train-status')).textContent).toBe('Delivered');
    expect(steps().at(-1)).toBe('Delivered3:42 PM');
    expect(screen.getAllByRole('listitem').every((li) => li.className.includes('is-done'))).toBe(true);
    expect(screen.getByTestId('tracker-rider').textContent).toBe('Delivered by Ravi');
    expect(screen.queryByTestId('train-code-note')).toBeNull();
    expect(screen.queryByTestId('train-expected')).toBeNull();
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('undelivered: the train left first; the passenger’s words, the refund, the steps it reached', async () => {
    const reason = TRAIN_ORDER_TEXTS.undelivered('Bhopal Junction');
    trackerServer(trainTracker('UNDELIVERED', { reached: 'DISPATCHED', tracker: { cancelReason: reason } }));
    open();
    const ended = await screen.findByTestId('train-ended');
    expect(ended.getAttribute('role')).toBe('alert');
    expect(within(ended).getByRole('heading').textContent).toBe('We could not deliver your order');
    expect(ended.textContent).toContain(reason);
    expect(ended.textContent).toContain('4-10 business days');
    expect(steps()).toEqual([
      'Placed2:15 PM',
      'Confirmed2:16 PM',
      'Prepared3:00 PM',
      'Out for delivery3:20 PM',
      'Undelivered',
    ]);
    expect(current()).toBe('train-step-UNDELIVERED');
    expect(screen.getByTestId('train-status').className).toContain('is-ended');
    // the train has come and gone: no arrival to wait for, no code to give
    expect(screen.queryByTestId('train-expected')).toBeNull();
    expect(screen.queryByTestId('train-code-note')).toBeNull();
    expect(cancelButton()).toBeNull();
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('undelivered without a reason from the server: the domain’s sentence for its station', async () => {
    trackerServer(trainTracker('UNDELIVERED', { reached: 'DISPATCHED' }));
    open();
    expect((await screen.findByTestId('train-ended')).textContent).toContain(
      'Your train left Bhopal Junction before we could hand over your order.',
    );
  });

  it('cancelled: its reason, and Cancelled in place of Delivered', async () => {
    trackerServer(
      trainTracker('CANCELLED', {
        reached: 'CONFIRMED',
        tracker: { cancelReason: TRAIN_ORDER_TEXTS.cancelled },
      }),
    );
    open();
    const ended = await screen.findByTestId('train-ended');
    expect(within(ended).getByRole('heading').textContent).toBe('Your order was cancelled');
    expect(ended.textContent).toContain('Reason: Cancelled by the passenger.');
    expect(steps()).toEqual([
      'Placed2:15 PM',
      'Confirmed2:16 PM',
      'Prepared',
      'Out for delivery',
      'Cancelled',
    ]);
    expect(current()).toBe('train-step-CANCELLED');
  });
});

describe('the passenger cancels', () => {
  it('asks first; "Keep order" sends nothing; "Yes, cancel" cancels and shows the tracker read again', async () => {
    const server = trackerServer(trainTracker('CONFIRMED'));
    server.on(CANCEL, () => {
      server.state.tracker = trainTracker('CANCELLED', {
        reached: 'CONFIRMED',
        tracker: { cancelReason: TRAIN_ORDER_TEXTS.cancelled },
      });
      return success({ orderId: ORDER, status: 'CANCELLED' });
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.find('POST', '/api/v1/irctc/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByTestId('train-ended')).toBeTruthy();
    expect(server.find('POST', '/api/v1/irctc/cancel').map((c) => c.body)).toEqual([{ orderId: ORDER }]);
    expect(server.trackerCalls()).toHaveLength(2);
    expect(screen.getByTestId('train-status').textContent).toBe('Cancelled');
    // nothing was refused: the cancel part is gone, with no message
    expect(screen.queryByTestId('train-cancel')).toBeNull();
  });

  it('refused past the cut-off (409): the server’s words stay, the tracker is read again', async () => {
    const server = trackerServer(trainTracker('PREPARED'));
    server.on(CANCEL, () => {
      server.state.tracker = trainTracker('PREPARED', { train: { canCancel: false } });
      return reply(409, failed('CANCEL_CLOSED', TRAIN_ORDER_TEXTS.cancelClosed));
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRAIN_ORDER_TEXTS.cancelClosed);
    await vi.waitFor(() => expect(cancelButton()).toBeNull(), { timeout: 30_000 });
    expect(server.trackerCalls()).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(TRAIN_ORDER_TEXTS.cancelClosed);
    expect(screen.getByTestId('train-status').textContent).toBe('Prepared');
  });
});

describe('the delivery code again', () => {
  const resend = () => screen.queryByRole('button', { name: TRAIN_ORDER_TEXTS.resendCode });

  it('the passenger asks for it while the order is on its way; the server’s wait is said as it words it', async () => {
    const server = trackerServer(trainTracker('OUTFORDELIVERY'));
    const wait = 'Your delivery code was sent less than 60 seconds ago. Please check your messages.';
    let answers = 0;
    server.on(RESEND, () =>
      answers++ === 0 ? success({ sent: true }) : reply(429, failed('CODE_RESEND_WAIT', wait)),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: TRAIN_ORDER_TEXTS.resendCode }));
    expect(await screen.findByText(/We have sent you a new delivery code by SMS/)).toBeTruthy();
    expect(server.find('POST', '/api/v1/irctc/delivery-code').map((c) => c.body)).toEqual([
      { orderId: ORDER },
    ]);

    fireEvent.click(screen.getByRole('button', { name: TRAIN_ORDER_TEXTS.resendCode }));
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    expect(screen.queryByText(/We have sent you a new delivery code/)).toBeNull();
  });

  it.each([
    ['delivered', trainTracker('DELIVERED')],
    ['not yet with the store', trainTracker('PLACED')],
    [
      'seen by a key holder',
      trainTracker('CONFIRMED', {
        tracker: { orderSummary: { deliveryType: 'IRCTC', netPrice: null } },
        train: { coach: null, berth: null, canCancel: false },
      }),
    ],
  ])('not offered when %s', async (_, tracker) => {
    trackerServer(tracker);
    open();
    expect(await screen.findByTestId('train-card')).toBeTruthy();
    expect(resend()).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsoleOrder, ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { nextStage } from '@crust/domain/order-lifecycle';
import { actionsOf } from '@crust/domain/staff-roles';
import { TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { failed, mockServer, reply, success, type Call } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

// 7:10 pm in India; the orders below were placed around then
const NOW = new Date('2025-01-10T13:40:00Z');
const FUTURE = '2099-01-01T00:00:00.000Z';

/** the code the passenger of the train orders below got by SMS */
const DELIVERY_CODE = '4821';

const INDIRANAGAR: ConsoleStore = { id: 1001, name: 'Indiranagar', online: true, advanceOrderStoreId: 1002 };
const KORAMANGALA: ConsoleStore = { id: 1002, name: 'Koramangala', online: true, advanceOrderStoreId: null };

function makeSession(o: Partial<StaffSession> = {}): StaffSession {
  return {
    token: 'staff-token-1001',
    expiresAt: FUTURE,
    staff: { id: 'S1', name: 'Ravi', role: 'MANAGER', storeId: 1001, cities: [], may: actionsOf('MANAGER') },
    mustChangePassword: false,
    stores: [INDIRANAGAR],
    ...o,
  };
}
const ADMIN = makeSession({
  token: 'staff-token-admin',
  staff: { id: 'S0', name: 'Meera', role: 'ADMIN', storeId: null, cities: [], may: actionsOf('ADMIN') },
  stores: [INDIRANAGAR, KORAMANGALA],
});

let seq = 0;
function makeOrder(o: Partial<ConsoleOrder> = {}): ConsoleOrder {
  seq += 1;
  return {
    id: `O${String(seq).padStart(20, '0')}`,
    dominosOrderId: String(4000 + seq),
    storeId: 1001,
    deliveryType: 'D',
    train: null,
    status: 'PLACED',
    stage: 'CONFIRMED',
    next: 'BEING_BAKED',
    advanceWaiting: false,
    slotAt: null,
    placedAt: '2025-01-10T13:30:00.000Z',
    promisedAt: '2025-01-10T14:00:00.000Z',
    stageAt: '2025-01-10T13:30:00.000Z',
    customerName: 'Asha Rao',
    mobile: '98xxxxxx10',
    deliverTo: '12B, 80 Feet Road, Indiranagar, Bengaluru',
    instructions: 'Ring the bell twice',
    zeroContact: true,
    items: [{ name: 'Margherita', quantity: 2, description: 'Medium · Hand Tossed' }],
    surpriseGift: null,
    totalPaise: 51_800,
    payment: { method: 'Cash on delivery', state: 'Pending', toCollectPaise: 51_800 },
    riderName: null,
    cancelReason: null,
    ...o,
  };
}

/** A browser's EventSource, driven by the test. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(fn);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    for (const fn of this.listeners.get(type) ?? [])
      fn(new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) }));
  }
  static latest(): FakeEventSource {
    const es = FakeEventSource.all.at(-1);
    if (!es) throw new Error('no EventSource opened');
    return es;
  }
}

/** The store console's API over the fake fetch, with a queue that moves as the real one would. */
function consoleServer(
  opts: { stores?: ConsoleStore[]; orders?: ConsoleOrder[]; done?: ConsoleOrder[] } = {},
) {
  const state = {
    stores: (opts.stores ?? [INDIRANAGAR]).map((s) => ({ ...s })),
    orders: opts.orders ?? [makeOrder()],
    done: opts.done ?? [],
    codeLocked: false,
    products: [
      { code: 'PIZ0001', name: 'Margherita', category: 'Veg Pizza', inStock: true },
      { code: 'PIZ0002', name: 'Farmhouse', category: 'Veg Pizza', inStock: true },
      { code: 'SID0001', name: 'Garlic Breadsticks', category: 'Sides', inStock: false },
    ],
  };
  const storeOf = (id: string) => state.stores.find((s) => s.id === Number(id))!;
  const server = mockServer({
    'POST /api/v1/store/login': (c) =>
      c.body.username === 'store1001' && c.body.password === 'pizza1001'
        ? success(makeSession())
        : reply(401, failed('BAD_LOGIN', 'Incorrect username or password.')),
    'GET /api/v1/store/stores': () => success(state.stores),
    'GET /api/v1/store/stores/:storeId/orders': (c, p) =>
      success({
        store: storeOf(p.storeId!),
        orders: c.url.includes('view=done')
          ? state.done
          : state.orders.filter((o) => o.storeId === Number(p.storeId)),
        eventsUrl: `/api/v1/store/stores/${p.storeId}/events?key=k-${p.storeId}`,
      }),
    'POST /api/v1/store/orders/:orderId/stage': (c, p) => {
      const order = state.orders.find((o) => o.id === p.orderId)!;
      if (c.body.to !== order.next)
        return reply(
          409,
          failed('STAGE_CHANGED', 'This order has moved on already. The queue is up to date.'),
        );
      // a train order is handed over only for the passenger's code (issue 16), as the server checks it
      if (order.deliveryType === 'IRCTC' && c.body.to === 'DELIVERED') {
        if (!c.body.deliveryCode)
          return reply(400, failed('DELIVERY_CODE_REQUIRED', TRAIN_ORDER_TEXTS.codeRequired));
        if (state.codeLocked) return reply(400, failed('DELIVERY_CODE_LOCKED', TRAIN_ORDER_TEXTS.codeLocked));
        if (c.body.deliveryCode !== DELIVERY_CODE)
          return reply(400, failed('DELIVERY_CODE_WRONG', TRAIN_ORDER_TEXTS.codeWrong));
      }
      const moved: ConsoleOrder = {
        ...order,
        stage: c.body.to,
        next: nextStage(c.body.to, order.deliveryType),
        riderName: c.body.riderName ?? order.riderName,
      };
      const finished = moved.next === null;
      state.orders = finished
        ? state.orders.filter((o) => o.id !== order.id)
        : state.orders.map((o) => (o.id === order.id ? moved : o));
      if (finished) state.done = [...state.done, moved];
      return success(moved);
    },
    'POST /api/v1/store/orders/:orderId/cancel': (c, p) => {
      const order = state.orders.find((o) => o.id === p.orderId)!;
      const cancelled: ConsoleOrder = {
        ...order,
        status: 'CANCELLED',
        stage: 'CANCELLED',
        next: null,
        cancelReason: c.body.reason,
      };
      state.orders = state.orders.filter((o) => o.id !== order.id);
      state.done = [...state.done, cancelled];
      return success(cancelled);
    },
    'POST /api/v1/store/stores/:storeId/online': (c, p) => {
      const store = storeOf(p.storeId!);
      store.online = c.body.online;
      return success(store);
    },
    'GET /api/v1/store/stores/:storeId/products': () => success(state.products),
    'POST /api/v1/store/stores/:storeId/products/:productCode': (c, p) => {
      state.products = state.products.map((x) =>
        x.code === p.productCode ? { ...x, inStock: c.body.inStock } : x,
      );
      return success(state.products.find((x) => x.code === p.productCode));
    },
  });
  const queueGets = () => server.find('GET', /\/orders$/).filter((c) => c.url.includes('view=active'));
  return { ...server, state, queueGets };
}

function loggedIn(session: StaffSession = makeSession()) {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
  resetStaffSession();
}

function renderConsole(url = '/store') {
  const { router, queryClient } = renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
  return { router, queryClient };
}

function expectText(el: HTMLElement, text: string | RegExp): void {
  if (typeof text === 'string') expect(el.textContent).toContain(text);
  else expect(el.textContent).toMatch(text);
}
function expectAttr(el: HTMLElement, name: string, value: string): void {
  expect(el.getAttribute(name)).toBe(value);
}

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });
const findCard = (number: string) => screen.findByRole('article', { name: `Order #${number}` });

/** A logged-in console with one order in its queue, once that order's card shows. */
async function openWithOrder(o: Partial<ConsoleOrder> & { dominosOrderId: string }) {
  loggedIn();
  const order = makeOrder(o);
  const server = consoleServer({ orders: [order] });
  renderConsole();
  const el = await findCard(o.dominosOrderId);
  return { order, server, el, c: within(el) };
}

/** A logged-in console whose queue call is refused. */
function openWithQueueRefused(status: number, code: string, message: string) {
  loggedIn();
  const server = consoleServer();
  server.on('GET /api/v1/store/stores/:storeId/orders', () => reply(status, failed(code, message)));
  renderConsole();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  resetStaffSession();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/store login', () => {
  it("shows the server's message for wrong credentials and keeps no session", async () => {
    const server = consoleServer();
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expectText(screen.getByRole('alert'), 'Enter your username');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'store1001' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect username or password.')).toBeTruthy();
    expect(server.find('POST', '/api/v1/store/login')[0]!.body).toEqual({
      username: 'store1001',
      password: 'wrong',
    });
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('logs in, keeps the staff session for the tab and shows the queue with Bearer calls only', async () => {
    const server = consoleServer({
      orders: [
        makeOrder({ dominosOrderId: '502', placedAt: '2025-01-10T13:35:00.000Z' }),
        makeOrder({ dominosOrderId: '501', placedAt: '2025-01-10T13:30:00.000Z' }),
      ],
    });
    renderConsole();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'store1001' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pizza1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const first = await findCard('501');
    expectText(screen.getByRole('heading', { level: 1 }), 'Indiranagar');
    expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY)!).token).toBe('staff-token-1001');
    // oldest first
    const numbers = screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(numbers).toEqual(['Order #501', 'Order #502']);

    const c = within(first);
    expect(c.getByText('Delivery')).toBeTruthy();
    expect(c.getByText(/Placed 7:00 PM/)).toBeTruthy();
    expect(c.getByText(/Promised 7:30 PM/)).toBeTruthy();
    expect(c.getByText('20 min left')).toBeTruthy();
    expect(c.getByText('Asha Rao · 98xxxxxx10')).toBeTruthy();
    expect(c.getByText('12B, 80 Feet Road, Indiranagar, Bengaluru')).toBeTruthy();
    expect(c.getByText('Ring the bell twice')).toBeTruthy();
    expect(c.getByText('Zero contact delivery')).toBeTruthy();
    expect(c.getByText('2 × Margherita')).toBeTruthy();
    expect(c.getByText('Medium · Hand Tossed')).toBeTruthy();
    expect(c.getByText('₹518')).toBeTruthy();
    expect(c.getByText('Cash on delivery · Pending')).toBeTruthy();
    expect(c.getByText('Collect ₹518')).toBeTruthy();
    expect(c.getByText('Confirmed')).toBeTruthy();
    expect(c.getAllByRole('button', { name: 'Start baking' })).toHaveLength(1);

    const get = server.queueGets()[0]!;
    expect(get.headers.authorization).toBe('Bearer staff-token-1001');
    expect(Object.keys(get.headers).filter((h) => /authtoken|sessiontoken|userid|api_key/.test(h))).toEqual(
      [],
    );
    expect(FakeEventSource.latest().url).toBe('/api/v1/store/stores/1001/events?key=k-1001');
  });

  it('asks a one-time password for a new one, changes it and only then opens the console', async () => {
    const server = consoleServer({ stores: [INDIRANAGAR, KORAMANGALA] });
    const oneTime = makeSession({
      token: 'staff-token-once',
      staff: {
        id: 'S9',
        name: 'Ops lead',
        role: 'ADMIN',
        storeId: null,
        cities: [],
        may: actionsOf('ADMIN'),
      },
      mustChangePassword: true,
      stores: [],
    });
    server.on('POST /api/v1/store/login', () => success(oneTime));
    server.on('POST /api/v1/store/password', (c) =>
      c.body.currentPassword === 'k7m2q9x4w8r3t6y5p2n8'
        ? success({ ...ADMIN, mustChangePassword: false })
        : reply(400, failed('WRONG_PASSWORD', 'Your current password is not right.')),
    );
    renderConsole();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ops.lead' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'k7m2q9x4w8r3t6y5p2n8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeTruthy();
    // nothing is kept, and the console has not asked for anything, while the password is one-time
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    expect(server.find('GET', '/api/v1/store/stores')).toHaveLength(0);

    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    save();
    expectText(screen.getByRole('alert'), 'Use at least 12 characters');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my-own-long-password' } });
    fireEvent.change(screen.getByLabelText('New password again'), {
      target: { value: 'my-own-long-passw0rd' },
    });
    save();
    expectText(screen.getByRole('alert'), 'The two passwords are not the same');
    expect(server.find('POST', '/api/v1/store/password')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('New password again'), {
      target: { value: 'my-own-long-password' },
    });
    save();
    expect(await screen.findByRole('button', { name: /Koramangala/ })).toBeTruthy();
    const change = server.find('POST', '/api/v1/store/password')[0]!;
    expect(change.headers.authorization).toBe('Bearer staff-token-once');
    expect(change.body).toEqual({
      currentPassword: 'k7m2q9x4w8r3t6y5p2n8',
      newPassword: 'my-own-long-password',
    });
    expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY)!).token).toBe('staff-token-admin');
  });

  it('never keeps a stored session that still has to change its password', () => {
    loggedIn(makeSession({ mustChangePassword: true }));
    consoleServer();
    renderConsole();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('drops an expired stored session', () => {
    loggedIn(makeSession({ expiresAt: '2025-01-10T13:00:00.000Z' }));
    consoleServer();
    renderConsole();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });

  it('logs out', async () => {
    await openWithOrder({ dominosOrderId: '600' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });
});

describe('/store queue', () => {
  it("lists the order's surprise gift with its items, so the kitchen packs it", async () => {
    const { el, c } = await openWithOrder({
      dominosOrderId: '650',
      surpriseGift: { productCode: 'DES2601', name: 'Choco Lava Cake' },
    });
    expect(c.getByTestId('surprise-gift').textContent).toBe('Surprise gift: Choco Lava Cake · Free');
    expect(el.querySelector('.sc-items')!.contains(c.getByTestId('surprise-gift'))).toBe(true);
  });

  it('an order without the gift says nothing of one', async () => {
    const { c } = await openWithOrder({ dominosOrderId: '651' });
    expect(c.queryByTestId('surprise-gift')).toBeNull();
    expect(c.queryByText(/Surprise gift/)).toBeNull();
  });

  it('moves an order to its next stage with one button, once, even when tapped twice', async () => {
    const { order, server, c } = await openWithOrder({ dominosOrderId: '700' });
    const start = c.getByRole('button', { name: 'Start baking' });
    fireEvent.click(start);
    fireEvent.click(start);
    expect(c.getByRole('button', { name: 'Saving…' }).hasAttribute('disabled')).toBe(true);
    expect(c.getByRole('button', { name: 'Cancel order' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(c.getByText('Being baked')).toBeTruthy());
    const moves = server.find('POST', `/api/v1/store/orders/${order.id}/stage`);
    expect(moves).toHaveLength(1);
    expect(moves[0]!.body).toEqual({ to: 'BEING_BAKED' });
    expect(moves[0]!.headers.authorization).toBe('Bearer staff-token-1001');
    expect(c.getByRole('button', { name: 'Dispatch' }).hasAttribute('disabled')).toBe(false);
  });

  it("asks for the rider's name before dispatching a delivery and shows it after", async () => {
    const { server, c } = await openWithOrder({
      dominosOrderId: '701',
      stage: 'BEING_BAKED',
      next: 'DISPATCHED',
    });
    fireEvent.click(c.getByRole('button', { name: 'Dispatch' }));
    expectText(c.getByRole('alert'), "Enter the rider's name");
    expect(server.find('POST', /\/stage$/)).toHaveLength(0);

    fireEvent.change(c.getByLabelText("Rider's name"), { target: { value: ' Suresh ' } });
    fireEvent.click(c.getByRole('button', { name: 'Dispatch' }));
    await waitFor(() => expect(c.getByText('Rider: Suresh')).toBeTruthy());
    expect(server.find('POST', /\/stage$/)[0]!.body).toEqual({ to: 'DISPATCHED', riderName: 'Suresh' });
    expect(c.getByText('Out for delivery')).toBeTruthy();
    expect(c.getByRole('button', { name: 'Delivered' })).toBeTruthy();
    // a delivery to a door needs no code: only a train order's does
    expect(c.queryByLabelText("Passenger's delivery code")).toBeNull();
  });

  it('a takeaway order goes to Ready for pickup without a rider, then Picked up leaves the queue', async () => {
    const { server, c } = await openWithOrder({
      dominosOrderId: '702',
      deliveryType: 'T',
      stage: 'BEING_BAKED',
      next: 'READY',
      payment: { method: 'UPI', state: 'Paid', toCollectPaise: 0 },
    });
    expect(c.getByText('Takeaway')).toBeTruthy();
    expect(c.queryByLabelText("Rider's name")).toBeNull();
    expect(c.queryByText(/Collect/)).toBeNull();
    fireEvent.click(c.getByRole('button', { name: 'Ready for pickup' }));
    fireEvent.click(await c.findByRole('button', { name: 'Picked up' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(server.find('POST', /\/stage$/).map((x) => x.body)).toEqual([
      { to: 'READY' },
      { to: 'PICKED_UP' },
    ]);
    expect(screen.getByText(/No orders waiting/)).toBeTruthy();
  });

  it('cancels with a reason after saying the customer will be refunded', async () => {
    const { order, server, c } = await openWithOrder({
      dominosOrderId: '703',
      payment: { method: 'Card', state: 'Paid', toCollectPaise: 0 },
    });
    fireEvent.click(c.getByRole('button', { name: 'Cancel order' }));
    expect(c.getByText('The customer will be refunded ₹518.')).toBeTruthy();
    fireEvent.change(c.getByLabelText('Reason for cancelling'), { target: { value: 'no' } });
    fireEvent.click(c.getByRole('button', { name: 'Cancel and refund' }));
    expectText(c.getByRole('alert'), 'Please give a reason');
    expect(server.find('POST', /\/cancel$/)).toHaveLength(0);

    fireEvent.change(c.getByLabelText('Reason for cancelling'), {
      target: { value: 'Out of cheese burst base' },
    });
    fireEvent.click(c.getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #703' })).toBeNull());
    expect(server.find('POST', `/api/v1/store/orders/${order.id}/cancel`)[0]!.body).toEqual({
      reason: 'Out of cheese burst base',
    });

    // Done shows it with its reason
    fireEvent.click(screen.getByRole('tab', { name: 'Done' }));
    const done = within(await findCard('703'));
    expect(done.getByText('Cancelled: Out of cheese burst base')).toBeTruthy();
    expect(done.queryByRole('button')).toBeNull();
  });

  it('says so and refetches when the order has moved on elsewhere (409)', async () => {
    const { order, server, c } = await openWithOrder({ dominosOrderId: '704' });
    // another tablet started baking it
    server.state.orders = [{ ...order, stage: 'BEING_BAKED', next: 'DISPATCHED' }];
    const before = server.queueGets().length;
    fireEvent.click(c.getByRole('button', { name: 'Start baking' }));
    expectText(
      await screen.findByText(/This order has moved on already/),
      'Order #704: This order has moved on already. The queue is up to date.',
    );
    await waitFor(() => expect(c.getByText('Being baked')).toBeTruthy());
    expect(server.queueGets().length).toBeGreaterThan(before);
    expect(c.getByRole('button', { name: 'Dispatch' })).toBeTruthy();
  });

  it('refetches on a live queue event and highlights the new order', async () => {
    const { server } = await openWithOrder({ dominosOrderId: '705' });
    expect(within(card('705')).queryByText('New')).toBeNull();
    const es = FakeEventSource.latest();
    act(() => es.emit('open'));

    const arriving = makeOrder({ dominosOrderId: '706', placedAt: '2025-01-10T13:39:00.000Z' });
    server.state.orders = [...server.state.orders, arriving];
    act(() => es.emit('queue', { orderId: arriving.id, stage: 'CONFIRMED' }));
    const fresh = await findCard('706');
    expect(within(fresh).getByText('New')).toBeTruthy();
    expect(fresh.classList.contains('sc-order-new')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Queue (2)' })).toBeTruthy();
  });

  it('polls every 10 seconds when the live stream fails', async () => {
    const { server } = await openWithOrder({ dominosOrderId: '707' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    act(() => FakeEventSource.latest().emit('error'));
    expect(await screen.findByText(/Live updates are off/)).toBeTruthy();
    const before = server.queueGets().length;
    server.state.orders = [...server.state.orders, makeOrder({ dominosOrderId: '708' })];
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    await findCard('708');
    expect(server.queueGets().length).toBe(before + 1);
  });

  it('shows an advance order with its slot, waiting until 30 minutes before', async () => {
    loggedIn();
    consoleServer({
      orders: [
        makeOrder({
          dominosOrderId: '709',
          advanceWaiting: true,
          // 9:00 pm: the kitchen starts at 8:30 pm
          slotAt: '2025-01-10T15:30:00.000Z',
          promisedAt: '2025-01-10T15:30:00.000Z',
        }),
        makeOrder({ dominosOrderId: '710', promisedAt: '2025-01-10T13:35:00.000Z' }),
      ],
    });
    renderConsole();
    const advance = within(await findCard('709'));
    expect(advance.getByText(/Advance order for 9:00 PM/)).toBeTruthy();
    expect(advance.getByText(/Waiting: kitchen starts at 8:30 PM/)).toBeTruthy();
    expect(advance.queryByText(/min left/)).toBeNull();
    const late = card('710');
    expect(within(late).getByText('Late by 5 min')).toBeTruthy();
    expect(late.classList.contains('sc-order-late')).toBe(true);
  });

  it('goes back to the login form when the staff session has ended (401)', async () => {
    openWithQueueRefused(401, 'UNAUTHORIZED', 'expired');
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });

  it('shows a refusal for a store outside the login (403)', async () => {
    openWithQueueRefused(403, 'FORBIDDEN', 'This store is not yours.');
    expectText(await screen.findByRole('alert'), 'This store is not yours.');
  });
});

describe('/store train orders (issue 16)', () => {
  const trainOrder = (o: Partial<ConsoleOrder> & { dominosOrderId: string }) =>
    openWithOrder({
      deliveryType: 'IRCTC',
      stage: 'DISPATCHED',
      next: 'DELIVERED',
      riderName: 'Suresh',
      deliverTo: 'Coach B2, Berth 34 · 12622 Tamil Nadu Express at Bhopal Junction (BPL)',
      instructions: null,
      zeroContact: false,
      payment: { method: 'UPI', state: 'Paid', toCollectPaise: 0 },
      train: {
        trainNo: '12622',
        trainName: 'Tamil Nadu Express',
        stationCode: 'BPL',
        stationName: 'Bhopal Junction',
        coach: 'B2',
        berth: '34',
        // 7:40 pm in India, half an hour after NOW
        expectedArrival: '2025-01-10T14:10:00.000Z',
        bookedArrival: '2025-01-10T14:10:00.000Z',
        pnr: 'xxxxxx4567',
      },
      ...o,
    });
  const codeField = (c: ReturnType<typeof within>) => c.getByLabelText("Passenger's delivery code");
  const errorOf = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((el) => el?.getAttribute('role') === 'alert')?.textContent;

  it('shows the train, station, seat, masked PNR and when the train is due, in place of the address', async () => {
    const { c } = await trainOrder({ dominosOrderId: '900', stage: 'CONFIRMED', next: 'BEING_BAKED' });
    const train = c.getByRole('region', { name: 'Train delivery' });
    const facts = within(train)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
    expect(facts).toEqual([
      'Train: 12622 Tamil Nadu Express',
      'Station: Bhopal Junction (BPL)',
      'Coach, berth: Coach B2, Berth 34',
      'PNR: xxxxxx4567',
      'Train due: 7:40 PM',
    ]);
    expect(c.queryByText('Deliver to')).toBeNull();
    expect(c.getByText('Delivery on train')).toBeTruthy();
    // only the hand-over asks for the code
    expect(c.queryByLabelText("Passenger's delivery code")).toBeNull();
  });

  it("asks for the passenger's 4-digit code before Delivered, checks its shape, then sends it", async () => {
    const { order, server, c } = await trainOrder({ dominosOrderId: '901' });
    const input = codeField(c);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('4');
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    expect(errorOf(input)).toBe(TRAIN_ORDER_TEXTS.codeRequired);
    fireEvent.change(input, { target: { value: '48' } });
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    expect(errorOf(input)).toBe('The delivery code is 4 digits');
    expect(server.find('POST', /\/stage$/)).toHaveLength(0);

    fireEvent.change(input, { target: { value: '4821' } });
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(server.find('POST', `/api/v1/store/orders/${order.id}/stage`).map((x) => x.body)).toEqual([
      { to: 'DELIVERED', deliveryCode: '4821' },
    ]);
  });

  it("a wrong code is refused beside the field with the server's words; the right one then delivers", async () => {
    const { server, c } = await trainOrder({ dominosOrderId: '902' });
    const input = codeField(c);
    fireEvent.change(input, { target: { value: '1111' } });
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(errorOf(codeField(c))).toBe(TRAIN_ORDER_TEXTS.codeWrong));
    // beside the code, not as the queue's error about the order
    expect(screen.queryByText(/^Order #902:/)).toBeNull();
    expect(card('902')).toBeTruthy();
    expect(document.activeElement).toBe(codeField(c));

    fireEvent.change(codeField(c), { target: { value: '4821' } });
    expect(errorOf(codeField(c))).toBeUndefined();
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(server.find('POST', /\/stage$/).map((x) => x.body.deliveryCode)).toEqual(['1111', '4821']);
  });

  it('too many wrong codes: the lock is said beside the field', async () => {
    const { server, c } = await trainOrder({ dominosOrderId: '903' });
    server.state.codeLocked = true;
    fireEvent.change(codeField(c), { target: { value: '4821' } });
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(errorOf(codeField(c))).toBe(TRAIN_ORDER_TEXTS.codeLocked));
    expect(card('903')).toBeTruthy();
  });

  it('any other refusal of the hand-over is the queue’s error as before', async () => {
    const { server, c } = await trainOrder({ dominosOrderId: '904' });
    server.on('POST /api/v1/store/orders/:orderId/stage', () =>
      reply(409, failed('STAGE_CHANGED', 'This order has moved on already. The queue is up to date.')),
    );
    fireEvent.change(codeField(c), { target: { value: '4821' } });
    fireEvent.click(c.getByRole('button', { name: 'Delivered' }));
    expect(
      await screen.findByText('Order #904: This order has moved on already. The queue is up to date.'),
    ).toBeTruthy();
    expect(errorOf(codeField(c))).toBeUndefined();
  });
});

describe('/store stores', () => {
  it('lets a chain admin pick a store and switch to another', async () => {
    loggedIn(ADMIN);
    const server = consoleServer({
      stores: [INDIRANAGAR, KORAMANGALA],
      orders: [makeOrder({ dominosOrderId: '800' }), makeOrder({ dominosOrderId: '801', storeId: 1002 })],
    });
    const { router } = renderConsole();
    expect(screen.getByRole('heading', { name: 'Choose a store' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Koramangala · #1002/ }));
    await findCard('801');
    expect(screen.queryByRole('article', { name: 'Order #800' })).toBeNull();
    expect(router.state.location.search).toBe('?store=1002');
    expect(server.queueGets().at(-1)!.path).toBe('/api/v1/store/stores/1002/orders');
    expect(server.queueGets().at(-1)!.headers.authorization).toBe('Bearer staff-token-admin');

    fireEvent.click(screen.getByRole('button', { name: 'Stores' }));
    fireEvent.click(screen.getByRole('button', { name: /Indiranagar · #1001/ }));
    await findCard('800');
  });

  it('goes offline only after confirming, and back online at once', async () => {
    loggedIn();
    const server = consoleServer();
    renderConsole();
    const online = await screen.findByRole('switch', { name: 'Online' });
    expectAttr(online, 'aria-checked', 'true');

    fireEvent.click(online);
    const dialog = screen.getByRole('alertdialog', { name: 'Go offline?' });
    expectText(dialog, 'Customers will only be able to book advance orders');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay online' }));
    expect(server.find('POST', /\/online$/)).toHaveLength(0);

    fireEvent.click(online);
    fireEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    await waitFor(() => expectAttr(online, 'aria-checked', 'false'));
    expect(server.find('POST', '/api/v1/store/stores/1001/online')[0]!.body).toEqual({ online: false });
    expectText(screen.getByRole('status'), 'Customers will only be able to book advance orders');

    fireEvent.click(online);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expectAttr(online, 'aria-checked', 'true'));
    expect(server.find('POST', /\/online$/).map((c: Call) => c.body)).toEqual([
      { online: false },
      { online: true },
    ]);
  });

  it('marks a product out of stock and back, grouped by category', async () => {
    loggedIn();
    const server = consoleServer();
    renderConsole('/store?tab=stock');
    expect(await screen.findByRole('heading', { name: 'Veg Pizza' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sides' })).toBeTruthy();
    expectText(screen.getByRole('switch', { name: 'Garlic Breadsticks' }), 'Out of stock');

    const farmhouse = screen.getByRole('switch', { name: 'Farmhouse' });
    expectAttr(farmhouse, 'aria-checked', 'true');
    fireEvent.click(farmhouse);
    expect(farmhouse.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expectText(farmhouse, 'Out of stock'));
    expectAttr(farmhouse, 'aria-checked', 'false');
    const post = server.find('POST', '/api/v1/store/stores/1001/products/PIZ0002');
    expect(post[0]!.body).toEqual({ inStock: false });
    expect(post[0]!.headers.authorization).toBe('Bearer staff-token-1001');

    fireEvent.click(farmhouse);
    await waitFor(() => expectText(farmhouse, 'In stock'));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import OrderUpdates from '../src/shared/notifications/OrderUpdates.tsx';
import { mockApi } from './location-harness.tsx';

/**
 * The thank-you page's opt-in to order notifications (issue 31 §14), over a browser played here: its permission,
 * its service worker registration and push manager.
 */
const ORDER = 'O0123456789ABCDEF0123';
const SUBSCRIPTIONS = fillPath(API_PATHS.orderPushSubscriptions, { orderId: ORDER });
const KEY = 'BPublicKeyOfTheServer';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

function fakeBrowser(opts: { permission: NotificationPermission; answer?: NotificationPermission }) {
  let permission = opts.permission;
  let subscribed: object | null = null;
  const subscribe = vi.fn((options: { applicationServerKey: string }) => {
    subscribed = {
      options,
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    };
    return Promise.resolve(subscribed);
  });
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(subscribed) } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      get permission() {
        return permission;
      },
      requestPermission: vi.fn(() => {
        permission = opts.answer ?? permission;
        return Promise.resolve(permission);
      }),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
  });
  return { subscribe };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

describe('order updates on the thank-you page', () => {
  it('asks the browser, subscribes with the server key, gives the order the subscription, and can turn off', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const fetchMock = mockApi({
      [`GET ${API_PATHS.pushKey}`]: { status: 'SUCCESS', data: { publicKey: KEY } },
      [`POST ${SUBSCRIPTIONS}`]: { status: 'SUCCESS', data: { id: 'P0123456789abcdef0123' } },
      [`DELETE ${fillPath(API_PATHS.orderPushSubscription, { orderId: ORDER, subscriptionId: 'P0123456789abcdef0123' })}`]:
        { status: 'SUCCESS' },
    });
    render(<OrderUpdates orderId={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get updates on this order' }));
    expect(await screen.findByText('Updates on this order are on.')).toBeTruthy();
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Get updates on this order' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('shows "on" again for an order this browser already gets updates on', async () => {
    fakeBrowser({ permission: 'granted' });
    mockApi({
      [`GET ${API_PATHS.pushKey}`]: { status: 'SUCCESS', data: { publicKey: KEY } },
      [`POST ${SUBSCRIPTIONS}`]: { status: 'SUCCESS', data: { id: 'P0123456789abcdef0123' } },
    });
    const first = render(<OrderUpdates orderId={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get updates on this order' }));
    await screen.findByText('Updates on this order are on.');
    first.unmount();
    render(<OrderUpdates orderId={ORDER} />);
    expect(await screen.findByText('Updates on this order are on.')).toBeTruthy();
  });

  it('says so when the customer blocks notifications, and sends nothing', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'denied' });
    const fetchMock = mockApi({});
    render(<OrderUpdates orderId={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get updates on this order' }));
    expect(
      await screen.findByText(
        'Notifications are blocked for this site in your browser settings. We will text you instead.',
      ),
    ).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so where the browser has no push at all', async () => {
    mockApi({});
    render(<OrderUpdates orderId={ORDER} />);
    expect(
      await screen.findByText('This browser cannot show notifications. We will text you instead.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again when the server refuses', async () => {
    fakeBrowser({ permission: 'granted' });
    mockApi({ [`GET ${API_PATHS.pushKey}`]: { status: 'SUCCESS', data: { publicKey: KEY } } });
    render(<OrderUpdates orderId={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get updates on this order' }));
    expect(await screen.findByText('We could not turn on updates. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get updates on this order' })).toBeTruthy();
  });
});

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker's push handlers (sw/push.ts, issue 31 §14), run in a worker scope played here: the
 * journey (e2e/tests/push-notifications.spec.ts) shows the notifications in Chromium; tapping one cannot be done
 * there, so what a tap opens is proven here.
 */
type Listener = (event: Record<string, unknown>) => void;
const listeners = new Map<string, Listener>();
const showNotification = vi.fn(() => Promise.resolve());
const windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = [];
const openWindow = vi.fn(() => Promise.resolve(null));
const ORIGIN = 'https://crust.example';

const scope = {
  addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
  registration: { showNotification },
  location: { origin: ORIGIN },
  clients: { matchAll: () => Promise.resolve(windows), openWindow },
};

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  // @ts-expect-error -- a classic script, not a module: imported for what it does to the scope
  await import('../sw/push.ts');
  vi.unstubAllGlobals();
});

beforeEach(() => {
  showNotification.mockClear();
  openWindow.mockClear();
  windows.length = 0;
});

/** Dispatches an event and waits for what it handed to waitUntil. */
async function dispatch(type: string, event: Record<string, unknown>) {
  let work: Promise<unknown> = Promise.resolve();
  listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
  await work;
}

const notice = {
  title: 'Out for delivery',
  body: 'Ravi Kumar is on the way with order 12345678.',
  url: '/trackOrder?orderHistoryId=O0123456789ABCDEF0123',
  tag: 'O0123456789ABCDEF0123',
  stage: 'DISPATCHED',
};
const windowAt = (url: string) => {
  const w = { url, focus: vi.fn(() => Promise.resolve(w)), navigate: vi.fn(() => Promise.resolve(w)) };
  return w;
};
const click = (url: unknown) =>
  dispatch('notificationclick', { notification: { data: { url }, close: vi.fn() } });

describe('the service worker', () => {
  it("shows the server's notice, one per order (its tag), keeping the tracker to open", async () => {
    await dispatch('push', { data: { json: () => notice } });
    expect(showNotification).toHaveBeenCalledWith('Out for delivery', {
      body: 'Ravi Kumar is on the way with order 12345678.',
      tag: 'O0123456789ABCDEF0123',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notice.url },
    });
  });

  it('shows nothing for a push it cannot read, or one pointing off the app', async () => {
    await dispatch('push', { data: { json: () => JSON.parse('not json') as unknown } });
    await dispatch('push', { data: { json: () => ({ ...notice, url: 'https://evil.example/' }) } });
    await dispatch('push', { data: null });
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('a tap brings forward the tracker already open', async () => {
    const other = windowAt(`${ORIGIN}/menu`);
    const tracker = windowAt(`${ORIGIN}${notice.url}`);
    windows.push(other, tracker);
    await click(notice.url);
    expect(tracker.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('a tap takes a window of the app to the tracker, or opens one', async () => {
    const menu = windowAt(`${ORIGIN}/menu`);
    windows.push(menu);
    await click(notice.url);
    expect(menu.navigate).toHaveBeenCalledWith(`${ORIGIN}${notice.url}`);
    expect(menu.focus).toHaveBeenCalled();
    windows.length = 0;
    await click(notice.url);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}${notice.url}`);
  });

  it('a tap never opens another site', async () => {
    await click('//evil.example/phish');
    await click('https://evil.example/');
    expect(openWindow).not.toHaveBeenCalled();
  });
});

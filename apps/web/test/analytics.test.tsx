import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API_PATHS } from '@crust/contract/paths';
import type { UserActivityEvent } from '@crust/contract/analytics';
import { cleanProperties, deviceFacts, FLUSH_EVERY_MS, startSender } from '../src/shared/analytics/sender.ts';
import { Analytics } from '../src/shared/analytics/Analytics.tsx';
import { track, type Tracked } from '../src/shared/analytics/track.ts';
import { callsTo, mockApi, renderRoutes } from './location-harness.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tracked = (
  action: Tracked['action'],
  properties: Tracked['properties'] = {},
  path = '/menu',
): Tracked => ({
  action,
  properties,
  at: 1_700_000_000_000,
  path,
});

function harness() {
  const sent: { url: string; init: RequestInit }[] = [];
  const target = new EventTarget();
  let hidden = false;
  const sender = startSender({
    headers: () => ({ ga_client_id: 'device-123456' }),
    userId: () => null,
    send: async (url, init) => {
      sent.push({ url, init });
    },
    userAgent: 'test-agent',
    referrer: 'https://www.google.com/search?q=pizza',
    target: target,
    isHidden: () => hidden,
  });
  const batches = () =>
    sent.map((s) => (JSON.parse(String(s.init.body)) as { data: UserActivityEvent[] }).data);
  return {
    sender,
    sent,
    batches,
    hide: () => {
      hidden = true;
      target.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      hidden = false;
      target.dispatchEvent(new Event('visibilitychange'));
    },
    leave: () => target.dispatchEvent(new Event('pagehide')),
  };
}

describe('the sender', () => {
  it('batches what was queued and sends it every few seconds, by fetch with keepalive', () => {
    vi.useFakeTimers();
    const h = harness();
    h.sender.add(tracked('page_view', {}, '/'));
    h.sender.add(tracked('page_view', {}, '/menu'));
    h.sender.add(tracked('add_to_cart', { productCode: 'PIZ0105', quantity: 1 }));
    expect(h.sent).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.url).toBe(API_PATHS.userActivity);
    expect(h.sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect((h.sent[0]!.init.headers as Record<string, string>).ga_client_id).toBe('device-123456');
    const [batch] = h.batches();
    expect(batch).toEqual([
      expect.objectContaining({
        platform: 'PWA',
        pageName: 'landing',
        referrer: 'www.google.com',
        action: 'page_view',
        actionType: 'VIEW',
      }),
      expect.objectContaining({ pageName: 'menu', referrer: 'landing', action: 'page_view' }),
      expect.objectContaining({
        pageName: 'menu',
        referrer: 'menu',
        action: 'add_to_cart',
        actionType: 'TAP',
        properties: { productCode: 'PIZ0105', quantity: 1 },
        userAgent: 'test-agent',
        userId: null,
        timestamp: 1_700_000_000_000,
      }),
    ]);
    // nothing new: nothing sent
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(h.sent).toHaveLength(1);
    h.sender.stop();
  });

  it('splits a long queue into calls of at most 50 events', () => {
    const h = harness();
    for (let i = 0; i < 120; i++) h.sender.add(tracked('page_view'));
    h.sender.flush();
    expect(h.batches().map((b) => b.length)).toEqual([50, 50, 20]);
    h.sender.stop();
  });

  it('sends when the page is hidden or left, not when it shows again', () => {
    const h = harness();
    h.sender.add(tracked('checkout_started', {}, '/cart'));
    h.show();
    expect(h.sent).toHaveLength(0);
    h.hide();
    expect(h.sent).toHaveLength(1);
    h.sender.add(tracked('purchase', { orderId: 'O1', items: 2 }, '/thankYou'));
    h.leave();
    expect(h.sent).toHaveLength(2);
    h.sender.stop();
  });

  it('never sends personal data: such properties are dropped, the event kept', () => {
    const h = harness();
    h.sender.add(
      tracked('coupon_failed', {
        code: '9876543210',
        reason: 'INVALID_COUPON',
        mobile: '9876543210',
        customerName: 'Meera',
        note: 'meera@example.com',
        card: '4111 1111 1111 1111',
      }),
    );
    h.sender.flush();
    const body = String(h.sent[0]!.init.body);
    expect(h.batches()[0]![0]!.properties).toEqual({ reason: 'INVALID_COUPON' });
    for (const secret of ['9876543210', 'Meera', 'meera@example.com', '4111'])
      expect(body).not.toContain(secret);
    h.sender.stop();
  });

  it('a failed send is dropped, not thrown', async () => {
    const sender = startSender({
      headers: () => ({}),
      userId: () => null,
      send: () => Promise.reject(new Error('offline')),
      userAgent: '',
      referrer: '',
      target: new EventTarget(),
      isHidden: () => false,
    });
    sender.add(tracked('page_view'));
    expect(() => sender.flush()).not.toThrow();
    await Promise.resolve();
    sender.stop();
  });

  it('cleanProperties keeps ids, codes and reasons', () => {
    expect(
      cleanProperties({ productCode: 'PIZ0105', method: 'CARD', reason: 'MIN_ORDER', n: 2, ok: true }),
    ).toEqual({
      productCode: 'PIZ0105',
      method: 'CARD',
      reason: 'MIN_ORDER',
      n: 2,
      ok: true,
    });
  });

  it('device facts are coarse', () => {
    const nav = {
      hardwareConcurrency: 6,
      deviceMemory: 3,
      maxTouchPoints: 5,
      language: 'en-IN',
      webdriver: false,
    } as unknown as Navigator;
    const win = { innerWidth: 412, matchMedia: () => ({ matches: true }) } as unknown as Window;
    const facts = deviceFacts(nav, win, new Date());
    expect(facts).toMatchObject({
      screen: 'small',
      touch: true,
      cores: 4,
      memoryGb: 2,
      language: 'en',
      standalone: true,
      automated: false,
    });
    expect(Math.abs(facts.utcOffsetMinutes % 30)).toBe(0);
  });
});

/** A screen that adds to the cart as the menu does, with the tracker the layout renders. */
function MenuWithTracker() {
  return (
    <>
      <Analytics />
      <button
        type="button"
        onClick={() => track('add_to_cart', { productCode: 'PIZ0105', quantity: 1, mobile: '9876543210' })}
      >
        Add
      </button>
    </>
  );
}

const config = (userActivityTracking: boolean) => ({
  status: 'SUCCESS',
  data: { features: [], configRefreshSeconds: 180, appResetSeconds: 300, userActivityTracking },
});

describe('the remote config switch', () => {
  it('off: nothing is sent, not even what was tracked before the config came', async () => {
    const fetchMock = mockApi({
      [API_PATHS.config]: config(false),
      [`POST ${API_PATHS.userActivity}`]: { status: 'SUCCESS', data: { stored: 0, tracking: false } },
    });
    window.history.pushState({}, '', '/menu');
    renderRoutes('/menu', { '/menu': MenuWithTracker });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.config)).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(callsTo(fetchMock, API_PATHS.userActivity)).toHaveLength(0);
    expect(callsTo(fetchMock, API_PATHS.fingerprint)).toHaveLength(0);
  });

  it('on: the page view and the add go out in a batch on pagehide, without the personal property', async () => {
    const fetchMock = mockApi({
      [API_PATHS.config]: config(true),
      [`POST ${API_PATHS.userActivity}`]: { status: 'SUCCESS', data: { stored: 2, tracking: true } },
      [`POST ${API_PATHS.fingerprint}`]: { status: 'SUCCESS', data: { stored: true } },
    });
    window.history.pushState({}, '', '/menu');
    renderRoutes('/menu', { '/menu': MenuWithTracker });
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.fingerprint)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    window.dispatchEvent(new Event('pagehide'));
    const calls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith(API_PATHS.userActivity));
    expect(calls).toHaveLength(1);
    const body = String(calls[0]![1]!.body);
    const events = (JSON.parse(body) as { data: UserActivityEvent[] }).data;
    expect(events.map((e) => [e.action, e.pageName])).toEqual([
      ['page_view', 'menu'],
      ['add_to_cart', 'menu'],
    ]);
    expect(events[1]!.properties).toEqual({ productCode: 'PIZ0105', quantity: 1 });
    expect(body).not.toContain('9876543210');
  });
});

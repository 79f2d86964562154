import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { api, ApiError, requestHeaders } from '../src/shared/api/client.ts';
import {
  currentSession,
  ensureGuestSession,
  isLoggedIn,
  setCustomerSession,
  startSession,
} from '../src/shared/api/session.ts';
import { getApiError, setApiError } from '../src/shared/api/api-error.ts';
import { ApiErrorDialog } from '../src/app/Exceptional.tsx';
// the cart forgets a logged-out customer's cart by following the session, as it does in the app (AppLayout's dock)
import '../src/shared/cart/api.ts';
import { openVault } from '../src/shared/api/vault.ts';
import { makeCustomer, makeGuest, memoryKeyStore, refreshed } from './auth-fixtures.ts';
import { json } from './location-harness.tsx';

const REFRESH = '/api/v1/auth/refresh';
const ANON = '/api/v1/session/anonymous';

type Call = { path: string; token: string | undefined; body: any; headers: Record<string, string> };
let calls: Call[];

/** A fake server: `routes` by path; any other path answers 401 unless the sessiontoken is `valid`. */
function server(valid: string, routes: Record<string, (c: Call) => Response | Promise<Response>> = {}) {
  calls = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const path = new URL(String(input), 'http://localhost').pathname;
    const call = {
      path,
      token: headers.sessiontoken,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers,
    };
    calls.push(call);
    const route = routes[path];
    if (route) return route(call);
    return call.token === valid
      ? json({ status: 'SUCCESS', data: path })
      : json({ status: 'FAILED', errors: [{ code: 'UNAUTHORIZED', displayMsg: 'Unauthorized' }] }, 401);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const to = (path: string) => calls.filter((c) => c.path === path);

beforeEach(async () => {
  await startSession();
  setApiError(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SPEC §7 headers for a customer', () => {
  it('sends the access token, accessKeyId, userId and isloggedin true', async () => {
    await setCustomerSession(makeCustomer());
    expect(requestHeaders()).toMatchObject({
      sessiontoken: 'customer-token',
      authtoken: 'AKCUSTOMER',
      userid: 'U0001',
      isloggedin: 'true',
    });
    expect(requestHeaders().request_id).toMatch(/^pwa-U0001-/);
  });
});

describe('SPEC §4 Token refresh', () => {
  it('parallel 401s share exactly one refresh; every request is retried with the new credentials', async () => {
    await setCustomerSession(makeCustomer({ token: 'old', refreshToken: 'refresh-old-0001' }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server('new', {
      [REFRESH]: async () => {
        await gate;
        return json(refreshed('new', 'refresh-new-0002'));
      },
    });
    const all = Promise.all(['/api/v1/a', '/api/v1/b', '/api/v1/c', '/api/v1/d'].map((p) => api(p)));
    // all four were refused before the refresh answered
    await vi.waitFor(() => expect(calls.filter((c) => c.token === 'old')).toHaveLength(4), {
      timeout: 30_000,
    });
    release();
    await expect(all).resolves.toEqual(
      ['/api/v1/a', '/api/v1/b', '/api/v1/c', '/api/v1/d'].map((data) => ({ status: 'SUCCESS', data })),
    );
    expect(to(REFRESH)).toHaveLength(1);
    expect(to(REFRESH)[0]!.body).toEqual({ refreshToken: 'refresh-old-0001' });
    expect(calls.filter((c) => c.token === 'new')).toHaveLength(4);
    expect(currentSession()?.credentials).toMatchObject({
      sessionToken: 'new',
      refreshToken: 'refresh-new-0002',
    });
    expect(isLoggedIn()).toBe(true);
  });

  it('retries at most 2 times, then the 401 is the answer', async () => {
    await setCustomerSession(makeCustomer({ token: 't0', refreshToken: 'refresh-0000' }));
    let n = 0;
    server('never', {
      [REFRESH]: () => {
        n++;
        return json(refreshed(`t${n}`, `refresh-000${n}`));
      },
    });
    const err = await api('/api/v1/a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(to('/api/v1/a').map((c) => c.token)).toEqual(['t0', 't1', 't2']);
    // each refresh spends the token the previous one gave
    expect(to(REFRESH).map((c) => c.body.refreshToken)).toEqual(['refresh-0000', 'refresh-0001']);
  });

  it('a guest refreshes with the guest refresh token and keeps the secret key', async () => {
    server('guest-new', {
      [REFRESH]: () => json(refreshed('guest-new', 'guest-refresh-0002', 'G0001', false)),
    });
    vi.mocked(fetch).mockImplementationOnce(async () => json({ status: 'SUCCESS', data: makeGuest() }));
    await ensureGuestSession();
    await expect(api('/api/v1/a')).resolves.toEqual({ status: 'SUCCESS', data: '/api/v1/a' });
    expect(to(REFRESH)[0]!.body).toEqual({ refreshToken: 'guest-refresh-0001' });
    expect(currentSession()).toMatchObject({
      userId: 'G0001',
      isLoggedIn: false,
      credentials: {
        sessionToken: 'guest-new',
        secretKey: 'guest-secret',
        refreshToken: 'guest-refresh-0002',
      },
    });
  });

  it('a guest whose refresh is refused gets a new anonymous session, without any dialog', async () => {
    server('guest-2', {
      [REFRESH]: () => json({ status: 'FAILED', errors: [{ code: 'UNAUTHORIZED', displayMsg: 'no' }] }, 401),
      [ANON]: () =>
        json({ status: 'SUCCESS', data: { ...makeGuest({ token: 'guest-2' }), userId: 'G0002' } }),
    });
    vi.mocked(fetch).mockImplementationOnce(async () => json({ status: 'SUCCESS', data: makeGuest() }));
    await ensureGuestSession();
    await expect(api('/api/v1/a')).resolves.toEqual({ status: 'SUCCESS', data: '/api/v1/a' });
    expect(currentSession()?.userId).toBe('G0002');
    expect(getApiError()).toBeNull();
  });

  it('a customer whose refresh is refused is logged out: a new guest, the API error flag and the dialog', async () => {
    await setCustomerSession(makeCustomer({ token: 'old' }));
    localStorage.setItem('crust.cartId', JSON.stringify('CUSTOMERCART0001'));
    server('guest-token', {
      [REFRESH]: () => json({ status: 'FAILED', errors: [{ code: 'UNAUTHORIZED', displayMsg: '' }] }, 401),
      [ANON]: () => json({ status: 'SUCCESS', data: makeGuest() }),
    });
    render(<ApiErrorDialog />);
    await api('/api/v1/a');
    expect(isLoggedIn()).toBe(false);
    expect(currentSession()?.userId).toBe('G0001');
    expect(getApiError()).toBe('You have been logged out. Please login again.');
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    expect(dialog.textContent).toContain('You have been logged out. Please login again.');
    // the customer's cart is not the guest's
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    screen.getByRole('button', { name: 'OK' }).click();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 30_000 });
    expect(getApiError()).toBeNull();
  });

  it("the dialog shows the server's displayMsg when the refusal carries one", async () => {
    await setCustomerSession(makeCustomer({ token: 'old' }));
    server('guest-token', {
      [REFRESH]: () =>
        json(
          {
            status: 'FAILED',
            errors: [{ code: 'TOKEN_REUSED', displayMsg: 'Session ended on another device' }],
          },
          401,
        ),
      [ANON]: () => json({ status: 'SUCCESS', data: makeGuest() }),
    });
    render(<ApiErrorDialog />);
    await api('/api/v1/a');
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Session ended on another device');
  });

  it('an access token past its expiration is refreshed before the request goes', async () => {
    await setCustomerSession(
      makeCustomer({ token: 'old', expiration: new Date(Date.now() - 1000).toISOString() }),
    );
    server('new', { [REFRESH]: () => json(refreshed('new', 'refresh-new-0002')) });
    await Promise.all([api('/api/v1/a'), api('/api/v1/b')]);
    expect(calls.map((c) => c.path)).toEqual([REFRESH, '/api/v1/a', '/api/v1/b']);
    expect(to('/api/v1/a')[0]!.token).toBe('new');
  });

  it('tokens another tab refreshed (newer, in storage) are taken instead of spending ours again', async () => {
    const keys = memoryKeyStore();
    await startSession(keys);
    await setCustomerSession(makeCustomer({ token: 'old', refreshToken: 'refresh-old-0001' }));
    // the other tab, same key: it refreshed and stored its answer
    const otherTab = (await openVault(keys))!;
    const theirs = makeCustomer({
      token: 'theirs',
      refreshToken: 'refresh-theirs-02',
      expiration: '2099-01-01T02:00:00.000Z',
    });
    localStorage.setItem('crust.session', JSON.stringify(await otherTab.seal(theirs)));
    server('theirs');
    await expect(api('/api/v1/a')).resolves.toEqual({ status: 'SUCCESS', data: '/api/v1/a' });
    expect(to(REFRESH)).toHaveLength(0);
    expect(to('/api/v1/a').map((c) => c.token)).toEqual(['old', 'theirs']);
    expect(currentSession()?.credentials.refreshToken).toBe('refresh-theirs-02');
  });

  it('a refresh that fails on the network keeps the customer logged in', async () => {
    await setCustomerSession(makeCustomer({ token: 'old' }));
    server('new', {
      [REFRESH]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api('/api/v1/a', { method: 'POST' })).rejects.toBeTruthy();
    expect(isLoggedIn()).toBe(true);
    expect(getApiError()).toBeNull();
  });
});

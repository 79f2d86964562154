import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FEATURES } from '@crust/domain/app-config';
import LoginScreen from '../src/features/login/LoginScreen.tsx';
import OtpScreen from '../src/features/login/OtpScreen.tsx';
import { currentSession, isLoggedIn, refreshSession, startSession } from '../src/shared/api/session.ts';
import { getApiError, setApiError } from '../src/shared/api/api-error.ts';
import { requestHeaders } from '../src/shared/api/client.ts';
import { miniApp } from '../src/shared/partner/mode.ts';
import { fetchConfig } from '../src/shared/location/api.ts';
import { callBridge, detectHost, setMiniApp } from '../src/shared/partner/bridge.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer, makeCustomer, memoryKeyStore } from './auth-fixtures.ts';
import { fakeHost, hostError, hostOk, noHost, paytmConfig, gpayConfig } from './fake-host.ts';
import { callsTo, currentPath, json, mockApi, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const SCREENS = { '/vendorPage': LoginScreen, '/login': LoginScreen, '/login-otp': OtpScreen };
const config = {
  status: 'SUCCESS',
  data: { features: [...FEATURES], vendorConfig: { PAYTM: paytmConfig, GPAY: gpayConfig } },
};
const loggedIn = (loginType: string) => ({
  status: 'SUCCESS',
  data: { ...makeCustomer({ firstName: 'Ravi' }), loginType },
});
const refused = {
  status: 'FAILED',
  errors: [{ code: 'PARTNER_CODE_INVALID', displayMsg: 'The code is not valid.' }],
};
const consent = (authCode = 'PAYTM-AUTH-0001') => hostOk<'authCode'>({ authCode });

beforeEach(async () => {
  await startSession(memoryKeyStore());
  resetLocationState();
  sessionStorage.clear();
  setApiError(null);
});
afterEach(() => {
  noHost();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('mini-app detection: the entry URL and the bridge', () => {
  it('outside a host (not framed) /vendorPage says where it opens and links to the normal app; no mode', async () => {
    const api = mockApi({ '/api/v1/config': config });
    renderRoutes('/vendorPage?vendor=paytm', SCREENS);
    expect(await screen.findByRole('heading', { name: 'This page opens from inside Paytm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order on the Crust web app' }).getAttribute('href')).toBe('/');
    expect(miniApp()).toBeNull();
    expect(callsTo(api, '/api/v1/paytm')).toHaveLength(0);
  });

  it('an unknown vendor is not a mini-app even when framed', async () => {
    const host = fakeHost({ hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }) });
    mockApi({ '/api/v1/config': config });
    renderRoutes('/vendorPage?vendor=phonepe', SCREENS);
    expect(
      await screen.findByRole('heading', { name: 'This page opens from inside Paytm or Google Pay' }),
    ).toBeTruthy();
    expect(host.requests).toHaveLength(0);
  });

  it('framed, but hello is answered for another partner: not this mini-app', async () => {
    fakeHost({ hello: hostOk<'hello'>({ vendor: 'GPAY', hostName: 'Google Pay' }) });
    await expect(detectHost('PAYTM')).resolves.toBeNull();
  });

  it('framed by a window that never answers hello: not a mini-app once the timeout passes', async () => {
    vi.useFakeTimers();
    fakeHost({ hello: 'silent' });
    const detected = detectHost('PAYTM');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(detected).resolves.toBeNull();
  });

  it('a reply from another window, or from another origin, is not believed', async () => {
    const host = fakeHost({ authCode: 'silent' });
    const code = callBridge('authCode', { clientId: 'paytm' });
    const req = host.requests[0]!;
    expect(host.targets[0]).toBe(window.location.origin);
    const forged = { bridge: 'crust-partner/1', id: req.id, ok: true, result: { authCode: 'FORGED-0001' } };
    host.reply(forged, window); // not the parent
    host.reply(forged, host.host, 'https://evil.example'); // the parent, but not on Crust's origin
    host.reply({ ...forged, result: { authCode: 'REAL-CODE-0001' } });
    await expect(code).resolves.toEqual({ authCode: 'REAL-CODE-0001' });
  });
});

describe('/vendorPage: sign-in by the partner auth code', () => {
  it('hello, consent, partner login with the partner headers, the session kept, then the landing', async () => {
    const host = fakeHost({
      hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }),
      authCode: consent(),
    });
    const api = mockApi({ '/api/v1/config': config, 'POST /api/v1/paytm': loggedIn('PAYTM') });
    const app = renderRoutes('/vendorPage?vendor=paytm', SCREENS);
    await waitFor(() => expect(currentPath(app.router)).toBe('/'));
    expect(host.methods()).toEqual(['hello', 'authCode']);
    expect(host.requests[1]).toMatchObject({ params: { clientId: 'paytm' } });
    const [call] = api.mock.calls.filter(([u]) => String(u).endsWith('/api/v1/paytm'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ authCode: 'PAYTM-AUTH-0001', clientId: 'paytm' });
    const headers = call![1]!.headers as Record<string, string>;
    expect(headers['api_key']).toBe('crust-paytm-miniapp');
    expect(headers['client_type']).toBe('PAYTM_MINIAPP');
    expect(isLoggedIn()).toBe(true);
    expect(currentSession()?.userId).toBe('U0001');
    // the mode is kept for the tab
    expect(miniApp()).toMatchObject({ vendor: 'PAYTM', config: { apiKey: 'crust-paytm-miniapp' } });
    expect(JSON.parse(sessionStorage.getItem('crust.miniApp')!)).toMatchObject({ vendor: 'PAYTM' });
  });

  it('Google Pay: its own login call and clientId', async () => {
    const host = fakeHost({
      hello: hostOk<'hello'>({ vendor: 'GPAY', hostName: 'Google Pay' }),
      authCode: consent('GPAY-AUTH-0001'),
    });
    const api = mockApi({ '/api/v1/config': config, 'POST /api/v1/googlepay': loggedIn('GPAY') });
    const app = renderRoutes('/vendorPage?vendor=googlepay', SCREENS);
    await waitFor(() => expect(currentPath(app.router)).toBe('/'));
    expect(host.requests[1]).toMatchObject({ params: { clientId: 'googlepay' } });
    expect(callsTo(api, '/api/v1/googlepay')).toHaveLength(1);
    expect(requestHeaders()['client_type']).toBe('GPAY_SPOT');
  });

  it('a refused consent says the sign-in error, with Retry and Exit; Retry signs in', async () => {
    let asked = 0;
    const host = fakeHost({
      hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }),
      authCode: () => (++asked === 1 ? hostError('DENIED', 'the user said no') : consent()),
      exit: hostOk<'exit'>({ exited: true }),
    });
    mockApi({ '/api/v1/config': config, 'POST /api/v1/paytm': loggedIn('PAYTM') });
    const app = renderRoutes('/vendorPage?vendor=paytm', SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was an error while signing-in. Please retry or exit.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(host.methods()).toContain('exit'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/'));
    expect(host.methods().filter((m) => m === 'authCode')).toHaveLength(2);
    expect(isLoggedIn()).toBe(true);
  });

  it('the server refusing the code says "We are unable to login…", and Retry asks the host for a new code', async () => {
    let codes = 0;
    const host = fakeHost({
      hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }),
      authCode: () => consent(`PAYTM-AUTH-000${++codes}`),
    });
    let logins = 0;
    mockApi({
      '/api/v1/config': config,
      'POST /api/v1/paytm': () => (++logins === 1 ? json(refused, 400) : loggedIn('PAYTM')),
    });
    const app = renderRoutes('/vendorPage?vendor=paytm', SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We are unable to login, please retry or exit to native app',
    );
    expect(screen.getByRole('button', { name: 'Exit' })).toBeTruthy();
    expect(isLoggedIn()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/'));
    expect(host.requests.filter((r) => r.method === 'authCode')).toHaveLength(2);
  });

  it('a FAILED answer (200) is a refusal too', async () => {
    fakeHost({ hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }), authCode: consent() });
    mockApi({ '/api/v1/config': config, 'POST /api/v1/paytm': refused });
    renderRoutes('/vendorPage?vendor=paytm', SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We are unable to login, please retry or exit to native app',
    );
  });

  it('after a logout elsewhere, signing in again goes back through the bridge to where the login was to lead', async () => {
    fakeHost({ hello: hostOk<'hello'>({ vendor: 'PAYTM', hostName: 'Paytm' }), authCode: consent() });
    setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
    mockApi({ '/api/v1/config': config, 'POST /api/v1/paytm': loggedIn('PAYTM') });
    const app = renderRoutes('/login?redirectUrl=%2ForderHistory', SCREENS);
    // not the OTP screen
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    await waitFor(() => expect(currentPath(app.router)).toBe('/orderHistory'));
  });

  it('the OTP screen, opened in a mini-app, also hands over to the bridge', async () => {
    fakeHost({ hello: 'silent' });
    setMiniApp({ vendor: 'GPAY', config: gpayConfig });
    mockApi({ '/api/v1/config': config });
    const app = renderRoutes('/login-otp', SCREENS);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/vendorPage'));
    expect(app.router.state.location.search).toBe('?vendor=googlepay');
  });

  it('outside a mini-app, /login is the OTP login as before', async () => {
    mockApi({ '/api/v1/config': config });
    renderRoutes('/login', SCREENS);
    expect(await screen.findByLabelText('Mobile Number')).toBeTruthy();
  });
});

describe('the mini-app in the rest of the app', () => {
  it('requests carry the partner api key and client type; outside, the PWA ones', () => {
    expect(requestHeaders()).toMatchObject({ api_key: 'crust-pwa', client_type: 'PWA' });
    fakeHost();
    setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
    expect(requestHeaders()).toMatchObject({ api_key: 'crust-paytm-miniapp', client_type: 'PAYTM_MINIAPP' });
    // the same tab on its own (not framed) is the normal app
    noHost();
    expect(miniApp()).toBeNull();
    expect(requestHeaders()).toMatchObject({ api_key: 'crust-pwa', client_type: 'PWA' });
  });

  it('a config refresh brings the partner headers the chain changed, without a new sign-in', async () => {
    fakeHost();
    setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
    mockApi({
      '/api/v1/config': () =>
        json({
          status: 'SUCCESS',
          data: {
            ...config.data,
            vendorConfig: { PAYTM: { ...paytmConfig, apiKey: 'crust-paytm-v2' }, GPAY: gpayConfig },
          },
        }),
    });
    await fetchConfig();
    expect(requestHeaders()).toMatchObject({ api_key: 'crust-paytm-v2', client_type: 'PAYTM_MINIAPP' });
    expect(miniApp()).toMatchObject({ vendor: 'PAYTM' });
    // outside a mini-app the config's vendorConfig changes nothing
    noHost();
    await fetchConfig();
    expect(requestHeaders()).toMatchObject({ api_key: 'crust-pwa', client_type: 'PWA' });
  });

  it('"You have been logged out. Please login again." becomes "… Please exit." in a mini-app', async () => {
    fakeHost();
    setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
    await loginAsCustomer();
    mockApi({
      'POST /api/v1/auth/refresh': json(
        {
          status: 'FAILED',
          errors: [{ code: 'REFRESH_REUSED', displayMsg: 'You have been logged out. Please login again.' }],
        },
        401,
      ),
      'POST /api/v1/session/anonymous': {
        status: 'SUCCESS',
        data: { userId: 'G1', isLoggedIn: false, credentials: {} },
      },
    });
    await act(async () => {
      await refreshSession();
    });
    expect(getApiError()).toBe('You have been logged out. Please login again. Please exit.');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FEATURES, PAYTM_BLOCKED_FEATURES, type Capability } from '@crust/domain/app-config';
import { paths } from '../src/config/paths.ts';
import { useCapability, useOffered } from '../src/shared/app-config/capabilities.ts';
import FeatureGate from '../src/shared/app-config/FeatureGate.tsx';
import { InstallPrompt, USE_TICK_MS } from '../src/shared/app-config/InstallPrompt.tsx';
import { AccountEntry } from '../src/shared/customer/AccountEntry.tsx';
import { setCustomerSession, startSession } from '../src/shared/api/session.ts';
import { useRemoteConfig } from '../src/shared/location/api.ts';
import { setMiniApp } from '../src/shared/partner/bridge.ts';
import { makeCustomer, memoryKeyStore } from './auth-fixtures.ts';
import { fakeHost, gpayConfig, noHost, paytmConfig } from './fake-host.ts';
import { mockApi, renderRoutes } from './location-harness.tsx';

const config = (over: Record<string, unknown> = {}) => ({
  status: 'SUCCESS',
  data: {
    features: [...FEATURES],
    showAppBanner: true,
    homeScreenPromptMs: 0,
    configRefreshSeconds: 180,
    vendorConfig: { PAYTM: paytmConfig, GPAY: gpayConfig },
    ...over,
  },
});

function KeepsConfig() {
  useRemoteConfig();
  return null;
}

const CAPABILITIES: Capability[] = [
  'train',
  'feedback',
  'offers',
  'wallet',
  'logout',
  'edv',
  'loyalty',
  'advanceOrder',
  'support',
];

function Switches() {
  const offered = useOffered();
  // the same hooks in the same order every render
  const on = {
    train: useCapability('train'),
    feedback: useCapability('feedback'),
    offers: useCapability('offers'),
    wallet: useCapability('wallet'),
    logout: useCapability('logout'),
    edv: useCapability('edv'),
    loyalty: useCapability('loyalty'),
    advanceOrder: useCapability('advanceOrder'),
    support: useCapability('support'),
  } satisfies Record<Capability, boolean>;
  return (
    <>
      <KeepsConfig />
      <p data-testid="on">{CAPABILITIES.filter((c) => on[c]).join(' ')}</p>
      <p data-testid="links">
        {[
          paths.offers(),
          paths.edv(),
          paths.deliverOnTrain(),
          paths.wallet(),
          paths.feedback({ orderId: 'O1' }),
          paths.menu(),
        ]
          .filter(offered)
          .join(' ')}
      </p>
    </>
  );
}

const enterPaytm = () => {
  fakeHost();
  setMiniApp({ vendor: 'PAYTM', config: paytmConfig });
};

beforeEach(async () => {
  await startSession(memoryKeyStore());
  sessionStorage.clear();
});
afterEach(() => {
  noHost();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('blockedFeatures (SPEC §5, §6): what PAYTM blocks goes everywhere', () => {
  it('the PAYTM list is the one SPEC §6 gives', () => {
    expect([...PAYTM_BLOCKED_FEATURES].sort()).toEqual([...paytmConfig.blockedFeatures].sort());
  });

  it('inside Paytm: train, feedback, offers, wallet, logout and EDV are off, their links not offered', async () => {
    enterPaytm();
    const api = mockApi({ '/api/v1/config': config() });
    renderRoutes('/', { '/': Switches });
    // before the config answers, the list kept at sign-in already applies
    expect(screen.getByTestId('on').textContent).toBe('loyalty advanceOrder');
    await vi.waitFor(() => expect(api).toHaveBeenCalled(), { timeout: 30_000 });
    await act(async () => {});
    expect(screen.getByTestId('on').textContent).toBe('loyalty advanceOrder');
    expect(screen.getByTestId('links').textContent).toBe('/menu');
  });

  it('inside Google Pay: only what its configuration blocks (wallet, logout)', async () => {
    fakeHost();
    setMiniApp({ vendor: 'GPAY', config: gpayConfig });
    mockApi({ '/api/v1/config': config() });
    renderRoutes('/', { '/': Switches });
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('on').textContent).toBe(
          'train feedback offers edv loyalty advanceOrder support',
        ),
      { timeout: 30_000 },
    );
  });

  it("the config's latest word wins over the list kept at sign-in", async () => {
    enterPaytm();
    mockApi({
      '/api/v1/config': config({
        vendorConfig: { PAYTM: { ...paytmConfig, blockedFeatures: ['wallet'] }, GPAY: gpayConfig },
      }),
    });
    renderRoutes('/', { '/': Switches });
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('on').textContent).toBe(
          'train feedback offers logout edv loyalty advanceOrder support',
        ),
      { timeout: 30_000 },
    );
  });

  it('outside a mini-app nothing a partner blocks is taken away', async () => {
    mockApi({ '/api/v1/config': config() });
    const { client } = renderRoutes('/', { '/': Switches });
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    expect(screen.getByTestId('on').textContent).toBe(CAPABILITIES.join(' '));
  });

  it.each([
    ['/offers', 'Offers'],
    ['/edv', 'Everyday value offers'],
    ['/deliverOnTrain', 'Delivery on your train'],
    ['/wallet', 'The Crust wallet'],
    ['/uf', 'Rating your order'],
  ])('%s typed by hand inside Paytm explains that %s is not available in Paytm', async (path, feature) => {
    enterPaytm();
    mockApi({ '/api/v1/config': config() });
    const Gated = () => (
      <>
        <KeepsConfig />
        <FeatureGate path={path}>
          <p>the screen</p>
        </FeatureGate>
      </>
    );
    renderRoutes(path, { [path]: Gated });
    expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeTruthy();
    expect(
      screen.getByText(`${feature} is not available in Paytm. Everything else works as usual.`),
    ).toBeTruthy();
    expect(screen.queryByText('the screen')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('a feature the chain switched off (not the partner) keeps the general explanation', async () => {
    fakeHost();
    setMiniApp({ vendor: 'GPAY', config: gpayConfig });
    mockApi({ '/api/v1/config': config({ features: FEATURES.filter((f) => f !== 'loyalty') }) });
    const Gated = () => (
      <>
        <KeepsConfig />
        <FeatureGate path={paths.pizzaLoyalty.pattern}>
          <p>the screen</p>
        </FeatureGate>
      </>
    );
    renderRoutes('/pizzaLoyalty', { '/pizzaLoyalty': Gated });
    expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeTruthy();
    expect(
      screen.getByText('This part of Crust is switched off here. Everything else works as usual.'),
    ).toBeTruthy();
  });

  it('no logout button beside the profile badge inside Paytm', async () => {
    enterPaytm();
    await setCustomerSession(makeCustomer());
    mockApi({ '/api/v1/config': config() });
    const Entry = () => (
      <>
        <KeepsConfig />
        <AccountEntry />
      </>
    );
    renderRoutes('/', { '/': Entry });
    expect(screen.getByRole('link', { name: 'Asha' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it.each([
    ['inside Paytm', true],
    ['outside a mini-app', false],
  ])('the app banner (install prompt) %s', async (_where, inside) => {
    if (inside) enterPaytm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/v1/config': config({ homeScreenPromptMs: USE_TICK_MS }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InstallPrompt />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: vi.fn(async () => {}),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        }),
      );
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(USE_TICK_MS * 2);
    });
    expect(screen.queryByRole('region', { name: 'Add Crust to your home screen' }) === null).toBe(inside);
  });
});

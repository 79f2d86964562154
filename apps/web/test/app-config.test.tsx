import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FEATURES, HOME_SCREEN_PROMPT_MS } from '@crust/domain/app-config';
import { capabilityOfPath } from '../src/shared/app-config/capabilities.ts';
import { CookieNotice } from '../src/shared/app-config/CookieNotice.tsx';
import FeatureGate from '../src/shared/app-config/FeatureGate.tsx';
import { InstallPrompt, USE_TICK_MS } from '../src/shared/app-config/InstallPrompt.tsx';
import { readInstallMemory } from '../src/shared/app-config/install-memory.ts';
import { useAppReset } from '../src/shared/app-config/useAppReset.ts';
import { paths } from '../src/config/paths.ts';
import { useRemoteConfig } from '../src/shared/location/api.ts';
import { mockApi, renderRoutes } from './location-harness.tsx';

const config = (over: Record<string, unknown> = {}) => ({
  status: 'SUCCESS',
  data: {
    features: [...FEATURES],
    showAppBanner: true,
    disableCookies: false,
    configRefreshSeconds: 180,
    appResetSeconds: 300,
    homeScreenPromptMs: HOME_SCREEN_PROMPT_MS,
    banners: [],
    ...over,
  },
});

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ui: <QueryClientProvider client={client}>{children}</QueryClientProvider> };
}

/** Chromium's install offer, as the browser would fire it. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  delete (window as Window & { crustInstallOffer?: Event }).crustInstallOffer;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('capabilityOfPath', () => {
  it.each([
    [paths.offers(), 'offers'],
    [paths.offers({}, '/postorder-ui'), 'offers'],
    [paths.edv({ itemId: 3 }), 'edv'],
    [paths.wallet(), 'wallet'],
    [paths.pizzaLoyalty(), 'loyalty'],
    [paths.deliverOnTrain(), 'train'],
    [paths.irctcStation({ pnr: '1234567890' }), 'train'],
    [paths.feedback({ orderId: 'O1' }), 'feedback'],
    [paths.menu(), null],
    [paths.cart(), null],
    [paths.home(), null],
  ])('%s belongs to %s', (path, capability) => {
    expect(capabilityOfPath(path)).toBe(capability);
  });
});

/** What the app layout does for every screen: keeps the remote config fetched. */
function KeepsConfig() {
  useRemoteConfig();
  return null;
}

describe('FeatureGate: a switched-off feature typed by hand', () => {
  it('explains that it is not available instead of opening the screen', async () => {
    mockApi({ '/api/v1/config': config({ features: FEATURES.filter((f) => f !== 'wallet') }) });
    const Wallet = () => (
      <>
        <KeepsConfig />
        <FeatureGate path={paths.wallet.pattern}>
          <p>wallet screen</p>
        </FeatureGate>
      </>
    );
    renderRoutes('/wallet', { '/wallet': Wallet });
    // nothing is hidden before the config answers (as before the config existed)
    expect(screen.getByText('wallet screen')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Not available here' })).toBeTruthy();
    expect(screen.queryByText('wallet screen')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('opens the screen when the feature is on', async () => {
    mockApi({ '/api/v1/config': config() });
    const Offers = () => (
      <>
        <KeepsConfig />
        <FeatureGate path={paths.offers.pattern}>
          <p>offers screen</p>
        </FeatureGate>
      </>
    );
    const { client } = renderRoutes('/offers', { '/offers': Offers });
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    expect(screen.getByText('offers screen')).toBeTruthy();
  });
});

describe('CookieNotice (SPEC §3 disableCookies)', () => {
  it('tells a customer whose browser blocks cookies', async () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: false });
    mockApi({ '/api/v1/config': config() });
    const { ui } = withClient(<CookieNotice />);
    render(ui);
    expect(await screen.findByText('Your browser has cookies disabled')).toBeTruthy();
  });

  it('stays away when cookies work, or when the config turns the notice off', async () => {
    mockApi({ '/api/v1/config': config() });
    const first = withClient(<CookieNotice />);
    const { unmount } = render(first.ui);
    await vi.waitFor(() => expect(first.client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    expect(screen.queryByText('Your browser has cookies disabled')).toBeNull();
    unmount();

    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: false });
    mockApi({ '/api/v1/config': config({ disableCookies: true }) });
    const second = withClient(<CookieNotice />);
    render(second.ui);
    await vi.waitFor(() => expect(second.client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    expect(screen.queryByText('Your browser has cookies disabled')).toBeNull();
  });
});

describe('InstallPrompt (SPEC §9 home-screen prompt after 1800000 ms of use)', () => {
  async function mountWithConfig(over: Record<string, unknown> = {}) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/v1/config': config(over) });
    const { client, ui } = withClient(<InstallPrompt />);
    render(ui);
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
  }
  const use = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  it('appears only after 30 minutes of use, and "Not now" puts it away for good this month', async () => {
    await mountWithConfig();
    const event = offerInstall('dismissed');
    expect(event.defaultPrevented).toBe(true);
    await use(HOME_SCREEN_PROMPT_MS - USE_TICK_MS);
    expect(screen.queryByRole('region', { name: 'Add Crust to your home screen' })).toBeNull();
    await use(USE_TICK_MS);
    expect(screen.getByRole('region', { name: 'Add Crust to your home screen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Add Crust to your home screen' })).toBeNull();
    expect(readInstallMemory().snoozedAt).not.toBeNull();
    offerInstall('dismissed');
    await use(USE_TICK_MS);
    expect(screen.queryByRole('region', { name: 'Add Crust to your home screen' })).toBeNull();
  });

  it('"Add" opens the browser dialog; an accepted install never asks again', async () => {
    await mountWithConfig({ homeScreenPromptMs: USE_TICK_MS });
    const event = offerInstall('accepted');
    await use(USE_TICK_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(readInstallMemory().installed).toBe(true), { timeout: 30_000 });
  });

  it('the time of use is kept across visits', async () => {
    localStorage.setItem(
      'crust.installPrompt',
      JSON.stringify({ usedMs: HOME_SCREEN_PROMPT_MS - USE_TICK_MS, snoozedAt: null, installed: false }),
    );
    await mountWithConfig();
    offerInstall('dismissed');
    await use(USE_TICK_MS);
    expect(screen.getByRole('region', { name: 'Add Crust to your home screen' })).toBeTruthy();
  });

  it("keeps an offer the shell caught before the app's code had loaded", async () => {
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    (window as Window & { crustInstallOffer?: Event }).crustInstallOffer = event;
    await mountWithConfig({ homeScreenPromptMs: USE_TICK_MS });
    await use(USE_TICK_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(event.prompt).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    expect((window as Window & { crustInstallOffer?: Event }).crustInstallOffer).toBeUndefined();
  });

  it('keeps an offer the shell caught between its first render and its subscription (a late commit)', async () => {
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    // the offer arrives just as the component starts to listen: only the shell's script saw it
    const listen = window.addEventListener.bind(window) as (type: string, ...rest: unknown[]) => void;
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, ...rest: unknown[]) => {
      if (type === 'beforeinstallprompt')
        (window as Window & { crustInstallOffer?: Event }).crustInstallOffer = event;
      listen(type, ...rest);
    });
    await mountWithConfig({ homeScreenPromptMs: USE_TICK_MS });
    await use(USE_TICK_MS);
    expect(screen.getByRole('region', { name: 'Add Crust to your home screen' })).toBeTruthy();
  });

  it('never shows when the config says showAppBanner false', async () => {
    await mountWithConfig({ showAppBanner: false, homeScreenPromptMs: 0 });
    offerInstall('dismissed');
    await use(USE_TICK_MS);
    expect(screen.queryByRole('region', { name: 'Add Crust to your home screen' })).toBeNull();
  });
});

describe('useAppReset (SPEC §9 app reset 300 s)', () => {
  function Probe() {
    useAppReset();
    return null;
  }
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };

  it('asks everything again after five minutes away, not after a shorter absence', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ '/api/v1/config': config() });
    const { client, ui } = withClient(<Probe />);
    render(ui);
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBeTruthy(), { timeout: 30_000 });
    const configCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/v1/config')).length;
    expect(configCalls()).toBe(1);

    setVisibility('hidden');
    vi.setSystemTime(Date.now() + 299_000);
    setVisibility('visible');
    await act(async () => {
      await Promise.resolve();
    });
    expect(configCalls()).toBe(1);

    setVisibility('hidden');
    vi.setSystemTime(Date.now() + 300_000);
    setVisibility('visible');
    await vi.waitFor(() => expect(configCalls()).toBe(2), { timeout: 30_000 });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, fireEvent, waitFor } from '@testing-library/react';
import {
  GPS_OPTIONS,
  locateCustomer,
  pathAfterDenied,
  pathAfterPosition,
} from '../src/shared/location/gps.ts';
import LocationSelectionScreen from '../src/features/location/LocationSelectionScreen.tsx';
import SearchAddressScreen from '../src/features/location/SearchAddressScreen.tsx';
import { getLocationState, resetLocationState, setStore } from '../src/shared/state/location-store.ts';
import {
  currentPath,
  fakeGeo,
  KORAMANGALA,
  mockApi,
  removeFakeGeo,
  renderRoutes,
  reverseAnswer,
} from './location-harness.tsx';

beforeEach(() => resetLocationState());
afterEach(() => {
  removeFakeGeo();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('locateCustomer (SPEC §4 Location (GPS))', () => {
  it('asks with a 5 s timeout, 120 s maximum age and high accuracy', async () => {
    const geo = fakeGeo({ permission: 'granted', answer: 'position' });
    await locateCustomer(navigator);
    expect(geo.query).toHaveBeenCalledWith({ name: 'geolocation' });
    expect(geo.getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 5000,
      maximumAge: 120000,
    });
    expect(GPS_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 120000 });
  });

  it('granted: uses the current position', async () => {
    fakeGeo({ permission: 'granted', answer: 'position' });
    const onPrompt = vi.fn();
    const r = await locateCustomer(navigator, onPrompt);
    expect(r).toEqual({ kind: 'position', ...KORAMANGALA, accuracy: 20 });
    expect(onPrompt).not.toHaveBeenCalled();
  });

  it('prompt: tells the screen and waits for the browser prompt', async () => {
    const geo = fakeGeo({ permission: 'prompt', answer: 'position' });
    const onPrompt = vi.fn();
    const r = await locateCustomer(navigator, onPrompt);
    expect(onPrompt).toHaveBeenCalledOnce();
    expect(geo.getCurrentPosition).toHaveBeenCalledOnce();
    expect(r.kind).toBe('position');
  });

  it('prompt answered with "block" counts as denied', async () => {
    fakeGeo({ permission: 'prompt', answer: 'denied' });
    expect(await locateCustomer(navigator)).toEqual({ kind: 'denied' });
  });

  it('denied: does not even ask for a position', async () => {
    const geo = fakeGeo({ permission: 'denied', answer: 'position' });
    expect(await locateCustomer(navigator)).toEqual({ kind: 'denied' });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('a timeout error fails with reason timeout', async () => {
    fakeGeo({ permission: 'granted', answer: 'timeout' });
    expect(await locateCustomer(navigator)).toEqual({ kind: 'failed', reason: 'timeout' });
  });

  it('a browser that never answers after permission is granted times out by itself', async () => {
    vi.useFakeTimers();
    fakeGeo({ permission: 'granted', answer: 'never' });
    const pending = locateCustomer(navigator);
    await vi.advanceTimersByTimeAsync(5000);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await pending).toEqual({ kind: 'failed', reason: 'timeout' });
  });

  it('works without the Permissions API, and reports a missing geolocation API', async () => {
    fakeGeo({ permission: 'unsupported', answer: 'position' });
    expect((await locateCustomer(navigator)).kind).toBe('position');
    expect(await locateCustomer({})).toEqual({ kind: 'failed', reason: 'unsupported' });
  });

  it('routes: delivery to the map, pickup types to the nearest store; denied from the cart to search', () => {
    expect(pathAfterPosition('D', KORAMANGALA, null)).toBe(
      '/mapScreen?latitude=12.935200&longitude=77.624500&deliveryType=D',
    );
    expect(pathAfterPosition('P', KORAMANGALA, null)).toBe('/nearestStore?deliveryType=P');
    expect(pathAfterPosition('CURB', KORAMANGALA, 'cart')).toBe(
      '/nearestStore?deliveryType=CURB&redirect=cart',
    );
    expect(pathAfterDenied(true)).toBe('/searchAddress?isFromCart=true');
    expect(pathAfterDenied(false)).toBeNull();
  });
});

describe('"Use current location" on the location selection screen', () => {
  const screens = { '/locationSelection': LocationSelectionScreen, '/searchAddress': SearchAddressScreen };

  it('granted + delivery: labels the point by reverse geocoding and opens the map', async () => {
    fakeGeo({ permission: 'granted', answer: 'position' });
    mockApi({ '/api/v1/geo/reverse': reverseAnswer() });
    const { router } = renderRoutes('/locationSelection?deliveryType=D', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mapScreen'));
    expect(currentPath(router)).toBe('/mapScreen?latitude=12.935200&longitude=77.624500&deliveryType=D');
    expect(getLocationState().point).toMatchObject({ ...KORAMANGALA, label: 'Koramangala, Bengaluru' });
  });

  it('granted + takeaway: goes straight to the nearest store', async () => {
    fakeGeo({ permission: 'granted', answer: 'position' });
    mockApi({ '/api/v1/geo/reverse': reverseAnswer() });
    const { router } = renderRoutes('/locationSelection?deliveryType=P', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=P'));
    expect(getLocationState().point?.label).toBe('Koramangala, Bengaluru');
  });

  it('granted but reverse geocoding fails: still goes on, labelled "Current location"', async () => {
    fakeGeo({ permission: 'granted', answer: 'position' });
    mockApi({ '/api/v1/geo/reverse': () => new Response('oops', { status: 500 }) });
    const { router } = renderRoutes('/locationSelection?deliveryType=P', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nearestStore'));
    expect(getLocationState().point?.label).toBe('Current location');
  });

  it('denied: shows "Location Access Denied" with OK, and stays', async () => {
    const geo = fakeGeo({ permission: 'denied', answer: 'position' });
    mockApi({});
    const { router } = renderRoutes('/locationSelection?deliveryType=D', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Location Access Denied' });
    expect(dialog.textContent).toContain('Location access is disabled. Please enable it in site settings');
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(currentPath(router)).toBe('/locationSelection?deliveryType=D');
  });

  it('denied from the cart: OK goes to /searchAddress?isFromCart=true', async () => {
    fakeGeo({ permission: 'denied', answer: 'position' });
    mockApi({});
    const { router } = renderRoutes('/locationSelection?deliveryType=D&isFromCart=true', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await screen.findByRole('alertdialog', { name: 'Location Access Denied' });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath(router)).toBe('/searchAddress?isFromCart=true'));
  });

  it('timeout with a stored store: the current-location popup offers that store (→ /menu)', async () => {
    fakeGeo({ permission: 'granted', answer: 'timeout' });
    mockApi({});
    setStore({
      id: 1001,
      name: 'Crust Connaught Place',
      online: 1,
      advanceOrderStoreId: null,
      address: 'CP',
    });
    const { router } = renderRoutes('/locationSelection?deliveryType=D', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Current location' });
    expect(dialog.textContent).toContain('could not auto detect');
    expect(dialog.textContent).toContain('Crust Connaught Place');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to menu' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
  });

  it('timeout without a stored store: the popup offers a search', async () => {
    fakeGeo({ permission: 'granted', answer: 'timeout' });
    mockApi({});
    const { router } = renderRoutes('/locationSelection?deliveryType=D', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await screen.findByRole('alertdialog', { name: 'Current location' });
    fireEvent.click(screen.getByRole('button', { name: 'Search location' }));
    await waitFor(() => expect(currentPath(router)).toBe('/searchAddress?deliveryType=D'));
  });
});

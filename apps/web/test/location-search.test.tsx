import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import SearchAddressScreen from '../src/features/location/SearchAddressScreen.tsx';
import LocationSelectionScreen from '../src/features/location/LocationSelectionScreen.tsx';
import {
  addRecentLocation,
  getLocationState,
  getRecentLocations,
  resetLocationState,
} from '../src/shared/state/location-store.ts';
import { callsTo, currentPath, mockApi, renderRoutes } from './location-harness.tsx';

const KORAMANGALA_PREDICTION = {
  placeId: 'loc-bengaluru-koramangala',
  description: 'Koramangala, Bengaluru, Karnataka, India',
  mainText: 'Koramangala',
  secondaryText: 'Bengaluru, Karnataka',
  latitude: 12.9352,
  longitude: 77.6245,
  postalCode: '560034',
  city: 'Bengaluru',
};

const AUTOCOMPLETE = '/api/v1/geo/autocomplete';
const screens = { '/searchAddress': SearchAddressScreen, '/locationSelection': LocationSelectionScreen };

function recent(n: number) {
  return {
    location: { latitude: 12 + n / 100, longitude: 77, label: `Place ${n}, Bengaluru`, placeId: `p${n}` },
    deliveryType: 'D' as const,
  };
}

beforeEach(() => resetLocationState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('search address', () => {
  it('waits 500 ms after the last keystroke before asking for suggestions', async () => {
    const fetchMock = mockApi({ [AUTOCOMPLETE]: { status: 'OK', predictions: [KORAMANGALA_PREDICTION] } });
    renderRoutes('/searchAddress?deliveryType=D', screens);
    const input = screen.getByRole('searchbox', { name: 'Search for area, street name' });

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'Ko' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(input, { target: { value: 'Kor' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(input, { target: { value: 'Kora' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(callsTo(fetchMock, AUTOCOMPLETE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const calls = callsTo(fetchMock, AUTOCOMPLETE);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.searchParams.get('input')).toBe('Kora');
    vi.useRealTimers();

    const list = await screen.findByRole('list', { name: 'Suggestions' });
    expect(
      within(list).getByRole('button', { name: 'Koramangala, Bengaluru, Karnataka, India' }),
    ).toBeTruthy();
  });

  it('does not search for a single letter', async () => {
    const fetchMock = mockApi({ [AUTOCOMPLETE]: { status: 'OK', predictions: [] } });
    renderRoutes('/searchAddress?deliveryType=D', screens);
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'K' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(callsTo(fetchMock, AUTOCOMPLETE)).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('at least 2 letters');
  });

  it('delivery: picking a suggestion saves it as recent and opens the map at its coordinates', async () => {
    mockApi({ [AUTOCOMPLETE]: { status: 'OK', predictions: [KORAMANGALA_PREDICTION] } });
    const { router } = renderRoutes('/searchAddress?deliveryType=D', screens);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Koramangala' } });
    fireEvent.click(
      await screen.findByRole('button', { name: /Koramangala, Bengaluru/ }, { timeout: 10_000 }),
    );
    await waitFor(() =>
      expect(currentPath(router)).toBe('/mapScreen?latitude=12.935200&longitude=77.624500&deliveryType=D'),
    );
    expect(getRecentLocations()[0]?.location).toMatchObject({
      label: 'Koramangala, Bengaluru',
      placeId: 'loc-bengaluru-koramangala',
    });
    expect(getLocationState().point).toBeNull(); // the map screen's Confirm sets it
  });

  it('pickup: picking a suggestion sets the point and goes to the nearest store', async () => {
    mockApi({ [AUTOCOMPLETE]: { status: 'OK', predictions: [KORAMANGALA_PREDICTION] } });
    const { router } = renderRoutes('/searchAddress?deliveryType=P', screens);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Koramangala' } });
    fireEvent.click(
      await screen.findByRole('button', { name: /Koramangala, Bengaluru/ }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=P'));
    expect(getLocationState().point).toMatchObject({ latitude: 12.9352, longitude: 77.6245 });
  });

  it('ZERO_RESULTS shows a helpful empty state with the city list as a way out', async () => {
    mockApi({ [AUTOCOMPLETE]: { status: 'ZERO_RESULTS', predictions: [] } });
    renderRoutes('/searchAddress?deliveryType=D', screens);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Atlantis' } });
    expect(await screen.findByText('No places found for "Atlantis"', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Select city and locality' }).getAttribute('href')).toBe(
      '/manualSelector?deliveryType=D',
    );
  });

  it('a failed request shows Retry, which asks again', async () => {
    let fail = true;
    const fetchMock = mockApi({
      [AUTOCOMPLETE]: () =>
        fail
          ? new Response(
              JSON.stringify({ status: 'FAILED', errors: [{ code: '500', displayMsg: 'Server is down' }] }),
              {
                status: 500,
              },
            )
          : { status: 'OK', predictions: [KORAMANGALA_PREDICTION] },
    });
    renderRoutes('/searchAddress?deliveryType=D', screens);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Koramangala' } });
    expect(await screen.findByText('We could not load suggestions.', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Koramangala, Bengaluru/ })).toBeTruthy();
    expect(callsTo(fetchMock, AUTOCOMPLETE)).toHaveLength(2);
  });

  it('with an empty box, shows at most 3 recent locations, newest first', () => {
    mockApi({});
    for (const n of [1, 2, 3, 4]) addRecentLocation(recent(n));
    renderRoutes('/searchAddress?deliveryType=D', screens);
    const section = screen.getByRole('region', { name: 'Recent locations' });
    const names = within(section)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Place 4, Bengaluru', 'Place 3, Bengaluru', 'Place 2, Bengaluru']);
  });

  it('a recent location goes to the nearest store with its coordinates set', async () => {
    mockApi({});
    addRecentLocation(recent(7));
    const { router } = renderRoutes('/locationSelection?deliveryType=D', screens);
    fireEvent.click(screen.getByRole('button', { name: 'Place 7, Bengaluru' }));
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=D'));
    expect(getLocationState().point).toMatchObject({ latitude: 12.07, longitude: 77 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import NearestStoreScreen from '../src/features/location/NearestStoreScreen.tsx';
import TakeawayMapScreen from '../src/features/location/TakeawayMapScreen.tsx';
import SelectRestaurantScreen from '../src/features/location/SelectRestaurantScreen.tsx';
import MapScreen from '../src/features/location/MapScreen.tsx';
import { hoursText } from '../src/features/location/StoreCard.tsx';
import { getLocationState, resetLocationState, setPoint } from '../src/shared/state/location-store.ts';
import {
  callsTo,
  currentPath,
  json,
  KORAMANGALA,
  makeStore,
  mockApi,
  renderRoutes,
  reverseAnswer,
} from './location-harness.tsx';

const NEAREST = '/api/v1/stores/nearest';
const INFO = 'POST /api/v1/stores/info';
const screens = {
  '/nearestStore': NearestStoreScreen,
  '/takeawayMapScreen': TakeawayMapScreen,
  '/selectResturant': SelectRestaurantScreen,
  '/mapScreen': MapScreen,
};

const koramangala = makeStore();
const hsr = makeStore({
  id: 3003,
  name: 'Crust HSR Layout',
  latitude: 12.9122,
  longitude: 77.642,
  distanceKm: 3.18,
});

function infoOk(
  store = koramangala,
  extra: { online?: 0 | 1; errors?: { code: string; displayMsg: string }[] } = {},
) {
  return {
    status: 'SUCCESS',
    data: {
      id: store.id,
      online: extra.online ?? 1,
      advanceOrderStoreId: extra.online === 0 ? 3002 : null,
      store,
    },
    errors: extra.errors ?? [],
  };
}

const CITIES = {
  status: 'SUCCESS',
  data: {
    cities: [
      {
        id: 'bengaluru',
        name: 'Bengaluru',
        state: 'Karnataka',
        latitude: 12.9716,
        longitude: 77.5946,
        storeCount: 9,
      },
      { id: 'delhi', name: 'Delhi', state: 'Delhi', latitude: 28.6139, longitude: 77.209, storeCount: 10 },
    ],
  },
};

beforeEach(() => {
  resetLocationState();
  setPoint({ ...KORAMANGALA, label: 'Koramangala, Bengaluru' });
});
afterEach(() => vi.unstubAllGlobals());

describe('nearest store: delivery', () => {
  it('SUCCESS: checks the store, stores it and opens the menu', async () => {
    const fetchMock = mockApi({
      [NEAREST]: { status: 'SUCCESS', data: { store: koramangala, stores: [koramangala, hsr] } },
      [INFO]: infoOk(),
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=D', screens);
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    const q = callsTo(fetchMock, NEAREST)[0]!.searchParams;
    expect([q.get('orderDeliveryType'), q.get('latitude'), q.get('longitude')]).toEqual([
      'D',
      '12.9352',
      '77.6245',
    ]);
    const infoCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/stores/info'));
    expect(JSON.parse(String(infoCall?.[1]?.body))).toEqual({ storeId: 3001 });
    expect(getLocationState().store).toEqual({
      id: 3001,
      name: 'Crust Koramangala',
      online: 1,
      advanceOrderStoreId: null,
      address: koramangala.address,
    });
    expect(getLocationState().deliveryType).toBe('D');
  });

  it('redirect=cart goes to the cart instead', async () => {
    mockApi({
      [NEAREST]: { status: 'SUCCESS', data: { store: koramangala, stores: [koramangala] } },
      [INFO]: infoOk(),
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=D&redirect=cart', screens);
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
  });

  it('NO_DELIVERY: shows "We Do not Deliver Here" with Change location', async () => {
    mockApi({
      [NEAREST]: {
        status: 'FAILED',
        errors: [{ code: 'NO_DELIVERY', displayMsg: 'We Do not Deliver Here' }],
      },
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=D', screens);
    expect(await screen.findByRole('heading', { name: 'We Do not Deliver Here' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change location' }).getAttribute('href')).toBe(
      '/locationSelection?deliveryType=D',
    );
    expect(currentPath(router)).toBe('/nearestStore?deliveryType=D');
    expect(getLocationState().store).toBeNull();
  });

  it('2.STORENA: shows the server message and lets the customer pick another store', async () => {
    const msg =
      'Sorry, we are facing some temporary issues with the store selected. Please select a different store';
    mockApi({
      [NEAREST]: { status: 'SUCCESS', data: { store: koramangala, stores: [koramangala] } },
      [INFO]: {
        status: 'FAILED',
        data: null,
        errors: [{ code: '2.STORENA', displayMsg: msg, header: 'Ops', btnMsg: 'OK' }],
      },
      '/api/v1/cities': CITIES,
      '/api/v1/cities/bengaluru/stores': { status: 'SUCCESS', data: { stores: [hsr] } },
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=D', screens);
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    expect(dialog.textContent).toContain(msg);
    expect(getLocationState().store).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select another store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectResturant'));
    expect(router.state.location.search).toBe('?deliveryType=D&storePage=false');
  });

  it('offline store: the advance-order message, then "Browse menu" continues to the menu', async () => {
    mockApi({
      [NEAREST]: { status: 'SUCCESS', data: { store: koramangala, stores: [koramangala] } },
      [INFO]: infoOk(koramangala, {
        online: 0,
        errors: [{ code: 'STORE_OFFLINE', displayMsg: 'The store is offline right now' }],
      }),
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=D', screens);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Store is currently offline, browse menu or book an advance order');
    expect(getLocationState().store).toMatchObject({ id: 3001, online: 0, advanceOrderStoreId: 3002 });
    expect(getLocationState().advanceStoreId).toBe(3002);
    fireEvent.click(screen.getByRole('button', { name: 'Browse menu' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
  });

  it('no point chosen: asks for a location first', async () => {
    resetLocationState();
    mockApi({});
    const { router } = renderRoutes('/nearestStore?deliveryType=D', screens);
    await waitFor(() => expect(currentPath(router)).toBe('/locationSelection?deliveryType=D'));
  });
});

describe('nearest store: pickup types', () => {
  it('a FAILED lookup (NO_STORE) clears the loader and goes to /selectResturant', async () => {
    mockApi({
      [NEAREST]: { status: 'FAILED', errors: [{ code: 'NO_STORE', displayMsg: 'restaurant not found' }] },
      '/api/v1/cities': CITIES,
      '/api/v1/cities/bengaluru/stores': { status: 'SUCCESS', data: { stores: [hsr] } },
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=T', screens);
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectResturant'));
    expect(router.state.location.search).toBe('?deliveryType=T&storePage=false');
    expect(
      await screen.findByText('We could not find a store near your location. Choose one from the list.'),
    ).toBeTruthy();
  });

  it('a lookup error (server down) also goes to /selectResturant', async () => {
    mockApi({
      [NEAREST]: () => json({ status: 'FAILED', errors: [{ code: '500', displayMsg: 'down' }] }, 500),
      '/api/v1/cities': CITIES,
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=P', screens);
    await waitFor(() => expect(router.state.location.pathname).toBe('/selectResturant'));
  });

  it('SUCCESS shows the stores on the takeaway map; choosing one opens the menu', async () => {
    mockApi({
      [NEAREST]: { status: 'SUCCESS', data: { store: koramangala, stores: [koramangala, hsr] } },
      [INFO]: (_u: URL, init?: RequestInit) =>
        infoOk(JSON.parse(String(init?.body)).storeId === 3003 ? hsr : koramangala),
    });
    const { router } = renderRoutes('/nearestStore?deliveryType=T', screens);
    await waitFor(() => expect(currentPath(router)).toBe('/takeawayMapScreen?deliveryType=T'));
    expect(await screen.findByRole('button', { name: 'Crust HSR Layout' })).toBeTruthy(); // map marker
    fireEvent.click(screen.getByRole('button', { name: 'Order from Crust HSR Layout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(getLocationState().store?.id).toBe(3003);
    expect(getLocationState().deliveryType).toBe('T');
  });
});

describe('select restaurant', () => {
  it('opens the city of the known point and lists its stores nearest first', async () => {
    const far = makeStore({
      id: 3009,
      name: 'Crust Whitefield',
      latitude: 12.9698,
      longitude: 77.75,
      distanceKm: 14.2,
    });
    const fetchMock = mockApi({
      '/api/v1/cities': CITIES,
      '/api/v1/cities/bengaluru/stores': { status: 'SUCCESS', data: { stores: [far, hsr, koramangala] } },
      [INFO]: infoOk(),
    });
    const { router } = renderRoutes('/selectResturant?deliveryType=P&storePage=false', screens);
    const buttons = await screen.findAllByRole('button', { name: /^Order from/ });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Order from Crust Koramangala',
      'Order from Crust HSR Layout',
      'Order from Crust Whitefield',
    ]);
    expect(callsTo(fetchMock, '/api/v1/cities')[0]?.searchParams.get('delivery_type')).toBe('P');
    expect(
      callsTo(fetchMock, '/api/v1/cities/bengaluru/stores')[0]?.searchParams.get('orderDeliveryType'),
    ).toBe('P');
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(getLocationState().store?.id).toBe(3001);
  });
  it('without a known point lists the cities with their store counts, "1 store" for one', async () => {
    resetLocationState();
    const kanpur = {
      id: 'kanpur',
      name: 'Kanpur',
      state: 'Uttar Pradesh',
      latitude: 26.45,
      longitude: 80.33,
    };
    mockApi({
      '/api/v1/cities': {
        status: 'SUCCESS',
        data: { cities: [...CITIES.data.cities, { ...kanpur, storeCount: 1 }] },
      },
    });
    renderRoutes('/selectResturant?deliveryType=P&storePage=false', screens);
    expect(await screen.findByText('Karnataka · 9 stores')).toBeTruthy();
    expect(screen.getByText('Uttar Pradesh · 1 store')).toBeTruthy();
  });
});

describe('map screen', () => {
  it('shows the address under the pin; moving the pin looks it up again; Confirm sets the point', async () => {
    let calls = 0;
    mockApi({
      '/api/v1/geo/reverse': () => (calls++ === 0 ? reverseAnswer('Koramangala') : reverseAnswer('Ejipura')),
    });
    const { router } = renderRoutes('/mapScreen?latitude=12.9352&longitude=77.6245&deliveryType=D', screens);
    expect(await screen.findByRole('heading', { name: 'Koramangala' })).toBeTruthy();
    expect(screen.getByText('PIN 560034')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move pin north' }));
    expect(await screen.findByRole('heading', { name: 'Ejipura' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm location' }));
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=D'));
    const p = getLocationState().point!;
    expect(p.label).toBe('Ejipura, Bengaluru');
    expect(p.latitude).toBeGreaterThan(12.9352); // north of where it started
    expect(p.longitude).toBeCloseTo(77.6245, 5);
  });

  it('arrow keys on the focused map move the pin too; isFromCart confirms towards the cart', async () => {
    mockApi({ '/api/v1/geo/reverse': reverseAnswer() });
    const { router } = renderRoutes(
      '/mapScreen?latitude=12.9352&longitude=77.6245&deliveryType=D&isFromCart=true',
      screens,
    );
    await screen.findByRole('heading', { name: 'Koramangala' });
    const map = screen.getByRole('region', { name: /Map/ });
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    await waitFor(
      () =>
        expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm location' }).disabled).toBe(
          false,
        ),
      {
        timeout: 10_000,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm location' }));
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=D&redirect=cart'));
    expect(getLocationState().point!.longitude).toBeGreaterThan(77.6245);
  });
});

describe('store hours', () => {
  it('reads both 24-hour and 12-hour clocks', () => {
    expect(hoursText({ opensAt: '11:00', closesAt: '23:00' })).toBe('11:00 AM – 11:00 PM');
    expect(hoursText({ opensAt: '10:00 AM', closesAt: '2:00 AM' })).toBe('10:00 AM – 2:00 AM');
    expect(hoursText({ opensAt: '12:00 AM', closesAt: '12:00 AM' })).toBe('Open 24 hours');
  });
  it('says "Closed today" when the store keeps today closed (its week or a holiday)', () => {
    expect(hoursText({ opensAt: '', closesAt: '' })).toBe('Closed today');
  });
});

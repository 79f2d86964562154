import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from './memory-router.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Store } from '@crust/contract';

/** Shows where the router ended up, for screens this test does not render. */
function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

/** Renders screens in a memory router with a fresh query client; any other path renders <Where>. */
export function renderRoutes(initial: string, screens: Record<string, ComponentType>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const router = createMemoryRouter(
    [
      ...Object.entries(screens).map(([path, Screen]) => ({ path, element: <Screen /> })),
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [initial] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

export function currentPath(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// a canned JSON answer, or a function of the request that makes one
type Handler = unknown;

/**
 * Stubs fetch. Keys are "METHOD /path" or "/path"; values are bodies, Responses or functions of the
 * request. Unknown paths answer 404 FAILED.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const h = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (h === undefined)
      return json({ status: 'FAILED', errors: [{ code: '404', displayMsg: 'not found' }] }, 404);
    const out = typeof h === 'function' ? await (h as (u: URL, i?: RequestInit) => unknown)(url, init) : h;
    return out instanceof Response ? out : json(out);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The calls made to one API path. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === pathname);
}

/** The same hours (HH:MM, 24-hour) every day of the week, no exceptions: a Store's `hours`. */
export const everyDayHours = (opensAt: string, closesAt: string): Store['hours'] => ({
  week: Array.from({ length: 7 }, () => ({ opensAt, closesAt })),
  exceptions: [],
});

export function makeStore(over: Partial<Store> = {}): Store {
  return {
    id: 3001,
    name: 'Crust Koramangala',
    address: 'Ground Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru 560034',
    locality: 'Koramangala',
    city: 'Bengaluru',
    cityId: 'bengaluru',
    latitude: 12.9352,
    longitude: 77.6245,
    phone: '080-4123-4567',
    online: 1,
    advanceOrderStoreId: null,
    orderTypes: ['D', 'T', 'P', 'DINEIN', 'CURB'],
    deliveryRadiusKm: 5,
    opensAt: '11:00 AM',
    closesAt: '11:00 PM',
    hours: everyDayHours('11:00', '23:00'),
    isOpenNow: true,
    nextOpensAt: null,
    distanceKm: 0.4,
    storeStationDetails: [
      { stationId: 1, name: 'Bay 1' },
      { stationId: 2, name: 'Bay 2' },
      { stationId: 3, name: 'Bay 3' },
    ],
    ...over,
  };
}

export const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };

export function reverseAnswer(locality = 'Koramangala') {
  return {
    status: 'OK',
    results: [
      {
        placeId: `loc-bengaluru-${locality.toLowerCase()}`,
        latitude: KORAMANGALA.latitude,
        longitude: KORAMANGALA.longitude,
        locality,
        sub_locality: '',
        city: 'Bengaluru',
        city_region: 'Bengaluru Urban',
        area_level0: 'India',
        area_level1: 'Karnataka',
        area_level2: 'Bengaluru Urban',
        formatted_address: `${locality}, Bengaluru, Karnataka 560034, India`,
        postal_code: '560034',
        country: 'IN',
      },
    ],
  };
}

/** Installs fake navigator.geolocation / navigator.permissions; returns the spies. */
export function fakeGeo(opts: {
  permission?: PermissionState | 'unsupported';
  answer: 'position' | 'denied' | 'timeout' | 'never';
  position?: { latitude: number; longitude: number };
}) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail?: PositionErrorCallback | null, _options?: PositionOptions) => {
      const p = opts.position ?? KORAMANGALA;
      if (opts.answer === 'position') {
        setTimeout(
          () => ok({ coords: { ...p, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition),
          0,
        );
      } else if (opts.answer === 'denied') {
        setTimeout(() => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError), 0);
      } else if (opts.answer === 'timeout') {
        setTimeout(() => fail?.({ code: 3, message: 'timeout' } as GeolocationPositionError), 0);
      }
    },
  );
  const query = vi.fn(async () => ({ state: opts.permission ?? 'granted' }) as PermissionStatus);
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: opts.permission === 'unsupported' ? undefined : { query },
  });
  return { getCurrentPosition, query };
}

export function removeFakeGeo() {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined });
}

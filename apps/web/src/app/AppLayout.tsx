import { lazy, Suspense, useEffect } from 'react';
import { Routes, useLocation } from '../shared/router/index.ts';
import { ScrollMemory } from './ScrollMemory.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { firstRoutes } from './first-routes.ts';
import { routeEntries } from './route-entries.tsx';
import { Spinner } from '../shared/ui/Spinner.tsx';
import { CartDock } from '../shared/cart/CartDock.tsx';
import { LocationFirst } from '../shared/cart/LocationFirst.tsx';
import { useRemoteConfig } from '../shared/location/api.ts';
import { useIdleReady } from '../shared/idle.ts';
import { importWithRetry } from '../shared/lazy-retry.ts';

/** The other screens' routes, a chunk of their own; fetched once the first screen is idle, so a tap does not wait. */
const loadLaterScreens = () => importWithRetry(() => import('./LaterScreens.tsx'));
const LaterScreens = lazy(loadLaterScreens);

const entries = [...routeEntries(firstRoutes), { path: '*', element: <LaterScreens /> }];

/**
 * What shows only when something is wrong (offline, a refused token refresh): a chunk of its own, so the first
 * screen's JavaScript does not carry it, but asked for as soon as the entry runs (not when idle): a connection lost
 * in the first second must still find the banner. A chunk that cannot come shows nothing rather than failing the app.
 */
const exceptional = importWithRetry(() => import('./Exceptional.tsx')).catch(() => null);
const OfflineBanner = lazy(() => exceptional.then((m) => ({ default: m?.OfflineBanner ?? Nothing })));
const ApiErrorDialog = lazy(() => exceptional.then((m) => ({ default: m?.ApiErrorDialog ?? Nothing })));
function Nothing() {
  return null;
}

const AfterFirstScreen = lazy(() =>
  importWithRetry(() => import('../shared/app-config/AfterFirstScreen.tsx')),
);

/** The store console is staff's: no customer cart, toasts or cart fetching there. */
const STAFF_SCREEN = /^\/store(\/|$)/;

export function AppLayout() {
  const location = useLocation();
  const { pathname } = location;
  const staff = STAFF_SCREEN.test(pathname);
  const idle = useIdleReady();
  // fetched from the start: the links of switched-off features go as soon as it answers
  useRemoteConfig();
  useEffect(() => {
    if (idle) loadLaterScreens().catch(() => undefined);
  }, [idle]);
  return (
    <div className="app">
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <ScrollMemory location={location} />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner />}>
          <Routes routes={entries} />
        </Suspense>
      </ErrorBoundary>
      {!idle ? null : (
        <Suspense fallback={null}>
          <AfterFirstScreen staff={staff} />
        </Suspense>
      )}
      {staff ? null : <CartDock />}
      <LocationFirst />
      <Suspense fallback={null}>
        <ApiErrorDialog />
      </Suspense>
    </div>
  );
}

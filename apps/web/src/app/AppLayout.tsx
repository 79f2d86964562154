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
 * What shows only when something is wrong (offline, a refused token refresh): a chunk fetched once the first screen
 * is idle, like the later screens, so the first screen's JavaScript does not carry it. The banner and the dialog
 * then say what they would have said from the start (the flags they read were kept meanwhile).
 */
const loadExceptional = () => importWithRetry(() => import('./Exceptional.tsx'));
const OfflineBanner = lazy(() => loadExceptional().then((m) => ({ default: m.OfflineBanner })));
const ApiErrorDialog = lazy(() => loadExceptional().then((m) => ({ default: m.ApiErrorDialog })));

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
      {idle ? (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      ) : null}
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
      {idle ? (
        <Suspense fallback={null}>
          <ApiErrorDialog />
        </Suspense>
      ) : null}
    </div>
  );
}

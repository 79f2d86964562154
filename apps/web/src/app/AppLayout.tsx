import { lazy, Suspense, useEffect } from 'react';
import { Routes, useLocation } from '../shared/router/index.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { ScrollMemory } from './ScrollMemory.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { firstRoutes } from './first-routes.ts';
import { routeEntries } from './route-entries.tsx';
import { Spinner } from '../shared/ui/Spinner.tsx';
import { CartDock } from '../shared/cart/CartDock.tsx';
import { LocationFirst } from '../shared/cart/LocationFirst.tsx';
import { setApiError, useApiError } from '../shared/api/api-error.ts';
import { Dialog } from '../shared/ui/Dialog.tsx';
import { t } from '../shared/i18n/index.ts';
import { useRemoteConfig } from '../shared/location/api.ts';
import { useIdleReady } from '../shared/idle.ts';
import { importWithRetry } from '../shared/lazy-retry.ts';

/** SPEC §8: the API error flag (a refused token refresh logs the customer out) as the 'Ops' dialog. */
export function ApiErrorDialog() {
  const message = useApiError();
  if (!message) return null;
  return (
    <Dialog title={t('genericHeader')} actionLabel={t('genericButton')} onAction={() => setApiError(null)}>
      <p>{message}</p>
    </Dialog>
  );
}

/** The other screens' routes, a chunk of their own; fetched once the first screen is idle, so a tap does not wait. */
const loadLaterScreens = () => importWithRetry(() => import('./LaterScreens.tsx'));
const LaterScreens = lazy(loadLaterScreens);

const entries = [...routeEntries(firstRoutes), { path: '*', element: <LaterScreens /> }];

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
      <OfflineBanner />
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
      <ApiErrorDialog />
    </div>
  );
}

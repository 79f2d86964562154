import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { OfflineBanner } from './OfflineBanner.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { routes } from './routes.tsx';
import { Spinner } from '../shared/ui/Spinner.tsx';
import { CartDock } from '../features/cart/CartDock.tsx';

/** A new screen starts at the top, as a new page would. */
function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="app">
      <OfflineBanner />
      <ScrollToTop pathname={pathname} />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner />}>
          <Routes>
            {routes.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
          </Routes>
        </Suspense>
      </ErrorBoundary>
      <CartDock />
    </div>
  );
}

import { lazy } from 'react';
import type { RouteEntry } from '../shared/router/index.ts';
import { capabilityOfPath } from '../shared/app-config/capabilities.ts';
import { importWithRetry } from '../shared/lazy-retry.ts';
import type { RouteDef } from './screen.ts';

// a screen whose feature the remote config can switch off says so when it is (its own chunk, beside the screen's)
const FeatureGate = lazy(() => importWithRetry(() => import('../shared/app-config/FeatureGate.tsx')));

/** The router's entries for a table of routes: a screen of a feature the config can switch off is gated. */
export const routeEntries = (routes: readonly RouteDef[]): RouteEntry[] =>
  routes.map(({ path, Screen }) => ({
    path,
    element:
      capabilityOfPath(path) === null ? (
        <Screen />
      ) : (
        <FeatureGate path={path}>
          <Screen />
        </FeatureGate>
      ),
  }));

import { Routes } from '../shared/router/index.ts';
import { laterRoutes } from './later-routes.tsx';
import { routeEntries } from './route-entries.tsx';

const entries = routeEntries(laterRoutes);

/**
 * Every screen but the first ones (./first-routes.ts): the layout's catch-all, matched again against the later
 * table (the not-found screen is its catch-all), so each screen gets its own route's params.
 */
export default function LaterScreens() {
  return <Routes routes={entries} />;
}

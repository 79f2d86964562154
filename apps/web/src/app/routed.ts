import { matchPath } from '../shared/router/index.ts';
import { routes } from './routes.tsx';

const ORIGIN = 'https://crust.invalid';

/**
 * Whether the app has a screen at this path (the not-found catch-all aside). Links and banners to a feature
 * that is still to come (the train, the hygiene page…) are not shown until its route is added, which shows
 * them again: nothing in the app leads to the not-found page.
 */
export function isRouted(to: string): boolean {
  const { pathname } = new URL(to, ORIGIN);
  return routes.some(({ path }) => path !== '*' && matchPath(path, pathname) !== null);
}

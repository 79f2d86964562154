import { matchPath } from './router/index.ts';
import { paths } from '../config/paths.ts';

const ORIGIN = 'https://crust.invalid';

/** Screens the app links to that are still to come: the route tables have no route for them yet. */
const STILL_TO_COME: readonly string[] = [];

/**
 * The paths the route tables (app/first-routes.ts, app/later-routes.tsx) route, without their screens (test/routes.test.ts holds the two together): every
 * entry of config/paths.ts with its post-order twin and the menu's category pattern, but the screens still to come
 * and the not-found catch-all. Features read this rather than the route table, which imports every screen.
 */
export const routedPaths: readonly string[] = Object.values(paths)
  .flatMap((entry) => [
    entry.pattern,
    ...('twin' in entry ? [entry.twin] : []),
    ...('categoryPattern' in entry ? [entry.categoryPattern] : []),
  ])
  .filter((path) => path !== paths.notFound.pattern && !STILL_TO_COME.includes(path));

/**
 * Whether the app has a screen at this path (the not-found catch-all aside). Links and banners to a feature
 * that is still to come (feedback…) are not shown until its route is added, which shows
 * them again: nothing in the app leads to the not-found page.
 */
export function isRouted(to: string): boolean {
  const { pathname } = new URL(to, ORIGIN);
  return routedPaths.some((path) => matchPath(path, pathname) !== null);
}

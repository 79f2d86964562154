import { type ReactNode } from 'react';
import { ParamsContext, useLocation } from './context.ts';
import { bestMatch } from './match.ts';

export type RouteEntry = { path: string; element: ReactNode };

/** The element of the most specific route that matches the current path, with its params; nothing if none. */
export function Routes({ routes }: { routes: readonly RouteEntry[] }) {
  const { pathname } = useLocation();
  const match = bestMatch(routes, pathname);
  if (!match) return null;
  return <ParamsContext value={match.params}>{match.route.element}</ParamsContext>;
}

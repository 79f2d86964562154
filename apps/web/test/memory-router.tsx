/**
 * Tests render screens in the app's own router over an in-memory history. Routes are given as objects, a
 * path-less route with children being a layout whose `<Outlet />` shows the matched child.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Router } from '../src/shared/router/Router.tsx';
import { ParamsContext, useLocation } from '../src/shared/router/context.ts';
import { createMemoryHistory, type History, type To } from '../src/shared/router/history.ts';
import { bestMatch } from '../src/shared/router/match.ts';

export type RouteObject = {
  path?: string;
  element?: ReactNode;
  Component?: ComponentType;
  children?: RouteObject[];
};

export type MemoryRouter = {
  history: History;
  routes: RouteObject[];
  /** `historyAction` is the last move's kind, as react-router's memory router told it. */
  readonly state: { location: History['location']; historyAction: 'POP' | 'PUSH' | 'REPLACE' };
  navigate(to: To | number, opts?: { replace?: boolean; state?: unknown }): Promise<void>;
};

export function createMemoryRouter(
  routes: RouteObject[],
  opts: { initialEntries?: string[] } = {},
): MemoryRouter {
  const memory = createMemoryHistory(opts.initialEntries);
  let historyAction: 'POP' | 'PUSH' | 'REPLACE' = 'POP';
  const history: History = {
    get location() {
      return memory.location;
    },
    push: (to, state) => ((historyAction = 'PUSH'), memory.push(to, state)),
    replace: (to, state) => ((historyAction = 'REPLACE'), memory.replace(to, state)),
    go: (delta) => ((historyAction = 'POP'), memory.go(delta)),
    listen: memory.listen,
  };
  return {
    history,
    routes,
    get state() {
      return { location: history.location, historyAction };
    },
    async navigate(to, o = {}) {
      if (typeof to === 'number') history.go(to);
      else if (o.replace) history.replace(to, o.state);
      else history.push(to, o.state);
    },
  };
}

const OutletContext = createContext<ReactNode>(null);
export const Outlet = () => useContext(OutletContext);
export { useLocation };

type Leaf = { path: string; chain: RouteObject[] };

function leavesOf(routes: RouteObject[], chain: RouteObject[] = []): Leaf[] {
  return routes.flatMap((r) =>
    r.path !== undefined
      ? [{ path: r.path, chain: [...chain, r] }]
      : leavesOf(r.children ?? [], [...chain, r]),
  );
}

const elementOf = (r: RouteObject): ReactNode => (r.Component ? <r.Component /> : (r.element ?? null));

function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const match = bestMatch(leavesOf(routes), pathname);
  if (!match) return null;
  const element = match.route.chain.reduceRight<ReactNode>(
    (inner, r) => <OutletContext value={inner}>{elementOf(r)}</OutletContext>,
    null,
  );
  return <ParamsContext value={match.params}>{element}</ParamsContext>;
}

export function RouterProvider({ router }: { router: MemoryRouter }) {
  return (
    <Router history={router.history}>
      <RouteTree routes={router.routes} />
    </Router>
  );
}

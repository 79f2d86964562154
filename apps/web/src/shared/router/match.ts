/**
 * Route patterns as the route tables (app/first-routes.ts, app/later-routes.tsx) write them: static segments, `:name` for one segment and a final `*` for the
 * rest. Matching ignores case and a trailing slash, as the app's links never depended on either.
 */
export type Params = Readonly<Record<string, string>>;

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).map(decodeURIComponent).join('/');
      return { params };
    }
    const h = have[i];
    if (h === undefined) return null;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(h);
    else if (w.toLowerCase() !== h.toLowerCase()) return null;
  }
  return have.length === want.length ? { params } : null;
}

/** How specific a pattern is: more static segments win over params, and anything wins over the catch-all. */
export function rankOf(pattern: string): number {
  return segmentsOf(pattern).reduce(
    (n, s) => n + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10),
    segmentsOf(pattern).length === 0 ? 1 : 0,
  );
}

/** The most specific of `patterns` that matches, with its params. */
export function bestMatch<T extends { path: string }>(
  routes: readonly T[],
  pathname: string,
): { route: T; params: Params } | null {
  let best: { route: T; params: Params; rank: number } | null = null;
  for (const route of routes) {
    const m = matchPath(route.path, pathname);
    if (!m) continue;
    const rank = rankOf(route.path);
    if (!best || rank > best.rank) best = { route, params: m.params, rank };
  }
  return best && { route: best.route, params: best.params };
}

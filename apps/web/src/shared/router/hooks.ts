import { useCallback, useMemo } from 'react';
import { useHistory, useLocation, type NavigateFunction, type NavigateOptions } from './context.ts';
import type { To } from './history.ts';

/** A stable function that moves the app: to a target (pushing, or replacing with `replace`) or back/forward. */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useMemo(() => {
    function navigate(to: To | number, options: NavigateOptions = {}): void {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    }
    return navigate;
  }, [history]);
}

type SearchInit = URLSearchParams | string | Record<string, string> | [string, string][];
export type SetURLSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/**
 * The query of the current location, and a setter that moves to the same path with a new query. The params
 * object (and so the setter) stays the same while the query does.
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetURLSearchParams>(
    (next, options) => {
      const value = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(params)) : next,
      );
      const query = value.toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, params],
  );
  return [params, set];
}

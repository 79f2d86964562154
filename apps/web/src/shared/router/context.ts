import { createContext, useContext } from 'react';
import type { History, Location, To } from './history.ts';
import type { Params } from './match.ts';

export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

export const HistoryContext = createContext<History | null>(null);
export const LocationContext = createContext<Location | null>(null);
export const ParamsContext = createContext<Params>({});

export function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('a screen rendered outside the router');
  return history;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('a screen rendered outside the router');
  return location;
}

export const useParams = (): Params => useContext(ParamsContext);

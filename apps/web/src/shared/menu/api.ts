import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Menu, MenuResponse, Toppings, ToppingsResponse } from '@crust/contract';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { DEFAULT_STORE_ID } from '@crust/domain/constants';
import {
  MENU_EXPIRY_MS,
  menuFreshForMs,
  parseMenuExpiry,
  recordMenuFetch,
  type MenuExpiryMap,
} from '@crust/domain/menu-expiry';
import { api } from '../api/client.ts';
import { getLocationState, useLocationState } from '../state/location-store.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/** The store whose menu is shown: the chosen one, else the default store so a first visit can browse. */
export function useMenuStoreId(): number {
  return useLocationState().store?.id ?? DEFAULT_STORE_ID;
}

export const menuKey = (storeId: number) => ['menu', storeId] as const;
export const toppingsKey = (storeId: number) => ['toppings', storeId] as const;

export function readMenuExpiry(): MenuExpiryMap {
  return parseMenuExpiry(readJson<unknown>(STORAGE_KEYS.menuExpiry, {}));
}

function scoped(path: string, storeId: number) {
  return {
    // SPEC §8: 403 (and a null-store 404) retries with the default store
    storeScoped: { storeId, path: (id: number | string) => fillPath(path, { storeId: id }) },
  };
}

/** SPEC §8: menu and topping failures are logged, never shown as an alarm. */
function logged<T>(
  what: string,
  storeId: number,
  signal: AbortSignal | undefined,
  load: () => Promise<T>,
): Promise<T> {
  return load().catch((e: unknown) => {
    // a cancelled fetch (the screen went away) is not a failure
    if (!signal?.aborted) console.warn(`[menu] ${what} for store ${storeId} failed`, e);
    throw e;
  });
}

export function fetchMenu(storeId: number, signal?: AbortSignal): Promise<Menu> {
  return logged('menu', storeId, signal, async () => {
    const res = await api<MenuResponse>(fillPath(API_PATHS.menu, { storeId }), {
      signal,
      ...scoped(API_PATHS.menu, storeId),
    });
    writeJson(STORAGE_KEYS.menuExpiry, recordMenuFetch(readMenuExpiry(), storeId, Date.now()));
    return res.data;
  });
}

export function fetchToppings(storeId: number, signal?: AbortSignal): Promise<Toppings> {
  return logged('toppings', storeId, signal, async () => {
    const res = await api<ToppingsResponse>(fillPath(API_PATHS.toppings, { storeId }), {
      signal,
      ...scoped(API_PATHS.toppings, storeId),
    });
    return res.data;
  });
}

/**
 * A store's menu. SPEC §9: expiry is per store: the menu stays fresh for 30 minutes after that
 * store's last fetch (kept in localStorage 'crust.menuExpiry'), and another store has its own entry,
 * so changing store fetches that store's menu. Conditional requests (ETag/304) are the browser's.
 */
export function useMenu(storeId: number): UseQueryResult<Menu> {
  return useQuery({
    queryKey: menuKey(storeId),
    queryFn: ({ signal }) => fetchMenu(storeId, signal),
    // TanStack counts staleTime from the data's dataUpdatedAt: fresh until the recorded fetch time + 30 min
    staleTime: (query) => menuFreshForMs(readMenuExpiry(), storeId, query.state.dataUpdatedAt),
    gcTime: MENU_EXPIRY_MS,
  });
}

export function useToppings(storeId: number): UseQueryResult<Toppings> {
  return useQuery({
    queryKey: toppingsKey(storeId),
    queryFn: ({ signal }) => fetchToppings(storeId, signal),
    staleTime: MENU_EXPIRY_MS,
    gcTime: MENU_EXPIRY_MS,
  });
}

/**
 * Starts the current store's menu fetch without waiting for the menu screen's code, e.g. from a route
 * loader, so the request runs alongside the lazy chunk. A fresh cached menu is not fetched again.
 */
export function prefetchMenu(queryClient: QueryClient): Promise<void> {
  const storeId = getLocationState().store?.id ?? DEFAULT_STORE_ID;
  return queryClient.prefetchQuery({
    queryKey: menuKey(storeId),
    queryFn: ({ signal }) => fetchMenu(storeId, signal),
    staleTime: (query) => menuFreshForMs(readMenuExpiry(), storeId, query.state.dataUpdatedAt),
  });
}

/**
 * SPEC §9 "Menu expiry is tracked per store": when each store's menu was last fetched, so a store's
 * menu is reused for a while and a change of store fetches that store's own menu. Pure: the caller
 * passes the clock and keeps the map (the web app keeps it in localStorage).
 */

/** A store's menu is fresh for 30 minutes after it was fetched. */
export const MENU_EXPIRY_MS = 30 * 60 * 1000;

/** How many stores' fetch times are kept; the oldest are forgotten first. */
export const MENU_EXPIRY_STORES_KEPT = 8;

/** storeId → epoch milliseconds of the last successful fetch of that store's menu. */
export type MenuExpiryMap = Readonly<Record<string, number>>;

/** Whatever was stored, as a map: entries that are not a finite time are dropped. */
export function parseMenuExpiry(raw: unknown): MenuExpiryMap {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, number> = {};
  for (const [storeId, at] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof at === 'number' && Number.isFinite(at) && at >= 0) out[storeId] = at;
  }
  return out;
}

/** Milliseconds the store's menu stays fresh; 0 when stale or never fetched (or fetched "in the future"). */
export function menuFreshForMs(
  map: MenuExpiryMap,
  storeId: number,
  now: number,
  ttl: number = MENU_EXPIRY_MS,
): number {
  const at = map[String(storeId)];
  if (at === undefined || at > now) return 0;
  return Math.max(0, at + ttl - now);
}

export function isMenuStale(
  map: MenuExpiryMap,
  storeId: number,
  now: number,
  ttl: number = MENU_EXPIRY_MS,
): boolean {
  return menuFreshForMs(map, storeId, now, ttl) === 0;
}

/** The map after the store's menu was fetched at `now`; only the `keep` most recent stores stay. */
export function recordMenuFetch(
  map: MenuExpiryMap,
  storeId: number,
  now: number,
  keep: number = MENU_EXPIRY_STORES_KEPT,
): MenuExpiryMap {
  const entries = Object.entries({ ...map, [String(storeId)]: now })
    .sort((a, b) => b[1] - a[1])
    .slice(0, Math.max(1, keep));
  return Object.fromEntries(entries);
}

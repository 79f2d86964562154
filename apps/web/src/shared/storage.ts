/**
 * localStorage (or, for what lasts only as long as the tab, sessionStorage) with JSON and without throwing
 * (private mode, full quota, cookies disabled).
 */
type Area = 'local' | 'session';
const areaOf = (area: Area): Storage => (area === 'session' ? sessionStorage : localStorage);

export function readJson<T>(key: string, fallback: T, area: Area = 'local'): T {
  try {
    const raw = areaOf(area).getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, area: Area = 'local'): void {
  try {
    if (value === undefined || value === null) areaOf(area).removeItem(key);
    else areaOf(area).setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the app keeps working with in-memory state */
  }
}

export const STORAGE_KEYS = {
  session: 'crust.session',
  location: 'crust.location',
  recentLocations: 'crust.recentLocations',
  menuExpiry: 'crust.menuExpiry',
  /** the guest's cart, so it survives a reload and a closed tab */
  cartId: 'crust.cartId',
  /** the train a passenger is ordering for (PNR, station, seat), for this tab only */
  trip: 'crust.trip',
  /** a payment whose page's wait ran out, still open (shared/payment/still-confirming.ts) */
  stillConfirming: 'crust.stillConfirming',
  /** cart edits tapped offline, waiting for the connection (shared/cart/outbox.ts) */
  cartOutbox: 'crust.cartOutbox',
  /** the cart as the server last gave it, shown when a reload finds no connection */
  lastCart: 'crust.lastCart',
} as const;

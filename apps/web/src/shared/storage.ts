/** localStorage with JSON and without throwing (private mode, full quota, cookies disabled). */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
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
} as const;

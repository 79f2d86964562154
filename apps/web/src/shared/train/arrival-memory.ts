import { readJson, writeJson } from '../storage.ts';

/**
 * The train's expected arrival each train order was first shown with on this device, so the tracker can say when
 * it has moved since ("running late: we now deliver at …"). The server keeps only the arrival now; the first one
 * shown is what the passenger was told, on the thank-you page or the first tracker read. Kept in localStorage (a
 * reload or a later visit from the history still knows it), for the last few orders only.
 */
const KEY = 'crust.trainArrivals';
const KEPT = 20;

type Seen = [orderId: string, arrival: string][];

function seen(): Seen {
  const value = readJson<unknown>(KEY, []);
  return Array.isArray(value)
    ? value.filter(
        (e): e is [string, string] =>
          Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string',
      )
    : [];
}

/** The arrival first shown for this order here, or null before it was ever shown. */
export function firstShownArrival(orderId: string): string | null {
  return seen().find(([id]) => id === orderId)?.[1] ?? null;
}

/** Keeps `arrival` as the order's first shown arrival, unless one is already kept. */
export function rememberArrival(orderId: string, arrival: string): void {
  const list = seen();
  if (list.some(([id]) => id === orderId)) return;
  writeJson(KEY, [...list, [orderId, arrival]].slice(-KEPT));
}

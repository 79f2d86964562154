import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Location } from '../shared/router/index.ts';

const STORE = 'crust.scroll';
/** Enough entries for any Back a customer presses; older ones are dropped. */
const KEEP = 40;
/**
 * How long a restore keeps trying while the screen grows tall enough (a list still arriving, the menu making its
 * cards a few per idle moment on a slow phone); the customer scrolling ends it sooner.
 */
const RESTORE_MS = 5000;

type Positions = Record<string, number>;

function read(): Positions {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? '{}');
    return value && typeof value === 'object' ? (value as Positions) : {};
  } catch {
    return {};
  }
}

function remember(key: string, y: number): void {
  const positions = read();
  delete positions[key];
  positions[key] = Math.round(y);
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP))) delete positions[old];
  try {
    sessionStorage.setItem(STORE, JSON.stringify(positions));
  } catch {
    // storage full or blocked: Back then starts at the top, as it did before
  }
}

/**
 * The entry's own key; the first entry of a visit has none of its own ('default'), so it is told apart by its path.
 * A fresh visit (not a reload, not a Back into the app from another site) forgets those, once per page load.
 */
function entryKey({ key, pathname }: Pick<Location, 'key' | 'pathname'>): string {
  return key === 'default' ? `default:${pathname}` : key;
}

let arrivalSeen = false;
function forgetFirstEntriesOnAFreshVisit(): void {
  if (arrivalSeen) return;
  arrivalSeen = true;
  const arrival = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (arrival?.type === 'reload' || arrival?.type === 'back_forward') return;
  const positions = read();
  for (const key of Object.keys(positions)) if (key.startsWith('default:')) delete positions[key];
  try {
    sessionStorage.setItem(STORE, JSON.stringify(positions));
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * A new screen starts at the top, as a new page would; Back and Forward return to where the customer was on that
 * entry (each history entry has its own key, so a position is found only for an entry seen before). Kept in
 * sessionStorage so a Back from the payment gateway's pages, which reloads the app, finds it too.
 */
export function ScrollMemory({ location }: { location: Pick<Location, 'key' | 'pathname'> }) {
  const { pathname } = location;
  const key = entryKey(location);
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    forgetFirstEntriesOnAFreshVisit();
  }, []);
  useEffect(() => {
    const target = read()[key];
    // a new query on the same screen (a filter, a size) is not a new page: it stays where it is
    const samePage = shown.current === pathname;
    shown.current = pathname;
    let frame = 0;
    const started = performance.now();
    const restore = () => {
      if (samePage && target === undefined) return;
      window.scrollTo(0, target ?? 0);
      // the screen may still be growing (its list arriving, pictures sizing): try again until it is tall enough
      if (
        target !== undefined &&
        Math.abs(window.scrollY - target) > 1 &&
        performance.now() - started < RESTORE_MS
      )
        frame = requestAnimationFrame(restore);
    };
    restore();
    // the customer scrolling themselves ends the wait
    const stop = () => cancelAnimationFrame(frame);
    const taking = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of taking) window.addEventListener(type, stop, { passive: true });
    // where the customer is, from the scroll events alone (kept when the entry is left or the page unloads, not on
    // every frame of a scroll): read at leaving, scrollY would already be the next screen's, clamped to its height
    let last: number | null = null;
    const onScroll = () => {
      last = window.scrollY;
    };
    const keep = () => {
      if (last !== null) remember(key, last);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // leaving for the payment gateway's pages unloads the app: Back reloads it and looks for the place
    window.addEventListener('pagehide', keep);
    return () => {
      keep();
      cancelAnimationFrame(frame);
      for (const type of taking) window.removeEventListener(type, stop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
    };
  }, [key, pathname]);
  return null;
}

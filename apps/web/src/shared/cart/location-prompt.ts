import { useSyncExternalStore } from 'react';
import { writeJson } from '../storage.ts';

/**
 * Whether the "tell us where you are" prompt is up, and the screen on show: the little of
 * ./location-first.ts every screen's layout needs, kept apart so the first paint carries no more.
 */
let promptOpen = false;
const listeners = new Set<() => void>();

export function setLocationPromptOpen(open: boolean): void {
  promptOpen = open;
  for (const l of listeners) l();
}

export function useLocationPromptOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => promptOpen,
    () => false,
  );
}

/** The screen on show (path and query), noted by <LocationFirst> so no "Add" button follows the URL itself. */
let screenPath: string | null = null;
export function noteScreenPath(path: string): void {
  screenPath = path;
}
export function currentScreenPath(): string | null {
  return screenPath;
}

/** Where the add waiting for a store is kept (the tab's sessionStorage; ./location-first.ts PendingAdd). */
export const PENDING_ADD_KEY = 'crust.pendingAdd';

export function forgetPendingAdd(): void {
  writeJson(PENDING_ADD_KEY, null, 'session');
}

/** The prompt goes away: on to the location screens (the add still waits), or cancelled (it is dropped). */
export function closeLocationPrompt(keepPending: boolean): void {
  if (!keepPending) forgetPendingAdd();
  setLocationPromptOpen(false);
}

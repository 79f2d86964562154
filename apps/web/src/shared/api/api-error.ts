import { useSyncExternalStore } from 'react';

/**
 * SPEC §8 "401 with refresh failure sets an API error flag and shows the server displayMsg": the flag is
 * the message to show (null when there is none). The layout reads it and shows the dialog.
 */
let apiError: string | null = null;
const listeners = new Set<() => void>();

export function setApiError(message: string | null): void {
  apiError = message;
  for (const l of listeners) l();
}

export function getApiError(): string | null {
  return apiError;
}

export function useApiError(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getApiError,
    () => null,
  );
}

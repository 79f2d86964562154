import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from '../../shared/router/index.ts';
import { importWithRetry } from '../lazy-retry.ts';
import { noteScreenPath, useLocationPromptOpen } from './location-prompt.ts';

/** Asked for only when a first add has no store to go to: its own chunk. */
const LocationPrompt = lazy(() => importWithRetry(() => import('./LocationPrompt.tsx')));

/** The location prompt of ./location-first.ts, wherever the add was asked for; notes the screen on show. */
export function LocationFirst() {
  const open = useLocationPromptOpen();
  const { pathname, search } = useLocation();
  useEffect(() => noteScreenPath(pathname + search), [pathname, search]);
  return open ? (
    <Suspense fallback={null}>
      <LocationPrompt />
    </Suspense>
  ) : null;
}

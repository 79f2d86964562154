import { useEffect } from 'react';
import { useRemoteConfig } from '../location/api.ts';
import { useLocation } from '../router/index.ts';
import { importWithRetry } from '../lazy-retry.ts';
import { holdEvents, takeEvents } from './switch.ts';
import { track } from './track.ts';

/**
 * User-activity tracking on customer screens (issue 33 §3, docs/analytics.md): a page view per screen, and the
 * sender started only while the remote config's userActivityTracking is on (its chunk is fetched then). Rendered
 * with the other after-the-first-screen pieces, so none of it weighs on the first screens.
 */
export function Analytics() {
  const on = useRemoteConfig().data?.userActivityTracking;
  const { pathname } = useLocation();

  useEffect(() => {
    if (on === undefined) return;
    if (!on) {
      takeEvents(null);
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    importWithRetry(() => import('./start-sender.ts'))
      .then(({ startTracking }) => {
        if (!cancelled) stop = startTracking();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [on]);

  useEffect(() => {
    track('page_view');
  }, [pathname]);

  useEffect(() => holdEvents, []);

  return null;
}

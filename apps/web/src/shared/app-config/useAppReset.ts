import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { APP_RESET_SECONDS, appResetDue } from '@crust/domain/app-config';
import { useRemoteConfig } from '../location/api.ts';

/**
 * SPEC §9 app reset: a customer coming back after `appResetSeconds` (300 s) away finds a store that may have gone
 * offline, prices and stock that may have moved and a cart another device may have changed. Everything the screens
 * show is asked for again (their queries refetch; what the customer typed stays). Shorter absences keep what is
 * on screen, as the queries' own staleness rules say.
 */
export function useAppReset(): void {
  const qc = useQueryClient();
  const seconds = useRemoteConfig().data?.appResetSeconds ?? APP_RESET_SECONDS;
  useEffect(() => {
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const changed = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt !== null && appResetDue(Date.now() - hiddenAt, seconds)) void qc.invalidateQueries();
      hiddenAt = null;
    };
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, [qc, seconds]);
}

import { useEffect } from 'react';
import { useSession } from '../api/session.ts';
import { allocateExperiments } from './allocate.ts';

/**
 * The allocation at start-up, guest or customer (SPEC §4: the variants come only for a customer), and again when
 * the customer logs in or out, since that changes what the allocation answers. Not on the store console.
 */
export function useExperimentAllocation(enabled: boolean): void {
  const loggedIn = useSession()?.isLoggedIn === true;
  useEffect(() => {
    if (enabled) allocateExperiments().catch(() => undefined);
    // asked again when the login changes: the answer depends on it (the call reads it from the session itself)
  }, [enabled, loggedIn]);
}

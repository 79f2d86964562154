import { Analytics } from '../analytics/Analytics.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';
import { useAppReset } from './useAppReset.ts';
import { useExperimentAllocation } from '../experiments/useAllocation.ts';

/**
 * What the remote config adds to every screen once the first one is up: the app reset after a long absence, the
 * experiments' allocation, and, for customers (not the store console), the cookies notice and the install prompt.
 * None of it is needed for the first screen, so the layout loads this chunk once the browser is idle (the initial-JavaScript budget).
 */
export default function AfterFirstScreen({ staff }: { staff: boolean }) {
  useAppReset();
  // the experiments' allocation (docs/experiments.md) is no first screen's business either
  useExperimentAllocation(!staff);
  if (staff) return null;
  return (
    <>
      <CookieNotice />
      <InstallPrompt />
      <Analytics />
    </>
  );
}

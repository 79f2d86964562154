import { CookieNotice } from './CookieNotice.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';

/**
 * The remote config's notices for customers: the cookies notice and the install prompt. Neither is needed for the
 * first screen, so the layout loads this chunk once the browser is idle (the initial-JavaScript budget).
 */
export default function AppNotices() {
  return (
    <>
      <CookieNotice />
      <InstallPrompt />
    </>
  );
}

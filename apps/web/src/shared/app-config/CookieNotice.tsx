import { useRemoteConfig } from '../location/api.ts';
import { ac } from './texts.ts';

/** Whether this browser keeps what the app stores: cookies switched off take site storage with them. */
export function browserKeepsData(): boolean {
  if (!navigator.cookieEnabled) return false;
  try {
    const probe = 'crust.probe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * SPEC §3 disableCookies: a browser with cookies (and so site storage) switched off cannot keep a login or a cart
 * across a reload, so the customer is told, once per screen at the top. The chain turns the notice off with the
 * remote config's `disableCookies` (for hosts that block storage on purpose; docs/remote-config.md).
 */
export function CookieNotice() {
  const config = useRemoteConfig();
  if (!config.data || config.data.disableCookies || browserKeepsData()) return null;
  return (
    <div className="cookie-notice" role="status">
      <strong>{ac('cookiesDisabled')}</strong>
      <span>{ac('cookiesDisabledBody')}</span>
    </div>
  );
}

/**
 * Which push endpoints the server will POST to. The endpoint comes from the browser, so an open rule would let
 * anyone make the server call any URL (SSRF): only https to the push services browsers use, and outside production
 * plain http on this machine, where the push sandbox is (docs/notifications.md).
 */
const PUSH_SERVICES = [
  // Chrome, Edge on Android, Samsung Internet, Opera: Firebase Cloud Messaging
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox
  'push.services.mozilla.com',
  // Edge on Windows
  'notify.windows.com',
  // Safari
  'push.apple.com',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function endpointAllowed(endpoint: string, loopbackAllowed: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:')
    return PUSH_SERVICES.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
  return loopbackAllowed && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

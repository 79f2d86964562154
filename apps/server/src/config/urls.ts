/**
 * Whether a URL may carry secrets in production: https, or plain http to this very machine (a relay or a local
 * stand-in on loopback, as the production-mode tests use), where nothing crosses a network.
 */
export function secureOrLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  return (
    protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]')
  );
}

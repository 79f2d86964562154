import type { FastifyInstance } from 'fastify';

/**
 * A fetch answered by this very server's routes through app.inject, for the partner sandbox outside production
 * when no base URL is configured: the adapter (./http-partner.ts) runs exactly as against a real partner — the
 * URL's path, the headers, the statuses, the deadline — without a socket, so it works before the server listens
 * and in tests. The host of the URL is never contacted.
 */
export function inProcessFetch(server: { app: FastifyInstance | null }): typeof fetch {
  return async (input, init) => {
    const app = server.app;
    if (!app) throw new TypeError('fetch failed: the server is not built yet');
    const url = new URL(input instanceof Request ? input.url : String(input));
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const injected = app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const res = await (signal ? Promise.race([injected, abortOf(signal)]) : injected);
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** Rejects as fetch does when its signal ends the wait. */
function abortOf(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const reason = () =>
      signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');
    signal.addEventListener('abort', () => reject(reason()), { once: true });
  });
}

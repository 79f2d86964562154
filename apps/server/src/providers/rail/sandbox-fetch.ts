import { API_KEY_HEADER } from './protocol.ts';
import type { RailSandbox } from './sandbox.ts';

/**
 * A fetch whose requests the rail sandbox answers in this process (RAIL_PROVIDER=sandbox): the adapter
 * (./rail-api.ts) runs exactly as against a real provider — the URL, the key header, the statuses, the deadline —
 * without a socket, so it works before the server listens and under app.inject. The path is read as the
 * protocol's (…/v1/pnr/{pnr}); the host is never contacted.
 */
export function sandboxFetch(sandbox: RailSandbox): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const signal = init?.signal ?? new AbortController().signal;
    signal.throwIfAborted();
    const match = /\/v1\/pnr\/([^/]*)$/.exec(url.pathname);
    if (!match || (init?.method ?? 'GET') !== 'GET') return new Response('Not Found', { status: 404 });
    const answer = await sandbox.answer(
      decodeURIComponent(match[1]!),
      headers.get(API_KEY_HEADER) ?? undefined,
      signal,
    );
    // as fetch does when its signal ends the wait
    if (answer.kind === 'no answer') throw signal.reason ?? new DOMException('aborted', 'AbortError');
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
}

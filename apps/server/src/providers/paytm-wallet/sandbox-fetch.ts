import type { PaytmSandbox } from './sandbox.ts';

/**
 * A fetch the Paytm sandbox answers in this process (PAYTM_WALLET=sandbox, the default outside production): the
 * HTTP adapter (./http.ts) runs exactly as against Paytm — paths, merchant header, signature, answers — without a
 * socket, so it works before the server listens and under app.inject.
 */
export function paytmSandboxFetch(sandbox: PaytmSandbox, basePath: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    init?.signal?.throwIfAborted();
    if ((init?.method ?? 'GET') !== 'POST' || !url.pathname.startsWith(basePath))
      return new Response('Not Found', { status: 404 });
    const raw = typeof init?.body === 'string' ? init.body : '';
    const answer = await sandbox.answer(url.pathname.slice(basePath.length), new Headers(init?.headers), raw);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer. They depend only on the options, so helmet runs once, at start,
 * on a stand-in response, and each request copies the result: @fastify/helmet built a new helmet (parsing the
 * CSP directives again) for every request, 2–3 % of the server's CPU in bench:orders and the cart scenario
 * (docs/performance.md). A route that needs its own CSP (the sandbox pages) sets the header over this one.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = headersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

function headersOf(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    // X-Powered-By: Node's own server never sets it, so there is nothing to take off
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet 8 throws a bad option at once; the callback only says it finished
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

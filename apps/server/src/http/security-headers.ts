import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { answerClientError } from './client-errors.ts';

/**
 * The browser features the app may use, on every answer: geolocation for the map and "locate me", the
 * microphone for voice ordering (a later issue), full screen for its own pages; every other powerful feature
 * is off, for the app and for anything it might ever frame.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'microphone=(self)',
  'fullscreen=(self)',
  'camera=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'xr-spatial-tracking=()',
  'idle-detection=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'browsing-topics=()',
].join(', ');

/**
 * helmet's security headers on every answer. They depend only on the options, so helmet runs once, at start,
 * on a stand-in response, and each request copies the result: @fastify/helmet built a new helmet (parsing the
 * CSP directives again) for every request, 2–3 % of the server's CPU in bench:orders and the cart scenario
 * (docs/performance.md). A route that needs its own CSP (the sandbox pages) sets the header over this one.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = { ...headersOf(options), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // the answers Node's parser makes (431, 400, 408) carry them too: Fastify's own clientError handler is replaced
  app.server.removeAllListeners('clientError');
  app.server.on('clientError', (err: NodeJS.ErrnoException, socket) =>
    answerClientError(err, socket, headers, app.log),
  );
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

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { failed } from './errors.ts';

/** What Node's HTTP parser refused, as the SPEC §8 error it is. */
function refusalOf(err: NodeJS.ErrnoException): { status: number; code: string; displayMsg: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'REQUEST_TIMEOUT', displayMsg: 'The request took too long to arrive.' };
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      displayMsg: 'The request headers are too large.',
    };
  return { status: 400, code: 'BAD_REQUEST', displayMsg: 'The request could not be read.' };
}

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (headers too large, a malformed
 * request line, a request that took too long): Fastify's own handler writes a bare answer with none of the
 * security headers every other answer carries, so this one writes them, `Cache-Control: no-store` and the
 * API's error body, then closes the connection (the parser cannot go on with it).
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Duplex,
  headers: Readonly<Record<string, string>>,
  log: FastifyBaseLogger,
): void {
  // a reset connection has nobody to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, displayMsg } = refusalOf(err);
  log.trace({ err }, 'client error');
  // as Node's own handler: no second status line into an answer already being written on this connection
  const answering =
    (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !answering) {
    const body = JSON.stringify(failed(code, displayMsg));
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'cache-control: no-store',
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 28 §9: the answers Node's HTTP parser makes before Fastify sees a request (431 for headers too large,
 * 400 for a request it cannot read) carry the security headers every other answer carries, over a real socket.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as it is on a new connection and reads the answer until the server closes it. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    // the server may close while the request is still being written: what it answered is all that matters
    socket.on('error', () => undefined);
    socket.once('close', () => {
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
    socket.write(request);
  });
}

/** The security headers of an ordinary answer of the same server. */
async function appHeaders(): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}${API_PATHS.cities}`);
  const wanted = [
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
  ];
  const headers = Object.fromEntries(wanted.map((name) => [name, res.headers.get(name) ?? '(missing)']));
  for (const [name, value] of Object.entries(headers)) expect(value, name).not.toBe('(missing)');
  return headers;
}

describe("the HTTP parser's answers", () => {
  it('431 for headers too large: the security headers, no-store and the API error body', async () => {
    const expected = await appHeaders();
    const answer = await raw(
      `GET ${API_PATHS.cities} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatchObject({ ...expected, 'cache-control': 'no-store' });
    expect(JSON.parse(answer.body)).toEqual({
      status: 'FAILED',
      errors: [{ code: 'HEADERS_TOO_LARGE', displayMsg: 'The request headers are too large.' }],
    });
  });

  it('400 for a request line it cannot read: the same headers', async () => {
    const expected = await appHeaders();
    const answer = await raw('NOT A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatchObject({ ...expected, 'cache-control': 'no-store' });
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'FAILED', errors: [{ code: 'BAD_REQUEST' }] });
  });

  it('leave the server serving the next request', async () => {
    await Promise.all([raw('NOT A REQUEST\r\n\r\n'), raw('NOT A REQUEST\r\n\r\n')]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

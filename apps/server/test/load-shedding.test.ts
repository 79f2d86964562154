import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Connection and load bounds over real sockets (issue 11 §2; src/http/load-shedding.ts). Every wait is for a
 * state the server reports (its connection and in-flight counts), never for a time.
 */
interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** A client socket from a given loopback address (Linux routes all of 127/8 to this machine). */
async function connect(port: number, from = '127.0.0.1'): Promise<net.Socket> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Sends one request and reads the status line and headers of its answer. */
function ask(socket: net.Socket, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

const sockets: net.Socket[] = [];
const closeAll = () => {
  for (const s of sockets.splice(0)) s.destroy();
};

describe('connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ maxConnections: 5, maxConnectionsPerPeer: 3, maxInFlight: 100 });
    port = await listening(t);
  });
  afterAll(async () => {
    closeAll();
    await t.close();
  });

  it('answers a peer 503 with Retry-After on its connection past 3, and serves it again once one closes', async () => {
    for (let i = 0; i < 4; i++) sockets.push(await connect(port));
    await until(() => t.app.deps.load.connections() === 4);
    const answers = await Promise.all(sockets.map((s) => ask(s, API_PATHS.cities)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 503]);
    const refused = answers.find((a) => a.status === 503)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers.connection).toBe('close');
    // the refused connection is closed by the server; the peer is back to 3, and may open a fourth
    await until(() => t.app.deps.load.connections() === 3);
    const again = await connect(port);
    sockets.push(again);
    await until(() => t.app.deps.load.connections() === 4);
    expect((await ask(again, API_PATHS.cities)).status).toBe(503);
    await until(() => t.app.deps.load.connections() === 3);
    sockets.shift()!.destroy();
    await until(() => t.app.deps.load.connections() === 2);
    const fresh = await connect(port);
    sockets.push(fresh);
    expect((await ask(fresh, API_PATHS.cities)).status).toBe(200);
    closeAll();
    await until(() => t.app.deps.load.connections() === 0);
  });

  it('answers 503 past 5 connections in all, whoever opens them, and still answers the health checks', async () => {
    for (const from of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3', '127.0.0.4'])
      sockets.push(await connect(port, from));
    await until(() => t.app.deps.load.connections() === 5);
    const sixth = await connect(port, '127.0.0.5');
    sockets.push(sixth);
    await until(() => t.app.deps.load.connections() === 6);
    expect(await ask(sixth, API_PATHS.cities)).toMatchObject({ status: 503 });
    const probe = await connect(port, '127.0.0.6');
    sockets.push(probe);
    await until(() => t.app.deps.load.connections() >= 6);
    expect((await ask(probe, '/healthz')).status).toBe(200);
    const served = await Promise.all(sockets.slice(0, 5).map((s) => ask(s, API_PATHS.cities)));
    expect(served.every((a) => a.status === 200)).toBe(true);
    closeAll();
  });

  it('sets the server timeouts from the configuration', () => {
    expect(t.app.server.headersTimeout).toBe(t.config.headersTimeoutMs);
    expect(t.app.server.requestTimeout).toBe(t.config.requestTimeoutMs);
    expect(t.app.server.keepAliveTimeout).toBe(t.config.keepAliveTimeoutMs);
    expect(t.app.server.maxConnections).toBe(10);
  });
});

describe('requests in flight', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ maxInFlight: 2 });
    port = await listening(t);
  });
  afterAll(async () => {
    closeAll();
    await t.close();
  });

  it('past 2 unfinished requests answers 503 at once; the health check and readiness say so', async () => {
    // two uploads that never finish their body: both are in flight until they do
    for (let i = 0; i < 2; i++) {
      const slow = await connect(port);
      sockets.push(slow);
      slow.write(
        `POST ${API_PATHS.otpSend} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mobile":`,
      );
    }
    await until(() => t.app.deps.load.inFlight() === 2);
    const next = await connect(port);
    sockets.push(next);
    const refused = await ask(next, API_PATHS.cities);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await ask(next, '/healthz')).status).toBe(200);
    expect((await ask(next, '/readyz')).status).toBe(503);
    // the uploads go away: the server works again
    sockets.shift()!.destroy();
    sockets.shift()!.destroy();
    await until(() => t.app.deps.load.inFlight() === 0);
    expect((await ask(next, API_PATHS.cities)).status).toBe(200);
    expect((await ask(next, '/readyz')).status).toBe(200);
  });
});

describe('memory pressure', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // a heap bound no process can stay under: the process is "under pressure" from its first sample on
    t = await createTestApp({ maxHeapUsedBytes: 1 });
    port = await listening(t);
  });
  afterAll(async () => {
    closeAll();
    await t.close();
  });

  it('answers 503 with Retry-After; liveness stays up and readiness says busy', async () => {
    const usage = () => (t.app as unknown as { memoryUsage(): { heapUsed: number } }).memoryUsage();
    await until(() => usage().heapUsed > 0);
    const s = await connect(port);
    sockets.push(s);
    const refused = await ask(s, API_PATHS.cities);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect((await ask(s, '/healthz')).status).toBe(200);
    expect((await ask(s, '/readyz')).status).toBe(503);
  });
});

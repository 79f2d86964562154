import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayTestApp } from './pg-support.ts';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface LiveServer {
  base: string;
  /** kill -9: no shutdown hook, no last write, open transactions cut off */
  kill(): Promise<void>;
  /** SIGTERM: the server closes its database and exits */
  stop(): Promise<void>;
  /** what it printed, for a failing test's message */
  output(): string;
}

/**
 * The real server as `npm start` runs it (tsx on src/main.ts, one node process, so a signal reaches the
 * server itself), on `port`, with `env` over a quiet development setup. Resolves once /readyz answers.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<LiveServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      // one process, so a signal reaches the server itself; tests that want more start more
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (!gone) child.kill(name);
    await exited;
  };
  return { base, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM'), output: () => output };
}

interface InjectOptions {
  method: string;
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}

/**
 * The test clients (orderClient, authClient, checkout) speak `app.inject`; this answers them over real HTTP
 * from a server that is `current()` (the one running after a restart).
 */
export function overHttp(current: () => LiveServer): GatewayTestApp {
  const inject = async (opts: InjectOptions) => {
    const { payload } = opts;
    const json = payload !== undefined && typeof payload !== 'string';
    const res = await fetch(current().base + opts.url, {
      method: opts.method,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      ...(payload === undefined
        ? {}
        : { body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      redirect: 'manual',
    });
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: await res.text(),
    };
  };
  return { app: { inject } } as unknown as GatewayTestApp;
}

// Starts the real server (as `npm start` does, on a throwaway PGlite folder) for a benchmark run.
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each bench's first server port; a bench comparing checkouts or builds takes the next ones, up to ten. Apart, so
 * the benches never meet each other or the journeys' server (4310).
 */
export const PORTS = {
  api: 4321,
  connections: 4330,
  orders: 4340,
  tracking: 4350,
  web: 4360,
  inp: 4370,
  steady: 4380,
};

/**
 * The checkouts a bench compares, from BENCH_ROOTS: `label=path[?VAR=value&…]` separated by `;` (for example
 * `old=/work/old;new=.;new, 1 process=.?WORKERS=1`); by default this checkout alone.
 */
export function benchRoots() {
  const spec = process.env.BENCH_ROOTS;
  if (!spec) return [{ label: 'this checkout', root, env: {} }];
  return spec.split(';').map((part) => {
    const at = part.indexOf('=');
    const [label, where] = at < 0 ? [part, part] : [part.slice(0, at), part.slice(at + 1)];
    const [dir, query = ''] = where.split('?');
    // a relative path is from this checkout's root
    return { label, root: path.resolve(root, dir), env: Object.fromEntries(new URLSearchParams(query)) };
  });
}

/**
 * The kinds of text the checkout sends, each needing a DLT template id in production. Read from its source: the
 * benches start older checkouts too (BENCH_ROOTS), whose lists are shorter and refuse a kind they do not know.
 */
function smsKindsOf(from) {
  const file = path.join(from, 'apps/server/src/config/sms-kinds.ts');
  if (!existsSync(file))
    return ['LOGIN_OTP', 'COD_CODE', 'GIFT_CARD_OTP', 'DELIVERY_OTP', 'LATE_PLACED', 'LATE_FAILED'];
  const list = /SMS_KINDS = \[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...list.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]);
}

/** Gupshup settings that production accepts and that reach nobody. */
function benchSms(from) {
  const kinds = smsKindsOf(from);
  return {
    SMS_PROVIDER: 'gupshup',
    SMS_BASE_URL: 'https://127.0.0.1:9/GatewayAPI/rest',
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: randomBytes(12).toString('base64url'),
    SMS_SENDER_ID: 'CRUSTP',
    SMS_PRINCIPAL_ENTITY_ID: '1101161234567890123',
    SMS_TEMPLATE_IDS: kinds
      .map((kind, i) => `${kind}=11071612345678901${String(i + 1).padStart(2, '0')}`)
      .join(','),
    SMS_DLR_TOKEN: randomBytes(32).toString('base64url'),
  };
}

/** A P-256 key pair as VAPID wants it (RFC 8292): the public point uncompressed, both base64url. */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
    VAPID_SUBJECT: 'mailto:bench@crust.invalid',
  };
}

/** What production requires and the benches do without. */
export function productionNeeds(from) {
  return {
    // production sends SMS through Gupshup, fully configured (docs/operations-sms.md). The benches send none
    // in production (their COD warm-up runs on a development server); fetch refuses port 9 (discard) outright
    ...benchSms(from),
    // the benches pay online on a development server (its sandbox gateway); production would need a real one
    PAYMENTS: 'off',
    // production needs a real PNR provider or none; the benches order no train (docs/rail-sandbox.md)
    RAIL_PROVIDER: 'off',
    // production needs its Web Push key pair (docs/notifications.md): a fresh one per run
    ...vapidKeys(),
  };
}

/** Whether something already listens on the port: a server left from another run would be measured instead. */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startServer({ port = 4320, env = {}, from = root } = {}) {
  if (await listening(port)) throw new Error(`port ${port} is taken (ss -ltnp names the process)`);
  const dataDir = path.join(os.tmpdir(), `crust-bench-${process.pid}-${Date.now()}`);
  const child = spawn('npm', ['run', 'start:server'], {
    cwd: from,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // production refuses a key published in the repository: a fresh one per run
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      // every bench client is this one machine: one socket peer with hundreds of connections
      MAX_CONNECTIONS_PER_PEER: '0',
      // a development server (the warm-ups, the card and tracking runs) keeps its sandboxes: its SMS inbox and
      // its payment gateway
      ...((env.NODE_ENV ?? 'production') === 'production' ? productionNeeds(from) : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  const signalGroup = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      /* already gone */
    }
  };
  const server = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => signalGroup('SIGTERM'),
    /** Once the server is gone: the data folder this start made (a PGlite folder is ~35 MB); a bench's own stays. */
    removeData: () => {
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`${server.url}/readyz`);
      if (res.ok) return server;
    } catch {
      /* not up yet */
    }
    // a server that exited has said why on stderr: no need to wait out the deadline
    const failure =
      exited !== null ? `exited (${exited}) before it was ready` : Date.now() > deadline && 'did not start';
    if (failure) {
      signalGroup('SIGKILL');
      server.removeData();
      throw new Error(`server ${failure}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

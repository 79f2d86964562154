// npm run bench:orders — end-to-end order placement at a steady arrival rate (open loop: N orders are started
// every second whatever the answers). An order is a new cart with two items (POST /api/v1/carts) and a
// cash-on-delivery confirm (POST /api/v1/orders) answering THANKYOU; in the card run a share of the orders is
// paid by card through the sandbox gateway's pages instead. The rate is stepped until the p99 of a whole order
// passes 200 ms or errors appear. On a fresh PGlite folder and on a scratch PostgreSQL database
// (BENCH_DATABASE_URL's server, else DATABASE_URL's). Prints Markdown tables for docs/performance.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './cart.mjs';
import { knownCustomer, knownGuest, placeOrder } from './order-client.mjs';
import { cpuNow, pct, rssMiB, serverPids, stopAndWait } from './proc.mjs';
import { PORTS, benchRoots, startServer } from './server.mjs';
import { SMOKE, failuresBreakSmoke, postgresBase, setting } from './smoke-mode.mjs';

const env = process.env;
const RATES = setting('BENCH_ORDER_RATES', '10,25,50,100,200,300,400', '2').split(',').map(Number);
const SECONDS = Number(setting('BENCH_SECONDS', 20, 1));
const GUESTS = Number(setting('BENCH_GUESTS', 200, 2));
// guests (default), or logged-in customers, whose orders also go through Pizza Pals
const WHO = env.BENCH_WHO === 'customers' ? 'customers' : 'guests';
const known = WHO === 'customers' ? knownCustomer : knownGuest;
// a smoke step is two orders: the second by card
const CARD_SHARE = Number(setting('BENCH_CARD_SHARE', 0.1, 0.5));
const PG_BASE = postgresBase('bench:orders');
// the smoke run: production on PGlite, then the card run on PostgreSQL (its server processes: one per core)
const RUNS = setting(
  'BENCH_RUNS',
  'pglite,postgres,postgres+card',
  PG_BASE ? 'pglite,postgres+card' : 'pglite,pglite+card',
)
  .split(',')
  .filter((name) => PG_BASE || !name.startsWith('postgres'));
// the JIT's warm-up before the steps: orders/s and seconds
const WARM_UP = SMOKE ? [2, 1] : [25, 10];
const P99_LIMIT_MS = 200;
const ALL_STEPS = env.BENCH_ALL_STEPS === '1'; // else the first step over the limit or with errors is the last
// BENCH_ORDER_TIMELINE=1: after each step, the seconds in which orders started that took over the limit (when, how
// many, the slowest), in wall-clock time, to set beside PostgreSQL's log and the servers' own (stalls, not load)
const TIMELINE = env.BENCH_ORDER_TIMELINE === '1';

// ---- one step: `rate` orders started per second for `seconds`, then every answer awaited ----
async function runStep(base, guests, rate, seconds, cardShare, pid) {
  const done = [];
  const errors = new Map();
  const inFlight = new Set();
  const total = Math.round(rate * seconds);
  const every = cardShare > 0 ? Math.round(1 / cardShare) : 0;
  let launched = 0;
  let peak = rssMiB(pid);
  const cpuBefore = cpuNow(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
  const start = performance.now();
  const startedAt = Date.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor((rate * (performance.now() - start)) / 1000));
      for (; launched < due; launched++) {
        const byCard = every > 0 && launched % every === every - 1;
        const at = performance.now() - start;
        const p = placeOrder(base, guests[launched % guests.length], byCard)
          .then((r) => done.push({ ...r, at }))
          .catch((err) => errors.set(err.message, (errors.get(err.message) ?? 0) + 1))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (launched >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const endRss = rssMiB(pid);
  await Promise.all([...inFlight]);
  const cpu = cpuNow(pid).map((ms, i) => ((ms - cpuBefore[i]) / total).toFixed(1));
  const elapsed = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const totals = done.map((r) => r.totalMs).sort((a, b) => a - b);
  const confirms = done.map((r) => r.confirmMs).sort((a, b) => a - b);
  if (TIMELINE) printSlowSeconds(rate, startedAt, done);
  return {
    rate,
    achieved: done.length / elapsed,
    ok: done.length,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    messages: errors,
    order: [0.5, 0.95, 0.99].map((q) => pct(totals, q)),
    confirm: [0.5, 0.95, 0.99].map((q) => pct(confirms, q)),
    rss: [peak, endRss],
    cpu,
  };
}

function printSlowSeconds(rate, startedAt, done) {
  const bySecond = new Map();
  for (const r of done) {
    if (r.totalMs <= P99_LIMIT_MS) continue;
    const second = Math.floor(r.at / 1000);
    const b = bySecond.get(second) ?? { n: 0, max: 0 };
    b.n += 1;
    b.max = Math.max(b.max, r.totalMs);
    bySecond.set(second, b);
  }
  const seconds = [...bySecond].sort((a, b) => a[0] - b[0]);
  console.error(
    `${rate}/s from ${new Date(startedAt).toISOString()}: orders over ${P99_LIMIT_MS} ms by the second they started: ${
      seconds.map(([s, b]) => `+${s}s ${b.n} (max ${Math.round(b.max)})`).join(', ') || 'none'
    }`,
  );
}

// ---- one run: warm-up on a development server (the SMS inbox is not mounted in production), then the steps ----
async function runDatabase(name, port, checkout) {
  const card = name.endsWith('+card');
  const dataDir = path.join(os.tmpdir(), `crust-bench-orders-${process.pid}-${port}`);
  const scratch = name.startsWith('postgres') ? await scratchDatabase(PG_BASE, 'crust_bench_orders') : null;
  // one token key for the warm-up server and the measured one, so the warmed guests' sessions stay valid
  const secret = randomBytes(32).toString('base64url');
  const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', SESSION_SECRET: secret };
  const devEnv = {
    ...dbEnv,
    ...checkout.env,
    NODE_ENV: 'development',
    // the warm-up reads its codes from the sandbox SMS inbox
    SMS_PROVIDER: 'sandbox',
    SESSION_RATE_LIMIT: '100000',
    // the customers' logins each come from their own address (order-client.mjs knownCustomer)
    TRUST_PROXY: '127.0.0.1',
  };
  const from = checkout.root;
  let server = await startServer({ port, env: devEnv, from });
  const rows = [];
  try {
    const guests = await Promise.all([...Array(GUESTS).keys()].map((i) => known(server.url, i)));
    if (!card) {
      // the measured server runs as in production; the card run needs the sandbox gateway, development only
      await stopAndWait(server);
      server = await startServer({ port, env: { ...dbEnv, ...checkout.env }, from });
    }
    // the server's processes: one, or a primary and its workers (WORKERS; one per core on PostgreSQL)
    const pid = serverPids(server.pid);
    const share = card ? CARD_SHARE : 0;
    await runStep(server.url, guests, ...WARM_UP, share, pid); // not recorded
    const startRss = rssMiB(pid);
    for (const rate of RATES) {
      const row = await runStep(server.url, guests, rate, SECONDS, share, pid);
      rows.push(row);
      console.error(`${name} ${rate}/s: p99 ${row.order[2]} ms, ${row.errors} errors`);
      if (!ALL_STEPS && (row.order[2] > P99_LIMIT_MS || row.errors > 0)) break;
    }
    return {
      name,
      rows,
      startRss,
      mode: card ? 'development' : 'production',
      checkout,
      processes: pid.length,
    };
  } finally {
    await stopAndWait(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const HEAD =
  '| offered/s | achieved/s | orders | errors | order p50 / p95 / p99 ms | confirm p50 / p95 / p99 ms |';
const HEAD_CPU = ' RSS peak / end MiB | CPU ms per order: server / postgres / bench |';
const load = os.loadavg()[0].toFixed(1);
const results = [];
// each run on every checkout in turn (BENCH_ROOTS), so old and new code are measured side by side
let port = PORTS.orders;
for (const name of RUNS)
  for (const checkout of benchRoots()) results.push(await runDatabase(name, port++, checkout));

console.log(
  `\n${SECONDS} s per step, ${GUESTS} known ${WHO}, node ${process.version}, ${os.cpus().length} cores, 1-minute load average at start ${load}, finished ${new Date().toISOString()}`,
);
for (const { name, rows, startRss, mode, checkout, processes } of results) {
  const what = name.endsWith('+card') ? `, ${Math.round(CARD_SHARE * 100)} % by card` : '';
  const env = Object.entries(checkout.env)
    .map(([k, v]) => ` ${k}=${v}`)
    .join('');
  console.log(
    `\n${name}, ${checkout.label} (${checkout.root}${env}; ${processes} server process${processes > 1 ? 'es' : ''}; NODE_ENV=${mode}${what}; server RSS after warm-up ${startRss} MiB)\n`,
  );
  console.log(`${HEAD}${HEAD_CPU}\n${'| ---: '.repeat(8)}|`);
  for (const r of rows)
    console.log(
      `| ${r.rate} | ${r.achieved.toFixed(0)} | ${r.ok} | ${r.errors} | ${[r.order, r.confirm, r.rss, r.cpu].map((v) => v.join(' / ')).join(' | ')} |`,
    );
  for (const r of rows) for (const [msg, n] of r.messages) console.log(`- at ${r.rate}/s, ${n}× ${msg}`);
  const best = rows.filter((r) => r.errors === 0 && r.order[2] <= P99_LIMIT_MS).at(-1);
  console.log(
    `\nhighest step with p99 ≤ ${P99_LIMIT_MS} ms and no errors: ${best ? `${best.rate}/s` : 'none'}`,
  );
}
failuresBreakSmoke(
  'bench:orders',
  results.flatMap((r) => r.rows).reduce((n, r) => n + r.errors, 0),
);

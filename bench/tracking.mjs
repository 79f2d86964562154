// npm run bench:tracking — customers watching their orders live while the store moves them. BENCH_WATCHERS
// (1,000) guests each place a cash order at store 1001 and open its tracker's server-sent events
// (GET …/tracker/events?key=…, one socket each); the store console then moves every order through BEING_BAKED,
// DISPATCHED and DELIVERED at BENCH_MOVES_PER_SECOND (50, open loop). Measured: the server's memory before,
// with and after the watchers, the time to connect them, and for every move how long until its watcher saw
// the new stage (event delay = arrival − the move call's send). On a development server (the COD OTP of the
// first orders is read from its sandbox SMS inbox), on a fresh PGlite folder and on a scratch PostgreSQL
// database (BENCH_DATABASE_URL's server, else DATABASE_URL's). Prints Markdown tables for docs/performance.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './cart.mjs';
import { api } from './http-client.mjs';
import { knownGuest, newGuest, placeOrder } from './order-client.mjs';
import { cpuNow, pct, rssMiB, serverPid, stopAndWait } from './proc.mjs';
import { PORTS, startServer } from './server.mjs';
import { SMOKE, failuresBreakSmoke, postgresBase, setting } from './smoke-mode.mjs';

const env = process.env;
const WATCHERS = Number(setting('BENCH_WATCHERS', 1000, 3));
const MOVES_PER_SECOND = Number(setting('BENCH_MOVES_PER_SECOND', 50, 10));
const PG_BASE = postgresBase('bench:tracking');
const RUNS = setting('BENCH_RUNS', 'pglite,postgres')
  .split(',')
  .filter((name) => PG_BASE || name !== 'postgres');
const PLACING = Number(env.BENCH_CONCURRENCY ?? 20); // orders placed at once while setting up
// only each mobile's first order needs the COD OTP; the watchers' orders reuse these
const MOBILES = Math.min(5, WATCHERS);
const SETTLE_MS = SMOKE ? 0 : 2000; // after the last order, before the baseline
const STAGES = ['BEING_BAKED', 'DISPATCHED', 'DELIVERED'];
const MOVE_BODY = {
  BEING_BAKED: { to: 'BEING_BAKED' },
  DISPATCHED: { to: 'DISPATCHED', riderName: 'Bench Rider' },
  DELIVERED: { to: 'DELIVERED' },
};
const STAFF = { username: 'store1001', password: 'pizza1001' }; // the demo login of store 1001
const CONNECT_TIMEOUT_MS = 120_000;
const END_TIMEOUT_MS = 60_000; // after the last move's answer, for the last events and the streams' ends

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Resolves 'timeout' after ms without keeping the bench alive once everything else is done. */
const timeoutAfter = (ms) => new Promise((r) => setTimeout(r, ms, 'timeout').unref());
const count = (errors, message) => errors.set(message, (errors.get(message) ?? 0) + 1);

/** Runs task(0 … n-1) with at most `limit` at once; failures are counted in `errors` and leave a hole. */
async function pool(n, limit, task, errors) {
  const results = new Array(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      try {
        results[i] = await task(i);
      } catch (err) {
        count(errors, err.message);
      }
    }
  };
  await Promise.all([...Array(Math.min(limit, n))].map(worker));
  return results.filter(Boolean);
}

/** Peak VmRSS of the server while it runs, sampled every 250 ms. */
function rssSampler(pid) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
  timer.unref(); // a run that fails must not leave the bench waiting on it
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid));
  };
}

// ---- setup: known mobiles, then one guest and one cash order per watcher ----
async function placeWatchedOrders(base, errors) {
  const known = await Promise.all([...Array(MOBILES).keys()].map((i) => knownGuest(base, i)));
  return pool(
    WATCHERS,
    PLACING,
    async (n) => {
      const guest = await newGuest(base, MOBILES + n, known[n % MOBILES].mobile);
      const { orderId } = await placeOrder(base, guest, false);
      // the customer's tracker page: its eventsUrl carries the key EventSource needs (it cannot send headers)
      const tracker = await api(base, 'GET', `/api/v1/orders/${orderId}/tracker`, guest.headers);
      return { orderId, eventsUrl: tracker.eventsUrl };
    },
    errors,
  );
}

// ---- a watcher: one SSE stream on its own socket, parsed just enough to stamp each stage's first arrival ----
/** The stage of an SSE block if it is a `tracker` event; pings, `retry:` and other events give null. */
function stageOfBlock(block) {
  if (!block.startsWith('event: tracker\n')) return null;
  const data = block.indexOf('\ndata: ');
  return data < 0 ? null : JSON.parse(block.slice(data + 7)).tracker.stage;
}

function openWatcher(base, order, errors) {
  const w = { order, seen: new Map(), events: 0, ended: false, req: null, closing: false };
  let connected;
  w.connected = new Promise((resolve) => (connected = resolve));
  w.done = new Promise((finish) => {
    const fail = (message) => {
      if (!w.closing) count(errors, message); // not the bench's own hang-up at the end
      connected(false);
      finish();
    };
    const onBlock = (block) => {
      const stage = stageOfBlock(block);
      if (!stage) return;
      w.events += 1;
      if (!w.seen.has(stage)) w.seen.set(stage, performance.now());
      connected(true);
    };
    // agent: false — a socket of its own, as every customer's browser has
    w.req = http.get(new URL(order.eventsUrl, base), { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return fail(`stream: answered ${res.statusCode}`);
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          onBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      });
      res.on('end', () => {
        w.ended = true;
        connected(false);
        finish();
      });
      res.on('error', (err) => fail(`stream: ${err.message}`));
    });
    w.req.on('error', (err) => fail(`stream: ${err.message}`));
  });
  return w;
}

/** Opens every stream at once (a reconnect storm, e.g. after a deploy) and waits for each first tracker. */
async function connectAll(base, orders, errors) {
  const start = performance.now();
  const watchers = orders.map((o) => openWatcher(base, o, errors));
  const firsts = watchers.map((w) => w.connected.then((ok) => ok && performance.now() - start));
  const result = await Promise.race([Promise.all(firsts), timeoutAfter(CONNECT_TIMEOUT_MS)]);
  if (result === 'timeout') count(errors, `stream: no first tracker within ${CONNECT_TIMEOUT_MS / 1000} s`);
  const times = (result === 'timeout' ? [] : result).filter((t) => t !== false).sort((a, b) => a - b);
  return { watchers, connectMs: performance.now() - start, firstEvent: times };
}

// ---- the store: every order through the three stages, at a steady rate ----
/**
 * Open loop: move k is due at k / rate seconds, stage by stage over all orders (so an order's moves are
 * WATCHERS / rate seconds apart, as in a store). A move still waits for the same order's previous move to be
 * answered — sent earlier it would only be refused as stale. Each move is stamped when it is sent.
 */
async function advanceAll(base, token, orders, rate, errors) {
  const headers = { authorization: `Bearer ${token}` };
  const moves = STAGES.flatMap((stage) => orders.map((order) => ({ order, stage, sentAt: 0, callMs: 0 })));
  const previous = new Map();
  const start = performance.now();
  let launched = 0;
  const send = async (move, after) => {
    await after;
    move.sentAt = performance.now();
    const url = `/api/v1/store/orders/${move.order.orderId}/stage`;
    try {
      await api(base, 'POST', url, headers, MOVE_BODY[move.stage]);
      move.callMs = performance.now() - move.sentAt;
    } catch (err) {
      move.failed = true;
      count(errors, `move to ${move.stage}: ${err.message}`);
    }
  };
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(moves.length, Math.floor((rate * (performance.now() - start)) / 1000));
      for (; launched < due; launched++) {
        const move = moves[launched];
        previous.set(move.order, send(move, previous.get(move.order)));
      }
      if (launched >= moves.length) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(previous.values());
  return { moves, seconds: (performance.now() - start) / 1000 };
}

// ---- the figures ----
const TAIL = [0.5, 0.95, 0.99];
const quantiles = (values, qs) => {
  const sorted = [...values].sort((a, b) => a - b);
  return qs.map((q) => pct(sorted, q));
};

/** One row: events seen, delays (arrival − send), move call latency, watchers that never saw the stage. */
function summarize(stage, moves, watcherOf) {
  const delay = [];
  let missed = 0;
  for (const m of moves) {
    const arrived = watcherOf.get(m.order)?.seen.get(m.stage);
    if (arrived === undefined) missed += 1;
    else delay.push(arrived - m.sentAt);
  }
  const calls = moves.map((m) => m.callMs);
  return {
    stage,
    events: delay.length,
    delay: [...quantiles(delay, TAIL), Math.round(Math.max(0, ...delay))],
    call: quantiles(calls, TAIL),
    missed,
  };
}

/** Per stage and overall, over the moves the server accepted. */
function delays(moves, watcherOf) {
  const accepted = moves.filter((m) => !m.failed);
  const of = (stage) => accepted.filter((m) => m.stage === stage);
  return [
    ...STAGES.map((stage) => summarize(stage, of(stage), watcherOf)),
    summarize('all', accepted, watcherOf),
  ];
}

const cpuSince = (pid, before) => cpuNow(pid).map((ms, i) => Math.round(ms - before[i]));

// ---- one run on a development server ----
async function measure(base, pid, errors) {
  const orders = await placeWatchedOrders(base, errors);
  console.error(`${orders.length} orders placed; connecting the watchers`);
  await sleep(SETTLE_MS);
  const rss = { before: rssMiB(pid) };
  const cpuConnect = cpuNow(pid);
  const { watchers, connectMs, firstEvent } = await connectAll(base, orders, errors);
  const cpu = { connect: cpuSince(pid, cpuConnect) };
  rss.with = rssMiB(pid);
  console.error(`${firstEvent.length} watchers connected in ${(connectMs / 1000).toFixed(1)} s; moving`);

  const { token } = await api(base, 'POST', '/api/v1/store/login', {}, STAFF); // once: 10 logins a minute
  const peak = rssSampler(pid);
  const cpuMoves = cpuNow(pid);
  const { moves, seconds } = await advanceAll(base, token, orders, MOVES_PER_SECOND, errors);
  const ended = Promise.all(watchers.map((w) => w.done));
  if ((await Promise.race([ended, timeoutAfter(END_TIMEOUT_MS)])) === 'timeout')
    count(errors, `stream: still open ${END_TIMEOUT_MS / 1000} s after the last move`);
  cpu.moves = cpuSince(pid, cpuMoves);
  rss.peak = peak();
  await sleep(1000); // a moment for the server to let go of the closed streams
  rss.after = rssMiB(pid);
  for (const w of watchers) {
    w.closing = true;
    w.req.destroy();
  }

  const watcherOf = new Map(watchers.map((w) => [w.order, w]));
  const delivered = watchers.filter((w) => w.seen.has('DELIVERED'));
  return {
    orders: orders.length,
    connected: firstEvent.length,
    connectMs,
    firstEvent: quantiles(firstEvent, [0.5, 0.99]),
    rss,
    cpu,
    achieved: moves.filter((m) => !m.failed).length / seconds,
    rows: delays(moves, watcherOf),
    events: watchers.reduce((n, w) => n + w.events, 0),
    endedAfterDelivered: delivered.filter((w) => w.ended).length,
    endedEarly: watchers.filter((w) => w.ended && !w.seen.has('DELIVERED')).length,
  };
}

async function runDatabase(name, port) {
  const dataDir = path.join(os.tmpdir(), `crust-bench-tracking-${process.pid}-${port}`);
  const scratch = name === 'postgres' ? await scratchDatabase(PG_BASE, 'crust_bench_tracking') : null;
  const serverEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    NODE_ENV: 'development', // the sandbox SMS inbox, for the COD OTP of each mobile's first order
    SESSION_RATE_LIMIT: '100000',
    // one process on PostgreSQL too: the figures are one process's memory and CPU, and without REDIS_URL a move
    // reaches only the watchers of the process that made it (decision 012)
    WORKERS: '1',
    // every watcher is a connection: past the default bound (MAX_CONNECTIONS 2,000 per process, docs/security.md)
    // the rest would be answered 503, which is the bound working, not the tracker
    MAX_CONNECTIONS: String(Math.max(2000, WATCHERS + 500)),
  };
  const server = await startServer({ port, env: serverEnv });
  const errors = new Map();
  try {
    const result = await measure(server.url, serverPid(server.pid), errors);
    return { name, ...result, errors };
  } finally {
    await stopAndWait(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

// ---- report ----
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const results = [];
for (const [i, name] of RUNS.entries()) results.push(await runDatabase(name, PORTS.tracking + i));

console.log(
  `\n${WATCHERS} watchers, moves at ${MOVES_PER_SECOND}/s, NODE_ENV=development, node ${process.version}, ${os.cpus().length} cores, load average at start ${load}, finished ${new Date().toISOString()}\n`,
);
console.log(
  '| run | watchers | connect all s | first tracker p50 / p99 ms | RSS before / with watchers / peak moving / after MiB | KiB per watcher | CPU ms connecting: server / postgres / bench | CPU ms moving: server / postgres / bench | moves/s |',
);
console.log(`| --- ${'| ---: '.repeat(8)}|`);
for (const r of results) {
  const perWatcher = r.connected ? Math.round(((r.rss.with - r.rss.before) * 1024) / r.connected) : '—';
  const rss = [r.rss.before, r.rss.with, r.rss.peak, r.rss.after].join(' / ');
  console.log(
    `| ${r.name} | ${r.connected} of ${r.orders} | ${(r.connectMs / 1000).toFixed(1)} | ${r.firstEvent.join(' / ')} | ${rss} | ${perWatcher} | ${r.cpu.connect.join(' / ')} | ${r.cpu.moves.join(' / ')} | ${r.achieved.toFixed(0)} |`,
  );
}
for (const r of results) {
  console.log(`\n${r.name}: event delay (arrival at the watcher − the move's send) and the move call\n`);
  console.log('| stage | events | delay p50 / p95 / p99 / max ms | move call p50 / p95 / p99 ms | missed |');
  console.log(`| --- ${'| ---: '.repeat(4)}|`);
  for (const row of r.rows)
    console.log(
      `| ${row.stage} | ${row.events} | ${row.delay.join(' / ')} | ${row.call.join(' / ')} | ${row.missed} |`,
    );
  console.log(
    `\n${r.events} tracker events in all; streams ended after DELIVERED: ${r.endedAfterDelivered} of ${r.connected}; ended before it: ${r.endedEarly}`,
  );
  if (!r.errors.size) console.log('no errors');
  for (const [msg, n] of r.errors) console.log(`- ${n}× ${msg}`);
}
// a stage a watcher never saw is the live path broken as surely as a failed call
const failed = (r) => [...r.errors.values()].reduce((n, k) => n + k, 0) + r.rows.at(-1).missed;
failuresBreakSmoke(
  'bench:tracking',
  results.reduce((n, r) => n + failed(r), 0),
);

// npm run bench:orders — end-to-end order placement at a steady arrival rate (open loop: N orders are started
// every second whatever the answers). An order is a new cart with two items (POST /api/v1/carts) and a
// cash-on-delivery confirm (POST /api/v1/orders) answering THANKYOU; in the card run a share of the orders is
// paid by card through the sandbox gateway's pages instead. The rate is stepped until the p99 of a whole order
// passes 200 ms or errors appear. On a fresh PGlite folder and on a scratch PostgreSQL database
// (BENCH_DATABASE_URL's server). Prints Markdown tables for docs/performance.md.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './cart.mjs';
import { startServer } from './server.mjs';

const env = process.env;
const RATES = (env.BENCH_ORDER_RATES ?? '10,25,50,100,200,300,400').split(',').map(Number);
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const GUESTS = Number(env.BENCH_GUESTS ?? 200);
const CARD_SHARE = Number(env.BENCH_CARD_SHARE ?? 0.1); // 0 skips the card run
const RUNS = (env.BENCH_RUNS ?? 'pglite,postgres,postgres+card').split(',');
const PG_BASE = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const P99_LIMIT_MS = 200;
const ALL_STEPS = env.BENCH_ALL_STEPS === '1'; // else the first step over the limit or with errors is the last
const STORE = '1001'; // Connaught Place, New Delhi; the address below is inside its delivery radius
const ITEMS = [
  { productCode: 'PIZ0105', crustId: 1, sizeId: 2, quantity: 1 },
  { productCode: 'SID0401', crustId: 6, sizeId: 4, quantity: 1 },
];
const STREET = { houseNo: 'B-12', address: 'Barakhamba Road', locality: 'Connaught Place' };
const GEO = { city: 'New Delhi', postalCode: '110001', latitude: 28.6315, longitude: 77.2245 };
const ADDRESS = { type: 'Home', fName: 'Bench', lName: 'Guest', ...STREET, ...GEO };

// ---- HTTP: node:http with keep-alive (lighter on the shared CPU than fetch) ----
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

function call(base, method, url, { headers = {}, body, form } = {}) {
  const payload = form ? new URLSearchParams(form).toString() : body && JSON.stringify(body);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const sent = payload ? { 'content-type': type, 'content-length': Buffer.byteLength(payload) } : {};
  return new Promise((resolve, reject) => {
    const options = { method, agent, timeout: 60_000, headers: { ...headers, ...sent } };
    const req = http.request(new URL(url, base), options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location, text }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** An API call's data; anything but 200 with status SUCCESS throws the answer's code and text. */
async function api(base, method, url, headers, body) {
  const res = await call(base, method, url, { headers, body });
  const route = `${method} ${url.split('?')[0].split('/').slice(0, 4).join('/')}`; // without ids
  const parsed = res.text.startsWith('{') ? JSON.parse(res.text) : { message: res.text.slice(0, 80) };
  if (res.status !== 200 || parsed.status !== 'SUCCESS') {
    const e = parsed.errors?.[0] ?? parsed;
    throw new Error(`${route} ${res.status} ${e.code}: ${e.displayMsg ?? e.message}`);
  }
  return parsed.data;
}

const see303 = (res, step) => {
  if (res.status !== 303) throw new Error(`${step} answered ${res.status}: ${res.text.slice(0, 80)}`);
  return res.location;
};

// ---- one guest, one order ----
async function newGuest(base, i) {
  const { credentials, userId } = await api(base, 'POST', '/api/v1/session/anonymous', {}, {});
  const ids = { sessiontoken: credentials.sessionToken, authtoken: credentials.accessKeyId, userid: userId };
  return { i, mobile: `98${10_000_000 + i}`, headers: { ...ids, storeid: STORE, deliverytype: 'D' } };
}

const orderBody = (guest, cart, primaryPaymentId) => ({
  orderDetails: {
    cartId: cart.cartId,
    deliveryType: 'D',
    userDetails: { firstName: 'Bench', lastName: `G${guest.i}`, email: '', mobile: guest.mobile },
    address: { address: { ...ADDRESS, mobNo: guest.mobile } },
    zeroContactDelivery: false,
    expectedTotalPaise: cart.price,
    // the same two items every time: the customer "saw" the duplicate-order warning and went on
    duplicateConfirmed: true,
  },
  paymentDetails: { primaryPaymentId, secondaryPaymentId: null },
});

const confirm = (base, guest, cart, method) => {
  const headers = { ...guest.headers, 'idempotency-key': randomUUID() };
  return api(base, 'POST', '/api/v1/orders', headers, orderBody(guest, cart, method));
};

/** The customer's browser on the gateway: card form, OTP page, back to Crust; then the status call. */
async function payByCard(base, guest, result) {
  if (result.nextAction !== 'PROCESS_PAYMENT') throw new Error(`card: nextAction ${result.nextAction}`);
  const card = { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 1) };
  const form = { ...card, cvv: '123', name: 'Bench Guest' };
  const otpPage = see303(await call(base, 'POST', result.formPostUrl, { form }), 'card form');
  const otp = { otp: '123456', action: 'submit' };
  const callback = see303(await call(base, 'POST', `${otpPage}/otp`, { form: otp }), 'OTP page');
  see303(await call(base, 'GET', callback), 'callback');
  const status = await api(base, 'GET', `/api/v1/payments/${result.transactionId}/status`, guest.headers);
  if (status.status !== 'SUCCESS') throw new Error(`card: status ${status.status}`);
}

async function placeOrder(base, guest, byCard) {
  const t0 = performance.now();
  const cart = await api(base, 'POST', '/api/v1/carts', guest.headers, { items: ITEMS });
  const t1 = performance.now();
  const result = await confirm(base, guest, cart, byCard ? 'CC' : 'CASH');
  const confirmMs = performance.now() - t1;
  if (byCard) await payByCard(base, guest, result);
  else if (result.nextAction !== 'THANKYOU') throw new Error(`cash: nextAction ${result.nextAction}`);
  return { totalMs: performance.now() - t0, confirmMs };
}

/** A guest whose mobile has a placed order (its first one through the COD OTP), so cash needs no OTP. */
async function knownGuest(base, i) {
  const guest = await newGuest(base, i);
  const cart = await api(base, 'POST', '/api/v1/carts', guest.headers, { items: ITEMS });
  const result = await confirm(base, guest, cart, 'CASH');
  if (result.nextAction !== 'COD_OTP') throw new Error(`warm-up: nextAction ${result.nextAction}`);
  const inbox = JSON.parse((await call(base, 'GET', `/sandbox/sms.json?mobile=${guest.mobile}`)).text);
  const code = /\b(\d{6})\b/.exec(inbox.messages[0]?.body ?? '')?.[1];
  const key = { ...guest.headers, 'idempotency-key': randomUUID() };
  const done = await api(base, 'POST', `/api/v1/orders/${result.orderId}/code`, key, { code });
  if (done.nextAction !== 'THANKYOU') throw new Error(`warm-up code: nextAction ${done.nextAction}`);
  return guest;
}

// ---- the server process (npm → sh → tsx → node src/main.ts, the deepest descendant): CPU and memory ----
const pids = () => fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
const statOf = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
};
function serverPid(rootPid) {
  const children = new Map();
  for (const d of pids()) {
    try {
      const ppid = Number(statOf(d)[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let pid = rootPid;
  while (children.get(pid)?.length) pid = children.get(pid).at(-1);
  return pid;
}
/** ms of CPU (user + system; with `reaped`, also of children that ended) from /proc's 10 ms ticks */
const cpuOf = (pid, reaped = false) => {
  const [user, system, childUser, childSystem] = statOf(pid).slice(11, 15).map(Number);
  return (user + system + (reaped ? childUser + childSystem : 0)) * 10;
};
/** CPU used so far, ms: the server; every local `postgres` process (all its databases); this bench */
function cpuNow(pid) {
  let postgres = 0;
  for (const d of pids()) {
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8') === 'postgres\n') postgres += cpuOf(d, true);
    } catch {
      /* gone meanwhile */
    }
  }
  const bench = process.cpuUsage();
  return [cpuOf(pid), postgres, (bench.user + bench.system) / 1000];
}
const rssMiB = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function stopAndWait(server) {
  const alive = () => {
    try {
      return process.kill(-server.pid, 0); // anyone left in the server's process group
    } catch {
      return false;
    }
  };
  server.stop();
  for (let i = 0; i < 150 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-server.pid, 'SIGKILL');
}

// ---- one step: `rate` orders started per second for `seconds`, then every answer awaited ----
const pct = (sorted, q) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : '—';

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
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor((rate * (performance.now() - start)) / 1000));
      for (; launched < due; launched++) {
        const byCard = every > 0 && launched % every === every - 1;
        const p = placeOrder(base, guests[launched % guests.length], byCard)
          .then((r) => done.push(r))
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

// ---- one run: warm-up on a development server (the SMS inbox is not mounted in production), then the steps ----
async function runDatabase(name, port) {
  const card = name.endsWith('+card');
  const dataDir = path.join(os.tmpdir(), `crust-bench-orders-${process.pid}-${port}`);
  const scratch = name.startsWith('postgres') ? await scratchDatabase(PG_BASE, 'crust_bench_orders') : null;
  const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };
  const devEnv = { ...dbEnv, NODE_ENV: 'development', SESSION_RATE_LIMIT: '100000' };
  let server = await startServer({ port, env: devEnv });
  const rows = [];
  try {
    const guests = await Promise.all([...Array(GUESTS).keys()].map((i) => knownGuest(server.url, i)));
    if (!card) {
      // the measured server runs as in production; the card run needs the sandbox gateway, development only
      await stopAndWait(server);
      server = await startServer({ port, env: dbEnv });
    }
    const pid = serverPid(server.pid);
    const share = card ? CARD_SHARE : 0;
    await runStep(server.url, guests, 25, 10, share, pid); // JIT warm-up, not recorded
    const startRss = rssMiB(pid);
    for (const rate of RATES) {
      const row = await runStep(server.url, guests, rate, SECONDS, share, pid);
      rows.push(row);
      console.error(`${name} ${rate}/s: p99 ${row.order[2]} ms, ${row.errors} errors`);
      if (!ALL_STEPS && (row.order[2] > P99_LIMIT_MS || row.errors > 0)) break;
    }
    return { name, rows, startRss, mode: card ? 'development' : 'production' };
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
for (const [i, name] of RUNS.entries()) results.push(await runDatabase(name, 4330 + i));

console.log(
  `\n${SECONDS} s per step, ${GUESTS} known guests, node ${process.version}, ${os.cpus().length} cores, 1-minute load average at start ${load}, finished ${new Date().toISOString()}`,
);
for (const { name, rows, startRss, mode } of results) {
  const what = name.endsWith('+card') ? `, ${Math.round(CARD_SHARE * 100)} % by card` : '';
  console.log(`\n${name} (NODE_ENV=${mode}${what}; server RSS after warm-up ${startRss} MiB)\n`);
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

// npm run bench:api — autocannon on the menu endpoint (200 and 304) beside /healthz, in one run, against
// the production server on this machine; then the cart scenario (bench/cart.mjs) on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local test server; a scratch database is made and
// dropped). Prints Markdown tables for docs/performance.md.
import autocannon from 'autocannon';
import { runCartScenario, scratchDatabase } from './cart.mjs';
import { stopAndWait, serverPids } from './proc.mjs';
import { PORTS, benchRoots, startServer } from './server.mjs';
import { failuresBreakSmoke, postgresBase, setting } from './smoke-mode.mjs';

// the target is measured at 100 connections; 10 shows the latency of a server that is not saturated
const CART_CONNECTIONS = setting('BENCH_CART_CONNECTIONS', '100,10', '2').split(',').map(Number);
const PG_BASE = postgresBase('bench:api');

const DURATION = Number(setting('BENCH_SECONDS', 10, 1));
const CONNECTIONS = Number(setting('BENCH_CONNECTIONS', 50, 2));
const STORE = 3001;

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const CART_DATABASES = (process.env.BENCH_CART_DATABASES ?? 'pglite,postgres')
  .split(',')
  .filter((db) => db !== 'postgres' || PG_BASE);

/** The menu cases and the cart scenario against one checkout's production server. */
async function benchCheckout(checkout, port) {
  const cartRows = [];
  const server = await startServer({ port, env: checkout.env, from: checkout.root });
  const rows = [];
  try {
    const menuUrl = `${server.url}/api/v1/stores/${STORE}/menu`;
    const first = await fetch(menuUrl, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    const size = (await first.arrayBuffer()).byteLength;
    // warm-up so JIT and caches are the same for every case
    await run(`${server.url}/healthz`);
    const cases = [
      ['GET /healthz', `${server.url}/healthz`, {}],
      [
        `GET menu 200 (br; ${(size / 1024).toFixed(1)} KiB of JSON)`,
        menuUrl,
        { 'accept-encoding': 'gzip, deflate, br' },
      ],
      [
        'GET menu 304 (If-None-Match)',
        menuUrl,
        { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag },
      ],
    ];
    for (const [name, url, headers] of cases) {
      const r = await run(url, headers);
      const bad = r.non2xx - (name.includes('304') ? r.requests.total : 0);
      rows.push({
        name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + Math.max(0, bad),
      });
    }
    if (CART_DATABASES.includes('pglite'))
      for (const connections of CART_CONNECTIONS)
        cartRows.push([
          'PGlite',
          connections,
          await runCartScenario(server.url, { connections, duration: DURATION }),
        ]);
  } finally {
    await stopAndWait(server);
  }

  if (CART_DATABASES.includes('postgres')) {
    const scratch = await scratchDatabase(PG_BASE);
    // the default worker count on PostgreSQL: one per core, unless the checkout's env says otherwise
    const pgServer = await startServer({
      port: port + 1,
      env: { ...checkout.env, DATABASE_URL: scratch.url },
      from: checkout.root,
    });
    try {
      for (const connections of CART_CONNECTIONS)
        cartRows.push([
          `PostgreSQL (${serverPids(pgServer.pid).length} server processes)`,
          connections,
          await runCartScenario(pgServer.url, { connections, duration: DURATION }),
        ]);
    } finally {
      await stopAndWait(pgServer);
      await scratch.drop();
    }
  }
  return { rows, cartRows };
}

const results = [];
let port = PORTS.api;
for (const checkout of benchRoots()) {
  results.push({ checkout, ...(await benchCheckout(checkout, port)) });
  port += 2;
}

for (const { checkout, rows, cartRows } of results) {
  const env = Object.entries(checkout.env)
    .map(([k, v]) => ` ${k}=${v}`)
    .join('');
  console.log(`\n### ${checkout.label} (${checkout.root}${env})`);
  const base = rows[0].rps;
  console.log(
    `\n${DURATION} s per case, ${CONNECTIONS} connections, node ${process.version}, ${new Date().toISOString()}\n`,
  );
  console.log('| case | req/s | p50 ms | p99 ms | errors | vs /healthz |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / base).toFixed(2)}× |`,
    );
  const menu200 = rows[1].rps / base;
  console.log(
    `\nmenu 200 throughput is ${menu200.toFixed(2)}× /healthz (target ≥ 0.5×): ${menu200 >= 0.5 ? 'met' : 'NOT met'}`,
  );
  console.log(`\nCart scenario: create, add 3 items, apply SAVE20; ${DURATION} s per case\n`);
  console.log('| database | connections | req/s | carts/s | p50 ms | p99 ms | errors | p99 ≤ 100 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const [db, connections, r] of cartRows)
    console.log(
      `| ${db} | ${connections} | ${Math.round(r.rps)} | ${Math.round(r.cartsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.p99 <= 100 ? 'met' : 'NOT met'} |`,
    );
}
const failures = results.flatMap(({ rows, cartRows }) => [...rows, ...cartRows.map(([, , r]) => r)]);
failuresBreakSmoke(
  'bench:api',
  failures.reduce((n, r) => n + r.errors, 0),
);

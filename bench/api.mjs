// npm run bench:api — autocannon on the menu endpoint (200 and 304) beside /healthz, in one run, against
// the production server on this machine. Prints a Markdown table for docs/performance.md.
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STORE = 3001;

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const server = await startServer();
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
  const rows = [];
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
} finally {
  server.stop();
}

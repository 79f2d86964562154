// npm run bench:connections — 2,000 connections at once against the started server (docs/performance.md "2,000
// connections"). Each connection sends one GET of BENCH_PATH (the cities list; the menu with BENCH_PATH=…) as soon
// as it is open; meanwhile a probe from another loopback address asks /healthz every 100 ms. Measured per run: how
// many were answered 200 and 503 (with Retry-After) or not at all, the time from send to the status line (p50,
// p99, max) for each, the time until every connection had its answer, the probe's worst answer time and the
// server's peak memory. Runs: the defaults; a 1,000-connection total with no per-peer cap; and the bounds lifted
// (how the server behaved before issue 11). Prints Markdown tables for docs/performance.md.
import net from 'node:net';
import { pct, rssMiB, serverPid, stopAndWait } from './proc.mjs';
import { PORTS, startServer } from './server.mjs';
import { failuresBreakSmoke, setting } from './smoke-mode.mjs';

const env = process.env;
const CONNECTIONS = Number(setting('BENCH_CONNECTIONS', 2000, 50));
const PATH = env.BENCH_PATH ?? '/api/v1/cities';
const PORT = Number(env.BENCH_PORT ?? PORTS.connections);
const ANSWER_TIMEOUT_MS = 60_000;

const RUNS = [
  // the README's defaults (bench/server.mjs lifts the per-peer cap for the other benches, which are one peer)
  { name: 'defaults (100 per peer, 2,000 in all, 200 in flight)', env: { MAX_CONNECTIONS_PER_PEER: '100' } },
  { name: '1,000 in all, no per-peer cap', env: { MAX_CONNECTIONS: '1000', MAX_CONNECTIONS_PER_PEER: '0' } },
  {
    name: 'bounds lifted (as before issue 11)',
    env: {
      MAX_CONNECTIONS: '1000000',
      MAX_CONNECTIONS_PER_PEER: '0',
      MAX_IN_FLIGHT: '1000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
];

/** One connection: open, send, read the status line; resolves { status, ms } (status 0: no answer, closed). */
function oneRequest(from, path = PATH) {
  return new Promise((resolve) => {
    const socket = net.connect({ port: PORT, host: '127.0.0.1', localAddress: from });
    let sent = 0;
    let text = '';
    const done = (status) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, ms: sent ? performance.now() - sent : 0 });
    };
    const timer = setTimeout(() => done(0), ANSWER_TIMEOUT_MS);
    socket.on('connect', () => {
      sent = performance.now();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const line = text.indexOf('\r\n');
      if (line !== -1) done(Number(text.slice(0, line).split(' ')[1]));
    });
    socket.on('error', () => done(0));
    socket.on('close', () => done(0));
  });
}

/** /healthz every 100 ms from another loopback address (another peer, as a balancer's health check is). */
async function probe(stop) {
  let worst = 0;
  let failures = 0;
  while (!stop.done) {
    const { status, ms } = await oneRequest('127.0.0.2', '/healthz');
    if (status !== 200) failures += 1;
    worst = Math.max(worst, ms);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { worst, failures };
}

const fmt = (ms) => (typeof ms === 'number' && Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');

async function run(config) {
  const server = await startServer({ port: PORT, env: config.env });
  const pid = serverPid(server.pid);
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  const stop = { done: false };
  const probing = probe(stop);
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: CONNECTIONS }, () => oneRequest('127.0.0.1')));
  const allMs = performance.now() - t0;
  stop.done = true;
  const health = await probing;
  clearInterval(sampler);
  await stopAndWait(server);
  const by = (status) =>
    answers
      .filter((a) => a.status === status)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
  const ok = by(200);
  const shed = by(503);
  const none = answers.filter((a) => a.status === 0).length;
  return { name: config.name, ok, shed, none, allMs, health, peak };
}

const results = [];
for (const config of RUNS) {
  results.push(await run(config));
  console.error(`done: ${config.name}`);
}
console.log(
  `\n${CONNECTIONS} connections from one peer, each GET ${PATH}, all at once (production server, PGlite)\n`,
);
console.log(
  '| run | 200 | 503 | no answer | 200: p50 / p99 / max | 503: p50 / p99 / max | all answered after | /healthz worst (failures) | peak RSS |',
);
console.log('| --- | --: | --: | --: | --- | --- | --: | --: | --: |');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.ok.length} | ${r.shed.length} | ${r.none} | ${fmt(pct(r.ok, 0.5))} / ${fmt(pct(r.ok, 0.99))} / ${fmt(r.ok.at(-1))} | ${fmt(pct(r.shed, 0.5))} / ${fmt(pct(r.shed, 0.99))} / ${fmt(r.shed.at(-1))} | ${fmt(r.allMs)} | ${fmt(r.health.worst)} (${r.health.failures}) | ${r.peak} MiB |`,
  );
// a 503 is an answer; a connection closed without one, or a failed liveness probe, is not
failuresBreakSmoke(
  'bench:connections',
  results.reduce((n, r) => n + r.none + r.health.failures, 0),
);

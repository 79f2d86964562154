// npm run bench:web — Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown) on / and /menu
// of the production build, plus the gzipped JavaScript each loads first. Needs `npm run build` first.
// Each route is measured LH_RUNS times (default 3), each in a fresh Chrome; the median run is reported,
// because one Lighthouse run on a 2-core machine swings by several points.
// LH_DISTS='old=/tmp/old/apps/web/dist;new=apps/web/dist' measures several builds side by side in one run,
// each served by its own server, their runs interleaved so a busy moment hits both alike.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, BUDGET_BYTES } from './bundle-size.mjs';
import { stopAndWait } from './proc.mjs';
import { PORTS, startServer } from './server.mjs';
import { failuresBreakSmoke, setting } from './smoke-mode.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(setting('LH_RUNS', 3, 1));
const ROUTES = setting('LH_ROUTES', '/,/menu', '/').split(',');

async function once(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse's own start-up races (NO_NAVSTART: the trace began before the navigation did) end a run with a
 * runtimeError now and then, ~1 run in 30 on this machine: such a run says nothing about the page, so it is run
 * again in a fresh Chrome, up to twice; only a page that fails three times in a row counts as failed.
 */
const ATTEMPTS = 3;
async function measured(url, what) {
  let lhr;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    lhr = await once(url);
    if (!lhr.runtimeError) return lhr;
    console.error(`${what}, attempt ${attempt} of ${ATTEMPTS}: ${lhr.runtimeError.code}`);
  }
  return lhr;
}

const dists = (process.env.LH_DISTS ?? 'this build=apps/web/dist').split(';').map((entry) => {
  const [label, dir] = entry.split('=');
  return { label, dir: path.resolve(root, dir) };
});
const servers = [];
for (const [i, d] of dists.entries())
  servers.push(await startServer({ port: PORTS.web + i, env: { WEB_DIST_DIR: d.dir } }));
const rows = [];
let failedRuns = 0;
try {
  for (const route of ROUTES) {
    const runsOf = dists.map(() => []);
    for (let i = 0; i < RUNS; i++)
      for (const [k, server] of servers.entries()) {
        const lhr = await measured(`${server.url}${route}`, `${dists[k].label} ${route} run ${i + 1}`);
        if (lhr.runtimeError) failedRuns += 1;
        else runsOf[k].push(lhr);
      }
    for (const [k, runs] of runsOf.entries()) row(route, dists[k], runs);
  }
} finally {
  await Promise.all(servers.map(stopAndWait));
}

function row(route, dist, runs) {
  if (runs.length === 0) {
    rows.push({ route, label: dist.label, error: 'every run failed' });
    return;
  }
  const score = (lhr) => lhr.categories.performance.score;
  runs.sort((a, b) => score(a) - score(b));
  const { categories, audits } = runs[Math.floor((runs.length - 1) / 2)];
  if (process.env.LH_SAVE_DIR)
    writeFileSync(
      `${process.env.LH_SAVE_DIR}/lh-${dist.label.replace(/\W+/g, '-')}${route.replace(/\//g, '_')}.json`,
      JSON.stringify(runs),
    );
  const sizes = measure(dist.dir);
  rows.push({
    route,
    label: dist.label,
    all: runs.map((r) => Math.round(score(r) * 100)).join(', '),
    perf: Math.round(categories.performance.score * 100),
    a11y: Math.round(categories.accessibility.score * 100),
    bp: Math.round(categories['best-practices'].score * 100),
    fcp: audits['first-contentful-paint'].displayValue,
    lcp: audits['largest-contentful-paint'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
    cls: audits['cumulative-layout-shift'].displayValue,
    js: sizes[route] ? (sizes[route].brBytes / 1000).toFixed(1) : '—',
  });
}

console.log(
  `\nLighthouse mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs, ${new Date().toISOString()}\n`,
);
console.log(
  '| route | build | performance (median) | all runs | accessibility | best practices | FCP | LCP | TBT | CLS | initial JS (brotli KB) |',
);
console.log('|---|---|---:|---|---:|---:|---|---|---|---|---:|');
for (const r of rows)
  console.log(
    r.error
      ? `| ${r.route} | ${r.label} | ${r.error} |`
      : `| ${r.route} | ${r.label} | ${r.perf} | ${r.all} | ${r.a11y} | ${r.bp} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.js} |`,
  );
console.log(`\ntargets: performance ≥ 95, initial JS ≤ ${BUDGET_BYTES / 1000} KB brotli`);
failuresBreakSmoke('bench:web', failedRuns);

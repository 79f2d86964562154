// npm run bench:web — Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown) on / and /menu
// of the production build, plus the gzipped JavaScript each loads first. Needs `npm run build` first.
// Each route is measured LH_RUNS times (default 3), each in a fresh Chrome; the median run is reported,
// because one Lighthouse run on a 2-core machine swings by several points.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { measure, BUDGET_BYTES } from './bundle-size.mjs';
import { startServer } from './server.mjs';

const RUNS = Number(process.env.LH_RUNS ?? 3);
const ROUTES = (process.env.LH_ROUTES ?? '/,/menu').split(',');
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function once(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
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

const server = await startServer({ port: 4321 });
const sizes = measure();
const rows = [];
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const lhr = await once(`${server.url}${route}`);
      if (lhr.runtimeError) console.error(`${route} run ${i + 1}: ${lhr.runtimeError.code}`);
      else runs.push(lhr);
    }
    if (runs.length === 0) {
      rows.push({ route, error: 'every run failed' });
      continue;
    }
    const score = (lhr) => lhr.categories.performance.score;
    runs.sort((a, b) => score(a) - score(b));
    const { categories, audits } = runs[Math.floor((runs.length - 1) / 2)];
    if (process.env.LH_SAVE_DIR)
      writeFileSync(`${process.env.LH_SAVE_DIR}/lh${route.replace(/\//g, '_')}.json`, JSON.stringify(runs));
    rows.push({
      route,
      all: runs.map((r) => Math.round(score(r) * 100)).join(', '),
      perf: Math.round(categories.performance.score * 100),
      a11y: Math.round(categories.accessibility.score * 100),
      bp: Math.round(categories['best-practices'].score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      js: sizes[route] ? (sizes[route].gzipBytes / 1000).toFixed(1) : '—',
    });
  }
} finally {
  server.stop();
}
console.log(
  `\nLighthouse mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs, ${new Date().toISOString()}\n`,
);
console.log(
  '| route | performance (median) | all runs | accessibility | best practices | FCP | LCP | TBT | CLS | initial JS (gzip KB) |',
);
console.log('|---|---:|---|---:|---:|---|---|---|---|---:|');
for (const r of rows)
  console.log(
    r.error
      ? `| ${r.route} | ${r.error} |`
      : `| ${r.route} | ${r.perf} | ${r.all} | ${r.a11y} | ${r.bp} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.js} |`,
  );
console.log(`\ntargets: performance ≥ 95, initial JS ≤ ${BUDGET_BYTES / 1000} KB gzipped`);

// npm run bench:web — Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown) on / and /menu
// of the production build, plus the gzipped JavaScript each loads first. Needs `npm run build` first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measure, BUDGET_BYTES } from './bundle-size.mjs';
import { startServer } from './server.mjs';

const server = await startServer({ port: 4321 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const sizes = measure();
const rows = [];
try {
  for (const route of ['/', '/menu']) {
    const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    const { categories, audits } = result.lhr;
    rows.push({
      route,
      perf: Math.round(categories.performance.score * 100),
      a11y: Math.round(categories.accessibility.score * 100),
      bp: Math.round(categories['best-practices'].score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      js: (sizes[route].gzipBytes / 1000).toFixed(1),
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.log(`\nLighthouse ${lighthouse.version ?? ''} mobile (simulated slow 4G, 4x CPU), ${new Date().toISOString()}\n`);
console.log('| route | performance | accessibility | best practices | FCP | LCP | TBT | CLS | initial JS (gzip KB) |');
console.log('|---|---:|---:|---:|---|---|---|---|---:|');
for (const r of rows) console.log(`| ${r.route} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.js} |`);
console.log(`\ntargets: performance ≥ 95, initial JS ≤ ${BUDGET_BYTES / 1000} KB gzipped`);

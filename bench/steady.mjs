// npm run bench:steady — what a slow phone feels on the first screens, in Chromium: the CPU slowed 4× and a slow
// 4G link (150 ms, 1.6 Mbit/s down), as Lighthouse's mobile profile has them. For each route, each load in a fresh
// context: the blocking time (each long task's time over 50 ms, summed, until 5 s after load) and the layout
// shift (every shift without recent input, summed). Needs `npm run build` first.
//   STEADY_DISTS='old=/tmp/old/apps/web/dist;new=apps/web/dist' compares builds in one run, their loads
//   interleaved (the order flipping each round) so a busy moment hits both alike. STEADY_RUNS (default 5),
//   STEADY_ROUTES (default /,/menu,/cart).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { stopAndWait } from './proc.mjs';
import { PORTS, startServer } from './server.mjs';
import { SMOKE, setting } from './smoke-mode.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(setting('STEADY_RUNS', 5, 1));
const ROUTES = setting('STEADY_ROUTES', '/,/menu,/cart', '/').split(',');
const SETTLE_MS = SMOKE ? 1000 : 5000;

async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    await page.addInitScript(() => {
      window.__steady = { blocking: 0, shift: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__steady.blocking += Math.max(0, e.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__steady.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => window.__steady);
  } finally {
    await context.close();
  }
}

const dists = (process.env.STEADY_DISTS ?? 'this build=apps/web/dist').split(';').map((entry) => {
  const [label, dir] = entry.split('=');
  return { label, dir: path.resolve(root, dir) };
});
const servers = [];
for (const [i, d] of dists.entries())
  servers.push(await startServer({ port: PORTS.steady + i, env: { WEB_DIST_DIR: d.dir } }));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  console.log(`| route | build | blocking ms, median (runs) | layout shift, median (runs) |`);
  console.log(`| --- | --- | --- | --- |`);
  for (const route of ROUTES) {
    const runs = dists.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      const order = [...servers.keys()];
      if (i % 2) order.reverse();
      for (const k of order) runs[k].push(await load(browser, `${servers[k].url}${route}`));
    }
    for (const [k, rs] of runs.entries()) {
      const blocking = rs.map((r) => Math.round(r.blocking));
      const shift = rs.map((r) => Number(r.shift.toFixed(3)));
      console.log(
        `| \`${route}\` | ${dists[k].label} | ${median(blocking)} (${blocking.join(', ')}) | ${median(shift)} (${shift.join(', ')}) |`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map(stopAndWait));
}

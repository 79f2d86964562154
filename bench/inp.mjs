// npm run bench:inp — how fast the menu answers a tap on "Add" (Interaction to Next Paint), in Chromium with
// the CPU slowed 4× as Lighthouse's mobile profile does. A takeaway customer of store 1001 taps Add on TAPS
// different products; each tap's INP is the longest Event Timing entry of its interaction (input delay,
// handlers and the paint after them). Needs `npm run build` first.
//   INP_DISTS='old=/tmp/old/apps/web/dist;new=apps/web/dist' compares builds in one run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { stopAndWait } from './proc.mjs';
import { PORTS, startServer } from './server.mjs';
import { setting } from './smoke-mode.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TAPS = Number(setting('TAPS', 6, 1));
const ROUNDS = Number(setting('INP_ROUNDS', 3, 1));
const LOCATION = {
  deliveryType: 'T',
  point: null,
  store: { id: 1001, name: 'Connaught Place', online: 1, advanceOrderStoreId: null, address: '' },
  advanceStoreId: null,
};

async function taps(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((location) => {
    localStorage.setItem('crust.location', JSON.stringify(location));
    window.__inp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.interactionId) window.__inp.push([e.interactionId, e.name, e.duration]);
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  }, LOCATION);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${url}/menu`);
  const adds = page.locator('main button[aria-label^="Add "]');
  await adds.first().waitFor();
  await page.waitForTimeout(1500); // the menu settles: images, favourites, the store's status
  const out = [];
  const count = Math.min(TAPS, await adds.count());
  for (let i = 0; i < count; i++) {
    const button = adds.nth(i);
    await button.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => window.__inp.length);
    await button.tap();
    await page.waitForTimeout(800);
    const entries = await page.evaluate((n) => window.__inp.slice(n), before);
    // an interaction under the 16 ms threshold leaves no entry: it answered within a frame
    out.push(entries.reduce((m, [, , d]) => Math.max(m, d), 16));
  }
  await context.close();
  return out;
}

const dists = (process.env.INP_DISTS ?? 'this build=apps/web/dist').split(';').map((entry) => {
  const [label, dir] = entry.split('=');
  return { label, dir: path.resolve(root, dir) };
});
const servers = [];
for (const [i, d] of dists.entries())
  servers.push(await startServer({ port: PORTS.inp + i, env: { WEB_DIST_DIR: d.dir } }));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const results = dists.map(() => []);
try {
  for (let r = 0; r < ROUNDS; r++)
    for (const [k, server] of servers.entries()) results[k].push(...(await taps(browser, server.url)));
} finally {
  await browser.close();
  await Promise.all(servers.map(stopAndWait));
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(`\nAdd on /menu, CPU 4× slower, ${ROUNDS} visits × ${TAPS} taps, ${new Date().toISOString()}\n`);
console.log('| build | taps | median INP | p75 INP | worst |');
console.log('|---|---:|---:|---:|---:|');
for (const [k, xs] of results.entries())
  console.log(
    `| ${dists[k].label} | ${xs.length} | ${pct(xs, 0.5)} ms | ${pct(xs, 0.75)} ms | ${Math.max(...xs)} ms |`,
  );

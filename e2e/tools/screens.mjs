// The app's screens at phone size (412×823), for comparing builds before and after a change that should not
// change what users see (issue 13: "the screens compared in screenshots before and after").
//   npm run build && node e2e/tools/screens.mjs OUT_DIR [dist]
//   node e2e/tools/screens.mjs --compare DIR_A DIR_B     lists the screens whose pixels differ
// Each screen is taken with animations off and the clock fixed, from a server of its own with fresh demo data.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../bench/server.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../bench/chromium.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TAKEAWAY_1001 = {
  deliveryType: 'T',
  point: null,
  store: { id: 1001, name: 'Connaught Place', online: 1, advanceOrderStoreId: null, address: '' },
  advanceStoreId: null,
};
const STILL =
  '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';

/** name → what to do on a fresh page before the shot */
const SCREENS = {
  landing: async (p) => p.goto('/'),
  'location-selection': async (p) => p.goto('/locationSelection?deliveryType=D'),
  'search-address': async (p) => p.goto('/searchAddress?deliveryType=D'),
  menu: async (p) => menu(p, '/menu'),
  'menu-sides': async (p) => menu(p, '/menu/sides'),
  customise: async (p) => {
    await menu(p, '/menu/veg-pizza');
    await p.getByRole('link', { name: 'Customise Farmhouse' }).first().click();
    await p.getByRole('heading', { name: 'Farmhouse' }).first().waitFor();
  },
  cart: async (p) => {
    await menu(p, '/menu/veg-pizza');
    await p.getByRole('button', { name: 'Add Farmhouse', exact: true }).first().click();
    await p.getByRole('link', { name: /View cart, 1 item/ }).waitFor();
    await p.goto('/cart');
    await p.getByRole('region', { name: 'Total to pay' }).waitFor();
  },
  'checkout-guest': async (p) => {
    await SCREENS.cart(p);
    await p.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
    await p.waitForURL(/\/payment$/);
  },
  'checkout-errors': async (p) => {
    await SCREENS['checkout-guest'](p);
    await p.getByRole('radio', { name: 'Gift Card' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByRole('region', { name: 'Total to pay' }).getByRole('button').click();
  },
  login: async (p) => p.goto('/login'),
  'login-errors': async (p) => {
    await p.goto('/login');
    await p.getByLabel('Mobile Number').fill('12345');
    await p.getByRole('button', { name: 'Get OTP' }).click();
  },
  track: async (p) => p.goto('/track'),
  'track-errors': async (p) => {
    await p.goto('/track');
    await p.getByRole('button').last().click();
  },
  'store-login': async (p) => p.goto('/store'),
  'store-login-errors': async (p) => {
    await p.goto('/store');
    await p.getByRole('button', { name: 'Log in' }).click();
  },
  offers: async (p) => menu(p, '/offers'),
  edv: async (p) => menu(p, '/edv'),
  search: async (p) => menu(p, '/search'),
};

async function menu(page, url) {
  await page.goto(url);
  await page.locator('main').first().waitFor();
}

async function shoot(baseUrl, out) {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const [name, go] of Object.entries(SCREENS)) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      await context.addInitScript((location) => {
        if (!localStorage.getItem('crust.location'))
          localStorage.setItem('crust.location', JSON.stringify(location));
      }, TAKEAWAY_1001);
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date('2026-11-26T13:00:00+05:30'));
      try {
        await go(page);
        await page.addStyleTag({ content: STILL });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(700);
        await page.screenshot({ path: path.join(out, `${name}.png`) });
      } catch (e) {
        console.error(`${name}: ${e.message.split('\n')[0]}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** How many pixels of two PNGs differ by more than a rendering's noise, counted by Chromium itself. */
async function differingPixels(page, a, b) {
  const url = (buf) => `data:image/png;base64,${buf.toString('base64')}`;
  return page.evaluate(
    async ([x, y]) => {
      const load = (src) =>
        new Promise((done) => {
          const img = new Image();
          img.onload = () => done(img);
          img.src = src;
        });
      const [ia, ib] = await Promise.all([load(x), load(y)]);
      if (ia.width !== ib.width || ia.height !== ib.height) return Infinity;
      const pixels = (img) => {
        const c = new OffscreenCanvas(img.width, img.height);
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, img.width, img.height).data;
      };
      const [pa, pb] = [pixels(ia), pixels(ib)];
      let n = 0;
      for (let i = 0; i < pa.length; i += 4)
        if (Math.max(...[0, 1, 2].map((k) => Math.abs(pa[i + k] - pb[i + k]))) > 24) n++;
      return n;
    },
    [url(a), url(b)],
  );
}

if (process.argv[2] === '--compare') {
  const [a, b] = process.argv.slice(3);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage();
  let same = 0;
  for (const f of readdirSync(a).filter((n) => n.endsWith('.png'))) {
    let other;
    try {
      other = readFileSync(path.join(b, f));
    } catch {
      console.log(`only in ${a}: ${f}`);
      continue;
    }
    const n = await differingPixels(page, readFileSync(path.join(a, f)), other);
    if (n === 0) same++;
    else console.log(`differs: ${f} (${n} pixels)`);
  }
  await browser.close();
  console.log(`${same} the same`);
} else {
  const out = path.resolve(process.argv[2] ?? '/tmp/screens');
  const dist = process.argv[3] ? path.resolve(process.argv[3]) : path.join(root, 'apps/web/dist');
  const server = await startServer({ port: 4341, env: { WEB_DIST_DIR: dist } });
  try {
    await shoot(server.url, out);
  } finally {
    server.stop();
  }
  console.log(`screens in ${out}`);
}

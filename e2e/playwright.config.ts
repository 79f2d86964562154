import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
// a fresh embedded database per run, as on a newcomer's first `npm start`
const dataDir = path.join(os.tmpdir(), `crust-e2e-${process.pid}-${Date.now()}`);

/** Files that change a setting every other test sees while they run. */
const SHARED_SETTINGS = [
  '**/checkout-card.spec.ts',
  '**/cart-journey.spec.ts',
  // store 3001's delivery radius and hours, changed and put back
  '**/back-office-stores.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  // hang guards, not budgets: a journey on a busy machine may take minutes, and waiting longer hides no failure
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  // two browsers at once on the 2-core CI machine: a file per worker; the files that switch a shared
  // sandbox setting (the gateway's decline mode, a product out of stock) run after the rest, alone
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 412, height: 823 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: SHARED_SETTINGS },
    { name: 'shared-settings', testMatch: SHARED_SETTINGS, dependencies: ['journeys'], workers: 1 },
  ],
  webServer: {
    // the built app, served as `npm start` serves it (the test script builds first)
    command: 'npm run start:server',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_RATE_LIMIT: '1000',
      // every payment journey runs through the real Razorpay adapter, over HTTP, against the sandbox's Razorpay
      // protocol on this same server (issue 14)
      PAYMENT_GATEWAYS: 'razorpay',
      RAZORPAY_BASE_URL: `${baseURL}/sandbox/pg/razorpay`,
      // the Paytm wallet's HTTP adapter over the network, against the Paytm sandbox on this same server (issue 18)
      PAYTM_WALLET: 'api',
    },
  },
});

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * Production's first admin (issue 11 §3; docs/operations.md "Staff accounts"): `npm run staff:admin` on a fresh
 * production data folder prints a one-time password; the production server has no demo logins and no
 * sandboxes; the store console asks the admin for their own password before opening. A server of its own, next
 * to the suite's development one, because production is what is under test.
 */
const root = path.join(import.meta.dirname, '../..');

/** A P-256 key pair in VAPID's base64url form, as `npx web-push generate-vapid-keys` prints one. */
function vapidPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes, a leading zero kept
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
  };
}
const port = Number(process.env.E2E_PORT ?? 4310) + 50;
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `crust-e2e-prod-${process.pid}-${Date.now()}`);
let server: ChildProcess | undefined;
let oneTime = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // this journey is the staff's; a production server taking payments is apps/server/test/production-mode.test.ts
    PAYMENTS: 'off',
    // no train delivery either (issue 16 §1): production reads PNRs only through a real provider
    RAIL_PROVIDER: 'off',
    // production sends SMS through Gupshup, fully configured (docs/operations-sms.md); nothing here sends one,
    // and fetch refuses port 9 (discard) outright if anything did
    SMS_PROVIDER: 'gupshup',
    SMS_BASE_URL: 'https://127.0.0.1:9/GatewayAPI/rest',
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: randomBytes(12).toString('base64url'),
    SMS_SENDER_ID: 'CRUSTP',
    SMS_PRINCIPAL_ENTITY_ID: '1101161234567890123',
    SMS_TEMPLATE_IDS: [
      'LOGIN_OTP=1107161234567890101',
      'COD_CODE=1107161234567890102',
      'GIFT_CARD_OTP=1107161234567890103',
      'DELIVERY_OTP=1107161234567890104',
      'LATE_PLACED=1107161234567890105',
      'LATE_FAILED=1107161234567890106',
      'ORDER_BAKING=1107161234567890107',
      'ORDER_OUT=1107161234567890108',
      'ORDER_READY=1107161234567890109',
      'ORDER_DELIVERED=1107161234567890110',
    ].join(','),
    SMS_DLR_TOKEN: randomBytes(32).toString('base64url'),
    // production signs push messages with its own VAPID pair (docs/notifications.md); nothing here sends one
    ...vapidPair(),
    VAPID_SUBJECT: 'mailto:operations@example.com',
  };
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'staff:admin',
      '-w',
      '@crust/server',
      '--',
      '--username',
      'ops.lead',
      '--name',
      'Ops lead',
    ],
    { cwd: root, env },
  );
  oneTime = /One-time password: (\S+)/.exec(stdout)?.[1] ?? '';
  expect(oneTime).toMatch(/^[a-z2-9]{20}$/);
  server = spawn('npm', ['run', 'start:server'], { cwd: root, env, stdio: 'ignore', detached: true });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the production server did not start');
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the first admin replaces the one-time password; production has no demo logins or sandboxes', async ({
  page,
  request,
}, testInfo) => {
  expect((await request.get(`${origin}/sandbox/sms.json`)).status()).toBe(404);

  await page.goto(`${origin}/store`);
  await page.getByLabel('Username').fill('chainadmin');
  await page.getByLabel('Password').fill('pizza-admin');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong username or password.')).toBeVisible();

  await page.getByLabel('Username').fill('ops.lead');
  await page.getByLabel('Password').fill(oneTime);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('store-choose-password.png'), fullPage: true });

  await page.getByLabel('New password', { exact: true }).fill('a-long-password-of-mine');
  await page.getByLabel('New password again').fill('a-long-password-of-mine');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a store' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('store-after-password.png'), fullPage: true });

  // the one-time password is spent; the new one works
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('Username').fill('ops.lead');
  await page.getByLabel('Password').fill(oneTime);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong username or password.')).toBeVisible();
  await page.getByLabel('Password').fill('a-long-password-of-mine');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a store' })).toBeVisible();
});

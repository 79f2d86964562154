import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { problemsOf } from './config-problems.ts';
import { newVapidKeys } from '../src/config/push.ts';
import { prepareDatabase } from '../src/start/prepare.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';
import { GUPSHUP_PRODUCTION_ENV } from './sms-support.ts';

// the other areas' production rules, settled, so only Web Push's problems show
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
  PAYMENTS: 'off',
  RAIL_PROVIDER: 'off',
  ...GUPSHUP_PRODUCTION_ENV,
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('Web Push configuration (issue 31 §14)', () => {
  it('production refuses to start without the VAPID pair and contact, naming each', () => {
    expect(problemsOf(PRODUCTION)).toEqual([
      expect.stringMatching(
        /^VAPID_PUBLIC_KEY must be set in production, for order notifications by Web Push/,
      ),
      expect.stringMatching(/^VAPID_PRIVATE_KEY must be set in production/),
      expect.stringMatching(/^VAPID_SUBJECT must be set in production/),
    ]);
    const c = loadConfig({ ...PRODUCTION, ...VAPID_PRODUCTION_ENV });
    expect(c.push).toMatchObject({
      vapid: {
        publicKey: VAPID_PRODUCTION_ENV.VAPID_PUBLIC_KEY,
        privateKey: VAPID_PRODUCTION_ENV.VAPID_PRIVATE_KEY,
      },
      vapidFrom: 'VAPID keys',
      subject: 'mailto:operations@example.com',
      // a subscription's endpoint is https to a push service there, never this machine's sandbox
      loopbackEndpoints: false,
    });
  });

  it('checks each value, and never repeats the private key in an error', () => {
    const secret = 'not-a-key-but-maybe-a-secret';
    const problems = problemsOf({
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: 'abc',
      VAPID_PRIVATE_KEY: secret,
      VAPID_SUBJECT: 'http://crust.example',
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^VAPID_PUBLIC_KEY must be the VAPID public key/);
    expect(problems[1]).toMatch(/^VAPID_PRIVATE_KEY must be the VAPID private key/);
    expect(problems.join('\n')).not.toContain(secret);
    expect(problems[2]).toMatch(/^VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/);
  });

  it('takes both keys or neither', () => {
    const { publicKey } = newVapidKeys();
    expect(problemsOf({ NODE_ENV: 'development', VAPID_PUBLIC_KEY: publicKey })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY must be set together with the other VAPID key, or neither/),
    ]);
  });

  it('outside production, unset, uses the pair the installation keeps; tests one per test process', () => {
    const kept = newVapidKeys();
    expect(loadConfig({}).push).toMatchObject({
      vapid: null,
      vapidFrom: 'none yet',
      loopbackEndpoints: true,
    });
    expect(loadConfig({}, undefined, kept).push).toMatchObject({
      vapid: kept,
      vapidFrom: 'this installation',
    });
    // given keys win over the installation's
    expect(loadConfig({ ...VAPID_PRODUCTION_ENV }, undefined, kept).push.vapid?.publicKey).toBe(
      VAPID_PRODUCTION_ENV.VAPID_PUBLIC_KEY,
    );
    const test = loadConfig({ NODE_ENV: 'test' }).push;
    expect(test.vapidFrom).toBe('this test process');
    expect(loadConfig({ NODE_ENV: 'test' }).push.vapid).toEqual(test.vapid);
  });

  it('the start-up makes the installation’s pair once and keeps it across restarts, beside its token key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crust-vapid-'));
    dirs.push(dir);
    const env = { NODE_ENV: 'development', DATA_DIR: dir, SEED: 'false' };
    const first = await prepareDatabase(env);
    await first.database.close();
    const again = await prepareDatabase(env);
    await again.database.close();
    expect(first.config.push.vapidFrom).toBe('this installation');
    expect(first.config.push.vapid).not.toBeNull();
    expect(again.config.push.vapid).toEqual(first.config.push.vapid);
    expect(again.config.sessionSecretFrom).toBe('this installation');
    // another installation has its own
    const other = mkdtempSync(path.join(tmpdir(), 'crust-vapid-'));
    dirs.push(other);
    const elsewhere = await prepareDatabase({ ...env, DATA_DIR: other });
    await elsewhere.database.close();
    expect(elsewhere.config.push.vapid?.publicKey).not.toBe(first.config.push.vapid?.publicKey);
  });
});

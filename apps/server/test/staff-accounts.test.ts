import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { retireDemoDataAlone } from '../src/db/seed/retire-demo.ts';
import { PASSWORD_ATTEMPTS, PASSWORD_ATTEMPTS_PER_LOGIN } from '../src/modules/auth/limits.ts';
import { verifyPassword } from '../src/crypto/passwords.ts';
import { CONSOLE_TEXTS } from '../src/modules/store-console/service.ts';
import { issueChainAdmin } from '../src/modules/staff/accounts.ts';
import { createTestApp, freshDatabase, json, type TestApp } from './helpers.ts';

/** Staff accounts: production's first admin, the forced change of a one-time password, demo staff (issue 11 §3). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const nextAddress = () => `10.40.${Math.floor(++addresses / 250)}.${addresses % 250}`;
/** each from its own address unless told: the per-address throttle of the login route is not what these tests are about */
const login = (username: string, password: string, from = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffLogin,
    payload: { username, password },
    remoteAddress: from,
  });
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffPassword,
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword, newPassword },
  });
const stores = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: CONSOLE_PATHS.consoleStores,
    headers: { authorization: `Bearer ${token}` },
  });
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
const errorOf = (res: { body: string }) => json(res).errors[0] as { code: string; displayMsg: string };

async function newAdmin(username: string) {
  const issued = await issueChainAdmin(t.database.db, { username, name: 'Ops lead', reset: false });
  if (!issued.ok) throw new Error(issued.reason);
  return issued.oneTimePassword;
}

describe('a chain admin made with a one-time password', () => {
  it('must choose a new password before the console does anything else', async () => {
    const once = await newAdmin('ops.lead');
    expect(once).toMatch(/^[a-z2-9]{20}$/);
    const first = await login('ops.lead', once);
    expect(first.statusCode).toBe(200);
    const session = json(first).data;
    expect(session).toMatchObject({
      mustChangePassword: true,
      stores: [],
      staff: { role: 'ADMIN', storeId: null },
    });

    const refused = await stores(session.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      displayMsg: CONSOLE_TEXTS.mustChange,
    });

    expect((await changePassword(session.token, once, 'short')).statusCode).toBe(400);
    const same = await changePassword(session.token, once, once);
    expect(errorOf(same).code).toBe('SAME_PASSWORD');
    const wrong = await changePassword(session.token, 'not-the-password', 'a-good-new-password');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');

    const changed = await changePassword(session.token, once, 'a-good-new-password');
    expect(changed.statusCode).toBe(200);
    const after = json(changed).data;
    expect(after.mustChangePassword).toBe(false);
    expect(after.stores.length).toBeGreaterThan(10);
    expect((await stores(after.token)).statusCode).toBe(200);
    // the old token still may only change its password; the one-time password is gone
    expect((await stores(session.token)).statusCode).toBe(403);
    expect((await login('ops.lead', once)).statusCode).toBe(401);
    expect(json(await login('ops.lead', 'a-good-new-password')).data.mustChangePassword).toBe(false);
  });

  it('refuses a taken or malformed username, and --reset gives a login a new one-time password', async () => {
    await newAdmin('night.manager');
    expect(
      await issueChainAdmin(t.database.db, { username: 'night.manager', name: 'x', reset: false }),
    ).toMatchObject({
      ok: false,
    });
    expect(await issueChainAdmin(t.database.db, { username: 'a b', name: 'x', reset: false })).toMatchObject({
      ok: false,
    });
    const reset = await issueChainAdmin(t.database.db, { username: 'store1002', name: 'x', reset: true });
    if (!reset.ok) throw new Error(reset.reason);
    expect(json(await login('store1002', reset.oneTimePassword)).data).toMatchObject({
      mustChangePassword: true,
      staff: { role: 'MANAGER', storeId: 1002 },
    });
  });
});

describe('staff password guesses in parallel (issue 28 §7: a lock-out is not a weapon)', () => {
  it(`check at most ${PASSWORD_ATTEMPTS} of 8 guesses at one login from one address; the store still logs in from its own`, async () => {
    const stranger = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login('store1003', `guess-${i}`, stranger)),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(PASSWORD_ATTEMPTS);
    const locked = answers.filter((a) => a.statusCode === 429);
    expect(locked).toHaveLength(8 - PASSWORD_ATTEMPTS);
    expect(errorOf(locked[0]!).code).toBe('STAFF_LOGIN_LOCKED');
    expect(Number(locked[0]!.headers['retry-after'])).toBeGreaterThan(800);
    // locked even for the right password from that address, until the window frees a check…
    expect((await login('store1003', 'pizza1003', stranger)).statusCode).toBe(429);
    // …but the store's tablet, at its own address, is not kept out
    expect((await login('store1003', 'pizza1003')).statusCode).toBe(200);
  });

  it(`guesses spread over many addresses: at most ${PASSWORD_ATTEMPTS_PER_LOGIN} checked for the login, then every address waits`, async () => {
    const spread = Array.from({ length: 12 }, nextAddress);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('store1004', `guess-${i}`, spread[i % spread.length])),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(PASSWORD_ATTEMPTS_PER_LOGIN);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - PASSWORD_ATTEMPTS_PER_LOGIN);
    expect((await login('store1004', 'pizza1004')).statusCode).toBe(429);
  });
});

describe('demo staff and production', () => {
  const staffRows = async (db: Db) =>
    (await rowsOf<{ username: string }>(db, sql`select username from staff order by username`)).map(
      (r) => r.username,
    );

  it('a production seed writes no staff logins and no demo vouchers', async () => {
    const fresh = await freshDatabase();
    try {
      await seedDemoData(fresh.database.db, { production: true });
      expect(await staffRows(fresh.database.db)).toEqual([]);
      const vouchers = await rowsOf<{ n: number }>(
        fresh.database.db,
        sql`select count(*)::int as n from vouchers`,
      );
      expect(vouchers[0]!.n).toBe(0);
    } finally {
      await fresh.drop();
    }
  });

  it('a demo database started in production loses the demo logins that still have their published password', async () => {
    const fresh = await freshDatabase();
    try {
      const db = fresh.database.db;
      await seedDemoData(db);
      expect(await staffRows(db)).toContain('chainadmin');
      // one store changed its password: that login is the store's own now and stays
      await db.execute(sql`update staff set password_hash = 'scrypt$changed' where username = 'store1001'`);
      await seedDemoData(db, { production: true });
      expect(await staffRows(db)).toEqual(['store1001']);
    } finally {
      await fresh.drop();
    }
  });
});

describe('demo vouchers and production (issue 28 §4)', () => {
  it('a demo database started in production keeps its demo vouchers, emptied and expired, and no demo staff mobile', async () => {
    const fresh = await freshDatabase();
    try {
      const db = fresh.database.db;
      await seedDemoData(db);
      // store1001's login is the store's own (a changed password): it stays, without the demo's staff mobile
      await db.execute(sql`update staff set password_hash = 'scrypt$changed' where username = 'store1001'`);
      // two processes starting at once, one of them with SEED=false
      await Promise.all([seedDemoData(db, { production: true }), retireDemoDataAlone(db)]);
      const vouchers = await rowsOf<{ code: string; balance_paise: number; expired: boolean }>(
        db,
        sql`select code, balance_paise, expires_at <= now() as expired from vouchers order by code`,
      );
      expect(vouchers).toEqual([
        { code: 'EVCRUST2000', balance_paise: 0, expired: true },
        { code: 'EVCRUST500', balance_paise: 0, expired: true },
        { code: 'GCCRUST2000', balance_paise: 0, expired: true },
      ]);
      const kept = await rowsOf<{ username: string; mobile: string | null }>(
        db,
        sql`select username, mobile from staff order by username`,
      );
      expect(kept).toEqual([{ username: 'store1001', mobile: null }]);
      // a later production start finds nothing more to do
      await retireDemoDataAlone(db);
      expect(
        await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from vouchers where balance_paise > 0`),
      ).toEqual([{ n: 0 }]);
    } finally {
      await fresh.drop();
    }
  });
});

// the command opens a PGlite folder of its own whatever the run's database: once per run is enough
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run staff:admin', () => {
  it('makes the admin in the data folder and prints its one-time password once', async () => {
    const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crust-staff-admin-'));
    try {
      const run = promisify(execFile);
      const { stdout } = await run(
        path.join(serverDir, '../../node_modules/.bin/tsx'),
        ['src/cli/staff-admin.ts', '--username', 'FirstAdmin'],
        { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      const password = /One-time password: (\S+)/.exec(stdout)?.[1];
      expect(password).toMatch(/^[a-z2-9]{20}$/);
      const database = await openDatabase({ dataDir });
      try {
        const rows = await rowsOf<{
          role: string;
          store_id: null;
          must_change_password: boolean;
          password_hash: string;
        }>(
          database.db,
          sql`select role, store_id, must_change_password, password_hash from staff where username = 'firstadmin'`,
        );
        const row = rows[0]!;
        expect(row).toMatchObject({ role: 'ADMIN', store_id: null, must_change_password: true });
        expect(await verifyPassword(password!, row.password_hash)).toBe(true);
        expect(JSON.stringify(rows)).not.toContain(password!);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

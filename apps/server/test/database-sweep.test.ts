import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sweepDatabases } from './database-templates-setup.ts';
import { asAdmin, markMade } from './database-templates.ts';

/**
 * A run that crashes leaves its databases behind (its teardown never ran): the next run's setup removes those old
 * enough that no run can still be using them, and nothing younger.
 */
const names = async (like: string) =>
  asAdmin(async (c) => {
    const { rows } = await c.query<{ name: string }>(
      'select datname as name from pg_database where datname like $1 order by 1',
      [like],
    );
    return rows.map((r) => r.name);
  });

describe.skipIf(process.env.TEST_DB !== 'postgres')('the sweep of test databases a crashed run left', () => {
  it('drops copies, scratch databases and templates made before the cutoff, and keeps younger ones', async () => {
    const tag = randomBytes(4).toString('hex');
    const old = [`crust_test_${tag}_old`, `crust_crash_${tag}_old`, `crust_tpl_${tag}_old`];
    const young = `crust_test_${tag}_young`;
    await asAdmin(async (c) => {
      for (const name of [...old, young]) {
        await c.query(`create database ${name}`);
        await markMade(c, name);
      }
      // made a day ago, as a crashed run's would be
      for (const name of old) await c.query(`comment on database ${name} is '${Date.now() - 86_400_000}'`);
    });
    try {
      // a cutoff older than any live run of this machine can be (setup uses 6 hours), so nothing of theirs goes
      await sweepDatabases(Date.now() - 12 * 60 * 60 * 1000);
      expect(await names(`%\\_${tag}\\_%`)).toEqual([young]);
    } finally {
      await asAdmin(async (c) => {
        for (const name of [...old, young]) await c.query(`drop database if exists ${name} with (force)`);
      });
    }
  });
});

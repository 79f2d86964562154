import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config/app-config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { rebuildSnapshots } from '../src/modules/menu/service.ts';
import { buildApp } from '../src/app.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a new PostgreSQL database
 * made next to DATABASE_URL and dropped afterwards.
 */
/**
 * A new, empty PostgreSQL database beside DATABASE_URL's, named `<prefix>_<pid>_<random>`; `drop` removes it
 * even with sessions still open. For suites that start servers of their own on it.
 */
export async function scratchDatabase(
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('a scratch database needs DATABASE_URL');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const { url, name } = await scratchDatabase('crust_test');
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // the pool's sessions may still be saying goodbye: let them leave rather than killing them mid-way
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** What a production config built by hand says about payments when the test is not about them: off. */
export const PAYMENTS_OFF: AppConfig['payments'] = {
  gateways: [],
  publicUrl: null,
  razorpay: null,
  payu: null,
};

/** What a production config built by hand says about train delivery when the test is not about it: off. */
export const RAIL_OFF: AppConfig['rail'] = { ...loadConfig({ NODE_ENV: 'test' }).rail, provider: 'off' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The app on a fresh, seeded database, as `npm start` would build it (without the web bundle). */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await seedDemoData(database.db);
  await rebuildSnapshots(database.db);
  const config: AppConfig = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent', ...overrides };
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Parses a JSON body with a type, for readable assertions. */
export function json<T = any>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config/app-config.ts';
import type { Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { databaseCopy, markMade } from './database-templates.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

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
  await markMade(c, name);
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

/**
 * A fresh, migrated, empty database per test file: in-memory PGlite, or (TEST_DB=postgres) a new PostgreSQL
 * database made next to DATABASE_URL and dropped afterwards. A copy of one the worker migrated once.
 */
export function freshDatabase(): Promise<TestDatabase> {
  return databaseCopy('migrated');
}

/** Like `freshDatabase`, with the demo data and menu snapshots in (`seedDemoData`, `rebuildSnapshots`). */
export function seededDatabase(): Promise<TestDatabase> {
  return databaseCopy('seeded');
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
  const { database, drop } = await seededDatabase();
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

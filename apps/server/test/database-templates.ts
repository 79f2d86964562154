import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { rebuildSnapshots } from '../src/modules/menu/service.ts';

/**
 * Migrating and seeding a database takes longer than copying one, and about 150 test files each want one. So the
 * run builds the two databases a file may start from once (test/database-templates-setup.ts, before any worker
 * starts) and each file gets a copy:
 * - migrated: the schema and nothing else (what `openDatabase` makes of an empty database);
 * - seeded: migrated, then the demo data and the menu snapshots (what `createTestApp` starts from).
 * PGlite loads a dump of the template's data folder into a new instance; PostgreSQL makes a database from a
 * template database (`create database … template`, which several workers may do at once).
 */
export type Template = 'migrated' | 'seeded';
export type Engine = 'pglite' | 'postgres';

/** Where the run's templates are: a dump file per template (PGlite) or a database name (PostgreSQL). */
export type TemplateLocations = Record<Template, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    crustTemplates?: TemplateLocations;
  }
}

export interface DatabaseCopy {
  database: Database;
  drop(): Promise<void>;
}

/** The prefix of the template databases; the setup's sweep of crashed runs' leftovers looks for it. */
export const TEMPLATE_PREFIX = 'crust_tpl_';

async function migratedAndMaybeSeeded(database: Database, template: Template): Promise<void> {
  if (template === 'migrated') return;
  await seedDemoData(database.db);
  await rebuildSnapshots(database.db);
}

/** PGlite: the dump of a new in-memory database's data folder, uncompressed (gzip would be paid on each load). */
export async function buildPgliteTemplate(template: Template): Promise<Blob> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migratedAndMaybeSeeded(database, template);
    return await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

function adminUrl(): string {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return admin;
}

function urlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function asAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/**
 * The pool's sessions may still be saying goodbye after `close`: let them leave rather than killing them mid-way
 * (and `create database … template` refuses a template anyone is connected to).
 */
async function waitUntilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every database a test makes is named `crust_…` and says when it was made, so the next run's setup can remove
 * those a crashed run left behind (database-templates-setup.ts).
 */
export async function markMade(c: pg.ClientBase, name: string): Promise<void> {
  await c.query(`comment on database ${name} is '${Date.now()}'`);
}

/** PostgreSQL: a template database `name` beside DATABASE_URL's, with nobody connected to it when this returns. */
export async function buildPostgresTemplate(template: Template, name: string): Promise<string> {
  await asAdmin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    await markMade(c, name);
  });
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  try {
    await migratedAndMaybeSeeded(database, template);
  } finally {
    await database.close();
  }
  await asAdmin((c) => waitUntilUnused(c, name));
  return name;
}

// ---- in a worker

function provided(): TemplateLocations | undefined {
  try {
    return inject('crustTemplates');
  } catch {
    return undefined; // outside a Vitest worker (a script measuring the copies)
  }
}

const engine = (): Engine => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** Per worker (the server suites share their worker's modules, `isolate: false`): each dump read or made once. */
const dumps = new Map<Template, Promise<Blob>>();
/** Templates this worker built itself because the run provided none (a file run outside the projects' setup). */
const ownTemplates = new Map<Template, Promise<string>>();

function cached<T>(cache: Map<Template, Promise<T>>, template: Template, make: () => Promise<T>): Promise<T> {
  let value = cache.get(template);
  if (!value) {
    value = make();
    // a failed build is retried by the next file rather than failing every file after it
    value.catch(() => cache.delete(template));
    cache.set(template, value);
  }
  return value;
}

async function pgliteCopy(template: Template): Promise<DatabaseCopy> {
  const location = provided()?.[template];
  const dump = await cached(dumps, template, async () =>
    location ? new Blob([await fs.promises.readFile(location)]) : buildPgliteTemplate(template),
  );
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump, migrate: false });
  // PGlite starts on its first query: start it here, as migrating did, not inside the file's first test
  await database.ping();
  return { database, drop: () => database.close() };
}

async function postgresCopy(template: Template): Promise<DatabaseCopy> {
  const from =
    provided()?.[template] ??
    (await cached(ownTemplates, template, () =>
      buildPostgresTemplate(template, `${TEMPLATE_PREFIX}worker_${process.pid}_${template}`),
    ));
  const name = `crust_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await asAdmin(async (c) => {
    await c.query(`create database ${name} template ${from}`);
    await markMade(c, name);
  });
  // the size before DATABASE_POOL_MAX's default went to 20: test files run side by side on one PostgreSQL
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '', migrate: false, poolMax: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      await asAdmin(async (c) => {
        await waitUntilUnused(c, name);
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** A new database for one test file, a copy of the run's `template`, on the engine TEST_DB names. */
export function databaseCopy(template: Template): Promise<DatabaseCopy> {
  return engine() === 'postgres' ? postgresCopy(template) : pgliteCopy(template);
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A database or a transaction: repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connections per server process. 10 queued orders in the pool at 200 orders/s on two cores (three processes,
 * docs/performance.md "200 orders a second"); PostgreSQL's default max_connections (100) leaves room for four
 * processes at 20 beside the tools. More processes or boxes: lower it, or put PgBouncer in front.
 */
export const DEFAULT_POOL_MAX = 20;
/** How long an idle connection is kept (node-postgres closes it after 10 s by default). */
export const POOL_IDLE_MS = 5 * 60_000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in `dataDir` ('memory://' for tests) or PostgreSQL at `databaseUrl`. Migrations run here,
 * before anything else touches the database.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: this process's most connections (DATABASE_POOL_MAX) */
  poolMax?: number | undefined;
  /** called when the pool loses an idle connection (PostgreSQL only) */
  onIdleError?: (err: Error) => void;
  /** false in worker processes: their primary migrated before forking them (src/start/primary.ts) */
  migrate?: boolean;
  /** PGlite only: start from this dump of a data folder (the tests' copy of a migrated, seeded database) */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? DEFAULT_POOL_MAX,
      // a connection opened for a busy minute stays for the next: a fresh PostgreSQL backend pays its process
      // start, its catalogue caches and every prepared statement's planning on its first orders, and node-postgres'
      // default (10 s) closed them in every lull, so each rise in traffic began with a second of slow orders
      idleTimeoutMillis: POOL_IDLE_MS,
    });
    // an idle connection dropped by the server (restart, failover) is replaced on next use; without a
    // listener node-postgres would take the whole process down with it
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.loadDataDir
    ? new PGlite(opts.dataDir, { loadDataDir: opts.loadDataDir })
    : new PGlite(opts.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

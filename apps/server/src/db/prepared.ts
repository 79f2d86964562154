import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

interface Internals {
  /** one per Drizzle instance, shared by its transactions */
  dialect: object;
  session: { client: unknown };
}

/**
 * Statements built once per database and sent as prepared statements (Drizzle's `.prepare(name)`, names unique
 * across the server): building a Drizzle query costs the server more than PostgreSQL takes to run the hot ones
 * (docs/performance.md, bench:orders). `statements(db)` answers them for the database or for any of its
 * transactions: they are built on the first they meet, and sent on the connection of the one they are used
 * with, so one used inside a transaction is part of it.
 *
 * Drizzle has no public way to run a prepared query in another transaction than the one it was made on; this
 * rebinds its `client`, which PGlite's and node-postgres's prepared queries both send on (drizzle-orm 0.45).
 * A wrong binding shows at once in the order tests (PGlite waits forever for a query outside its transaction).
 */
export function preparedStatements<S extends Record<string, object>>(build: (db: Db) => S): (db: Db) => S {
  const built = new WeakMap<object, { statements: S; rebound: WeakMap<object, S> }>();
  return (db) => {
    const { dialect, session } = db as unknown as Internals;
    let entry = built.get(dialect);
    if (!entry) {
      entry = { statements: build(db), rebound: new WeakMap() };
      built.set(dialect, entry);
    }
    const s = entry.statements;
    const client = session.client;
    const sample = Object.values(s)[0] as { client?: unknown } | undefined;
    if (!sample || sample.client === client) return s;
    if (typeof client !== 'object' || client === null) throw new Error('a database session without a client');
    let bound = entry.rebound.get(client);
    if (!bound) {
      bound = Object.fromEntries(
        Object.entries(s).map(([name, q]) => [
          name,
          Object.assign(Object.create(Object.getPrototypeOf(q) as object) as object, q, { client }),
        ]),
      ) as S;
      entry.rebound.set(client, bound);
    }
    return bound;
  };
}

type Insertable<T extends PgTable> = T['$inferInsert'];

/**
 * An insert's values as typed placeholders named after their columns (`$key::type`), for an insert prepared once.
 * Columns left out take their defaults; `insertParams` gives the values in the form the placeholders expect.
 */
export function insertPlaceholders<T extends PgTable, K extends keyof Insertable<T> & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    keys.map((k) => [k, sql`${sql.placeholder(k)}::${sql.raw(columnOf(columns, k).getSQLType())}`]),
  ) as Record<K, SQL>;
}

/**
 * A row's values for `insertPlaceholders`, mapped by their columns as Drizzle's own insert maps them (JSON as
 * text, times as ISO strings), except that null stays SQL NULL (never JSON null). Every key is required: a key
 * left undefined would be NULL where Drizzle's own insert would have used the default.
 */
export function insertParams<T extends PgTable, K extends keyof Insertable<T> & string>(
  table: T,
  keys: readonly K[],
  row: { [P in K]-?: Exclude<Insertable<T>[P], undefined> },
): Record<K, unknown> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    keys.map((k) => {
      const value: unknown = row[k];
      return [k, value === null || value === undefined ? null : columnOf(columns, k).mapToDriverValue(value)];
    }),
  ) as Record<K, unknown>;
}

function columnOf(columns: Record<string, PgColumn>, key: string): PgColumn {
  const column = columns[key];
  if (!column) throw new Error(`no column ${key}`);
  return column;
}

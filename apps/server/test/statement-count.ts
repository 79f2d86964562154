import type { Database } from '../src/db/client.ts';

/** What one call sent to the database: statements (begin, commit and savepoints not counted) and transactions. */
export interface RoundTrips {
  statements: number;
  /** explicit transactions plus statements that ran on their own (each its own transaction) */
  transactions: number;
  /** the statements' SQL, in order, for a failing assertion to show */
  sql: string[];
}

type Query = (...args: unknown[]) => Promise<unknown>;

const CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release savepoint|rollback to)\b/i;
const textOf = (q: unknown) =>
  typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? String(q));

/**
 * Counts what the database client is sent while `during` runs, by wrapping the driver under Drizzle (PGlite's
 * query and transaction, node-postgres's pooled clients). Background work of the app in the same window counts
 * too, as it would in production.
 */
export async function countRoundTrips(
  database: Database,
  during: () => Promise<unknown>,
): Promise<RoundTrips> {
  const seen: RoundTrips = { statements: 0, transactions: 0, sql: [] };
  let on = true;
  const statement = (q: unknown, inTx: boolean) => {
    if (!on) return;
    seen.statements++;
    seen.sql.push(textOf(q).replace(/\s+/g, ' ').slice(0, 160));
    if (!inTx) seen.transactions++;
  };
  const client = (database.db as unknown as { $client: Record<string, Query> }).$client;
  const undo: (() => void)[] = [];
  const patch = (target: Record<string, Query>, name: string, wrap: (orig: Query) => Query) => {
    const orig = target[name]!;
    target[name] = wrap(orig.bind(target));
    undo.push(() => {
      target[name] = orig;
    });
  };

  if (database.kind === 'pglite') {
    patch(client, 'query', (orig) => (q, ...rest) => {
      statement(q, false);
      return orig(q, ...rest);
    });
    patch(client, 'exec', (orig) => (q, ...rest) => {
      statement(q, false);
      return orig(q, ...rest);
    });
    patch(
      client,
      'transaction',
      (orig) => (fn) =>
        orig(async (tx: Record<string, Query>) => {
          if (on) seen.transactions++;
          const inner: Record<string, Query> = Object.create(tx) as Record<string, Query>;
          inner.query = (q, ...rest) => {
            if (!CONTROL.test(textOf(q))) statement(q, true);
            return tx.query!.call(tx, q, ...rest);
          };
          inner.exec = (q, ...rest) => {
            statement(q, true);
            return tx.exec!.call(tx, q, ...rest);
          };
          return (fn as (t: unknown) => Promise<unknown>)(inner);
        }),
    );
  } else {
    // node-postgres: pool.query checks a client out through pool.connect too, so wrapping connect sees all
    const wrapped = new WeakSet<object>();
    const wrapClient = (c: Record<string, Query> & { __inTx?: boolean }) => {
      if (wrapped.has(c)) return;
      wrapped.add(c);
      const orig = c.query!;
      c.query = function (this: unknown, q: unknown, ...rest: unknown[]) {
        const text = textOf(q);
        if (/^\s*(begin|start transaction)\b/i.test(text)) {
          c.__inTx = true;
          if (on) seen.transactions++;
        } else if (/^\s*(commit|rollback)\s*$/i.test(text)) c.__inTx = false;
        else if (!CONTROL.test(text)) statement(q, c.__inTx === true);
        return orig.call(c, q, ...rest);
      };
      undo.push(() => {
        c.query = orig;
        wrapped.delete(c);
      });
    };
    patch(client, 'connect', (orig) => (cb?: unknown) => {
      if (typeof cb === 'function')
        return orig((err: unknown, c: Record<string, Query>, done: unknown) => {
          if (c) wrapClient(c);
          (cb as (...a: unknown[]) => void)(err, c, done);
        });
      return orig().then((c) => {
        wrapClient(c as Record<string, Query>);
        return c;
      });
    });
  }
  try {
    await during();
  } finally {
    on = false;
    for (const u of undo.reverse()) u();
  }
  return seen;
}

// The wallet ledger's first page for a customer with 10 entries and one with 10,000 (issue 15 §5), on PGlite
// (in memory) and, with DATABASE_URL, on a scratch PostgreSQL database. Run: `npm run bench:wallet-ledger`.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { WalletService } from '../apps/server/src/modules/wallet/service.ts';
import { setting } from './smoke-mode.mjs';

const ROUNDS = Number(setting('ROUNDS', 300, 3));

/** A fresh database: PGlite in memory, or a scratch PostgreSQL database beside DATABASE_URL's. */
async function database() {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, label: 'PGlite', drop: () => db.close() };
  }
  const name = `crust_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    db,
    label: 'PostgreSQL',
    drop: async () => {
      await db.close();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const { db: database_, label, drop } = await database();
const db = database_.db;
const wallets = new WalletService(db);
for (const [id, n] of [
  ['Ufew', 10],
  ['Umany', 10_000],
]) {
  await db.execute(
    sql`insert into customers (id, mobile) values (${id}, ${id === 'Ufew' ? '9000000010' : '9000010000'})`,
  );
  await db.execute(sql`insert into wallets (customer_id, balance_paise) values (${id}, ${n * 100})`);
  // written in one statement: the bench measures reading, not writing
  await db.execute(sql`insert into wallet_entries (customer_id, kind, amount_paise, ref)
    select ${id}, 'credit', 100, 'promo-' || g from generate_series(1, ${n}) g`);
}
await db.execute(sql`analyze`);

async function time(customerId, pageNo) {
  const ms = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await wallets.page(customerId, pageNo, null);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}
const q = (ms, p) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))].toFixed(3);

console.log(`wallet ledger page (20 entries), ${label}, ${ROUNDS} calls each, ms`);
console.log('customer entries  page  median  p95');
for (const [id, n] of [
  ['Ufew', 10],
  ['Umany', 10_000],
]) {
  for (const pageNo of n > 20 ? [1, 50, 500] : [1]) {
    const ms = await time(id, pageNo);
    console.log(
      `${String(n).padStart(16)}  ${String(pageNo).padStart(4)}  ${q(ms, 0.5).padStart(6)}  ${q(ms, 0.95).padStart(5)}`,
    );
  }
}
await drop();

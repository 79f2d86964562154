// The back office's reports (issue 30 §5) over a year of a 100-store chain: about 8 million orders generated in a
// scratch PostgreSQL database (INSERT … SELECT over generate_series, in chunks of days), the reports' rollups
// rebuilt from them (the migration's backfill), then each report timed for the chain, a city and a store, over a
// month and a year. Run: `npm run bench:reports` (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test; the
// scratch database beside it is dropped at the end). Without DATABASE_URL it runs on PGlite in memory, with a
// smaller volume.
//
// Variables: ORDERS (8000000 on PostgreSQL, 200000 on PGlite), STORES (100: the seed's 66 and copies), DAYS (365,
// from START=2025-01-01), RUNS (7 timed calls per cell, after one untimed), FOLDS (200 timed folds of a cancel),
// KEEP=1 (keep the scratch database, and print its name), REUSE=<name> (time a kept one again: its rollups are
// rebuilt unless REBUILD=0, nothing is generated, and it is kept), PARALLEL (max_parallel_workers_per_gather for the timed
// reports: PostgreSQL's default, 2; the load itself runs on one core so the machine stays usable).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { seedDemoData } from '../apps/server/src/db/seed/index.ts';
import { foldOrder, rebuild } from '../apps/server/src/modules/reports/repo.ts';
import { ReportService } from '../apps/server/src/modules/reports/service.ts';
import { SMOKE, setting } from './smoke-mode.mjs';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL;
const ORDERS = Number(setting('ORDERS', ADMIN_URL ? 8_000_000 : 200_000, 2_000));
const STORES = Number(env.STORES ?? 100);
const DAYS = Number(env.DAYS ?? 365);
const START = env.START ?? '2025-01-01';
const RUNS = Number(setting('RUNS', 7, 1));
const FOLDS = Number(setting('FOLDS', 200, 3));
const PARALLEL = env.PARALLEL ?? '2';
const REUSE = env.REUSE;
const CHUNK_DAYS = 15;
const CUSTOMERS = SMOKE ? 1_000 : 200_000;

const t0 = performance.now();
const stamp = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s`;
const log = (...a) => console.log(stamp(), ...a);
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const END = addDays(START, DAYS - 1);

/** A scratch PostgreSQL database beside DATABASE_URL's (one connection, so session settings hold), or PGlite. */
async function database() {
  if (!ADMIN_URL) {
    const opened = await openDatabase({ dataDir: 'memory://' });
    return { db: opened.db, label: 'PGlite (in memory)', name: null, drop: () => opened.close() };
  }
  const name = REUSE ?? `crust_bench_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (!REUSE) await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // migrated through the app's own path, then used through one connection of our own
  await (await openDatabase({ databaseUrl: url.toString(), dataDir: '' })).close();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    db: drizzle(client, { schema }),
    label: 'PostgreSQL 15',
    name,
    drop: async () => {
      await client.end();
      if (env.KEEP === '1' || REUSE) console.log(`kept ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { db, label, name, drop } = await database();
const run = (q) => db.execute(typeof q === 'string' ? sql.raw(q) : q);
const rowsOf = async (q) => (await run(q)).rows;

try {
  log(
    `${label}${name ? ` ${name}` : ''}: ${REUSE ? 'as kept' : `${ORDERS} orders`}, ${STORES} stores, ${DAYS} days from ${START}`,
  );
  await run(`set max_parallel_workers_per_gather = 0`);
  await run(`set synchronous_commit = off`);
  if (!REUSE) await generate();
  await run(`create temporary table bench_stores as
    select row_number() over (order by id) - 1 as n, id from (select id from stores order by id limit ${STORES}) s`);
  const [{ stores }] = await rowsOf(`select count(*)::int as stores from bench_stores`);

  // ---- the reports' rollups, as the migration's backfill makes them
  const r0 = performance.now();
  const rebuilding = !REUSE || env.REBUILD !== '0';
  if (rebuilding) await rebuild(db);
  const rebuildS = (performance.now() - r0) / 1000;
  if (rebuilding) log(`rollups rebuilt from the orders in ${rebuildS.toFixed(0)} s`);
  await run(`vacuum analyze`);
  log('vacuum analyze');

  const sizes = await rowsOf(`select relname as table, n_live_tup::bigint as rows,
      pg_size_pretty(pg_total_relation_size(relid)) as size
    from pg_stat_user_tables
    where relname in ('orders', 'feedback', 'loyalty_points', 'report_orders', 'report_sales', 'report_mix',
      'report_items', 'report_offers', 'report_delivery')
    order by pg_total_relation_size(relid) desc`);

  // ---- the reports, timed through the service (SQL and the service's own arithmetic; no HTTP)
  await run(`set max_parallel_workers_per_gather = ${Number(PARALLEL)}`);
  const reports = new ReportService(db);
  const admin = { reach: 'chain', cities: [] };
  const [city] = await rowsOf(`select s.city_id as id, count(*)::int as stores from bench_stores b
    join stores s on s.id = b.id group by 1 order by 2 desc, 1 limit 1`);
  const [{ id: storeId }] = await rowsOf(`select id from bench_stores order by n limit 1`);
  const ranges = [
    ['a month (the last 31 days), by day', { from: addDays(END, -30), to: END, group: 'day' }],
    ['a year, by month', { from: START, to: END, group: 'month' }],
    ['a year, by week', { from: START, to: END, group: 'week' }],
  ];
  const scopes = [
    ['chain', { scope: 'chain' }],
    [`chain by store`, { scope: 'chain', by: 'store' }],
    [`city (${city.id}, ${city.stores} stores)`, { scope: 'city', cityId: city.id }],
    [`store ${storeId}`, { scope: 'store', storeId }],
  ];
  const kinds = ['sales', 'mix', 'items', 'offers', 'delivery', 'loyalty', 'ratings'];
  const q = (ms, p) => ms[Math.min(ms.length - 1, Math.ceil(ms.length * p) - 1)];
  const results = [];
  for (const [rangeName, range] of ranges)
    for (const [scopeName, scope] of scopes)
      for (const kind of kinds) {
        const query = { ...range, ...scope };
        const first = await reports.report(kind, admin, query);
        const ms = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await reports.report(kind, admin, query);
          ms.push(performance.now() - s);
        }
        ms.sort((a, b) => a - b);
        results.push({
          rangeName,
          scopeName,
          kind,
          median: q(ms, 0.5),
          p95: q(ms, 0.95),
          rows: first.rows.length,
        });
      }
  log('reports timed');

  // ---- what the order path pays: one fold (a placed order cancelled), rolled back each time
  const sample = await rowsOf(`select id from orders where status = 'placed' and delivery_type = 'D'
    order by id desc limit ${FOLDS}`);
  const folds = [];
  for (const { id } of sample) {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 'cancelled', stage = 'CANCELLED' where id = ${id}`);
        const s = performance.now();
        await foldOrder(tx, id);
        folds.push(performance.now() - s);
        tx.rollback();
      })
      .catch((e) => {
        if (!String(e?.message).includes('Rollback')) throw e;
      });
  }
  folds.sort((a, b) => a - b);

  // ---- the figures, as Markdown for docs/performance.md
  console.log(
    `\n${label}, ${ORDERS.toLocaleString('en')} orders generated, ${stores} stores, ${START}–${END}; ` +
      `max_parallel_workers_per_gather ${PARALLEL}; ${RUNS} timed calls per cell after one untimed\n`,
  );
  console.log('| table | rows | size |\n| --- | ---: | ---: |');
  for (const s of sizes) console.log(`| ${s.table} | ${Number(s.rows).toLocaleString('en')} | ${s.size} |`);
  if (rebuilding) console.log(`\nRollups rebuilt from the orders (the backfill): ${rebuildS.toFixed(0)} s.`);
  console.log(
    `One fold (a placed order cancelled), ${folds.length} orders: median ${q(folds, 0.5).toFixed(2)} ms, p95 ${q(folds, 0.95).toFixed(2)} ms.\n`,
  );
  for (const [rangeName] of ranges) {
    console.log(`\n${rangeName}: median / p95 ms (rows)\n`);
    console.log(`| report | ${scopes.map(([s]) => s).join(' | ')} |`);
    console.log(`| --- | ${scopes.map(() => '---:').join(' | ')} |`);
    for (const kind of kinds)
      console.log(
        `| ${kind} | ${scopes
          .map(([s]) => {
            const r = results.find((x) => x.rangeName === rangeName && x.scopeName === s && x.kind === kind);
            return `${r.median.toFixed(0)} / ${r.p95.toFixed(0)} (${r.rows})`;
          })
          .join(' | ')} |`,
      );
  }
  const worst = results.reduce((w, r) => (r.p95 > w.p95 ? r : w));
  console.log(
    `\nslowest: ${worst.kind}, ${worst.scopeName}, ${worst.rangeName}: p95 ${worst.p95.toFixed(0)} ms`,
  );
} finally {
  await drop();
}

/** The chain's year: the seed, stores up to STORES, customers, orders, their points and ratings. */
async function generate() {
  await seedDemoData(db);
  // ---- stores: the seed's, and copies of them up to STORES
  await run(`insert into stores (id, name, address, locality, city_id, latitude, longitude, phone, week,
      delivery_radius_m, order_types)
    select 9000 + row_number() over (order by id), 'Crust ' || locality || ' ' || (9000 + row_number() over (order by id)),
      address, locality, city_id, latitude, longitude, phone, week, delivery_radius_m, order_types
    from stores order by id limit greatest(0, ${STORES} - (select count(*) from stores))`);
  await run(`create temporary table gen_stores as
    select row_number() over (order by id) - 1 as n, id from (select id from stores order by id limit ${STORES}) s`);
  await run(`create temporary table gen_products as
    select row_number() over (order by code) - 1 as n, code from products`);
  const [{ stores, products }] = await rowsOf(`select (select count(*) from gen_stores)::int as stores,
      (select count(*) from gen_products)::int as products`);

  // ---- customers (the orders' owners 40 % of the time; the rest are guests)
  await run(`insert into customers (id, mobile)
    select 'U' || lpad(to_hex(n), 20, '0'), '8' || lpad(n::text, 9, '0') from generate_series(0, ${CUSTOMERS - 1}) n`);

  // ---- orders, a chunk of days at a time: placed between 10:00 and 24:00 IST, 60 % delivery, 3 % cancelled
  const perDay = ORDERS / DAYS;
  for (let d = 0; d < DAYS; d += CHUNK_DAYS) {
    const first = Math.round(d * perDay);
    const last = Math.round(Math.min(DAYS, d + CHUNK_DAYS) * perDay) - 1;
    await run(`insert into orders (id, transaction_id, number, owner_id, cart_id, cart_version, store_id,
        delivery_type, status, snapshot, total_paise, wallet_paise, amount_paise, primary_payment_id, mobile,
        user_details, deliver_to, created_at, placed_at, updated_at, stage, stage_at, promised_at, delivered_at,
        guarantee_paise, promo_code)
      select 'O' || lpad(to_hex(g), 20, '0'), 'T' || lpad(to_hex(g), 20, '0'), 100000000 + g, owner, 'C' || lpad(to_hex(g), 20, '0'),
        1, st.id, kind, case when cancelled then 'cancelled' else 'placed' end,
        jsonb_build_object('cart', jsonb_build_object('displayPrice', gross, 'displayNetPrice', net,
          'taxAmount', gst, 'price', total, 'tip', jsonb_build_object('tipAmount', tip),
          'appliedPromo', case when promo is null then null else jsonb_build_object('code', promo,
            'kind', case when promo like 'EDV%' then 'EDV' else 'COUPON' end, 'discount', gross - net) end,
          'validItems', items), 'lines', '[]'::jsonb),
        total, case when method is null then total else 0 end, case when method is null then 0 else total end,
        method, '9' || lpad((g % 1000000000)::text, 9, '0'), '{}'::jsonb, 'bench', placed, placed, placed,
        case when cancelled then 'CANCELLED' when kind = 'D' then 'DELIVERED' else 'PICKED_UP' end,
        placed + interval '20 minutes', placed + interval '30 minutes',
        case when not cancelled and kind = 'D' then placed + make_interval(mins => minutes) end,
        case when not cancelled and kind = 'D' and minutes >= 30 and owner like 'U%' then least(total, 30000) else 0 end,
        promo
      from (
        select r.*, it.items, it.gross, k.kind, k.method, k.promo, k.tip, it.gross - dc.discount as net,
          round((it.gross - dc.discount) * 0.05)::int as gst,
          (it.gross - dc.discount) + round((it.gross - dc.discount) * 0.05)::int + k.tip
            + case when k.kind = 'DINEIN' then 0 else 2000 end
            + case when k.kind = 'D' and it.gross - dc.discount < 29900 then 3000 else 0 end as total
        from (
          select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
            ('${START}'::date + floor(g / ${perDay})::int - interval '330 minutes' + interval '10 hours'
              + random() * interval '14 hours') at time zone 'UTC' as placed,
            case when random() < 0.4 then 'U' || lpad(to_hex(floor(random() * ${CUSTOMERS})::int), 20, '0')
              else 'G' || lpad(to_hex(g), 20, '0') end as owner,
            random() < 0.03 as cancelled,
            15 + floor(random() * 20 + random() * 20)::int as minutes
          from generate_series(${first}, ${last}) g) r
        cross join lateral (select
          case when r.r1 < 0.6 then 'D' when r.r1 < 0.85 then 'T' when r.r1 < 0.95 then 'DINEIN' else 'CURB' end as kind,
          case when r.r2 < 0.3 then 'CASH' when r.r2 < 0.65 then 'UPI_WALLET' when r.r2 < 0.8 then 'CC'
            when r.r2 < 0.9 then 'DC' when r.r2 < 0.94 then 'NB' when r.r2 < 0.97 then 'PAYTM_WALLET' end as method,
          case when r.r4 < 0.25 then (array['SAVE20', 'FLAT100', 'TAKEAWAY25', 'UPI40', 'EDV2M199', 'EDVMIX'])[1 + floor(r.r4 * 24)::int] end as promo,
          case when r.r5 < 0.3 and r.r1 < 0.6 then (array[2000, 3000, 5000])[1 + floor(r.r5 * 10)::int] else 0 end as tip) k
        cross join lateral (select jsonb_agg(jsonb_build_object('product', jsonb_build_object('code', p.code),
            'quantity', i.q, 'totalPrice', i.price, 'totalPriceAfterDiscount', i.price)) as items,
            sum(i.price)::int as gross
          from (select floor(random() * ${products})::int as pn, 1 + (random() < 0.2)::int as q,
              (9900 + floor(random() * 66) * 1000)::int as price, r.g
            from generate_series(1, 1 + floor(r.r3 * 3)::int)) i
          join gen_products p on p.n = i.pn) it
        cross join lateral (select case when k.promo is null then 0 else floor(it.gross * 0.15)::int end as discount) dc
      ) o
      join gen_stores st on st.n = o.g % ${stores}`);
    log(`orders ${first}–${last} (days ${d}–${Math.min(DAYS, d + CHUNK_DAYS) - 1})`);
  }

  // ---- Pizza Pals earnings of customers' orders (one a day each), and ratings of a quarter of their deliveries
  await run(`insert into loyalty_points (customer_id, kind, ref, points, earn_day, at)
    select owner_id, 'earn_pending', id, 100,
      (date_trunc('day', placed_at at time zone 'UTC' + interval '330 minutes') - interval '330 minutes') at time zone 'UTC',
      placed_at
    from orders where owner_id like 'U%'
    on conflict do nothing`);
  log('loyalty points');
  await run(`insert into feedback (id, order_id, customer_id, store_id, form, overall, nps, state, created_at)
    select 'F' || substr(id, 2), id, owner_id, store_id, 'IN_HOUSE', 1 + floor(random() * 5)::int,
      case when random() < 0.8 then floor(random() * 11)::int end, 'SUBMITTED', delivered_at + interval '1 hour'
    from orders where owner_id like 'U%' and delivered_at is not null and random() < 0.25`);
  log('ratings');
}

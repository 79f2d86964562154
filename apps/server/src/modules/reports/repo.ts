import { sql, type SQL } from 'drizzle-orm';
import type { ReportGrouping, RollupGrain, Span } from '@crust/domain/report-periods';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';

/**
 * The reports' SQL (issue 30 §5, docs/back-office.md "Reports"), read-only over other modules' tables (decision
 * 013 lets a reporting module read with its own queries) and the only writer of its own: `report_orders` (what
 * each placed order adds) and the rollups per store and day, ISO week and month (`report_sales`, `report_mix`,
 * `report_items`, `report_offers`, `report_delivery`).
 *
 * One definition of an order's figures (`FACTS_SELECT`) and one of how facts add to the rollups (`ROLLUPS`)
 * serve both ways in: an order's event folds that order (one statement, in its transaction, which leaves the
 * change in `report_pending` for `foldPending` to add to the rollups outside it), and `rebuild` recomputes a range
 * of days from the orders (the migration's backfill, a repair, the benchmark).
 */

/** IST is UTC+5:30 with no summer time: a fixed offset is exact (and needs no time zone data). */
const IST_DAY = (column: string) => `((${column} at time zone 'UTC') + interval '330 minutes')::date`;

/** report_orders' columns, in the order FACTS makes them. */
const FACT_COLUMNS = [
  'order_id',
  'store_id',
  'day',
  'delivery_type',
  'method',
  'state',
  'gross_paise',
  'discount_paise',
  'gst_paise',
  'charges_paise',
  'tip_paise',
  'total_paise',
  'promo_kind',
  'promo_code',
  'delivery_minutes',
  'guarantee_paise',
  'points_earned',
  'points_redeemed',
] as const;
const COLUMNS = FACT_COLUMNS.join(', ');

/**
 * An order's figures, from its row and the priced cart it was placed with (its snapshot: the cart's item total,
 * its net after the coupon or deal, GST and tip; the grand total is the order's): only orders that were placed
 * (placed, or cancelled after placing). Its Pizza Pals points are the entries its events wrote (ref = order id).
 */
const FACTS_SELECT = `
  select o.id as order_id, o.store_id, ${IST_DAY('o.placed_at')} as day, o.delivery_type,
    coalesce(o.primary_payment_id, case when o.wallet_paise > 0 then 'PIGGYBANK' else 'NONE' end) as method,
    case when o.status = 'placed' then 'placed' else 'cancelled' end as state,
    c.gross as gross_paise, c.gross - c.net as discount_paise, c.gst as gst_paise,
    o.total_paise - c.net - c.gst - c.tip as charges_paise, c.tip as tip_paise, o.total_paise,
    o.snapshot #>> '{cart,appliedPromo,kind}' as promo_kind,
    o.snapshot #>> '{cart,appliedPromo,code}' as promo_code,
    case when o.delivery_type = 'D' and o.advanced_time is null and o.status = 'placed'
      and o.delivered_at is not null
      then floor(extract(epoch from (o.delivered_at - o.placed_at)) / 60)::int end as delivery_minutes,
    o.guarantee_paise,
    coalesce(p.earned, 0)::int as points_earned, coalesce(p.redeemed, 0)::int as points_redeemed
  from orders o
  cross join lateral (select
    coalesce((o.snapshot #>> '{cart,displayPrice}')::int, 0) as gross,
    coalesce((o.snapshot #>> '{cart,displayNetPrice}')::int, 0) as net,
    coalesce((o.snapshot #>> '{cart,taxAmount}')::int, 0) as gst,
    coalesce((o.snapshot #>> '{cart,tip,tipAmount}')::int, 0) as tip) c
  left join lateral (select
      sum(lp.points) filter (where lp.kind = 'earn_pending') as earned,
      coalesce(sum(lp.points) filter (where lp.kind = 'redeem'), 0)
        - coalesce(sum(lp.points) filter (where lp.kind = 'redeem_restored'), 0) as redeemed
    from loyalty_points lp
    where o.owner_id like 'U%' and lp.customer_id = o.owner_id and lp.ref = o.id
      and lp.kind in ('earn_pending', 'redeem', 'redeem_restored')) p on true
  where o.placed_at is not null and o.status in ('placed', 'cancelled') and `;
const facts = (where: SQL): SQL => sql`${sql.raw(FACTS_SELECT)}(${where})`;

/** The rollups: their keys after (store_id, grain, day), and the sums they keep. */
const TABLES = {
  report_sales: {
    keys: [],
    sums: [
      'orders',
      'cancelled',
      'cancelled_paise',
      'gross_paise',
      'discount_paise',
      'gst_paise',
      'charges_paise',
      'tip_paise',
      'total_paise',
      'guarantees',
      'guarantee_paise',
      'points_earned',
      'points_redeemed',
    ],
  },
  report_mix: { keys: ['dimension', 'key'], sums: ['orders', 'net_paise'] },
  report_items: { keys: ['product_code'], sums: ['quantity', 'net_paise'] },
  report_offers: { keys: ['kind', 'code'], sums: ['orders', 'discount_paise', 'net_paise'] },
  report_delivery: { keys: ['minutes'], sums: ['orders'] },
} as const;
type Table = keyof typeof TABLES;

/** A rollup's upsert: `select` makes its rows (keys then sums, in TABLES' order); each row adds to the row kept. */
function upsert(table: Table, select: string): string {
  const { keys, sums } = TABLES[table];
  const columns = ['store_id', 'grain', 'day', ...keys];
  const all = [...columns, ...sums];
  const nonZero = sums.map((c) => `d.${c} <> 0`).join(' or ');
  return `insert into ${table} as t (${all.join(', ')})
    select * from (${select}) d
    where ${nonZero}
    order by ${columns.map((_, i) => i + 1).join(', ')}
    on conflict (${columns.join(', ')}) do update set
      ${sums.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')}`;
}

const PERIOD_OF = (grain: string, day: string) =>
  `case ${grain} when 'D' then ${day} when 'W' then date_trunc('week', ${day}::timestamp)::date
    else date_trunc('month', ${day}::timestamp)::date end`;

/**
 * How facts add to the rollups: `$SOURCE` holds facts with a `sign` (+1 adds an order, −1 takes it out); each is
 * counted at every grain asked for, and each rollup row changes by the signed sum of its orders. Rows whose change
 * is nothing are left alone (a delivered event does not touch the day's sales), and rows are written in key order,
 * so two transactions folding orders of the same store and period wait for each other rather than deadlock.
 */
const ROLLUPS = (source: SQL, grains: readonly RollupGrain[]): SQL => {
  const codes = grains.map((g) => `('${GRAIN_CODE[g]}')`).join(', ');
  const placed = `(e.state = 'placed')::int`;
  const sum = (expr: string, as: string) => `sum(${expr})::int as ${as}`;
  const parts = `
  expanded as (
    select s.*, g.grain, ${PERIOD_OF('g.grain', 's.day')} as period
    from $SOURCE s cross join (values ${codes}) g(grain)
  ),
  sales as (${upsert(
    'report_sales',
    `select e.store_id, e.grain, e.period,
      ${sum(`e.sign * ${placed}`, 'orders')}, ${sum(`e.sign * (e.state = 'cancelled')::int`, 'cancelled')},
      ${sum(`e.sign * (e.state = 'cancelled')::int * e.total_paise`, 'cancelled_paise')},
      ${['gross_paise', 'discount_paise', 'gst_paise', 'charges_paise', 'tip_paise', 'total_paise']
        .map((c) => sum(`e.sign * ${placed} * e.${c}`, c))
        .join(', ')},
      ${sum(`e.sign * ${placed} * (e.guarantee_paise > 0)::int`, 'guarantees')},
      ${sum(`e.sign * ${placed} * e.guarantee_paise`, 'guarantee_paise')},
      ${sum(`e.sign * ${placed} * e.points_earned`, 'points_earned')},
      ${sum(`e.sign * ${placed} * e.points_redeemed`, 'points_redeemed')}
    from expanded e group by 1, 2, 3`,
  )}),
  mix as (${upsert(
    'report_mix',
    `select e.store_id, e.grain, e.period, m.dimension, m.key, ${sum('e.sign', 'orders')},
      ${sum('e.sign * (e.gross_paise - e.discount_paise)', 'net_paise')}
    from expanded e cross join lateral (values ('type', e.delivery_type), ('method', e.method)) m(dimension, key)
    where e.state = 'placed'
    group by 1, 2, 3, 4, 5`,
  )}),
  items as (${upsert(
    'report_items',
    `select e.store_id, e.grain, e.period, i.value #>> '{product,code}',
      ${sum(`e.sign * (i.value ->> 'quantity')::int`, 'quantity')},
      ${sum(`e.sign * (i.value ->> 'totalPriceAfterDiscount')::int`, 'net_paise')}
    from expanded e
    join orders o on o.id = e.order_id
    cross join lateral jsonb_array_elements(coalesce(o.snapshot #> '{cart,validItems}', '[]'::jsonb)) i
    where e.state = 'placed'
    group by 1, 2, 3, 4`,
  )}),
  offers as (${upsert(
    'report_offers',
    `select e.store_id, e.grain, e.period, e.promo_kind, e.promo_code, ${sum('e.sign', 'orders')},
      ${sum('e.sign * e.discount_paise', 'discount_paise')},
      ${sum('e.sign * (e.gross_paise - e.discount_paise)', 'net_paise')}
    from expanded e
    where e.state = 'placed' and e.promo_code is not null
    group by 1, 2, 3, 4, 5`,
  )}),
  delivery as (${upsert(
    'report_delivery',
    `select e.store_id, e.grain, e.period, e.delivery_minutes, ${sum('e.sign', 'orders')}
    from expanded e
    where e.state = 'placed' and e.delivery_minutes is not null
    group by 1, 2, 3, 4`,
  )})`.split('$SOURCE');
  return sql.join(
    parts.map((p, i) => (i === 0 ? sql.raw(p) : sql`${source}${sql.raw(p)}`)),
    sql``,
  );
};

const GRAIN_CODE: Record<RollupGrain, string> = { day: 'D', week: 'W', month: 'M' };
const ALL_GRAINS: RollupGrain[] = ['day', 'week', 'month'];

/**
 * One order's fold, prepared once per database (src/db/prepared.ts: planning it cost more than running it): the
 * order's facts now against those it last added; if they differ, the old are taken out of the rollups at every
 * grain and the new put in, and report_orders keeps the new.
 */
const statements = preparedStatements((db) => {
  const id = sql.placeholder('orderId');
  return {
    fold: prepareRaw(
      db,
      sql`
    with fresh as (${facts(sql`o.id = ${id}`)}),
    prior as (select ${sql.raw(COLUMNS)} from report_orders where order_id = ${id}),
    changed as (
      select 1 as yes
      where (select to_jsonb(f) from fresh f) is distinct from (select to_jsonb(p) from prior p)
    ),
    signed as (
      select 1 as sign, f.* from fresh f where exists (select from changed)
      union all
      select -1 as sign, p.* from prior p where exists (select from changed)
    ),
    pended as (
      insert into report_pending (sign, ${sql.raw(COLUMNS)})
      select sign, ${sql.raw(COLUMNS)} from signed
    ),
    saved as (
      insert into report_orders (${sql.raw(COLUMNS)})
      select ${sql.raw(COLUMNS)} from fresh where exists (select from changed)
      on conflict (order_id) do update set
        ${sql.raw(
          FACT_COLUMNS.filter((c) => c !== 'order_id')
            .map((c) => `${c} = excluded.${c}`)
            .join(', '),
        )}
    ),
    gone as (
      delete from report_orders
      where order_id = ${id} and not exists (select from fresh) and exists (select from changed)
    )
    select count(*) from changed`,
      'reports_fold',
    ),
  };
});

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * A raw statement prepared as Drizzle prepares its own queries (`.prepare(name)`), which it offers only for its
 * query builders: its session's `prepareQuery`, as drizzle-orm 0.45 has it on PGlite and node-postgres alike.
 */
function prepareRaw(db: Db, query: SQL, name: string): Prepared {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: SQL): unknown };
    session: { prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): Prepared };
  };
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}

/**
 * Brings report_orders up to date with one order, in the caller's transaction, in one statement, and leaves what
 * changed for the rollups in report_pending (`foldPending` adds it). Repeating it changes nothing.
 */
export async function foldOrder(tx: Db, orderId: string): Promise<void> {
  await statements(tx).fold.execute({ orderId });
}

/** Pending facts one `foldPending` statement takes at most (a few thousand orders' worth of work). */
export const FOLD_BATCH = 5_000;

/**
 * Adds what order events left in report_pending to the rollups and deletes it, in one statement per batch, so each
 * fact is counted exactly once: rows another fold has taken are skipped, not waited for, and a fold that fails
 * leaves its rows pending. Answers how many facts it added.
 */
export async function foldPending(db: Db): Promise<number> {
  let folded = 0;
  for (;;) {
    const res = await db.execute(sql`
      with taken as (
        delete from report_pending
        where seq in (select seq from report_pending order by seq limit ${FOLD_BATCH} for update skip locked)
        returning *
      ),
      ${ROLLUPS(sql`taken`, ALL_GRAINS)}
      select count(*)::int as n from taken`);
    const n = num(rowsOf(res)[0]?.n);
    folded += n;
    if (n < FOLD_BATCH) return folded;
  }
}

/** IST days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Recomputes the reports of the orders placed on a range of IST days (every day when no range), from the orders
 * themselves, in one transaction: the migration's backfill, a repair after a fault, the benchmark's load. The
 * days are folded as the order events fold them; the weeks and months touching the range are then summed again
 * from their days.
 */
export async function rebuild(db: Db, range?: DayRange): Promise<void> {
  const days = range ? sql`day between ${range.from}::date and ${range.to}::date` : sql`true`;
  const placed = range
    ? sql`o.placed_at >= (${range.from}::date - interval '330 minutes') at time zone 'UTC'
        and o.placed_at < (${range.to}::date + 1 - interval '330 minutes') at time zone 'UTC'`
    : sql`true`;
  await db.transaction(async (tx) => {
    // order events fold their orders meanwhile: they wait for the rebuild (their statement takes the table's row
    // lock first) and then see what it made
    await tx.execute(sql`lock table report_orders in share row exclusive mode`);
    // a fold under way finishes first and none starts; what is pending is added before the range is recomputed,
    // so a range's orders are not counted again by a later fold and other days' are not lost
    await tx.execute(sql`lock table report_pending in exclusive mode`);
    await foldPending(tx);
    await tx.execute(sql`delete from report_orders where ${days}`);
    for (const table of Object.keys(TABLES) as Table[]) {
      const touched = range
        ? sql`(grain = 'D' and day between ${range.from}::date and ${range.to}::date)
            or (grain = 'W' and day between date_trunc('week', ${range.from}::timestamp)::date and ${range.to}::date)
            or (grain = 'M' and day between date_trunc('month', ${range.from}::timestamp)::date and ${range.to}::date)`
        : sql`true`;
      await tx.execute(sql`delete from ${sql.raw(table)} where ${touched}`);
    }
    await tx.execute(sql`insert into report_orders (${sql.raw(COLUMNS)}) ${facts(placed)}`);
    await tx.execute(
      sql`with ${ROLLUPS(sql`(select 1 as sign, r.* from report_orders r where ${days})`, ['day'])} select 1`,
    );
    for (const table of Object.keys(TABLES) as Table[])
      for (const grain of ['week', 'month'] as const) {
        const { keys, sums } = TABLES[table];
        const keyList = sql.raw(keys.map((k) => `, ${k}`).join(''));
        const within = range
          ? sql`and day between date_trunc(${grain}, ${range.from}::timestamp)::date
              and (date_trunc(${grain}, ${range.to}::timestamp) + ${`1 ${grain}`}::interval - interval '1 day')::date`
          : sql``;
        await tx.execute(sql`
          insert into ${sql.raw(table)} (store_id, grain, day${keyList}, ${sql.raw(sums.join(', '))})
          select store_id, ${GRAIN_CODE[grain]}, date_trunc(${grain}, day::timestamp)::date${keyList},
            ${sql.raw(sums.map((c) => `sum(${c})::int`).join(', '))}
          from ${sql.raw(table)}
          where grain = 'D' ${within}
          group by store_id, 3${keyList}`);
      }
  });
}

// ---- reading

/** A raw query's rows, on PGlite and PostgreSQL alike (numbers may come as strings or bigints). */
const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);

/**
 * A report's reads, in one read-only transaction with room to sort and hash in memory: a year of a hundred stores
 * by week is a couple of hundred thousand histogram rows, which PostgreSQL's default 4 MB would spill to disk.
 */
export async function reading<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // a report counts every order placed before it was asked for
  await foldPending(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return work(tx);
  });
}

/** The stores and cities, with names (a hundred rows: read whole). */
export async function places(db: Db) {
  const res = await db.execute(sql`
    select s.id, s.name, s.city_id, c.name as city_name
    from stores s join cities c on c.id = s.city_id
    order by s.id`);
  return rowsOf(res).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    cityId: String(r.city_id),
    cityName: String(r.city_name),
  }));
}

/** Which stores and rollup rows to read, and how the rows are grouped. */
export interface Cut {
  range: DayRange;
  grouping: ReportGrouping;
  /** the range as rollup rows for the grouping's periods (a month report reads months, not days) */
  spans: readonly Span[];
  /** the range as few rollup rows as can give its totals (top items, offers) */
  wholeSpans: readonly Span[];
  /** null: every store */
  stores: readonly number[] | null;
  by: 'chain' | 'city' | 'store';
}

/**
 * The SQL of a row's period (its first day) and group (its store, city or the whole), grouped and ordered by their
 * own values (a date, a store id) and answered as text: sorting texts cost more than the sums.
 */
function shape(c: Cut, day: string, storeId: string) {
  const period = c.grouping === 'day' ? day : `date_trunc('${c.grouping}', ${day}::timestamp)::date`;
  const group = c.by === 'store' ? storeId : c.by === 'city' ? 'st.city_id' : null;
  return {
    period,
    group: group ?? `'chain'`,
    select: `(${period})::text as period, ${group ? `(${group})::text` : `'chain'`} as grp`,
    keys: group ? `${period}, ${group}` : period,
    join: c.by === 'city' ? `join stores st on st.id = ${storeId}` : '',
  };
}

/** The rollup rows of the spans, of the stores asked for. */
function where(c: Cut, table: string, spans: readonly Span[] = c.spans): SQL {
  const t = sql.raw(table);
  const rows = sql.join(
    spans.map(
      (s) =>
        sql`(${t}.grain = ${GRAIN_CODE[s.grain]} and ${t}.day between ${s.from}::date and ${s.to}::date)`,
    ),
    sql` or `,
  );
  if (c.stores === null) return sql`(${rows})`;
  const ids = c.stores.length > 0 ? c.stores : [-1];
  return sql`(${rows}) and ${t}.store_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Sales per period and group. */
export async function sales(db: Db, c: Cut) {
  const { select, keys, join } = shape(c, 'r.day', 'r.store_id');
  const res = await db.execute(sql`
    select ${sql.raw(select)},
      sum(r.orders) as orders, sum(r.cancelled) as cancelled, sum(r.cancelled_paise) as cancelled_paise,
      sum(r.gross_paise) as gross_paise, sum(r.discount_paise) as discount_paise, sum(r.gst_paise) as gst_paise,
      sum(r.charges_paise) as charges_paise, sum(r.tip_paise) as tip_paise, sum(r.total_paise) as total_paise
    from report_sales r ${sql.raw(join)}
    where ${where(c, 'r')}
    group by ${sql.raw(keys)}
    order by ${sql.raw(keys)}`);
  return rowsOf(res).map((r) => ({
    period: String(r.period),
    group: String(r.grp),
    orders: num(r.orders),
    cancelled: num(r.cancelled),
    cancelledPaise: num(r.cancelled_paise),
    grossPaise: num(r.gross_paise),
    discountPaise: num(r.discount_paise),
    gstPaise: num(r.gst_paise),
    chargesPaise: num(r.charges_paise),
    tipsPaise: num(r.tip_paise),
    totalPaise: num(r.total_paise),
  }));
}

/** Orders and net per period, group, and order type or payment method. */
export async function mix(db: Db, c: Cut) {
  const { select, keys, join } = shape(c, 'r.day', 'r.store_id');
  const res = await db.execute(sql`
    select ${sql.raw(select)}, r.dimension, r.key, sum(r.orders) as orders, sum(r.net_paise) as net_paise
    from report_mix r ${sql.raw(join)}
    where ${where(c, 'r')}
    group by ${sql.raw(keys)}, r.dimension, r.key
    having sum(r.orders) > 0
    order by ${sql.raw(keys)}, case r.dimension when 'type' then 0 else 1 end, r.key`);
  return rowsOf(res).map((r) => ({
    period: String(r.period),
    group: String(r.grp),
    dimension: r.dimension === 'type' ? ('orderType' as const) : ('payment' as const),
    key: String(r.key),
    orders: num(r.orders),
    netPaise: num(r.net_paise),
  }));
}

/** The best-selling items by net, with today's product names. */
export async function topItems(db: Db, c: Cut, limit: number) {
  const res = await db.execute(sql`
    select r.product_code, coalesce(p.name, r.product_code) as name, r.quantity, r.net_paise
    from (
      select r.product_code, sum(r.quantity) as quantity, sum(r.net_paise) as net_paise
      from report_items r
      where ${where(c, 'r', c.wholeSpans)}
      group by r.product_code
      having sum(r.quantity) > 0
      order by sum(r.net_paise) desc, sum(r.quantity) desc, r.product_code
      limit ${limit}) r
    left join products p on p.code = r.product_code
    order by r.net_paise desc, r.quantity desc, r.product_code`);
  return rowsOf(res).map((r) => ({
    productCode: String(r.product_code),
    name: String(r.name),
    quantity: num(r.quantity),
    netPaise: num(r.net_paise),
  }));
}

/** Coupons and deals by their cost, with their titles. */
export async function offers(db: Db, c: Cut) {
  const res = await db.execute(sql`
    select r.kind, r.code, coalesce(cp.title, d.title, r.code) as title, r.orders, r.discount_paise, r.net_paise
    from (
      select r.kind, r.code, sum(r.orders) as orders, sum(r.discount_paise) as discount_paise,
        sum(r.net_paise) as net_paise
      from report_offers r
      where ${where(c, 'r', c.wholeSpans)}
      group by r.kind, r.code
      having sum(r.orders) > 0) r
    left join coupons cp on r.kind = 'COUPON' and cp.code = r.code
    left join edv_deals d on r.kind = 'EDV' and d.code = r.code
    order by r.discount_paise desc, r.orders desc, r.kind, r.code`);
  return rowsOf(res).map((r) => ({
    kind: String(r.kind) === 'EDV' ? ('EDV' as const) : ('COUPON' as const),
    code: String(r.code),
    title: String(r.title),
    orders: num(r.orders),
    discountPaise: num(r.discount_paise),
    netPaise: num(r.net_paise),
  }));
}

/**
 * The delivery-time histogram per period and group: its minutes in order and how many orders took each (arrays,
 * so a year by week of a hundred stores is five thousand rows, not two hundred thousand).
 */
export async function deliveryMinutes(db: Db, c: Cut) {
  const { period, group, keys, join } = shape(c, 'r.day', 'r.store_id');
  const res = await db.execute(sql`
    select h.pk::text as period, h.gk::text as grp, array_agg(h.minutes order by h.minutes) as minutes,
      array_agg(h.orders order by h.minutes) as orders
    from (
      select ${sql.raw(period)} as pk, ${sql.raw(group)} as gk, r.minutes, sum(r.orders)::int as orders
      from report_delivery r ${sql.raw(join)}
      where ${where(c, 'r')}
      group by ${sql.raw(keys)}, r.minutes
      having sum(r.orders) > 0) h
    group by h.pk, h.gk`);
  return rowsOf(res).map((r) => ({
    period: String(r.period),
    group: String(r.grp),
    minutes: (r.minutes as unknown[]).map(num),
    orders: (r.orders as unknown[]).map(num),
  }));
}

/** Guarantee payouts and loyalty points per period and group (from the sales rollup). */
export async function payoutsAndPoints(db: Db, c: Cut) {
  const { select, keys, join } = shape(c, 'r.day', 'r.store_id');
  const res = await db.execute(sql`
    select ${sql.raw(select)},
      sum(r.guarantees) as guarantees, sum(r.guarantee_paise) as guarantee_paise,
      sum(r.points_earned) as points_earned, sum(r.points_redeemed) as points_redeemed
    from report_sales r ${sql.raw(join)}
    where ${where(c, 'r')}
    group by ${sql.raw(keys)}
    order by ${sql.raw(keys)}`);
  return rowsOf(res).map((r) => ({
    period: String(r.period),
    group: String(r.grp),
    guarantees: num(r.guarantees),
    guaranteePaise: num(r.guarantee_paise),
    pointsEarned: num(r.points_earned),
    pointsRedeemed: num(r.points_redeemed),
  }));
}

/**
 * Ratings per period and group, by the IST day they were given, counted as the store console counts them
 * (packages/domain feedback.ts): overall scores and NPS groups (promoters 9–10, passives 7–8, detractors 0–6).
 */
export interface RatingCountsRow {
  period: string;
  group: string;
  ratings: number;
  overallSum: number;
  promoters: number;
  passives: number;
  detractors: number;
}

export async function ratings(db: Db, c: Cut): Promise<RatingCountsRow[]> {
  const { select, keys, join } = shape(c, IST_DAY('f.created_at'), 'f.store_id');
  const stores =
    c.stores === null
      ? sql``
      : sql`and f.store_id in (${sql.join(
          (c.stores.length > 0 ? c.stores : [-1]).map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const res = await db.execute(sql`
    select ${sql.raw(select)}, count(*) as ratings,
      sum(f.overall) as overall_sum,
      count(*) filter (where f.nps >= 9) as promoters,
      count(*) filter (where f.nps between 7 and 8) as passives,
      count(*) filter (where f.nps <= 6) as detractors
    from feedback f ${sql.raw(join)}
    where f.created_at >= (${c.range.from}::date - interval '330 minutes') at time zone 'UTC'
      and f.created_at < (${c.range.to}::date + 1 - interval '330 minutes') at time zone 'UTC'
      ${stores}
    group by ${sql.raw(keys)}
    order by ${sql.raw(keys)}`);
  return rowsOf(res).map((r) => ({
    period: String(r.period),
    group: String(r.grp),
    ratings: num(r.ratings),
    overallSum: num(r.overall_sum),
    promoters: num(r.promoters),
    passives: num(r.passives),
    detractors: num(r.detractors),
  }));
}

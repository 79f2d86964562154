import {
  ReportQuerySchema,
  type DeliveryReport,
  type ItemsReport,
  type LoyaltyReport,
  type MixReport,
  type OffersReport,
  type RatingsReport,
  type ReportKind,
  type ReportMeta,
  type ReportOf,
  type ReportQuery,
  type ReportScope,
  type SalesReport,
} from '@crust/contract/reports';
import { deliveryTypeLabel, isDeliveryType } from '@crust/domain/delivery-types';
import { isPaymentType } from '@crust/domain/payment-types';
import { paymentMethodName } from '@crust/domain/payment-words';
import {
  averageOrderValue,
  coverRange,
  percentileOf,
  periodsBetween,
  ratingsFromCounts,
  reportRangeProblem,
  type Bar,
  type ReportGrouping,
} from '@crust/domain/report-periods';
import { reaches } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { StaffCaller } from '../staff/directory.ts';
import * as repo from './repo.ts';
import { REPORT_TEXTS as T } from './texts.ts';

/** Who asks for a report: their role's reach, and a regional manager's cities. */
export type ReportCaller = Pick<StaffCaller, 'reach' | 'cities'>;

const SCOPE_RANK: Record<ReportScope, number> = { chain: 0, city: 1, store: 2 };

/**
 * Which rollups a grouping may read beside days: a month, or a week wholly inside one, for a month's row; a week
 * for a week's; days for a day's.
 */
const GRAINS_FOR: Record<ReportGrouping, ('week' | 'month')[]> = {
  day: [],
  week: ['week'],
  month: ['month', 'week'],
};

interface Plan {
  cut: repo.Cut;
  meta: ReportMeta;
  /** a row's group id → its name */
  names: Map<string, string>;
  limit: number;
}

/**
 * The back office's reports (issue 30 §5, docs/back-office.md "Reports"). Every figure is read from the rollups
 * per store and day, week and month (repo.ts), brought up to date with every order event before the read: a
 * year by month reads a store's twelve months, never its orders; ratings are read from the ratings. A caller sees only what they reach: the
 * chain (chain admins), their cities' stores (regional managers), their store (store managers); anything else
 * is the same 404 as a store that does not exist.
 */
export class ReportService {
  constructor(private readonly db: Db) {}

  /** The order events' pending facts added to the rollups (the background pass; a report read does it first). */
  foldPending(): Promise<number> {
    return repo.foldPending(this.db);
  }

  async report<K extends ReportKind>(
    kind: K,
    caller: ReportCaller,
    input: ReportQuery,
  ): Promise<ReportOf[K]> {
    const plan = await this.plan(caller, input);
    const made: { [P in ReportKind]: (db: Db) => Promise<ReportOf[P]> } = {
      sales: (db) => this.sales(db, plan),
      mix: (db) => this.mix(db, plan),
      items: (db) => this.items(db, plan),
      offers: (db) => this.offers(db, plan),
      delivery: (db) => this.delivery(db, plan),
      loyalty: (db) => this.loyalty(db, plan),
      ratings: (db) => this.ratings(db, plan),
    };
    return repo.reading(this.db, made[kind]);
  }

  /** Checks the range, the scope against the caller's reach and the breakdown; names the stores covered. */
  private async plan(caller: ReportCaller, input: ReportQuery): Promise<Plan> {
    const q = ReportQuerySchema.parse(input);
    const problem = reportRangeProblem(q.from, q.to);
    if (problem)
      throw httpError(400, 'BAD_RANGE', problem.message, { field: `querystring.${problem.field}` });
    const by = q.by ?? q.scope;
    if (SCOPE_RANK[by] < SCOPE_RANK[q.scope])
      throw httpError(400, 'BAD_REQUEST', T.byTooWide, { field: 'querystring.by' });
    const places = await repo.places(this.db);
    let scope: ReportMeta['scope'];
    let stores: typeof places;
    switch (q.scope) {
      case 'chain':
        if (caller.reach !== 'chain') throw httpError(404, 'NOT_FOUND', T.chainOnly);
        scope = { kind: 'chain', id: 'chain', name: T.wholeChain };
        stores = places;
        break;
      case 'city': {
        if (q.cityId === undefined)
          throw httpError(400, 'BAD_REQUEST', T.needsCity, { field: 'querystring.cityId' });
        const cityId = q.cityId;
        stores = places.filter((s) => s.cityId === cityId);
        if (stores.length === 0 || (caller.reach !== 'chain' && !caller.cities.includes(cityId)))
          throw httpError(404, 'NOT_FOUND', T.notInReach);
        scope = { kind: 'city', id: cityId, name: stores[0]!.cityName };
        break;
      }
      case 'store': {
        if (q.storeId === undefined)
          throw httpError(400, 'BAD_REQUEST', T.needsStore, { field: 'querystring.storeId' });
        const storeId = q.storeId;
        stores = places.filter((s) => s.id === storeId);
        if (stores.length === 0 || !reaches(caller.reach, storeId))
          throw httpError(404, 'NOT_FOUND', T.notInReach);
        scope = { kind: 'store', id: String(storeId), name: stores[0]!.name };
        break;
      }
    }
    const names = new Map<string, string>();
    if (by === 'store') for (const s of stores) names.set(String(s.id), s.name);
    else if (by === 'city') for (const s of stores) names.set(s.cityId, s.cityName);
    else names.set('chain', scope.name);
    return {
      cut: {
        range: { from: q.from, to: q.to },
        grouping: q.group,
        spans: coverRange(q.from, q.to, GRAINS_FOR[q.group]),
        wholeSpans: coverRange(q.from, q.to, ['month', 'week']),
        stores: q.scope === 'chain' ? null : stores.map((s) => s.id),
        by,
      },
      meta: {
        from: q.from,
        to: q.to,
        group: q.group,
        scope,
        by,
        periods: periodsBetween(q.from, q.to, q.group),
        storeIds: stores.map((s) => s.id),
      },
      names,
      limit: q.limit,
    };
  }

  private place(plan: Plan, r: { period: string; group: string }) {
    return { period: r.period, groupId: r.group, groupName: plan.names.get(r.group) ?? r.group };
  }

  private async sales(db: Db, plan: Plan): Promise<SalesReport> {
    const rows = (await repo.sales(db, plan.cut)).map((r) => {
      const { period: _p, group: _g, ...sums } = r;
      return { ...this.place(plan, r), ...salesFigures(sums) };
    });
    const total = salesFigures(
      rows.reduce(
        (t, r) => ({
          orders: t.orders + r.orders,
          cancelled: t.cancelled + r.cancelled,
          cancelledPaise: t.cancelledPaise + r.cancelledPaise,
          grossPaise: t.grossPaise + r.grossPaise,
          discountPaise: t.discountPaise + r.discountPaise,
          gstPaise: t.gstPaise + r.gstPaise,
          chargesPaise: t.chargesPaise + r.chargesPaise,
          tipsPaise: t.tipsPaise + r.tipsPaise,
          totalPaise: t.totalPaise + r.totalPaise,
        }),
        { ...NO_SALES },
      ),
    );
    return { ...plan.meta, rows, total };
  }

  private async mix(db: Db, plan: Plan): Promise<MixReport> {
    const rows = (await repo.mix(db, plan.cut)).map((r) => ({
      ...this.place(plan, r),
      dimension: r.dimension,
      key: r.key,
      label: r.dimension === 'orderType' ? orderTypeLabel(r.key) : methodLabel(r.key),
      orders: r.orders,
      netPaise: r.netPaise,
    }));
    return { ...plan.meta, rows };
  }

  private async items(db: Db, plan: Plan): Promise<ItemsReport> {
    const rows = (await repo.topItems(db, plan.cut, plan.limit)).map((r, i) => ({ rank: i + 1, ...r }));
    return { ...plan.meta, rows };
  }

  private async offers(db: Db, plan: Plan): Promise<OffersReport> {
    const rows = await repo.offers(db, plan.cut);
    const total = rows.reduce(
      (t, r) => ({
        orders: t.orders + r.orders,
        discountPaise: t.discountPaise + r.discountPaise,
        netPaise: t.netPaise + r.netPaise,
      }),
      { orders: 0, discountPaise: 0, netPaise: 0 },
    );
    return { ...plan.meta, rows, total };
  }

  private async delivery(db: Db, plan: Plan): Promise<DeliveryReport> {
    // one after the other: a transaction's statements share its connection
    const bars = await repo.deliveryMinutes(db, plan.cut);
    const payouts = await repo.payoutsAndPoints(db, plan.cut);
    const cells = new Map<
      string,
      { period: string; group: string; bars: Bar[]; guarantees: number; paise: number }
    >();
    const cell = (r: { period: string; group: string }) => {
      const key = `${r.period}|${r.group}`;
      let c = cells.get(key);
      if (!c) cells.set(key, (c = { period: r.period, group: r.group, bars: [], guarantees: 0, paise: 0 }));
      return c;
    };
    for (const h of bars)
      cell(h).bars.push(...h.minutes.map((value, i) => ({ value, count: h.orders[i] ?? 0 })));
    for (const p of payouts) {
      if (p.guarantees === 0 && p.guaranteePaise === 0) continue;
      const c = cell(p);
      c.guarantees += p.guarantees;
      c.paise += p.guaranteePaise;
    }
    const rows = [...cells.values()]
      .sort((a, b) =>
        a.period === b.period ? compareGroups(a.group, b.group) : a.period < b.period ? -1 : 1,
      )
      .map((c) => ({ ...this.place(plan, c), ...deliveryFigures(c.bars, c.guarantees, c.paise) }));
    const all = [...cells.values()];
    const total = deliveryFigures(
      all.flatMap((c) => c.bars),
      all.reduce((n, c) => n + c.guarantees, 0),
      all.reduce((n, c) => n + c.paise, 0),
    );
    return { ...plan.meta, rows, total };
  }

  private async loyalty(db: Db, plan: Plan): Promise<LoyaltyReport> {
    const rows = (await repo.payoutsAndPoints(db, plan.cut))
      .filter((r) => r.pointsEarned !== 0 || r.pointsRedeemed !== 0)
      .map((r) => ({
        ...this.place(plan, r),
        pointsEarned: r.pointsEarned,
        pointsRedeemed: r.pointsRedeemed,
      }));
    const total = {
      pointsEarned: rows.reduce((n, r) => n + r.pointsEarned, 0),
      pointsRedeemed: rows.reduce((n, r) => n + r.pointsRedeemed, 0),
    };
    return { ...plan.meta, rows, total };
  }

  private async ratings(db: Db, plan: Plan): Promise<RatingsReport> {
    const counted = await repo.ratings(db, plan.cut);
    const rows = counted.map((r) => ({ ...this.place(plan, r), ...ratingFigures(r) }));
    const sum = (k: keyof repo.RatingCountsRow) => counted.reduce((n, r) => n + (r[k] as number), 0);
    const total = ratingFigures({
      ratings: sum('ratings'),
      overallSum: sum('overallSum'),
      promoters: sum('promoters'),
      passives: sum('passives'),
      detractors: sum('detractors'),
    });
    return { ...plan.meta, rows, total };
  }
}

const NO_SALES = {
  orders: 0,
  cancelled: 0,
  cancelledPaise: 0,
  grossPaise: 0,
  discountPaise: 0,
  gstPaise: 0,
  chargesPaise: 0,
  tipsPaise: 0,
  totalPaise: 0,
};

/** Net is gross less discounts; the average order is net over the orders. */
function salesFigures(s: typeof NO_SALES): SalesReport['total'] {
  const netPaise = s.grossPaise - s.discountPaise;
  return {
    orders: s.orders,
    cancelled: s.cancelled,
    cancelledPaise: s.cancelledPaise,
    grossPaise: s.grossPaise,
    discountPaise: s.discountPaise,
    netPaise,
    gstPaise: s.gstPaise,
    chargesPaise: s.chargesPaise,
    tipsPaise: s.tipsPaise,
    totalPaise: s.totalPaise,
    averageOrderPaise: averageOrderValue(netPaise, s.orders),
  };
}

function deliveryFigures(bars: Bar[], guarantees: number, guaranteePaise: number): DeliveryReport['total'] {
  return {
    delivered: bars.reduce((n, b) => n + b.count, 0),
    medianMinutes: percentileOf(bars, 0.5),
    p90Minutes: percentileOf(bars, 0.9),
    guarantees,
    guaranteePaise,
  };
}

function ratingFigures(c: Omit<repo.RatingCountsRow, 'period' | 'group'>): RatingsReport['total'] {
  const s = ratingsFromCounts(c);
  return {
    ratings: s.count,
    csatAverage: s.csatAverage,
    nps: s.nps,
    promoters: s.promoters,
    passives: s.passives,
    detractors: s.detractors,
  };
}

/** Store ids in number order, city ids by name. */
function compareGroups(a: string, b: string): number {
  const [na, nb] = [Number(a), Number(b)];
  return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b);
}

function orderTypeLabel(key: string): string {
  return isDeliveryType(key) ? deliveryTypeLabel(key) : key;
}

function methodLabel(key: string): string {
  if (key === 'CASH') return T.cash;
  if (key === 'NONE') return T.nothingToPay;
  return isPaymentType(key) ? paymentMethodName(key, 'D') : key;
}

import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type {
  DeliveryRow,
  ItemRow,
  LoyaltyRow,
  MixRow,
  OfferRow,
  RatingRow,
  ReportKind,
  ReportMeta,
  ReportOf,
  ReportScope,
  SalesRow,
} from '@crust/contract/reports';
import type { StaffSession } from '@crust/contract/store-console';
import { REPORT_GROUPINGS, ratingsFromCounts, type ReportGrouping } from '@crust/domain/report-periods';
import { rupees } from '../../shared/format.ts';
import { useSearchParams } from '../../shared/router/index.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useNow } from '../../shared/use-now.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { fetchStaff } from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { consoleKeys, useStores } from './queries.ts';
import { PeriodBars, ShareBars, TrendLine, type ChartPoint } from './report-charts.tsx';
import {
  customRangeProblem,
  isRangePreset,
  presetRange,
  RANGE_PRESETS,
  sortRows,
  type DayRange,
  type RangePreset,
  type SortValue,
} from './report-range.ts';
import { downloadReport, fetchReport, type ReportAsk } from './reports-api.ts';

/** A place a report covers, as the "Report on" select holds it: `chain`, `city:<id>` or `store:<id>`. */
interface Place {
  value: string;
  label: string;
  scope: ReportScope;
  id: string;
}

/** The rows' breakdown as the "Break down" select holds it: the scope in total, or per city or store. */
type Breakdown = 'total' | 'city' | 'store';

/** The breakdowns a scope allows: never wider than the scope itself (the server refuses those). */
function breakdownsOf(scope: ReportScope): Breakdown[] {
  switch (scope) {
    case 'chain':
      return ['total', 'city', 'store'];
    case 'city':
      return ['total', 'store'];
    case 'store':
      return ['total'];
  }
}

/**
 * What a login may report on (docs/back-office.md "Reports"): the whole chain for a chain admin, a city for a
 * chain admin or a regional manager, and every store it reaches. The server checks the reach again.
 */
export function placesOf(
  session: StaffSession,
  stores: readonly { id: number; name: string }[],
  cities: readonly { id: string; name: string }[],
): Place[] {
  const places: Place[] = [];
  const role = session.staff.role;
  if (role === 'ADMIN') places.push({ value: 'chain', label: bo('scopeChain'), scope: 'chain', id: '' });
  if (role === 'ADMIN' || role === 'REGIONAL') {
    const own = role === 'ADMIN' ? cities : cities.filter((c) => session.staff.cities.includes(c.id));
    const named = new Map(own.map((c) => [c.id, c.name]));
    // a regional manager's city the staff list did not name is still theirs, by its id
    if (role === 'REGIONAL') for (const id of session.staff.cities) if (!named.has(id)) named.set(id, id);
    for (const [id, name] of [...named].sort((a, b) => a[1].localeCompare(b[1])))
      places.push({ value: `city:${id}`, label: bo('scopeCity', { name }), scope: 'city', id });
  }
  for (const s of [...stores].sort((a, b) => a.id - b.id))
    places.push({
      value: `store:${s.id}`,
      label: bo('scopeStore', { name: s.name, id: s.id }),
      scope: 'store',
      id: String(s.id),
    });
  return places;
}

/** "3 Nov" on a chart's axis; "Nov 2026" for a month. Calendar days, so no time zone moves them. */
function periodShort(period: string, group: ReportGrouping): string {
  const date = new Date(`${period}T00:00:00Z`);
  return group === 'month'
    ? date.toLocaleDateString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "3 Nov 2026", "Week of 2 Nov 2026", "Nov 2026" in a table. */
export function periodText(period: string, group: ReportGrouping): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (group === 'month') return periodShort(period, group);
  const day = date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return group === 'week' ? bo('weekOf', { day }) : day;
}

const dayText = (day: string) => periodText(day, 'day');

/**
 * The back office's Reports (`?view=reports`, issue 30 §5): the days (presets on India's calendar, or any from
 * and to), the rows' periods, the chain, a city or a store, and the breakdown, kept in the address so a reload
 * keeps them; then each report with its table (sorted by any column), a chart where one helps, and its CSV.
 */
export function ReportsView({ session }: { session: StaffSession }) {
  const [params, setParams] = useSearchParams();
  const now = useNow(60_000);
  const stores = useStores(session.stores).data ?? session.stores;
  const staff = useQuery({
    queryKey: consoleKeys.staff,
    queryFn: ({ signal }) => fetchStaff(signal),
    enabled: session.staff.may.includes('staff') && session.staff.role !== 'MANAGER',
    staleTime: 60_000,
  });
  const places = placesOf(session, stores, staff.data?.cities ?? []);
  const place = places.find((p) => p.value === params.get('on')) ?? places[0];

  const presetParam = params.get('range');
  const preset: RangePreset = isRangePreset(presetParam) ? presetParam : 'today';
  const range: DayRange =
    preset === 'custom'
      ? { from: params.get('from') ?? '', to: params.get('to') ?? '' }
      : presetRange(preset, now);
  const rangeProblem = preset === 'custom' ? customRangeProblem(range) : null;
  const groupParam = params.get('group');
  const group: ReportGrouping = REPORT_GROUPINGS.find((g) => g === groupParam) ?? 'day';
  const breakdowns = place ? breakdownsOf(place.scope) : [];
  const breakdown: Breakdown = breakdowns.find((b) => b === params.get('by')) ?? 'total';

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        p.set('view', 'reports');
        for (const [key, value] of Object.entries(changes))
          if (value === null) p.delete(key);
          else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const choosePreset = (next: RangePreset) =>
    // a custom range starts from the days shown, so it is one change away from them
    set(
      next === 'custom'
        ? { range: next, from: range.from, to: range.to }
        : { range: next, from: null, to: null },
    );

  const ask: ReportAsk | null =
    place && !rangeProblem
      ? {
          from: range.from,
          to: range.to,
          group,
          scope: place.scope,
          ...(place.scope === 'city' ? { cityId: place.id } : {}),
          ...(place.scope === 'store' ? { storeId: Number(place.id) } : {}),
          by: breakdown === 'total' ? place.scope : breakdown,
        }
      : null;

  return (
    <section className="bo-reports" aria-labelledby="bo-reports-heading">
      <h2 id="bo-reports-heading" className="sc-heading">
        {bo('reportsHeading')}
      </h2>
      <p className="sc-muted">{bo('reportsIntro')}</p>
      <div className="bo-report-choices" role="group" aria-label={bo('reportsChoices')}>
        <RadioGroup
          className="bo-range"
          legend={bo('range')}
          legendClassName="bo-legend"
          optionsClassName="filter-chips"
          options={RANGE_PRESETS.map((p) => ({
            value: p,
            className: 'filter-chip',
            inputProps: { className: 'filter-chip-input' },
            label: <span className="filter-chip-face">{bo(`range_${p}`)}</span>,
          }))}
          value={preset}
          onChange={choosePreset}
        />
        <div className="bo-filters bo-report-filters">
          {preset === 'custom' ? (
            <>
              <TextField
                label={bo('rangeFrom')}
                type="date"
                value={range.from}
                onChange={(v) => set({ from: v })}
                error={rangeProblem?.field === 'from' ? bo(`range_${rangeProblem.problem}`) : null}
              />
              <TextField
                label={bo('rangeTo')}
                type="date"
                value={range.to}
                onChange={(v) => set({ to: v })}
                error={rangeProblem?.field === 'to' ? bo(`range_${rangeProblem.problem}`) : null}
              />
            </>
          ) : null}
          <SelectField
            label={bo('group')}
            value={group}
            onChange={(v) => set({ group: v })}
            options={REPORT_GROUPINGS.map((g) => ({ value: g, label: bo(`group_${g}`) }))}
          />
          {places.length > 0 ? (
            <SelectField
              label={bo('reportOn')}
              value={place?.value ?? ''}
              onChange={(v) => set({ on: v, by: null })}
              options={places.map((p) => ({ value: p.value, label: p.label }))}
              disabled={places.length === 1}
            />
          ) : null}
          {breakdowns.length > 1 ? (
            <SelectField
              label={bo('by')}
              value={breakdown}
              onChange={(v) => set({ by: v })}
              options={breakdowns.map((b) => ({ value: b, label: bo(`by_${b}`) }))}
            />
          ) : null}
        </div>
        {rangeProblem ? null : (
          <p className="bo-range-shown" data-testid="report-range">
            {range.from === range.to
              ? bo('rangeOneDay', { day: dayText(range.from) })
              : bo('rangeShown', { from: dayText(range.from), to: dayText(range.to) })}
          </p>
        )}
      </div>
      {ask ? (
        <div className="bo-report-sections">
          <SalesSection ask={ask} />
          <MixSection ask={ask} />
          <div className="bo-report-pair">
            <ItemsSection ask={ask} />
            <OffersSection ask={ask} />
          </div>
          <DeliverySection ask={ask} />
          <div className="bo-report-pair">
            <LoyaltySection ask={ask} />
            <RatingsSection ask={ask} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** One report's section: its heading, its CSV, and what `body` makes of the report once it has come. */
function ReportSection<K extends ReportKind>({
  kind,
  title,
  ask,
  body,
}: {
  kind: K;
  title: string;
  ask: ReportAsk;
  body: (report: ReportOf[K]) => ReactNode;
}) {
  const report = useQuery({
    queryKey: consoleKeys.report(kind, { ...ask }),
    queryFn: ({ signal }) => fetchReport(kind, ask, signal),
    staleTime: 0,
  });
  const headingId = `bo-report-${kind}`;
  return (
    <section className="bo-report card" aria-labelledby={headingId} data-report={kind}>
      <div className="bo-report-head">
        <h3 id={headingId}>{title}</h3>
        <DownloadCsv kind={kind} title={title} ask={ask} />
      </div>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        body(report.data)
      )}
    </section>
  );
}

function DownloadCsv({ kind, title, ask }: { kind: ReportKind; title: string; ask: ReportAsk }) {
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<string | null>(null);
  const download = () =>
    void run(
      async () => {
        setProblem(null);
        await downloadReport(kind, ask);
      },
      (err) => setProblem(messageOf(err)),
    );
  return (
    <div className="bo-download">
      <button
        type="button"
        className="btn btn-secondary bo-download-btn"
        aria-label={bo('downloadCsvLabel', { report: title })}
        disabled={busy}
        onClick={download}
      >
        {busy ? bo('downloading') : bo('downloadCsv')}
      </button>
      {problem ? <ErrorText text={problem} /> : null}
    </div>
  );
}

const Empty = ({ text }: { text: string }) => <p className="sc-muted bo-report-empty">{text}</p>;

/** A column of a report's table: its header, the value it sorts by, its cell, and its total (if it has one). */
interface Column<R> {
  id: string;
  label: string;
  sort: (row: R) => SortValue;
  cell?: (row: R) => ReactNode;
  /** figures: right-aligned */
  numeric?: boolean;
  total?: ReactNode;
}

/** A report's table: a header button per column sorts by it (again: the other way); the total row stays last. */
export function ReportTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  totals = false,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  totals?: boolean;
}) {
  const [sort, setSort] = useState<{ id: string; ascending: boolean } | null>(null);
  const by = columns.find((c) => c.id === sort?.id);
  const shown = by && sort ? sortRows(rows, by.sort, sort.ascending) : rows;
  const sortBy = (id: string) =>
    setSort((s) => ({
      id,
      ascending: s?.id === id ? !s.ascending : !columns.find((c) => c.id === id)?.numeric,
    }));
  return (
    <div className="bo-table-wrap">
      <table className="bo-table bo-report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={c.numeric ? 'bo-num' : undefined}
                aria-sort={sort?.id === c.id ? (sort.ascending ? 'ascending' : 'descending') : undefined}
              >
                <button
                  type="button"
                  className="bo-sort"
                  aria-label={bo('sortBy', { column: c.label })}
                  onClick={() => sortBy(c.id)}
                >
                  {c.label}
                  <span aria-hidden="true" className="bo-sort-mark">
                    {sort?.id === c.id ? (sort.ascending ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? 'bo-num' : undefined}>
                  {c.cell ? c.cell(row) : String(c.sort(row) ?? bo('noFigure'))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr className="bo-total-row">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.id} scope="row">
                    {bo('totalRow')}
                  </th>
                ) : (
                  <td key={c.id} className={c.numeric ? 'bo-num' : undefined}>
                    {c.total ?? ''}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

type Placed = { period: string; groupId: string; groupName: string };

/** The period and, when the rows are cut per city or store, its name: the first columns of a table by period. */
function placeColumns<R extends Placed>(meta: ReportMeta): Column<R>[] {
  const columns: Column<R>[] = [
    {
      id: 'period',
      label: bo('colPeriod'),
      sort: (r) => r.period,
      cell: (r) => periodText(r.period, meta.group),
    },
  ];
  if (meta.by !== meta.scope.kind)
    columns.push({
      id: 'group',
      label: meta.by === 'city' ? bo('colGroupCity') : bo('colGroupStore'),
      sort: (r) => r.groupName,
    });
  return columns;
}

const placeKey = (r: Placed) => `${r.period}|${r.groupId}`;

const money = <R,>(id: string, label: string, pick: (r: R) => number, total?: number): Column<R> => ({
  id,
  label,
  sort: pick,
  cell: (r) => rupees(pick(r)),
  numeric: true,
  ...(total === undefined ? {} : { total: rupees(total) }),
});
const count = <R,>(
  id: string,
  label: string,
  pick: (r: R) => number | null,
  total?: number | null,
): Column<R> => ({
  id,
  label,
  sort: pick,
  cell: (r) => {
    const v = pick(r);
    return v === null ? bo('noFigure') : v.toLocaleString('en-IN');
  },
  numeric: true,
  ...(total === undefined ? {} : { total: total === null ? bo('noFigure') : total.toLocaleString('en-IN') }),
});

/** A figure per period of the range, every period on the axis (the rows name only periods with orders). */
function perPeriod<R extends Placed>(
  meta: ReportMeta,
  rows: readonly R[],
  pick: (rows: R[]) => number | null,
  text: (v: number) => string,
): ChartPoint[] {
  return meta.periods.map((period) => {
    const value = pick(rows.filter((r) => r.period === period));
    return {
      label: periodShort(period, meta.group),
      value,
      text: value === null ? bo('noFigure') : text(value),
    };
  });
}

function SalesSection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="sales"
      title={bo('sectionSales')}
      ask={ask}
      body={(r) =>
        r.total.orders === 0 && r.total.cancelled === 0 ? (
          <Empty text={bo('emptySales')} />
        ) : (
          <>
            {/* one period is one bar: the table says it better */}
            {r.periods.length > 1 ? (
              <PeriodBars
                title={bo('chartOf', { what: bo('netChart'), period: bo(`group_${r.group}`).toLowerCase() })}
                points={perPeriod(r, r.rows, (rows) => rows.reduce((n, x) => n + x.netPaise, 0), rupees)}
              />
            ) : null}
            <ReportTable<SalesRow>
              caption={bo('sectionSales')}
              rows={r.rows}
              rowKey={placeKey}
              totals
              columns={[
                ...placeColumns<SalesRow>(r),
                count('orders', bo('colOrders'), (x) => x.orders, r.total.orders),
                money('gross', bo('colGross'), (x) => x.grossPaise, r.total.grossPaise),
                money('discounts', bo('colDiscounts'), (x) => x.discountPaise, r.total.discountPaise),
                money('net', bo('colNet'), (x) => x.netPaise, r.total.netPaise),
                money('gst', bo('colGst'), (x) => x.gstPaise, r.total.gstPaise),
                money('charges', bo('colCharges'), (x) => x.chargesPaise, r.total.chargesPaise),
                money('tips', bo('colTips'), (x) => x.tipsPaise, r.total.tipsPaise),
                money('total', bo('colTotalPaid'), (x) => x.totalPaise, r.total.totalPaise),
                money('average', bo('colAverage'), (x) => x.averageOrderPaise, r.total.averageOrderPaise),
                count('cancelled', bo('colCancelled'), (x) => x.cancelled, r.total.cancelled),
                money(
                  'cancelledValue',
                  bo('colCancelledValue'),
                  (x) => x.cancelledPaise,
                  r.total.cancelledPaise,
                ),
              ]}
            />
          </>
        )
      }
    />
  );
}

/** The mix over the whole range: orders and net per order type or payment method (and per city or store). */
interface MixTotal {
  groupId: string;
  groupName: string;
  dimension: MixRow['dimension'];
  key: string;
  label: string;
  orders: number;
  netPaise: number;
}

export function mixOverRange(rows: readonly MixRow[]): MixTotal[] {
  const sums = new Map<string, MixTotal>();
  for (const r of rows) {
    const id = `${r.groupId}|${r.dimension}|${r.key}`;
    const was = sums.get(id);
    if (was) {
      was.orders += r.orders;
      was.netPaise += r.netPaise;
    } else
      sums.set(id, {
        groupId: r.groupId,
        groupName: r.groupName,
        dimension: r.dimension,
        key: r.key,
        label: r.label,
        orders: r.orders,
        netPaise: r.netPaise,
      });
  }
  return [...sums.values()].sort((a, b) => b.netPaise - a.netPaise);
}

function shares(rows: readonly MixTotal[], dimension: MixRow['dimension']) {
  const byKey = new Map<string, { key: string; label: string; value: number }>();
  for (const r of rows.filter((x) => x.dimension === dimension)) {
    const was = byKey.get(r.key);
    if (was) was.value += r.netPaise;
    else byKey.set(r.key, { key: r.key, label: r.label, value: r.netPaise });
  }
  return [...byKey.values()].sort((a, b) => b.value - a.value).map((i) => ({ ...i, text: rupees(i.value) }));
}

function MixSection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="mix"
      title={bo('sectionMix')}
      ask={ask}
      body={(r) => {
        if (r.rows.length === 0) return <Empty text={bo('emptyMix')} />;
        const totals = mixOverRange(r.rows);
        const perGroup = r.by !== r.scope.kind;
        return (
          <>
            <div className="bo-mix-charts">
              <ShareBars
                title={bo('mixChart', { dimension: bo('mixOrderType').toLowerCase() })}
                items={shares(totals, 'orderType')}
              />
              <ShareBars
                title={bo('mixChart', { dimension: bo('mixPayment').toLowerCase() })}
                items={shares(totals, 'payment')}
              />
            </div>
            <ReportTable<MixTotal>
              caption={bo('sectionMix')}
              rows={totals}
              rowKey={(x) => `${x.groupId}|${x.dimension}|${x.key}`}
              columns={[
                ...(perGroup
                  ? [
                      {
                        id: 'group',
                        label: r.by === 'city' ? bo('colGroupCity') : bo('colGroupStore'),
                        sort: (x: MixTotal) => x.groupName,
                      },
                    ]
                  : []),
                {
                  id: 'dimension',
                  label: bo('colMixKind'),
                  sort: (x) => (x.dimension === 'orderType' ? bo('mixOrderType') : bo('mixPayment')),
                },
                { id: 'label', label: bo('colName'), sort: (x) => x.label },
                count('orders', bo('colOrders'), (x) => x.orders),
                money('net', bo('colNet'), (x) => x.netPaise),
              ]}
            />
          </>
        );
      }}
    />
  );
}

function ItemsSection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="items"
      title={bo('sectionItems')}
      ask={ask}
      body={(r) =>
        r.rows.length === 0 ? (
          <Empty text={bo('emptyItems')} />
        ) : (
          <ReportTable<ItemRow>
            caption={bo('sectionItems')}
            rows={r.rows}
            rowKey={(x) => x.productCode}
            columns={[
              count('rank', bo('colRank'), (x) => x.rank),
              { id: 'name', label: bo('colItem'), sort: (x) => x.name },
              count('quantity', bo('colQuantity'), (x) => x.quantity),
              money('net', bo('colNet'), (x) => x.netPaise),
            ]}
          />
        )
      }
    />
  );
}

function OffersSection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="offers"
      title={bo('sectionOffers')}
      ask={ask}
      body={(r) =>
        r.rows.length === 0 ? (
          <Empty text={bo('emptyOffers')} />
        ) : (
          <ReportTable<OfferRow>
            caption={bo('sectionOffers')}
            rows={r.rows}
            rowKey={(x) => `${x.kind}|${x.code}`}
            totals
            columns={[
              {
                id: 'offer',
                label: bo('colOffer'),
                sort: (x) => x.title,
                cell: (x) => (
                  <>
                    {x.title} <code className="bo-code">{x.code}</code>
                  </>
                ),
              },
              {
                id: 'kind',
                label: bo('colOfferKind'),
                sort: (x) => (x.kind === 'EDV' ? bo('offerDeal') : bo('offerCoupon')),
              },
              count('orders', bo('colOrders'), (x) => x.orders, r.total.orders),
              money('cost', bo('colCost'), (x) => x.discountPaise, r.total.discountPaise),
              money('net', bo('colNet'), (x) => x.netPaise, r.total.netPaise),
            ]}
          />
        )
      }
    />
  );
}

function DeliverySection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="delivery"
      title={bo('sectionDelivery')}
      ask={ask}
      body={(r) =>
        r.total.delivered === 0 && r.total.guarantees === 0 ? (
          <Empty text={bo('emptyDelivery')} />
        ) : (
          <ReportTable<DeliveryRow>
            caption={bo('sectionDelivery')}
            rows={r.rows}
            rowKey={placeKey}
            totals
            columns={[
              ...placeColumns<DeliveryRow>(r),
              count('delivered', bo('colDelivered'), (x) => x.delivered, r.total.delivered),
              count('median', bo('colMedian'), (x) => x.medianMinutes, r.total.medianMinutes),
              count('p90', bo('colP90'), (x) => x.p90Minutes, r.total.p90Minutes),
              count('guarantees', bo('colGuarantees'), (x) => x.guarantees, r.total.guarantees),
              money('payouts', bo('colPayouts'), (x) => x.guaranteePaise, r.total.guaranteePaise),
            ]}
          />
        )
      }
    />
  );
}

function LoyaltySection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="loyalty"
      title={bo('sectionLoyalty')}
      ask={ask}
      body={(r) =>
        r.total.pointsEarned === 0 && r.total.pointsRedeemed === 0 ? (
          <Empty text={bo('emptyLoyalty')} />
        ) : (
          <ReportTable<LoyaltyRow>
            caption={bo('sectionLoyalty')}
            rows={r.rows}
            rowKey={placeKey}
            totals
            columns={[
              ...placeColumns<LoyaltyRow>(r),
              count('earned', bo('colEarned'), (x) => x.pointsEarned, r.total.pointsEarned),
              count('redeemed', bo('colRedeemed'), (x) => x.pointsRedeemed, r.total.pointsRedeemed),
            ]}
          />
        )
      }
    />
  );
}

function RatingsSection({ ask }: { ask: ReportAsk }) {
  return (
    <ReportSection
      kind="ratings"
      title={bo('sectionRatings')}
      ask={ask}
      body={(r) =>
        r.total.ratings === 0 ? (
          <Empty text={bo('emptyRatings')} />
        ) : (
          <>
            {r.periods.length > 1 ? (
              <TrendLine
                title={bo('chartOf', { what: bo('npsChart'), period: bo(`group_${r.group}`).toLowerCase() })}
                min={-100}
                max={100}
                points={perPeriod(
                  r,
                  r.rows,
                  // the period's NPS over every row of it (per store: their groups added up)
                  (rows) =>
                    ratingsFromCounts({
                      ratings: rows.reduce((n, x) => n + x.ratings, 0),
                      overallSum: 0,
                      promoters: rows.reduce((n, x) => n + x.promoters, 0),
                      passives: rows.reduce((n, x) => n + x.passives, 0),
                      detractors: rows.reduce((n, x) => n + x.detractors, 0),
                    }).nps,
                  String,
                )}
              />
            ) : null}
            <ReportTable<RatingRow>
              caption={bo('sectionRatings')}
              rows={r.rows}
              rowKey={placeKey}
              totals
              columns={[
                ...placeColumns<RatingRow>(r),
                count('ratings', bo('colRatings'), (x) => x.ratings, r.total.ratings),
                {
                  id: 'csat',
                  label: bo('colCsat'),
                  sort: (x) => x.csatAverage,
                  cell: (x) => x.csatAverage?.toFixed(2) ?? bo('noFigure'),
                  numeric: true,
                  total: r.total.csatAverage?.toFixed(2) ?? bo('noFigure'),
                },
                count('nps', bo('colNps'), (x) => x.nps, r.total.nps),
                count('promoters', bo('colPromoters'), (x) => x.promoters, r.total.promoters),
                count('passives', bo('colPassives'), (x) => x.passives, r.total.passives),
                count('detractors', bo('colDetractors'), (x) => x.detractors, r.total.detractors),
              ]}
            />
          </>
        )
      }
    />
  );
}

import type { ReportKind, ReportMeta, ReportOf } from '@crust/contract/reports';
import { csvLine, rupeesCell } from '@crust/domain/report-periods';

type Cell = string | number | null;

/** A table's column: its header, and its cell of a row (money as rupees with two decimals). */
interface Column<R> {
  header: string;
  cell: (row: R) => Cell;
}

type RowOf<K extends ReportKind> = ReportOf[K]['rows'][number];

const money = <R>(header: string, pick: (r: R) => number): Column<R> => ({
  header,
  cell: (r) => rupeesCell(pick(r)),
});
const whereColumns = <R extends { period: string; groupId: string; groupName: string }>(): Column<R>[] => [
  { header: 'Period', cell: (r) => r.period },
  { header: 'Group', cell: (r) => r.groupId },
  { header: 'Name', cell: (r) => r.groupName },
];

/** Each report's CSV columns, in order: the JSON's figures, money in rupees. */
const TABLES: { [K in ReportKind]: Column<RowOf<K>>[] } = {
  sales: [
    ...whereColumns<RowOf<'sales'>>(),
    { header: 'Orders', cell: (r) => r.orders },
    { header: 'Cancelled', cell: (r) => r.cancelled },
    money('Cancelled value (Rs)', (r) => r.cancelledPaise),
    money('Gross (Rs)', (r) => r.grossPaise),
    money('Discounts (Rs)', (r) => r.discountPaise),
    money('Net (Rs)', (r) => r.netPaise),
    money('GST (Rs)', (r) => r.gstPaise),
    money('Charges (Rs)', (r) => r.chargesPaise),
    money('Tips (Rs)', (r) => r.tipsPaise),
    money('Total paid (Rs)', (r) => r.totalPaise),
    money('Average order (Rs)', (r) => r.averageOrderPaise),
  ],
  mix: [
    ...whereColumns<RowOf<'mix'>>(),
    { header: 'By', cell: (r) => (r.dimension === 'orderType' ? 'Order type' : 'Payment method') },
    { header: 'Code', cell: (r) => r.key },
    { header: 'Label', cell: (r) => r.label },
    { header: 'Orders', cell: (r) => r.orders },
    money('Net (Rs)', (r) => r.netPaise),
  ],
  items: [
    { header: 'Rank', cell: (r) => r.rank },
    { header: 'Product code', cell: (r) => r.productCode },
    { header: 'Name', cell: (r) => r.name },
    { header: 'Quantity', cell: (r) => r.quantity },
    money('Net (Rs)', (r) => r.netPaise),
  ],
  offers: [
    { header: 'Kind', cell: (r) => (r.kind === 'EDV' ? 'Deal' : 'Coupon') },
    { header: 'Code', cell: (r) => r.code },
    { header: 'Title', cell: (r) => r.title },
    { header: 'Orders', cell: (r) => r.orders },
    money('Cost (Rs)', (r) => r.discountPaise),
    money('Net (Rs)', (r) => r.netPaise),
  ],
  delivery: [
    ...whereColumns<RowOf<'delivery'>>(),
    { header: 'Delivered', cell: (r) => r.delivered },
    { header: 'Median minutes', cell: (r) => r.medianMinutes },
    { header: 'P90 minutes', cell: (r) => r.p90Minutes },
    { header: 'Guarantees paid', cell: (r) => r.guarantees },
    money('Guarantee payouts (Rs)', (r) => r.guaranteePaise),
  ],
  loyalty: [
    ...whereColumns<RowOf<'loyalty'>>(),
    { header: 'Points earned', cell: (r) => r.pointsEarned },
    { header: 'Points redeemed', cell: (r) => r.pointsRedeemed },
  ],
  ratings: [
    ...whereColumns<RowOf<'ratings'>>(),
    { header: 'Ratings', cell: (r) => r.ratings },
    { header: 'CSAT average', cell: (r) => (r.csatAverage === null ? null : r.csatAverage.toFixed(2)) },
    { header: 'NPS', cell: (r) => r.nps },
    { header: 'Promoters', cell: (r) => r.promoters },
    { header: 'Passives', cell: (r) => r.passives },
    { header: 'Detractors', cell: (r) => r.detractors },
  ],
};

/** A report as a CSV download: a header row, then one line per row (RFC 4180, CRLF). */
export function reportCsv<K extends ReportKind>(
  kind: K,
  report: ReportOf[K],
): { filename: string; body: string } {
  const columns = TABLES[kind] as Column<RowOf<K>>[];
  const rows = report.rows as RowOf<K>[];
  const lines = [
    csvLine(columns.map((c) => c.header)),
    ...rows.map((row) => csvLine(columns.map((c) => c.cell(row)))),
  ];
  return { filename: filenameOf(kind, report), body: `${lines.join('\r\n')}\r\n` };
}

/** crust-sales-store-1001-2026-11-01-to-2026-11-30.csv: only letters, digits, dots and dashes. */
function filenameOf(kind: ReportKind, m: ReportMeta): string {
  const scope = m.scope.kind === 'chain' ? 'chain' : `${m.scope.kind}-${m.scope.id}`;
  return `crust-${kind}-${scope}-${m.from}-to-${m.to}.csv`.replace(/[^A-Za-z0-9.-]/g, '-');
}

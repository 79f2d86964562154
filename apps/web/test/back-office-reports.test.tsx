import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SalesReport } from '@crust/contract/reports';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { periodsBetween } from '@crust/domain/report-periods';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { fileNameOf } from '../src/features/store/console-api.ts';
import { customRangeProblem, presetRange, sortRows } from '../src/features/store/report-range.ts';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 30 §5: the back office's Reports view. Its range presets are India's days whatever the device's clock
 * says; its tables sort by any column; each table downloads the server's CSV with the bearer token, saved under
 * the name the server gives; an empty range says so; a login without `reports` never sees the tab.
 */

/** An instant given as India's wall-clock time. */
const ist = (wall: string) => Date.parse(`${wall}+05:30`);

describe('range presets, on the IST calendar', () => {
  it.each([
    // 00:10 in India is still the day before in UTC: India's day counts
    ['2026-03-01T00:10', 'today', '2026-03-01', '2026-03-01'],
    ['2026-03-01T00:10', 'yesterday', '2026-02-28', '2026-02-28'],
    ['2026-03-01T00:10', 'last7', '2026-02-23', '2026-03-01'],
    ['2026-03-01T00:10', 'thisMonth', '2026-03-01', '2026-03-01'],
    ['2026-03-01T00:10', 'lastMonth', '2026-02-01', '2026-02-28'],
    // 23:50 in India: the next UTC day has not begun, India's day is the same
    ['2026-02-28T23:50', 'today', '2026-02-28', '2026-02-28'],
    ['2026-02-28T23:50', 'thisMonth', '2026-02-01', '2026-02-28'],
    ['2026-02-28T23:50', 'lastMonth', '2026-01-01', '2026-01-31'],
    // a leap February, and January's last month is the year before's December
    ['2028-03-15T12:00', 'lastMonth', '2028-02-01', '2028-02-29'],
    ['2027-01-01T00:00', 'lastMonth', '2026-12-01', '2026-12-31'],
    ['2027-01-01T00:00', 'yesterday', '2026-12-31', '2026-12-31'],
    ['2027-01-03T05:29', 'last7', '2026-12-28', '2027-01-03'],
  ] as const)('at %s IST, %s is %s to %s', (wall, preset, from, to) => {
    expect(presetRange(preset, ist(wall))).toEqual({ from, to });
  });

  it('a custom range must name both days, in order, at most 366 of them', () => {
    expect(customRangeProblem({ from: '', to: '2026-03-01' })).toEqual({
      field: 'from',
      problem: 'fromMissing',
    });
    expect(customRangeProblem({ from: '2026-03-01', to: '2026-02-30' })).toEqual({
      field: 'to',
      problem: 'toMissing',
    });
    expect(customRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      field: 'to',
      problem: 'toBeforeFrom',
    });
    expect(customRangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull(); // 366 days
    expect(customRangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      field: 'to',
      problem: 'tooLong',
    });
  });
});

describe('sorting a table', () => {
  const rows = [
    { name: 'Store 10', net: 500, median: 31 },
    { name: 'Store 9', net: 1500, median: null },
    { name: 'store 2', net: 500, median: 18 },
    { name: 'Store 100', net: 90, median: 25 },
  ];
  it('numbers by size, equal ones keeping their order, either way', () => {
    expect(sortRows(rows, (r) => r.net, true).map((r) => r.name)).toEqual([
      'Store 100',
      'Store 10',
      'store 2',
      'Store 9',
    ]);
    expect(sortRows(rows, (r) => r.net, false).map((r) => r.name)).toEqual([
      'Store 9',
      'Store 10',
      'store 2',
      'Store 100',
    ]);
  });
  it('texts as people read them, the numbers in them by value', () => {
    expect(sortRows(rows, (r) => r.name, true).map((r) => r.name)).toEqual([
      'store 2',
      'Store 9',
      'Store 10',
      'Store 100',
    ]);
  });
  it('a missing figure is last whichever way', () => {
    expect(sortRows(rows, (r) => r.median, true).map((r) => r.median)).toEqual([18, 25, 31, null]);
    expect(sortRows(rows, (r) => r.median, false).map((r) => r.median)).toEqual([31, 25, 18, null]);
  });
});

describe("a download's name", () => {
  it("is the Content-Disposition's file name, without any path", () => {
    expect(fileNameOf('attachment; filename="crust-sales-store-3001-2026-03-01-to-2026-03-01.csv"')).toBe(
      'crust-sales-store-3001-2026-03-01-to-2026-03-01.csv',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''a%20b.csv")).toBe('a b.csv');
    expect(fileNameOf('attachment; filename="../../etc/x.csv"')).toBe('x.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

const FUTURE = '2099-01-01T00:00:00.000Z';
const KORAMANGALA: ConsoleStore = {
  id: 3001,
  name: 'Crust Koramangala',
  online: true,
  advanceOrderStoreId: null,
};
const INDIRANAGAR: ConsoleStore = {
  id: 3002,
  name: 'Crust Indiranagar',
  online: true,
  advanceOrderStoreId: null,
};

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: FUTURE,
    staff: {
      id: `S${role}`,
      name: 'Ravi',
      role,
      storeId: role === 'MANAGER' || role === 'STAFF' ? 3001 : null,
      cities: role === 'REGIONAL' ? ['bengaluru'] : [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: role === 'MANAGER' || role === 'STAFF' ? [KORAMANGALA] : [KORAMANGALA, INDIRANAGAR],
  };
}

const figures = (orders: number, netPaise: number) => ({
  orders,
  cancelled: 0,
  cancelledPaise: 0,
  grossPaise: netPaise,
  discountPaise: 0,
  netPaise,
  gstPaise: Math.round(netPaise * 0.05),
  chargesPaise: 0,
  tipsPaise: 0,
  totalPaise: netPaise + Math.round(netPaise * 0.05),
  averageOrderPaise: orders === 0 ? 0 : Math.round(netPaise / orders),
});

/** What the server answers: the sales per store on the day asked for (none on other days), the rest empty. */
function reportsServer() {
  const meta = (q: URLSearchParams) => ({
    from: q.get('from')!,
    to: q.get('to')!,
    group: 'day' as const,
    scope: { kind: q.get('scope') as 'store', id: q.get('storeId') ?? '', name: 'x' },
    by: q.get('by') as 'store',
    periods: periodsBetween(q.get('from')!, q.get('to')!, 'day'),
    storeIds: [3001],
  });
  const query = (url: string) => new URL(url, 'http://localhost').searchParams;
  const SALES_DAY = '2026-03-01';
  const server = mockServer({
    'GET /api/v1/store/stores': (c) =>
      success(sessionAs(c.headers.authorization!.replace('Bearer staff-token-', '') as StaffRole).stores),
    'GET /api/v1/store/stores/:storeId/orders': (_c, p) =>
      success({
        store: KORAMANGALA,
        orders: [],
        eventsUrl: `/api/v1/store/stores/${p.storeId}/events?key=k`,
      }),
    'GET /api/v1/store/staff': () =>
      success({
        staff: [],
        stores: [],
        cities: [
          { id: 'bengaluru', name: 'Bengaluru' },
          { id: 'delhi', name: 'Delhi' },
        ],
      }),
    'GET /api/v1/store/reports/sales': (c) => {
      const q = query(c.url);
      const day = q.get('from')! <= SALES_DAY && SALES_DAY <= q.get('to')!;
      const rows: SalesReport['rows'] =
        day && q.get('by') === 'store'
          ? [
              { period: SALES_DAY, groupId: '3001', groupName: 'Crust Koramangala', ...figures(3, 150_000) },
              {
                period: SALES_DAY,
                groupId: '3002',
                groupName: 'Crust Indiranagar',
                ...figures(5, 1_234_550),
              },
            ]
          : day
            ? [{ period: SALES_DAY, groupId: '3001', groupName: 'Crust Koramangala', ...figures(3, 150_000) }]
            : [];
      const net = rows.reduce((n, r) => n + r.netPaise, 0);
      const orders = rows.reduce((n, r) => n + r.orders, 0);
      return success({ ...meta(q), rows, total: figures(orders, net) });
    },
    'GET /api/v1/store/reports/mix': (c) => success({ ...meta(query(c.url)), rows: [] }),
    'GET /api/v1/store/reports/items': (c) => success({ ...meta(query(c.url)), rows: [] }),
    'GET /api/v1/store/reports/offers': (c) =>
      success({ ...meta(query(c.url)), rows: [], total: { orders: 0, discountPaise: 0, netPaise: 0 } }),
    'GET /api/v1/store/reports/delivery': (c) =>
      success({
        ...meta(query(c.url)),
        rows: [],
        total: { delivered: 0, medianMinutes: null, p90Minutes: null, guarantees: 0, guaranteePaise: 0 },
      }),
    'GET /api/v1/store/reports/loyalty': (c) =>
      success({ ...meta(query(c.url)), rows: [], total: { pointsEarned: 0, pointsRedeemed: 0 } }),
    'GET /api/v1/store/reports/ratings': (c) =>
      success({
        ...meta(query(c.url)),
        rows: [],
        total: { ratings: 0, csatAverage: null, nps: null, promoters: 0, passives: 0, detractors: 0 },
      }),
  });
  return server;
}

function open(role: StaffRole, url: string) {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
}

const section = (name: string) => screen.getByRole('region', { name });
const reportCalls = (server: ReturnType<typeof reportsServer>, kind: string) =>
  server.find('GET', new RegExp(`/api/v1/store/reports/${kind}$`));

beforeEach(() => {
  sessionStorage.clear();
  resetStaffSession();
  vi.stubGlobal(
    'EventSource',
    class {
      addEventListener() {}
      removeEventListener() {}
      close() {}
    },
  );
});
afterEach(() => {
  // @ts-expect-error -- jsdom has none; put back as it was
  delete URL.createObjectURL;
  // @ts-expect-error -- as above
  delete URL.revokeObjectURL;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Reports view', () => {
  it('is not there for store staff, not even by its address, and nothing is asked of the server', async () => {
    const server = reportsServer();
    open('STAFF', '/store?view=reports');
    await screen.findByRole('tab', { name: 'Queue' });
    expect(screen.queryByRole('tab', { name: 'Reports' })).toBeNull();
    expect(server.find('GET', /\/reports\//)).toHaveLength(0);
  });

  it("a store manager reads their store's day: the sales table and chart, and plain words for what is empty", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ist('2026-03-01T00:20'));
    const server = reportsServer();
    open('MANAGER', '/store?view=staff');
    fireEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    await screen.findByRole('heading', { name: 'Reports' });
    const sales = section('Sales');
    await within(sales).findByRole('table', { name: 'Sales' });
    // India's today, though it is still the day before in UTC; the manager's one store, in total
    const asked = new URL(reportCalls(server, 'sales')[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      group: 'day',
      scope: 'store',
      storeId: '3001',
      by: 'store',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Report on').disabled).toBe(true);
    expect(screen.queryByLabelText('Break down')).toBeNull();
    const cells = within(sales)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells[1]!.slice(0, 5)).toEqual(['1 Mar 2026', '3', '₹1,500', '₹0', '₹1,500']);
    // one day is one bar: no chart, the table says it
    expect(within(sales).queryByRole('img')).toBeNull();
    expect(await within(section('Ratings')).findByText('No ratings were given in these days.')).toBeTruthy();
    expect(within(section('Top items')).getByText('No items were sold in these days.')).toBeTruthy();

    // yesterday: no orders, said plainly
    fireEvent.click(screen.getByRole('radio', { name: 'Yesterday' }));
    expect(await within(section('Sales')).findByText('No orders were placed in these days.')).toBeTruthy();
    expect(screen.getByTestId('report-range').textContent).toBe('28 Feb 2026');
  });

  it('a chain admin breaks the chain down per store and sorts by net, and back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ist('2026-03-01T12:00'));
    const server = reportsServer();
    open('ADMIN', '/store?view=reports');
    await screen.findByRole('heading', { name: 'Reports' });
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Report on'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Whole chain',
        'City: Bengaluru',
        'City: Delhi',
        'Store: Crust Koramangala · #3001',
        'Store: Crust Indiranagar · #3002',
      ]),
    );
    fireEvent.change(screen.getByLabelText('Break down'), { target: { value: 'store' } });
    const table = await within(section('Sales')).findByRole('table', { name: 'Sales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const stores = () =>
      within(table)
        .getAllByRole('row')
        .slice(1, -1)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(stores()).toEqual(['Crust Koramangala', 'Crust Indiranagar']);
    const last = reportCalls(server, 'sales').at(-1)!.url;
    expect(last).toContain('scope=chain');
    expect(last).toContain('by=store');

    // numbers sort largest first on the first click, then the other way; the total row stays last
    const net = within(table).getByRole('button', { name: 'Sort by Net' });
    fireEvent.click(net);
    expect(stores()).toEqual(['Crust Indiranagar', 'Crust Koramangala']);
    expect(net.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(net);
    expect(stores()).toEqual(['Crust Koramangala', 'Crust Indiranagar']);
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(within(total).getByRole('rowheader').textContent).toBe('Total');
    expect(total.textContent).toContain('₹13,845.50');

    // the last 7 days: a bar per day, the days without orders on the axis too
    fireEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    const chart = await within(section('Sales')).findByRole('img', { name: 'Net sales per day' });
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '23 Feb',
      '24 Feb',
      '25 Feb',
      '26 Feb',
      '27 Feb',
      '28 Feb',
      '1 Mar',
    ]);
    expect(chart.querySelectorAll('rect')).toHaveLength(1);
    expect(chart.querySelector('rect title')!.textContent).toBe('1 Mar: ₹13,845.50');
  });

  it("downloads a table's CSV with the staff token, saved under the server's file name", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ist('2026-03-01T12:00'));
    const server = reportsServer();
    const csv = 'Period,Group,Name,Orders\r\n2026-03-01,3001,Crust Koramangala,3\r\n';
    const asked: { url: string; auth: string | undefined }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.includes('format=csv')) return server.fetchMock(input, init);
      asked.push({ url, auth: (init.headers as Record<string, string>).authorization });
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="crust-sales-store-3001-2026-03-01-to-2026-03-01.csv"',
        },
      });
    });
    const saved: { name: string; text: string }[] = [];
    let blob: Blob | null = null;
    // jsdom has no object URLs: the Blob handed over is what the browser would save
    URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:report');
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      void blob!.text().then((text) => saved.push({ name: this.download, text }));
    });

    open('MANAGER', '/store?view=reports');
    await within(await screen.findByRole('region', { name: 'Sales' })).findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download the Sales table as CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'crust-sales-store-3001-2026-03-01-to-2026-03-01.csv', text: csv });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.auth).toBe('Bearer staff-token-MANAGER');
    expect(asked[0]!.url).toBe(
      '/api/v1/store/reports/sales?from=2026-03-01&to=2026-03-01&group=day&scope=store&by=store&storeId=3001&format=csv',
    );
  });
});

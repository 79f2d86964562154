import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FunnelReport } from '@crust/contract/analytics';
import type { StaffSession } from '@crust/contract/store-console';
import { summarizeFunnel } from '@crust/domain/funnel';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 33 §3: the chain admin's Funnel (docs/analytics.md): each step's customers, each experiment's variants
 * against the reference with the 95 % range and a plain verdict, the tracking switch; no tab for other roles.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const STORE = { id: 3001, name: 'Crust Koramangala', online: true, advanceOrderStoreId: null };

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    staff: {
      id: `S${role}`,
      name: 'Ravi',
      role,
      storeId: role === 'MANAGER' ? 3001 : null,
      cities: [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: [STORE],
  };
}

// 60 of 200 paid in A, 40 of 200 in C (the hand-worked case of packages/domain/test/funnel.test.ts)
const clients = [
  ...Array.from({ length: 200 }, (_, i) => ({ furthest: i < 60 ? 5 : 1, assignment: { bucket: 'A' } })),
  ...Array.from({ length: 200 }, (_, i) => ({ furthest: i < 40 ? 5 : 0, assignment: { bucket: 'C' } })),
];

function funnelServer(tracking: boolean) {
  const state = { tracking };
  const report = (from: string, to: string): FunnelReport => ({
    from,
    to,
    steps: ['landing', 'menu', 'add', 'cart', 'checkout', 'paid'],
    tracking: state.tracking,
    retentionDays: 90,
    range: summarizeFunnel(clients),
    days: [{ day: to, automated: 2, ...summarizeFunnel(clients) }],
  });
  return mockServer({
    'GET /api/v1/store/stores': () => success([STORE]),
    'GET /api/v1/store/analytics/funnel': (c) => {
      const q = new URL(c.url, 'http://localhost').searchParams;
      return success(report(q.get('from')!, q.get('to')!));
    },
    'PUT /api/v1/store/analytics/tracking': (c) => {
      state.tracking = (c.body as { on: boolean }).on;
      return success({ tracking: state.tracking });
    },
  });
}

function open(role: StaffRole, url: string) {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
}

describe('the Funnel view', () => {
  it("shows each step, each variant's conversion against C with its range and verdict, and the switch", async () => {
    const server = funnelServer(false);
    open('ADMIN', '/store?view=analytics');
    expect(await screen.findByRole('heading', { name: 'Funnel', level: 2 })).toBeTruthy();
    const bucket = await screen.findByRole('table', { name: 'Experiment “bucket”' });
    const steps = screen.getAllByRole('table')[0]!;
    expect(within(steps).getByRole('row', { name: /^Opened the app 400/ })).toBeTruthy();
    expect(within(steps).getByRole('row', { name: /^Paid 100 / })).toBeTruthy();
    const a = within(bucket).getByRole('row', { name: /^A / });
    expect(
      within(a)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['200', '60', '30.0 %', '+10.0 points (+1.6 to +18.4)', 'A real difference (p = 0.021)']);
    const c = within(bucket).getByRole('row', { name: /^C / });
    expect(within(c).getAllByRole('cell')[3]!.textContent).toBe('the reference');
    expect(screen.getByRole('status').textContent).toMatch(/^Tracking is off/);

    fireEvent.click(screen.getByRole('button', { name: 'Turn tracking on' }));
    expect(await screen.findByRole('button', { name: 'Turn tracking off' })).toBeTruthy();
    expect(server.find('PUT', '/api/v1/store/analytics/tracking')[0]!.body).toEqual({ on: true });
    expect(screen.getByRole('status').textContent).toMatch(/^Tracking is on/);
  });

  it('is not offered to a store manager', async () => {
    funnelServer(true);
    open('MANAGER', '/store?view=staff');
    expect(await screen.findByRole('tab', { name: 'Staff' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Funnel' })).toBeNull();
  });
});

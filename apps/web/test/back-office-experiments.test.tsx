import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExperimentAdmin } from '@crust/contract/experiments';
import type { StaffSession } from '@crust/contract/store-console';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/** Issue 33 §2: the back office's Experiments view, for the chain admin only (docs/experiments.md). */
const CP = { id: 1001, name: 'Crust Connaught Place', online: true, advanceOrderStoreId: null };

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    staff: {
      id: `S${role}`,
      name: 'Meera',
      role,
      storeId: role === 'MANAGER' ? 1001 : null,
      cities: [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: [CP],
  };
}

const experiment = (o: Partial<ExperimentAdmin> & { name: string }): ExperimentAdmin => ({
  description: '',
  buckets: ['C', 'A', 'B'],
  variants: ['u', 'w', 'x', 'y', 's'].map((name) => ({ name, weight: 20 })),
  enabled: true,
  startsAt: null,
  stopsAt: null,
  running: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...o,
});

function open(role: StaffRole, url: string) {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
}

beforeEach(() => {
  sessionStorage.clear();
  resetStaffSession();
  vi.stubGlobal(
    'EventSource',
    class {
      close() {}
      addEventListener() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Experiments view', () => {
  it('lists each experiment with buckets, shares, dates and state; Stop and Start go to the server', async () => {
    let list = [
      experiment({ name: 'menuReverseAB', buckets: ['B'], variants: [{ name: 'on', weight: 1 }] }),
      experiment({
        name: 'nextGenHome',
        variants: [
          { name: 'u', weight: 3 },
          { name: 'w', weight: 1 },
        ],
        startsAt: '2026-12-01T04:30:00.000Z',
        running: false,
      }),
      experiment({ name: 'voice', enabled: false, running: false }),
    ];
    const server = mockServer({
      'GET /api/v1/store/stores': () => success([CP]),
      'GET /api/v1/store/experiments': () => success({ experiments: list }),
      'POST /api/v1/store/experiments/:name/switch': (c, p) => {
        if (p.name === 'menuReverseAB')
          return reply(403, {
            status: 'FAILED',
            errors: [{ code: 'ADMIN_ONLY', displayMsg: 'Only the chain admin may do this.' }],
          });
        const on = c.body.action === 'start';
        list = list.map((e) => (e.name === p.name ? { ...e, enabled: on, running: on } : e));
        return success(list.find((e) => e.name === p.name));
      },
    });
    open('ADMIN', '/store?view=experiments');
    await screen.findByRole('heading', { name: 'Experiments' });
    const row = (name: string) => screen.getByText(name, { selector: '.bo-experiment-name' }).closest('tr')!;
    await waitFor(() => expect(row('voice')).toBeTruthy());
    expect(within(row('menuReverseAB')).getByText('on 100%')).toBeTruthy();
    expect(within(row('nextGenHome')).getByText('u 75% · w 25%')).toBeTruthy();
    // 04:30 UTC is 10:00 AM in India
    expect(within(row('nextGenHome')).getByText(/^01 Dec 2026, 10:00 am$/i)).toBeTruthy();
    expect(within(row('nextGenHome')).getByText('On, outside its dates')).toBeTruthy();
    expect(within(row('voice')).getByText('Stopped')).toBeTruthy();
    expect(within(row('menuReverseAB')).getByText('Running')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start voice' }));
    await screen.findByRole('button', { name: 'Stop voice' });
    expect(within(row('voice')).getByText('Running')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/v1/store/experiments/voice/switch',
      body: { action: 'start' },
      headers: { authorization: 'Bearer staff-token-ADMIN' },
    });

    // a refusal is said, and the row stays as it was
    fireEvent.click(screen.getByRole('button', { name: 'Stop menuReverseAB' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Only the chain admin may do this.',
    );
    expect(within(row('menuReverseAB')).getByText('Running')).toBeTruthy();
  });

  it('is not offered to a store manager', async () => {
    mockServer({ 'GET /api/v1/store/stores': () => success([CP]) });
    open('MANAGER', '/store?view=experiments');
    await waitFor(() => expect(screen.queryAllByRole('tab').length).toBeGreaterThan(0));
    expect(screen.queryByRole('tab', { name: 'Experiments' })).toBeNull();
  });
});

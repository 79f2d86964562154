import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameAdmin, PrizeTable } from '@crust/contract/game';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { failed, mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 33 §1: the back office's Game view — spins, prizes and their cost by day, and the prize table the chain
 * admin edits (checked by the domain's rules before it is sent; the server checks again). A login that may not run
 * offers never sees it.
 */
const STORE: ConsoleStore = {
  id: 1001,
  name: 'Crust Connaught Place',
  online: true,
  advanceOrderStoreId: null,
};

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    staff: {
      id: `S${role}`,
      name: 'Ravi',
      role,
      storeId: role === 'MANAGER' || role === 'STAFF' ? 1001 : null,
      cities: [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: [STORE],
  };
}

const none = { kind: 'NONE' as const, value: 0, minOrderPaise: 0, productCode: null };
const TABLE: PrizeTable = {
  version: 3,
  rules: { dailyBudgetPaise: 5_000_000, spinWindowDays: 7, prizeValidDays: 14 },
  segments: Array.from({ length: 8 }, (_, position) => ({
    position,
    colourIndex: position,
    label: position % 2 === 1 ? 'Better luck next time' : `₹${(position + 1) * 10} off`,
    prize:
      position % 2 === 1
        ? none
        : { kind: 'COUPON' as const, value: (position + 1) * 1000, minOrderPaise: 29_900, productCode: null },
    weight: position % 2 === 1 ? 20 : 5,
    dailyLimit: position % 2 === 1 ? null : 100,
    costPaise: position % 2 === 1 ? 0 : (position + 1) * 1000,
  })),
};
const ADMIN: GameAdmin = {
  table: TABLE,
  days: [
    {
      day: '2026-11-28',
      spins: 12,
      prizes: 5,
      byKind: { COUPON: 3, POINTS: 1, FREE_SIDE: 1, NONE: 7 },
      costPaise: 21_000,
    },
    {
      day: '2026-11-27',
      spins: 4,
      prizes: 1,
      byKind: { COUPON: 1, POINTS: 0, FREE_SIDE: 0, NONE: 3 },
      costPaise: 5_000,
    },
  ],
};

function open(role: StaffRole, save: () => unknown = () => success({ ...TABLE, version: 4 })) {
  const server = mockServer({
    'GET /api/v1/store/stores': () => success([STORE]),
    'GET /api/v1/store/game': () => success(ADMIN),
    'PUT /api/v1/store/game/prize-table': save,
  });
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  renderRouter([{ path: '/store', Component: StoreConsoleScreen }], '/store?view=game');
  return server;
}

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Game view', () => {
  it("shows each day's spins, prizes by kind and cost, with a total", async () => {
    open('ADMIN');
    const table = await screen.findByRole('table', { name: /Spins, prizes granted by kind/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DaySpinsPrizesCouponsPointsFree sidesBetter luckCost',
      '2026-11-281253117₹210',
      '2026-11-27411003₹50',
      'Total16641110₹260',
    ]);
    expect(screen.getByRole('tab', { name: 'Game' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows each segment’s chance and saves the edited table with its version', async () => {
    const server = open('ADMIN');
    const first = await screen.findByRole('group', { name: /Segment 1/ });
    expect(first.textContent).toContain('Chance: 5%');
    fireEvent.change(within(first).getByLabelText('Weight'), { target: { value: '25' } });
    expect((await screen.findByRole('group', { name: /Segment 1/ })).textContent).toContain('Chance: 20.8%');
    fireEvent.change(within(first).getByLabelText('Label'), { target: { value: '₹10 off today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prize table' }));
    await screen.findByText('Prize table saved.');
    const [put] = server.find('PUT', '/api/v1/store/game/prize-table');
    expect(put!.body.version).toBe(3);
    expect(put!.body.segments[0]).toMatchObject({
      label: '₹10 off today',
      weight: 25,
      prize: { kind: 'COUPON', value: 1000, minOrderPaise: 29_900, productCode: null },
      costPaise: 1000,
    });
    expect(put!.body.rules).toEqual(TABLE.rules);
  });

  it('refuses a table without "better luck next time" before sending it', async () => {
    const server = open('ADMIN');
    for (const n of [2, 4, 6, 8]) {
      const group = await screen.findByRole('group', { name: new RegExp(`Segment ${n}`) });
      fireEvent.change(within(group).getByLabelText('Prize'), { target: { value: 'POINTS' } });
      fireEvent.change(within(group).getByLabelText('Points'), { target: { value: '10' } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save prize table' }));
    expect((await screen.findByRole('alert')).textContent).toContain('better luck next time');
    expect(server.find('PUT', '/api/v1/store/game/prize-table')).toHaveLength(0);
  });

  it('says so when someone saved the table meanwhile', async () => {
    open('ADMIN', () => reply(409, failed('STALE', 'Someone saved the prize table since you opened it.')));
    await screen.findByRole('group', { name: /Segment 1/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save prize table' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Someone saved the prize table since you opened it.',
      ),
    );
  });

  it('a store manager never sees it', async () => {
    open('MANAGER');
    await screen.findAllByRole('button', { name: /Logout|Log out/ });
    expect(screen.queryByRole('tab', { name: 'Game' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Spin the wheel' })).toBeNull();
  });
});

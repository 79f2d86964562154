import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEvent, StaffList, StaffMember } from '@crust/contract/back-office';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { changedFields, formatLogTime } from '../src/features/store/AuditView.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

const FUTURE = '2099-01-01T00:00:00.000Z';
const CP: ConsoleStore = { id: 1001, name: 'Crust Connaught Place', online: true, advanceOrderStoreId: null };
const LN: ConsoleStore = { id: 1002, name: 'Crust Lajpat Nagar', online: true, advanceOrderStoreId: null };
const BLR: ConsoleStore = { id: 3001, name: 'Crust Koramangala', online: true, advanceOrderStoreId: null };

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: FUTURE,
    staff: {
      id: role === 'ADMIN' ? 'SADMIN' : `S${role}`,
      name: role === 'ADMIN' ? 'Meera' : 'Ravi',
      role,
      storeId: role === 'MANAGER' || role === 'STAFF' ? 1001 : null,
      cities: role === 'REGIONAL' ? ['delhi'] : [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: role === 'ADMIN' ? [CP, LN, BLR] : role === 'REGIONAL' ? [CP, LN] : [CP],
  };
}

function member(o: Partial<StaffMember> & { id: string; username: string }): StaffMember {
  return {
    name: o.username,
    role: 'STAFF',
    storeId: 1001,
    cities: [],
    mobile: null,
    disabled: false,
    mustChangePassword: false,
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...o,
  };
}

const STAFF: StaffMember[] = [
  member({ id: 'SADMIN', username: 'chainadmin', name: 'Meera', role: 'ADMIN', storeId: null }),
  member({ id: 'S1001', username: 'store1001', name: 'Connaught Place team', role: 'MANAGER' }),
  member({ id: 'S1002', username: 'store1002', name: 'Lajpat Nagar team', role: 'MANAGER', storeId: 1002 }),
  member({ id: 'SASHA', username: 'asha.k', name: 'Asha Kapoor', role: 'STAFF', disabled: true }),
  member({
    id: 'SNORTH',
    username: 'north.ops',
    name: 'Vikram Rao',
    role: 'REGIONAL',
    storeId: null,
    cities: ['delhi'],
    mustChangePassword: true,
  }),
];

const LIST_PLACES: Omit<StaffList, 'staff'> = {
  stores: [
    { id: 1001, name: 'Crust Connaught Place', cityId: 'delhi' },
    { id: 1002, name: 'Crust Lajpat Nagar', cityId: 'delhi' },
    { id: 3001, name: 'Crust Koramangala', cityId: 'bengaluru' },
  ],
  cities: [
    { id: 'delhi', name: 'Delhi' },
    { id: 'bengaluru', name: 'Bengaluru' },
  ],
};

const fieldError = (code: string, displayMsg: string, field?: string) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});

const STALE_TEXT = 'Changed by someone else. Reload to see the latest, then make your change again.';

/** The back office's API over the fake fetch: the staff list, its saves (with versions) and the change log. */
function officeServer(opts: { events?: AuditEvent[][] } = {}) {
  const state = { staff: STAFF.map((m) => ({ ...m })), passwords: 0 };
  const pages = opts.events ?? [[]];
  const server = mockServer({
    'GET /api/v1/store/stores': () => success([CP, LN, BLR]),
    'GET /api/v1/store/stores/:storeId/orders': (_c, p) =>
      success({
        store: [CP, LN, BLR].find((s) => s.id === Number(p.storeId)),
        orders: [],
        eventsUrl: `/api/v1/store/stores/${p.storeId}/events?key=k`,
      }),
    'GET /api/v1/store/staff': () => success({ staff: state.staff, ...LIST_PLACES }),
    'POST /api/v1/store/staff': (c) => {
      const username = String(c.body.username).trim().toLowerCase();
      if (state.staff.some((m) => m.username === username))
        return reply(
          409,
          fieldError('USERNAME_TAKEN', 'That username is taken. Choose another.', 'body.username'),
        );
      state.passwords += 1;
      const made = member({
        id: `SNEW${state.passwords}`,
        username,
        name: c.body.name,
        role: c.body.role,
        storeId: c.body.storeId,
        cities: c.body.cities,
        mobile: c.body.mobile,
        mustChangePassword: true,
      });
      state.staff = [...state.staff, made];
      return success({ member: made, oneTimePassword: `k7m2q9x4w8r3t6y5p2n${state.passwords}` });
    },
    'PATCH /api/v1/store/staff/:staffId': (c, p) => {
      const was = state.staff.find((m) => m.id === p.staffId)!;
      if (c.body.version !== was.version) return reply(409, fieldError('STALE', STALE_TEXT));
      const { version: _v, disabled, ...fields } = c.body;
      const next = {
        ...was,
        ...fields,
        ...(disabled !== undefined ? { disabled } : {}),
        version: was.version + 1,
      };
      state.staff = state.staff.map((m) => (m.id === was.id ? next : m));
      return success({ member: next });
    },
    'POST /api/v1/store/staff/:staffId/reset': (c, p) => {
      const was = state.staff.find((m) => m.id === p.staffId)!;
      if (c.body.version !== was.version) return reply(409, fieldError('STALE', STALE_TEXT));
      state.passwords += 1;
      const next = { ...was, mustChangePassword: true, version: was.version + 1 };
      state.staff = state.staff.map((m) => (m.id === was.id ? next : m));
      return success({ member: next, oneTimePassword: `reset-password-${state.passwords}` });
    },
    'GET /api/v1/store/audit': (c) => {
      const before = new URL(c.url, 'http://x').searchParams.get('before');
      const at = before === null ? 0 : pages.findIndex((page) => page.at(-1)?.id === Number(before)) + 1;
      const events = pages[at] ?? [];
      return success({ events, next: at < pages.length - 1 ? (events.at(-1)?.id ?? null) : null });
    },
  });
  /** someone else saves a login meanwhile */
  const bump = (id: string, name: string) => {
    state.staff = state.staff.map((m) => (m.id === id ? { ...m, name, version: m.version + 1 } : m));
  };
  return { ...server, state, bump };
}

function open(role: StaffRole, url = '/store') {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
}

const header = () => screen.getByRole('banner');
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const staffRow = (username: string) => screen.getByRole('cell', { name: username }).closest('tr')!;
const fieldOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.field')!;

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

describe('the console follows what the login may do', () => {
  it('store staff: Queue and Done only; no Online switch, Back office or Content', async () => {
    officeServer();
    open('STAFF');
    await screen.findByRole('tab', { name: 'Queue' });
    expect(tabNames()).toEqual(['Queue', 'Done']);
    expect(screen.queryByRole('switch', { name: 'Online' })).toBeNull();
    expect(within(header()).getByText('Ravi · Store staff')).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: 'Back office' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Content' })).toBeNull();
  });

  it('a store manager: every store tab, the Online switch and the Back office; no Content', async () => {
    officeServer();
    open('MANAGER');
    await screen.findByRole('tab', { name: 'Queue' });
    expect(tabNames()).toEqual(['Queue', 'Done', 'Stock', 'Ratings']);
    expect(screen.getByRole('switch', { name: 'Online' })).toBeTruthy();
    expect(within(header()).getByText('Ravi · Store manager')).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Back office' })).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: 'Content' })).toBeNull();
  });

  it('a regional manager is named so, and never reaches Content, not even by its address', async () => {
    officeServer();
    open('REGIONAL', '/store?view=content');
    expect(await screen.findByRole('heading', { name: 'Choose a store' })).toBeTruthy();
    expect(within(header()).getByText('Ravi · Regional manager')).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: 'Content' })).toBeNull();
    expect(within(header()).getByRole('button', { name: 'Back office' })).toBeTruthy();
  });

  it('store staff typing the back office address stay on their desk, and nothing is asked of the server', async () => {
    const server = officeServer();
    open('STAFF', '/store?view=staff');
    await screen.findByRole('tab', { name: 'Queue' });
    expect(server.find('GET', '/api/v1/store/staff')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Staff logins' })).toBeNull();
  });

  it('a chain admin has Back office and Content; the back office has every view', async () => {
    officeServer();
    open('ADMIN');
    await screen.findByRole('heading', { name: 'Choose a store' });
    expect(within(header()).getByText('Meera · Chain admin')).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Content' })).toBeTruthy();
    fireEvent.click(within(header()).getByRole('button', { name: 'Back office' }));
    expect(await screen.findByRole('heading', { name: 'Staff logins' })).toBeTruthy();
    expect(tabNames()).toEqual([
      'Staff',
      'Stores',
      'Menu',
      'Prices',
      'Offers',
      'Reports',
      'Funnel',
      'Experiments',
      'Game',
      'Change log',
    ]);
    expect(within(header()).queryByRole('button', { name: 'Back office' })).toBeNull();
    expect(within(header()).getByRole('button', { name: 'Stores' })).toBeTruthy();
  });
});

describe('the Staff view', () => {
  it('lists the logins with role, place and status, sorted by column and filtered by text and role', async () => {
    officeServer();
    open('ADMIN', '/store?view=staff');
    await screen.findByRole('heading', { name: 'Staff logins' });
    const usernames = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(usernames()).toEqual(['asha.k', 'chainadmin', 'north.ops', 'store1001', 'store1002']);

    const north = within(staffRow('north.ops'));
    expect(north.getByText('Regional manager')).toBeTruthy();
    expect(north.getByText('Delhi')).toBeTruthy();
    expect(north.getByText('Must set password')).toBeTruthy();
    expect(within(staffRow('asha.k')).getByText('Turned off')).toBeTruthy();
    expect(within(staffRow('asha.k')).getByRole('button', { name: 'Turn on asha.k' })).toBeTruthy();
    expect(within(staffRow('store1002')).getByText('Crust Lajpat Nagar · #1002')).toBeTruthy();
    expect(within(staffRow('store1002')).getByText('Active')).toBeTruthy();
    expect(within(staffRow('chainadmin')).getByText('Whole chain')).toBeTruthy();
    // one's own login can be edited, not turned off or reset
    expect(within(staffRow('chainadmin')).queryByRole('button', { name: /Turn off/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Username' }));
    expect(usernames()[0]).toBe('store1002');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Role' }));
    expect(usernames()).toEqual(['chainadmin', 'north.ops', 'store1001', 'store1002', 'asha.k']);
    expect(screen.getByRole('columnheader', { name: /Role/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'MANAGER' } });
    expect(usernames()).toEqual(['store1001', 'store1002']);
    fireEvent.change(screen.getByLabelText('Find'), { target: { value: 'lajpat' } });
    expect(usernames()).toEqual(['store1002']);
    expect(screen.getByText('1 of 5 logins')).toBeTruthy();
  });

  it('a store manager may make store staff only, for their own store', async () => {
    officeServer();
    open('MANAGER', '/store?view=staff&login=new');
    await screen.findByRole('heading', { name: 'New login' });
    const roles = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(roles.map((o) => o.textContent)).toEqual(['Store staff']);
  });

  it('makes a login and shows its one-time password once, with Copy', async () => {
    const server = officeServer();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open('ADMIN', '/store?view=staff');
    fireEvent.click(await screen.findByRole('button', { name: 'New login' }));
    await screen.findByRole('heading', { name: 'New login' });
    expect(
      within(screen.getByLabelText('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Chain admin', 'Regional manager', 'Store manager', 'Store staff']);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Priya.S' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Priya Sharma' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'MANAGER' } });
    // a store role needs its store: said beside the Store field, before anything is sent
    fireEvent.click(screen.getByRole('button', { name: 'Make login' }));
    expect(within(fieldOf('Store')).getByRole('alert').textContent).toBe(
      'Choose the store this login works at.',
    );
    expect(server.find('POST', '/api/v1/store/staff')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Store'), { target: { value: '1002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make login' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'One-time password for priya.s' });
    expect(server.find('POST', '/api/v1/store/staff')[0]!.body).toEqual({
      username: 'Priya.S',
      name: 'Priya Sharma',
      role: 'MANAGER',
      storeId: 1002,
      cities: [],
      mobile: null,
    });
    expect(within(dialog).getByText('k7m2q9x4w8r3t6y5p2n1')).toBeTruthy();
    expect(within(dialog).getByText(/shown only now/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await within(dialog).findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('k7m2q9x4w8r3t6y5p2n1');

    // Escape does not lose it; Done does, for good
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('k7m2q9x4w8r3t6y5p2n1')).toBeNull();

    const made = await waitFor(() => staffRow('priya.s'));
    expect(within(made).getByText('Must set password')).toBeTruthy();
    expect(within(made).getByText('Crust Lajpat Nagar · #1002')).toBeTruthy();
  });

  it("shows a refusal's field error beside its field, and any other refusal above the form", async () => {
    const server = officeServer();
    open('ADMIN', '/store?view=staff&login=new');
    await screen.findByRole('heading', { name: 'New login' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'store1001' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Someone' } });
    fireEvent.change(screen.getByLabelText('Store'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make login' }));

    const taken = await within(fieldOf('Username')).findByRole('alert');
    expect(taken.textContent).toBe('That username is taken. Choose another.');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toContain(taken.id);
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    server.on('POST /api/v1/store/staff', () =>
      reply(403, fieldError('ROLE_NOT_ALLOWED', 'Your login cannot do this. Ask your manager.')),
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'someone.new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make login' }));
    const above = await screen.findByText('Your login cannot do this. Ask your manager.');
    const form = screen.getByRole('button', { name: 'Make login' }).closest('form')!;
    expect(form.contains(above)).toBe(false);
    // above the form: it comes before the form in the page
    expect(above.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(fieldOf('Username')).queryByRole('alert')).toBeNull();
  });

  it('a refusal about a field the form does not show (a store for a chain admin) goes above the form', async () => {
    const server = officeServer();
    server.on('POST /api/v1/store/staff', () =>
      reply(
        400,
        fieldError(
          'BAD_PLACE',
          'This role works across stores: leave the store and cities empty.',
          'body.storeId',
        ),
      ),
    );
    open('ADMIN', '/store?view=staff&login=new');
    await screen.findByRole('heading', { name: 'New login' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ops.two' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ops two' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'ADMIN' } });
    expect(screen.queryByLabelText('Store')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make login' }));
    const above = await screen.findByText('This role works across stores: leave the store and cities empty.');
    expect(screen.getByRole('button', { name: 'Make login' }).closest('form')!.contains(above)).toBe(false);
    expect(server.find('POST', '/api/v1/store/staff')[0]!.body).toMatchObject({
      role: 'ADMIN',
      storeId: null,
      cities: [],
    });
  });

  it('a save made on an old version shows the server’s words and Reload, which fetches the latest', async () => {
    const server = officeServer();
    open('ADMIN', '/store?view=staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit store1002' }));
    await screen.findByRole('heading', { name: 'Edit store1002' });
    expect(screen.queryByLabelText('Username')).toBeNull();

    server.bump('S1002', 'Lajpat Nagar night shift');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lajpat Nagar managers' } });
    fireEvent.change(screen.getByLabelText('Mobile (optional)'), { target: { value: '9812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(STALE_TEXT)).toBeTruthy();
    expect(server.find('PATCH', '/api/v1/store/staff/S1002')[0]!.body).toEqual({
      version: 1,
      name: 'Lajpat Nagar managers',
      mobile: '9812345678',
    });
    const gets = server.find('GET', '/api/v1/store/staff').length;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(STALE_TEXT)).toBeNull());
    expect(server.find('GET', '/api/v1/store/staff').length).toBe(gets + 1);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Lajpat Nagar night shift');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lajpat Nagar managers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Staff logins' });
    expect(server.find('PATCH', '/api/v1/store/staff/S1002')[1]!.body).toEqual({
      version: 2,
      name: 'Lajpat Nagar managers',
    });
    expect(within(staffRow('store1002')).getByText('Lajpat Nagar managers')).toBeTruthy();
  });

  it('turns a login off after a confirm, sending its version; a stale turn-off offers Reload', async () => {
    const server = officeServer();
    open('ADMIN', '/store?view=staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off store1001' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Turn off Connaught Place team’s login?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PATCH', /\/staff\//)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off store1001' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(staffRow('store1001')).getByText('Turned off')).toBeTruthy());
    expect(server.find('PATCH', '/api/v1/store/staff/S1001')[0]!.body).toEqual({
      version: 1,
      disabled: true,
    });

    server.bump('S1002', 'Changed elsewhere');
    fireEvent.click(screen.getByRole('button', { name: 'Reset the password of store1002' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(STALE_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(STALE_TEXT)).toBeNull());
    expect(within(staffRow('store1002')).getByText('Changed elsewhere')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset the password of store1002' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('alertdialog', { name: 'One-time password for store1002' });
    expect(within(shown).getByText('reset-password-1')).toBeTruthy();
    expect(server.find('POST', '/api/v1/store/staff/S1002/reset').at(-1)!.body).toEqual({ version: 2 });
  });
});

const EVENTS: AuditEvent[] = [
  {
    id: 42,
    at: '2026-11-27T13:40:00.000Z',
    staffId: 'SADMIN',
    staffName: 'Meera',
    action: 'staff.disable',
    entity: 'staff',
    entityId: 'S1001',
    storeId: 1001,
    before: { ...STAFF[1], version: 1, disabled: false },
    after: { ...STAFF[1], version: 2, disabled: true },
  },
  {
    id: 41,
    at: '2026-11-27T04:05:00.000Z',
    staffId: 'SADMIN',
    staffName: 'Meera',
    action: 'staff.create',
    entity: 'staff',
    entityId: 'SNEW1',
    storeId: 1002,
    before: null,
    after: { id: 'SNEW1', username: 'priya.s', name: 'Priya', role: 'MANAGER', storeId: 1002, version: 1 },
  },
];
const OLDER: AuditEvent = {
  ...EVENTS[0]!,
  id: 7,
  at: '2026-10-01T06:30:00.000Z',
  action: 'staff.reset',
  entityId: 'S1002',
  before: { username: 'store1002', mustChangePassword: false },
  after: { username: 'store1002', mustChangePassword: true },
};

describe('the Change log', () => {
  it('shows when (IST), who, the action in words, what; opens a diff of only the changed fields', async () => {
    officeServer({ events: [EVENTS] });
    open('ADMIN', '/store?view=audit');
    await screen.findByRole('heading', { name: 'Change log' });
    const row = (await screen.findByText('27 Nov 2026, 07:10 PM')).closest('tr')!;
    expect(within(row).getByText('Meera')).toBeTruthy();
    expect(within(row).getByText('Turned a login off')).toBeTruthy();
    expect(within(row).getByText('staff.disable')).toBeTruthy();
    expect(within(row).getByText('store1001')).toBeTruthy();
    expect(within(row).getByText('S1001')).toBeTruthy();

    const toggle = within(row).getByRole('button', { name: 'Show changes' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const diff = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const fields = within(diff)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(fields).toEqual(['Turned off']);
    expect(within(diff).getByText('No')).toBeTruthy();
    expect(within(diff).getByText('Yes')).toBeTruthy();

    const made = screen.getByText('Made a login').closest('tr')!;
    expect(within(made).getByText('27 Nov 2026, 09:35 AM')).toBeTruthy();
    const opener = within(made).getByRole('button', { name: 'Show changes' });
    fireEvent.click(opener);
    const created = within(document.getElementById(opener.getAttribute('aria-controls')!)!);
    expect(created.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'Username',
      'Name',
      'Role',
      'Store',
    ]);
    expect(created.getByText('Crust Lajpat Nagar · #1002')).toBeTruthy();
    expect(created.getByText('Store manager')).toBeTruthy();
  });

  it('filters by what, who, store and dates, and loads older entries with Load more', async () => {
    const server = officeServer({ events: [EVENTS, [OLDER]] });
    open('ADMIN', '/store?view=audit');
    await screen.findByText('Made a login');
    expect(screen.queryByText('Reset a password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Reset a password')).toBeTruthy();
    expect(server.find('GET', '/api/v1/store/audit').at(-1)!.url).toContain('before=41');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'staff' } });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'SADMIN' } });
    fireEvent.change(screen.getByLabelText('Store'), { target: { value: '1002' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/store/audit').at(-1)!.url).toBe(
        '/api/v1/store/audit?entity=staff&staffId=SADMIN&storeId=1002&from=2026-11-01&to=2026-11-30&limit=50',
      ),
    );

    // an end before the start is said beside To, and not asked
    const asked = server.find('GET', '/api/v1/store/audit').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(within(fieldOf('To')).getByRole('alert').textContent).toBe(
      'The end of the period must not be before its start.',
    );
    expect(server.find('GET', '/api/v1/store/audit')).toHaveLength(asked);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/store/audit').at(-1)!.url).toBe('/api/v1/store/audit?limit=50'),
    );
  });

  it('formats on India’s clock and diffs only what changed', () => {
    expect(formatLogTime('2026-01-05T18:30:00.000Z')).toBe('06 Jan 2026, 12:00 AM');
    expect(changedFields({ a: 1, b: [1], version: 1 }, { a: 1, b: [2], version: 2 })).toEqual([
      { field: 'b', before: [1], after: [2] },
    ]);
    expect(changedFields(null, { name: 'x', id: 'S1' })).toEqual([
      { field: 'name', before: undefined, after: 'x' },
    ]);
  });
});

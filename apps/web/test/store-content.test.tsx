import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminWidget } from '@crust/contract/content';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { actionsOf } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { fromIstInput, toIstInput } from '../src/features/store/WidgetEditor.tsx';
import { failed, mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

const FUTURE = '2099-01-01T00:00:00.000Z';
const STORE: ConsoleStore = { id: 1001, name: 'Indiranagar', online: true, advanceOrderStoreId: null };
const OTHER: ConsoleStore = { id: 1002, name: 'Koramangala', online: true, advanceOrderStoreId: null };

const session = (role: 'MANAGER' | 'ADMIN'): StaffSession => ({
  token: `staff-token-${role}`,
  expiresAt: FUTURE,
  staff: {
    id: role === 'ADMIN' ? 'SADMIN' : 'S1001',
    name: 'Meera',
    role,
    storeId: role === 'ADMIN' ? null : 1001,
    cities: [],
    may: actionsOf(role),
  },
  mustChangePassword: false,
  stores: role === 'ADMIN' ? [STORE, OTHER] : [STORE],
});

function widget(o: Partial<AdminWidget>): AdminWidget {
  return {
    id: 'w',
    placement: 'LANDING',
    kind: 'offers',
    title: 'A widget',
    subtitle: '',
    body: '',
    image: null,
    startsAt: null,
    endsAt: null,
    deliveryTypes: ['D', 'T', 'P', 'DINEIN', 'CURB', 'IRCTC'],
    lang: null,
    platform: null,
    page: null,
    site: null,
    position: 0,
    version: 0,
    state: 'live',
    retiredAt: null,
    createdBy: 'seed',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedBy: 'seed',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...o,
  };
}

const WIDGETS = [
  widget({ id: 'edv-199', kind: 'edv', title: 'Everyday Value', position: 0 }),
  widget({ id: 'offers', title: 'Offers for you', position: 1 }),
  widget({
    id: 'diwali',
    title: 'Diwali feast',
    position: 2,
    state: 'scheduled',
    startsAt: '2026-12-01T04:30:00.000Z',
    endsAt: '2026-12-08T04:30:00.000Z',
  }),
  widget({
    id: 'old',
    title: 'Old news',
    position: 3,
    state: 'retired',
    retiredAt: '2026-11-02T00:00:00.000Z',
  }),
  widget({ id: 'alert', placement: 'ALERT', kind: 'menu', title: 'Pasta Pizza Party' }),
];

function contentServer() {
  let widgets = WIDGETS.map((w) => ({ ...w }));
  const server = mockServer({
    'GET /api/v1/store/stores': () => success([STORE, OTHER]),
    'GET /api/v1/store/content/widgets': () => success({ widgets }),
    'PUT /api/v1/store/content/widget-order': (c) => {
      const ids = c.body.ids as string[];
      widgets = widgets.map((w) => (ids.includes(w.id) ? { ...w, position: ids.indexOf(w.id) } : w));
      return success({ widgets });
    },
    'POST /api/v1/store/content/widgets': (c) => {
      const made = widget({ ...c.body, id: 'w-new', position: 9 });
      widgets = [...widgets, made];
      return success(made);
    },
    'PUT /api/v1/store/content/widgets/:widgetId': (c, p) => {
      const w = widgets.find((x) => x.id === p.widgetId)!;
      if (c.body.version !== w.version)
        return reply(409, failed('CONTENT_CHANGED', 'Someone else changed this meanwhile.'));
      const { version: _v, ...fields } = c.body;
      const next = { ...w, ...fields, version: w.version + 1 };
      widgets = widgets.map((x) => (x.id === w.id ? next : x));
      return success(next);
    },
  });
  return {
    ...server,
    /** someone else saves a widget meanwhile */
    bump(id: string, title: string) {
      widgets = widgets.map((w) => (w.id === id ? { ...w, title, version: w.version + 1 } : w));
    },
  };
}

function open(role: 'MANAGER' | 'ADMIN', url = '/store') {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
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

describe('the Content view', () => {
  it('is not there for a store login, not even by its address', async () => {
    const server = contentServer();
    open('MANAGER', '/store?view=content');
    await screen.findByRole('button', { name: 'Log out' });
    expect(screen.queryByRole('button', { name: 'Content' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Content' })).toBeNull();
    expect(server.find('GET', '/api/v1/store/content/widgets')).toHaveLength(0);
  });

  it('lists every widget by placement with its state and schedule in India time, and moves one up', async () => {
    const server = contentServer();
    const { router } = open('ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Content' }));
    expect(router.state.location.search).toBe('?view=content');
    const landing = await screen.findByRole('region', { name: 'Landing banners' });
    const rows = within(landing).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.sc-widget-title')!.textContent)).toEqual([
      'Everyday Value',
      'Offers for you',
      'Diwali feast',
      'Old news',
    ]);
    expect(rows[2]!.textContent).toContain('Scheduled');
    expect(rows[2]!.textContent).toContain('1 Dec, 10:00 AM');
    expect(rows[3]!.textContent).toContain('Retired');
    // a retired widget has no place in the order
    expect(within(rows[3]!).queryByRole('button', { name: /Move/ })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Alerts' })).getByText('Pasta Pizza Party'),
    ).toBeTruthy();

    fireEvent.click(within(landing).getByRole('button', { name: 'Move up: Diwali feast' }));
    await waitFor(() => expect(server.find('PUT', '/api/v1/store/content/widget-order')).toHaveLength(1));
    expect(server.find('PUT', '/api/v1/store/content/widget-order')[0]!.body).toEqual({
      placement: 'LANDING',
      ids: ['edv-199', 'diwali', 'offers'],
    });
    await waitFor(() =>
      expect(
        within(landing)
          .getAllByRole('listitem')
          .map((r) => r.querySelector('.sc-widget-title')!.textContent),
      ).toEqual(['Everyday Value', 'Diwali feast', 'Offers for you', 'Old news']),
    );
  });

  it('a new widget: the preview shows what was typed as text, and India time is sent as such', async () => {
    const server = contentServer();
    open('ADMIN', '/store?view=content&widget=new');
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Safety first' } });
    fireEvent.change(screen.getByLabelText('Text', { exact: false }), {
      target: { value: '**Clean** kitchens <img src=x onerror=alert(1)> [x](javascript:alert(1))' },
    });
    fireEvent.change(screen.getByLabelText('Starts (India time)'), { target: { value: '2026-12-01T10:00' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Clean').tagName).toBe('STRONG');
    expect(preview.querySelector('img, a')).toBeNull();
    expect(
      within(preview).getByText(/<img src=x onerror=alert\(1\)> \[x\]\(javascript:alert\(1\)\)/),
    ).toBeTruthy();
    expect(within(preview).getByText(/Shown as text, not a link.*javascript:alert\(1\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.find('POST', '/api/v1/store/content/widgets')).toHaveLength(1));
    expect(server.find('POST', '/api/v1/store/content/widgets')[0]!.body).toMatchObject({
      title: 'Safety first',
      startsAt: '2026-12-01T10:00:00+05:30',
      endsAt: null,
      deliveryTypes: ['D', 'T', 'P', 'DINEIN', 'CURB', 'IRCTC'],
    });
    expect(await screen.findByRole('heading', { name: 'Content' })).toBeTruthy();
  });

  it('refuses a form the contract refuses before sending it', async () => {
    const server = contentServer();
    open('ADMIN', '/store?view=content&widget=new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(server.find('POST', '/api/v1/store/content/widgets')).toHaveLength(0);
  });

  it('an edit someone else overtook: told so, what was typed kept, their version on request', async () => {
    const server = contentServer();
    open('ADMIN', '/store?view=content&widget=offers');
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Offers for you');
    fireEvent.change(title, { target: { value: 'My offers' } });
    server.bump('offers', 'Their offers');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else changed this meanwhile.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('My offers');
    fireEvent.click(await screen.findByRole('button', { name: 'Load their version' }));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Their offers');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.find('PUT', '/api/v1/store/content/widgets/offers')).toHaveLength(2));
    expect(server.find('PUT', '/api/v1/store/content/widgets/offers')[1]!.body.version).toBe(1);
  });
});

describe('India time in the editor', () => {
  it.each<[string | null, string]>([
    ['2026-12-01T04:30:00.000Z', '2026-12-01T10:00'],
    ['2026-11-30T20:00:00.000Z', '2026-12-01T01:30'],
    [null, ''],
  ])('%s shows as %s and goes back as the same instant', (iso, local) => {
    expect(toIstInput(iso)).toBe(local);
    const back = fromIstInput(local);
    expect(back === null ? null : new Date(back).toISOString()).toBe(iso);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StoreSettings } from '@crust/contract/back-office';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { kmOf, metresOf, payTypesText } from '../src/features/store/StoreSettingsView.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 30 §4, §7: the back office's Stores view. A store's settings form sends only what changed (with the
 * version it was read at), the radius in metres though typed in km; a refusal shows beside its field; a stale
 * save shows the server's words and Reload; logins that may not change stores never see the tab.
 */

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
const CP: ConsoleStore = { id: 1001, name: 'Crust Connaught Place', online: true, advanceOrderStoreId: null };

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
    stores:
      role === 'ADMIN'
        ? [CP, KORAMANGALA, INDIRANAGAR]
        : role === 'REGIONAL'
          ? [KORAMANGALA, INDIRANAGAR]
          : [KORAMANGALA],
  };
}

const settingsOf = (store: ConsoleStore): StoreSettings => ({
  storeId: store.id,
  name: store.name,
  cityId: store.id < 2000 ? 'delhi' : 'bengaluru',
  phone: '080-4123-4567',
  latitude: 12.9352,
  longitude: 77.6245,
  week: Array.from({ length: 7 }, () => ({ opensAt: '11:00', closesAt: '23:00' })),
  exceptions: [],
  deliveryRadiusM: 5000,
  deliveryPolygon: null,
  advanceOrderStoreId: null,
  paymentOptions: [
    { methodCode: 'UPI_WALLET', providerName: 'UPI', enabled: true, deliveryTypes: ['D', 'T', 'IRCTC'] },
    { methodCode: 'CASH', providerName: 'Cash', enabled: true, deliveryTypes: ['D', 'T'] },
    { methodCode: 'NB', providerName: 'Net Banking', enabled: false, deliveryTypes: ['D'] },
  ],
  advanceStoreChoices:
    store.id === 3001 ? [{ id: 3002, name: 'Crust Indiranagar' }] : [{ id: 3001, name: 'Crust Koramangala' }],
  version: 1,
});

const refusal = (code: string, displayMsg: string, field?: string) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});

const STALE_TEXT = 'Changed by someone else. Reload to see the latest, then make your change again.';

/** The settings API over the fake fetch: a save on the current version applies what it names, as the server does. */
function storesServer() {
  const state = new Map<number, StoreSettings>(
    [KORAMANGALA, INDIRANAGAR, CP].map((s) => [s.id, settingsOf(s)]),
  );
  const server = mockServer({
    // the login's own stores, as the server answers them
    'GET /api/v1/store/stores': (c) =>
      success(sessionAs(c.headers.authorization!.replace('Bearer staff-token-', '') as StaffRole).stores),
    'GET /api/v1/store/stores/:storeId/orders': (_c, p) =>
      success({
        store: [CP, KORAMANGALA, INDIRANAGAR].find((s) => s.id === Number(p.storeId)),
        orders: [],
        eventsUrl: `/api/v1/store/stores/${p.storeId}/events?key=k`,
      }),
    'GET /api/v1/store/stores/:storeId/settings': (_c, p) => success(state.get(Number(p.storeId))),
    'PATCH /api/v1/store/stores/:storeId/settings': (c, p) => {
      const was = state.get(Number(p.storeId))!;
      if (c.body.version !== was.version) return reply(409, refusal('STALE', STALE_TEXT));
      const {
        version: _v,
        paymentOptions,
        addExceptions = [],
        removeExceptions = [],
        ...fields
      } = c.body as Record<string, unknown> & {
        paymentOptions?: { methodCode: string; enabled: boolean }[];
        addExceptions?: StoreSettings['exceptions'];
        removeExceptions?: string[];
      };
      const next: StoreSettings = {
        ...was,
        ...fields,
        exceptions: [...was.exceptions.filter((e) => !removeExceptions.includes(e.date)), ...addExceptions],
        paymentOptions: was.paymentOptions.map((o) => ({
          ...o,
          enabled: paymentOptions?.find((x) => x.methodCode === o.methodCode)?.enabled ?? o.enabled,
        })),
        version: was.version + 1,
      };
      state.set(was.storeId, next);
      return success(next);
    },
    'GET /api/v1/store/audit': () => success({ events: [], next: null }),
    'GET /api/v1/store/staff': () => success({ staff: [], stores: [], cities: [] }),
  });
  /** someone else saves the store meanwhile */
  const bump = (storeId: number, change: Partial<StoreSettings>) => {
    const was = state.get(storeId)!;
    state.set(storeId, { ...was, ...change, version: was.version + 1 });
  };
  return { ...server, state, bump };
}

function open(role: StaffRole, url = '/store') {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(sessionAs(role)));
  resetStaffSession();
  return renderRouter([{ path: '/store', Component: StoreConsoleScreen }], url);
}

const fieldOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.field')!;
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saves = (server: ReturnType<typeof storesServer>, storeId = 3001) =>
  server.find('PATCH', `/api/v1/store/stores/${storeId}/settings`);

async function openSettings(role: StaffRole = 'MANAGER', url = '/store?view=stores') {
  const server = storesServer();
  open(role, url);
  await screen.findByRole('heading', { name: 'Settings of Crust Koramangala · #3001' });
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

describe('the Stores tab', () => {
  it('is not there for store staff, not even by its address, and nothing is asked of the server', async () => {
    const server = storesServer();
    open('STAFF', '/store?view=stores');
    await screen.findByRole('tab', { name: 'Queue' });
    expect(screen.queryByRole('tab', { name: 'Stores' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Store settings' })).toBeNull();
    expect(server.find('GET', /\/settings$/)).toHaveLength(0);
  });

  it('a store manager has it beside Staff, Change log and Reports, and goes straight to their one store', async () => {
    const server = storesServer();
    open('MANAGER', '/store?view=staff');
    fireEvent.click(await screen.findByRole('tab', { name: 'Stores' }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Staff',
      'Stores',
      'Reports',
      'Change log',
    ]);
    await screen.findByRole('heading', { name: 'Settings of Crust Koramangala · #3001' });
    expect(screen.queryByLabelText('Store')).toBeNull();
    expect(server.find('GET', '/api/v1/store/stores/3001/settings')).toHaveLength(1);
    expect(input('Phone').value).toBe('080-4123-4567');
    expect(input('Sunday opens at').value).toBe('11:00');
    expect(input('Delivery radius (km)').value).toBe('5.0');
  });

  it('a chain admin chooses one of their stores first', async () => {
    const server = storesServer();
    open('ADMIN', '/store?view=stores');
    await screen.findByRole('heading', { name: 'Store settings' });
    const options = within(screen.getByLabelText('Store')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a store',
      'Crust Connaught Place · #1001',
      'Crust Koramangala · #3001',
      'Crust Indiranagar · #3002',
    ]);
    expect(server.find('GET', /\/settings$/)).toHaveLength(0);
    type('Store', '3002');
    await screen.findByRole('heading', { name: 'Settings of Crust Indiranagar · #3002' });
    expect(server.find('GET', '/api/v1/store/stores/3002/settings')).toHaveLength(1);
  });
});

describe("a store's settings form", () => {
  it('sends only what changed, with its version; the radius typed in km goes in metres; then says it is saved', async () => {
    const server = await openSettings();
    type('Delivery radius (km)', '0.5');
    type('Friday closes at', '02:00');
    fireEvent.click(screen.getByLabelText('Open on Monday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved. Customers see it now.')).toBeTruthy();
    const day = { opensAt: '11:00', closesAt: '23:00' };
    expect(saves(server)[0]!.body).toEqual({
      version: 1,
      deliveryRadiusM: 500,
      week: [day, null, day, day, day, { opensAt: '11:00', closesAt: '02:00' }, day],
    });
    expect(
      within(screen.getByRole('group', { name: 'Opening hours, day by day' })).getAllByText('Closed all day'),
    ).toHaveLength(1);
    expect(input('Delivery radius (km)').value).toBe('0.5');

    // the next save is made on the version the last one answered, and again names only its change
    type('Advance orders go to', '3002');
    fireEvent.click(screen.getByRole('switch', { name: 'Cash' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Net Banking' }));
    expect(screen.queryByText('Saved. Customers see it now.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Customers see it now.');
    expect(saves(server)[1]!.body).toEqual({
      version: 2,
      advanceOrderStoreId: 3002,
      paymentOptions: [
        { methodCode: 'CASH', enabled: false },
        { methodCode: 'NB', enabled: true },
      ],
    });
    expect(screen.getByRole('switch', { name: 'Cash' }).getAttribute('aria-checked')).toBe('false');
  });

  it('nothing changed: nothing is sent', async () => {
    const server = await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Nothing to save: no setting was changed.')).toBeTruthy();
    expect(saves(server)).toHaveLength(0);
  });

  it('says when the store closes after midnight, or is open round the clock', async () => {
    await openSettings();
    const closes = fieldOf('Tuesday closes at');
    expect(within(closes).queryByText('Closes after midnight')).toBeNull();
    type('Tuesday closes at', '01:00');
    expect(within(closes).getByText('Closes after midnight')).toBeTruthy();
    type('Tuesday closes at', '11:00');
    expect(within(closes).getByText('Round the clock')).toBeTruthy();
  });

  it('keeps one way to pay on: the last one on cannot be switched off, and says why', async () => {
    const server = await openSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'UPI' }));
    const cash = screen.getByRole('switch', { name: 'Cash' });
    expect(cash.getAttribute('aria-checked')).toBe('true');
    expect((cash as HTMLButtonElement).disabled).toBe(true);
    expect(cash.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(cash.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The only way to pay still on. For Delivery, Takeaway',
    );
    expect(screen.getByText(/At least one stays on/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Customers see it now.');
    expect(saves(server)[0]!.body).toEqual({
      version: 1,
      paymentOptions: [{ methodCode: 'UPI_WALLET', enabled: false }],
    });
  });

  it("shows a refusal's field error beside its field, and one the form checks before anything is sent", async () => {
    const server = await openSettings();
    server.on('PATCH /api/v1/store/stores/:storeId/settings', () =>
      reply(400, refusal('BAD_REQUEST', 'Enter the store’s phone number, e.g. 080-4123-4567', 'body.phone')),
    );
    type('Phone', '080 41234 5');
    type('Sunday opens at', '10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const wrong = await within(fieldOf('Phone')).findByRole('alert');
    expect(wrong.textContent).toBe('Enter the store’s phone number, e.g. 080-4123-4567');
    expect(input('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(input('Phone').getAttribute('aria-describedby')).toContain(wrong.id);
    // the refused field takes the focus, so it is in sight
    expect(document.activeElement).toBe(input('Phone'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // a radius outside 0.5–15 km, or not in km to one decimal: said beside it, and not sent
    type('Delivery radius (km)', '16');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(fieldOf('Delivery radius (km)')).getByRole('alert').textContent).toBe(
      'Enter a radius from 0.5 to 15 km.',
    );
    expect(document.activeElement).toBe(input('Delivery radius (km)'));
    type('Delivery radius (km)', '2.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(fieldOf('Delivery radius (km)')).getByRole('alert').textContent).toBe(
      'Enter the radius in km, to one decimal, e.g. 4.5',
    );
    expect(saves(server)).toHaveLength(1);

    // a refusal about the ways to pay shows under them
    server.on('PATCH /api/v1/store/stores/:storeId/settings', () =>
      reply(
        400,
        refusal('NO_METHOD_LEFT', 'Leave at least one way to pay switched on.', 'body.paymentOptions'),
      ),
    );
    type('Delivery radius (km)', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const pay = screen.getByRole('group', { name: 'Ways to pay' });
    expect((await within(pay).findByRole('alert')).textContent).toBe(
      'Leave at least one way to pay switched on.',
    );
    expect(within(fieldOf('Phone')).queryByRole('alert')).toBeNull();
  });

  it('a save made on an old version shows the server’s words and Reload, which fetches the latest', async () => {
    const server = await openSettings();
    server.bump(3001, { phone: '080-4000-0000' });
    type('Delivery radius (km)', '3.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const stale = await screen.findByText(STALE_TEXT);
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(form.contains(stale)).toBe(false);
    expect(saves(server)[0]!.body).toEqual({ version: 1, deliveryRadiusM: 3500 });
    const gets = server.find('GET', '/api/v1/store/stores/3001/settings').length;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(STALE_TEXT)).toBeNull());
    expect(server.find('GET', '/api/v1/store/stores/3001/settings').length).toBe(gets + 1);
    expect(input('Phone').value).toBe('080-4000-0000');
    expect(input('Delivery radius (km)').value).toBe('5.0');

    type('Delivery radius (km)', '3.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Customers see it now.');
    expect(saves(server)[1]!.body).toEqual({ version: 2, deliveryRadiusM: 3500 });
  });
});

describe("a store's holidays and special hours", () => {
  const group = () => screen.getByRole('group', { name: 'Add a holiday or special hours' });
  const inAdd = (label: string) => within(group()).getByLabelText<HTMLInputElement>(label);
  const fieldIn = (label: string) => inAdd(label).closest<HTMLElement>('.field')!;

  it('adds a closed day with a note at once, lists it, and removes it, each with the version it holds', async () => {
    const server = await openSettings();
    expect(screen.getByText('No holidays or special hours ahead.')).toBeTruthy();
    fireEvent.change(inAdd('Date'), { target: { value: '2099-11-01' } });
    fireEvent.change(inAdd('Note (optional)'), { target: { value: ' Diwali ' } });
    fireEvent.click(within(group()).getByRole('button', { name: 'Add' }));
    await screen.findByText('Added Sun, 1 Nov 2099. Customers see it now.');
    expect(saves(server)[0]!.body).toEqual({
      version: 1,
      addExceptions: [{ date: '2099-11-01', hours: null, note: 'Diwali' }],
    });
    const row = screen.getByRole('rowheader', { name: 'Sun, 1 Nov 2099' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Closed all day', 'Diwali', 'Remove']);
    expect(inAdd('Date').value).toBe('');

    // special hours on another day, then the holiday removed
    fireEvent.change(inAdd('Date'), { target: { value: '2099-11-02' } });
    fireEvent.click(within(group()).getByRole('radio', { name: 'Open at special hours' }));
    fireEvent.change(inAdd('Closes at'), { target: { value: '15:00' } });
    fireEvent.click(within(group()).getByRole('button', { name: 'Add' }));
    await screen.findByText('11:00 to 15:00');
    expect(saves(server)[1]!.body).toEqual({
      version: 2,
      addExceptions: [{ date: '2099-11-02', hours: { opensAt: '11:00', closesAt: '15:00' }, note: '' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Sun, 1 Nov 2099' }));
    await screen.findByText('Removed Sun, 1 Nov 2099. Customers see it now.');
    expect(saves(server)[2]!.body).toEqual({ version: 3, removeExceptions: ['2099-11-01'] });
    expect(screen.queryByRole('rowheader', { name: 'Sun, 1 Nov 2099' })).toBeNull();

    // the settings form saves on the version the holidays left
    type('Phone', '080-4123-0000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Customers see it now.');
    expect(saves(server)[3]!.body).toEqual({ version: 4, phone: '080-4123-0000' });
  });

  it('says at the date when it is missing or past (nothing sent) and when the server refuses it', async () => {
    const server = await openSettings();
    fireEvent.click(within(group()).getByRole('button', { name: 'Add' }));
    expect(within(fieldIn('Date')).getByRole('alert').textContent).toBe('Choose a date.');
    expect(document.activeElement).toBe(inAdd('Date'));
    fireEvent.change(inAdd('Date'), { target: { value: '2001-01-01' } });
    fireEvent.click(within(group()).getByRole('button', { name: 'Add' }));
    expect(within(fieldIn('Date')).getByRole('alert').textContent).toBe(
      'This date has passed: choose today or a later date.',
    );
    expect(saves(server)).toHaveLength(0);

    const duplicate = 'This date already has its own hours. Remove them first to change them.';
    server.on('PATCH /api/v1/store/stores/:storeId/settings', () =>
      reply(400, refusal('DUPLICATE_DATE', duplicate, 'body.addExceptions.0.date')),
    );
    fireEvent.change(inAdd('Date'), { target: { value: '2099-11-01' } });
    fireEvent.click(within(group()).getByRole('button', { name: 'Add' }));
    expect((await within(fieldIn('Date')).findByRole('alert')).textContent).toBe(duplicate);
    expect(inAdd('Date').getAttribute('aria-invalid')).toBe('true');
  });
});

describe("a store's delivery area drawn on the map", () => {
  const addCorner = (lat: string, lng: string) => {
    type('Latitude', lat);
    type('Longitude', lng);
    fireEvent.click(screen.getByRole('button', { name: 'Add corner' }));
  };
  const corners = () =>
    within(screen.getByRole('list', { name: 'Corners of the delivery area' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.bo-area-coord')!.textContent);

  it('adds corners by a click on the map or typed, refuses too few before sending, and saves the polygon', async () => {
    const server = await openSettings();
    fireEvent.click(screen.getByRole('radio', { name: 'Inside an area drawn on the map' }));
    expect(screen.queryByLabelText('Delivery radius (km)')).toBeNull();
    // 5 km each way at first (the 5 km radius and some room), the store's pin at the centre
    expect(screen.getByText('8 km each way from the store')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('5 km each way from the store')).toBeTruthy();
    const map = screen.getByTestId('area-map');
    vi.spyOn(map, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 560, 400));
    // 40 px above the centre at 40 px a km: a kilometre north of the store
    fireEvent.click(map, { clientX: 280, clientY: 160 });
    expect(corners()).toEqual(['12.94424, 77.62450']);

    addCorner('12.93', '77.635');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const editor = screen
      .getByRole('img', { name: /Map of the delivery area/ })
      .closest<HTMLElement>('.bo-area')!;
    expect(within(editor).getByRole('alert').textContent).toBe(
      'Draw the delivery area with at least 3 corners.',
    );
    expect(document.activeElement).toBe(editor);
    expect(saves(server)).toHaveLength(0);

    addCorner('12.93', '77.615');
    addCorner('nonsense', '77');
    expect(screen.getByText(/Enter a latitude and a longitude as numbers/)).toBeTruthy();
    expect(corners()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Customers see it now.');
    expect(saves(server)[0]!.body).toEqual({
      version: 1,
      deliveryPolygon: [
        { latitude: 12.944244, longitude: 77.6245 },
        { latitude: 12.93, longitude: 77.635 },
        { latitude: 12.93, longitude: 77.615 },
      ],
    });

    // back to the radius: the polygon goes
    fireEvent.click(screen.getByRole('radio', { name: 'Within a radius of the store' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(server)).toHaveLength(2));
    expect(saves(server)[1]!.body).toEqual({ version: 2, deliveryPolygon: null });
  });

  it("shows the server's refusal of the area, or of one corner beside it; Remove and Clear take corners away", async () => {
    const server = await openSettings();
    fireEvent.click(screen.getByRole('radio', { name: 'Inside an area drawn on the map' }));
    addCorner('12.95', '77.6245');
    addCorner('12.92', '77.64');
    addCorner('12.92', '77.61');
    const tooFar = 'Keep every point within 15 km of the store.';
    server.on('PATCH /api/v1/store/stores/:storeId/settings', () =>
      reply(400, refusal('POLYGON_TOO_FAR', tooFar, 'body.deliveryPolygon.1')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const row = (await screen.findByText(tooFar)).closest('li')!;
    expect(row.className).toBe('is-wrong');
    expect(row.textContent).toContain('12.92000, 77.64000');
    // the focus moves in an effect after the refusal is drawn
    await waitFor(() => expect(document.activeElement).toBe(row));

    const notSimple = 'The area’s edges cross or overlap: move the points so they do not.';
    server.on('PATCH /api/v1/store/stores/:storeId/settings', () =>
      reply(400, refusal('POLYGON_NOT_SIMPLE', notSimple, 'body.deliveryPolygon')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const editor = screen
      .getByRole('img', { name: /Map of the delivery area/ })
      .closest<HTMLElement>('.bo-area')!;
    expect((await within(editor).findByRole('alert')).textContent).toBe(notSimple);

    fireEvent.click(screen.getByRole('button', { name: 'Remove corner 2' }));
    expect(corners()).toEqual(['12.95000, 77.62450', '12.92000, 77.61000']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the area' }));
    expect(screen.queryByRole('list', { name: 'Corners of the delivery area' })).toBeNull();
    expect(screen.getByText(/No corners yet/)).toBeTruthy();
  });
});

describe('the order types a way to pay is for', () => {
  it('says every type, every type but a few, or the few', () => {
    expect(payTypesText(['D', 'T', 'P', 'DINEIN', 'CURB', 'IRCTC'])).toBe('For every order type');
    expect(payTypesText(['D', 'T', 'P', 'DINEIN', 'CURB'])).toBe(
      'For every order type but Delivery on train',
    );
    expect(payTypesText(['D', 'T'])).toBe('For Delivery, Takeaway');
  });
});

describe('km and metres', () => {
  it('shows metres as km to one decimal, and reads km back as whole metres', () => {
    expect(kmOf(5000)).toBe('5.0');
    expect(kmOf(500)).toBe('0.5');
    expect(kmOf(4250)).toBe('4.3');
    expect(metresOf('0.5')).toBe(500);
    expect(metresOf(' 4,5 ')).toBe(4500);
    expect(metresOf('15')).toBe(15_000);
    expect(metresOf('1.1')).toBe(1100);
    expect(metresOf('2.25')).toBeNull();
    expect(metresOf('-1')).toBeNull();
    expect(metresOf('')).toBeNull();
  });
});

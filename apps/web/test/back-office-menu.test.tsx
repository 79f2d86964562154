import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminCatalogue, AdminProduct, StoreAvailability } from '@crust/contract/menu-admin';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { actionsOf, type StaffRole } from '@crust/domain/staff-roles';
import StoreConsoleScreen from '../src/features/store/StoreConsoleScreen.tsx';
import { resetStaffSession, STAFF_SESSION_KEY } from '../src/features/store/staff-session.ts';
import { mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 30 §2: the back office's Menu view. Only logins with `menu` have it; the product editor shows the
 * server's reason when publishing is refused, a stale save with Reload (which reads the catalogue again), and a
 * store switched off saves on the version it read.
 */

const FUTURE = '2099-01-01T00:00:00.000Z';
const CP: ConsoleStore = { id: 1001, name: 'Crust Connaught Place', online: true, advanceOrderStoreId: null };
const STALE_TEXT = 'Changed by someone else. Reload to see the latest, then make your change again.';
const MISSING = 'Add nutrition and allergens for Regular before publishing: every size sold must show them.';

function sessionAs(role: StaffRole): StaffSession {
  return {
    token: `staff-token-${role}`,
    expiresAt: FUTURE,
    staff: {
      id: `S${role}`,
      name: 'Asha',
      role,
      storeId: role === 'MANAGER' || role === 'STAFF' ? 1001 : null,
      cities: role === 'REGIONAL' ? ['delhi'] : [],
      may: actionsOf(role),
    },
    mustChangePassword: false,
    stores: [CP],
  };
}

const draft: AdminProduct = {
  code: 'PIZ0901',
  name: 'Smoked Paneer Tikka',
  description: 'Smoky paneer.',
  foodType: 'VEG',
  productType: 'PIZZA',
  categoryIds: [2],
  defaultToppingIds: [],
  isCustomizable: true,
  isReplaceable: false,
  isBestseller: false,
  sortOrder: 90,
  gstRatePercent: 5,
  status: 'DRAFT',
  pricedOnly: true,
  photo: null,
  variants: [
    {
      code: 'PIZ0901-1-1',
      crustId: 1,
      sizeId: 1,
      pricePaise: 29_900,
      regularPricePaise: 29_900,
      retired: false,
      version: 1,
    },
  ],
  nutrition: [],
  version: 3,
};

const refusal = (code: string, displayMsg: string, field?: string) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});

function menuServer() {
  let product = draft;
  const catalogue = (): AdminCatalogue => ({
    categories: [{ id: 2, slug: 'veg-pizza', name: 'Veg Pizza', sortOrder: 1, hidden: false, version: 1 }],
    crusts: [{ id: 1, name: 'New Hand Tossed' }],
    sizes: [{ id: 1, code: 'R', name: 'Regular' }],
    products: [product],
    toppings: [],
  });
  let store: StoreAvailability = {
    storeId: 1001,
    storeName: 'Crust Connaught Place',
    cityId: 'delhi',
    cityName: 'Delhi',
    available: true,
    inStock: true,
    version: null,
  };
  const server = mockServer({
    'GET /api/v1/store/stores': () => success([CP]),
    'GET /api/v1/store/menu': () => success(catalogue()),
    'POST /api/v1/store/menu/products/:productCode/status': () =>
      reply(400, refusal('NUTRITION_MISSING', MISSING, 'body.status')),
    'PATCH /api/v1/store/menu/products/:productCode': (c) =>
      c.body.version === product.version
        ? success({ product: (product = { ...product, ...c.body, version: product.version + 1 }) })
        : reply(409, refusal('STALE', STALE_TEXT)),
    'GET /api/v1/store/menu/products/:productCode/stores': () => success({ stores: [store] }),
    'PUT /api/v1/store/menu/products/:productCode/stores/:storeId': (c) =>
      success({ store: (store = { ...store, available: c.body.available, version: 1 }) }),
    'GET /api/v1/store/audit': () => success({ events: [], next: null }),
  });
  /** someone else saves the product meanwhile */
  const bump = (change: Partial<AdminProduct>) => {
    product = { ...product, ...change, version: product.version + 1 };
  };
  return { ...server, bump };
}

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

describe('the Menu view', () => {
  it('is the chain admin’s: a regional manager has Prices but no Menu, and the catalogue is never asked for', async () => {
    const server = menuServer();
    open('REGIONAL', '/store?view=menu');
    await screen.findByRole('button', { name: 'Back office' });
    expect(screen.queryByRole('tab', { name: 'Menu' })).toBeNull();
    expect(server.find('GET', '/api/v1/store/menu')).toHaveLength(0);
  });

  it('lists the products; the editor shows the server’s reason when publishing is refused', async () => {
    const server = menuServer();
    open('ADMIN', '/store?view=menu');
    const row = (await screen.findByText('Smoked Paneer Tikka')).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('₹299')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Smoked Paneer Tikka' }));
    await screen.findByRole('heading', { name: 'Smoked Paneer Tikka · PIZ0901' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByText(MISSING)).closest('[role="alert"]')).toBeTruthy();
    expect(server.find('POST', '/api/v1/store/menu/products/PIZ0901/status')[0]!.body).toEqual({
      version: 3,
      status: 'PUBLISHED',
    });
    expect(screen.getByText('Now: Draft')).toBeTruthy();
  });

  it('a stale save says so with Reload, which reads the product again; then the save goes through', async () => {
    const server = menuServer();
    open('ADMIN', '/store?view=menu&product=PIZ0901');
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    server.bump({ description: 'Changed elsewhere.' });
    fireEvent.change(name, { target: { value: 'Paneer Tikka Royale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const alert = (await screen.findByText(STALE_TEXT)).closest<HTMLElement>('[role="alert"]')!;
    expect(server.find('PATCH', '/api/v1/store/menu/products/PIZ0901')[0]!.body).toEqual({
      version: 3,
      name: 'Paneer Tikka Royale',
    });
    const reads = server.find('GET', '/api/v1/store/menu').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await screen.findByDisplayValue('Changed elsewhere.');
    expect(server.find('GET', '/api/v1/store/menu').length).toBeGreaterThan(reads);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Paneer Tikka Royale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText('Saved.');
    expect(server.find('PATCH', '/api/v1/store/menu/products/PIZ0901')[1]!.body).toEqual({
      version: 4,
      name: 'Paneer Tikka Royale',
    });
  });

  it('a store switched off sends no version for a store without its own setting, and shows the answer', async () => {
    const server = menuServer();
    open('ADMIN', '/store?view=menu&product=PIZ0901');
    const store = await screen.findByRole('switch', { name: /Crust Connaught Place · #1001, Delhi/ });
    expect(store.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(store);
    await screen.findByText('1 of 1 stores do not sell it');
    expect(server.find('PUT', '/api/v1/store/menu/products/PIZ0901/stores/1001')[0]!.body).toEqual({
      available: false,
    });
    expect(screen.getByRole('switch', { name: /Connaught Place/ }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_EXPIRY_MS } from '@crust/domain/menu-expiry';
import {
  resetLocationState,
  setDeliveryType,
  setPoint,
  setStore,
} from '../src/shared/state/location-store.ts';
import { currentUrl, mockApi, renderApp } from './menu-fixtures.tsx';
import { makeStore } from './location-harness.tsx';

const KORAMANGALA = {
  id: 3001,
  name: 'Koramangala',
  online: 1 as const,
  advanceOrderStoreId: null,
  address: '80 Feet Rd',
};

beforeEach(() => {
  resetLocationState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Product names shown, in order, per category section. */
function sections(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of screen.getAllByRole('region')) {
    const title = within(s).getByRole('heading', { level: 2 }).textContent ?? '';
    out[title] = within(s)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent ?? '');
  }
  return out;
}

/** The menu is on screen, every card rendered (the first pass renders a few, the rest follow). */
async function loaded() {
  await screen.findAllByRole('heading', { level: 3 });
  // every card is made once the sentinel that asks for more has gone (jsdom has no IntersectionObserver: idle batches)
  await waitFor(() => expect(document.querySelector('.menu-more')).toBeNull());
}

describe('menu routes', () => {
  it('/menu shows every category, grouped, in sortOrder, with the All tab current', async () => {
    mockApi();
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    expect(Object.keys(sections())).toEqual([
      'Bestsellers',
      'Veg Pizza',
      'Non-Veg Pizza',
      'Pizza Mania',
      'Sides',
      'Beverages',
      'Chef Specials',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(nav).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Veg Pizza' }).getAttribute('href')).toBe('/menu/veg-pizza');
    expect(within(nav).getByRole('link', { name: 'Chef Specials' }).getAttribute('href')).toBe(
      '/menu/chef-specials',
    );
  });

  it.each([
    ['/menu/veg-pizza', 'Veg Pizza', ['Margherita', 'Peppy Paneer', 'Veggie Jalapeno Crunch']],
    ['/menu/non-veg-pizza', 'Non-Veg Pizza', ['Chicken Dominator']],
    ['/menu/pizza-mania', 'Pizza Mania', ['Onion Pizza Mania']],
    ['/menu/sides', 'Sides', ['Garlic Breadsticks', 'Chicken Wings']],
    ['/menu/chef-specials', 'Chef Specials', ['Chef Tandoori Platter']],
    ['/menu?categoryId=5', 'Beverages', ['Pepsi 475ml']],
  ])('%s opens that category only', async (url, title, names) => {
    mockApi();
    renderApp(url);
    await loaded();
    expect(sections()).toEqual({ [title]: names });
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(nav).getByRole('link', { name: title }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it.each(['/menu/bestsellers', '/menu/daily-essentials'])('%s behaves as /menu', async (url) => {
    mockApi();
    renderApp(url);
    await loaded();
    expect(Object.keys(sections())).toHaveLength(7);
  });

  it('a table slug the store has no products for shows an empty state, not a 404', async () => {
    mockApi();
    renderApp('/menu/dessert');
    expect(await screen.findByText('Nothing here right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the full menu' }).getAttribute('href')).toBe('/menu');
  });

  it('an unknown slug shows the 404 page', async () => {
    mockApi();
    renderApp('/menu/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Oops! Error 404' })).toBeTruthy();
    expect(screen.getByText("page doesn't exist")).toBeTruthy();
  });
});

describe('filters and sort', () => {
  it.each([
    ['/menu/sides?filter=0', { Sides: ['Garlic Breadsticks'] }],
    ['/menu/sides?filter=1', { Sides: ['Chicken Wings'] }],
    ['/menu/sides?filter=2', { Sides: ['Garlic Breadsticks', 'Chicken Wings'] }],
    [
      '/menu/veg-pizza?sort=price-high-low',
      { 'Veg Pizza': ['Peppy Paneer', 'Veggie Jalapeno Crunch', 'Margherita'] },
    ],
    [
      '/menu/veg-pizza?sort=price-low-high',
      { 'Veg Pizza': ['Margherita', 'Veggie Jalapeno Crunch', 'Peppy Paneer'] },
    ],
    [
      '/menu/veg-pizza?sort=discount-high-low',
      { 'Veg Pizza': ['Peppy Paneer', 'Margherita', 'Veggie Jalapeno Crunch'] },
    ],
    [
      '/menu/veg-pizza?sort=nonsense',
      { 'Veg Pizza': ['Margherita', 'Peppy Paneer', 'Veggie Jalapeno Crunch'] },
    ],
  ])('%s', async (url, expected) => {
    mockApi();
    renderApp(url);
    await loaded();
    expect(sections()).toEqual(expected);
  });

  it('the veg filter on /menu drops non-veg items and empty sections', async () => {
    mockApi();
    renderApp('/menu?filter=0');
    await loaded();
    const s = sections();
    expect(Object.keys(s)).not.toContain('Non-Veg Pizza');
    expect(Object.keys(s)).not.toContain('Chef Specials');
    expect(s.Sides).toEqual(['Garlic Breadsticks']);
  });

  it('choosing a filter and a sort writes them to the URL, and tabs keep them', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/menu/veg-pizza');
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'Non-veg' }));
    expect(currentUrl(router)).toBe('/menu/veg-pizza?filter=1');
    expect(screen.getByText('No items match this filter.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Veg' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-high-low');
    expect(currentUrl(router)).toBe('/menu/veg-pizza?filter=0&sort=price-high-low');
    expect(sections()['Veg Pizza']).toEqual(['Peppy Paneer', 'Veggie Jalapeno Crunch', 'Margherita']);
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(nav).getByRole('link', { name: 'Sides' }).getAttribute('href')).toBe(
      '/menu/sides?filter=0&sort=price-high-low',
    );
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(currentUrl(router)).toBe('/menu/veg-pizza?sort=price-high-low');
  });

  it('a tab click opens the category', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/menu');
    await loaded();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu categories' })).getByRole('link', {
        name: 'Sides',
      }),
    );
    expect(currentUrl(router)).toBe('/menu/sides');
    expect(Object.keys(sections())).toEqual(['Sides']);
  });
});

describe('product cards', () => {
  it('shows price, struck regular price, bestseller tag, veg mark and the right action', async () => {
    mockApi();
    renderApp('/menu/veg-pizza');
    await loaded();
    const card = screen.getByRole('article', { name: 'Peppy Paneer' });
    expect(within(card).getByText('₹259')).toBeTruthy();
    expect(within(card).getByText('₹299').tagName).toBe('S');
    expect(within(card).getByText('Bestseller')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Veg' })).toBeTruthy();
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/menu-img/piz0172.svg');
    expect(img.getAttribute('width')).toBe('112');
    expect(img.getAttribute('height')).toBe('112');
    expect(within(card).getByRole('link', { name: 'Customise Peppy Paneer' }).getAttribute('href')).toBe(
      '/customise?pizzaId=PIZ0172',
    );
  });

  it('first images load eagerly, later ones lazily', async () => {
    mockApi();
    renderApp('/menu');
    await loaded();
    const loading = [...document.querySelectorAll('article img')].map((i) => i.getAttribute('loading'));
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(new Set(loading.slice(4))).toEqual(new Set(['lazy']));
  });

  it('items in stock have an Add button; out-of-stock items say so', async () => {
    mockApi();
    renderApp('/menu/sides');
    await loaded();
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add Garlic Breadsticks' });
    expect(add.disabled).toBe(false);
    const wings = screen.getByRole('article', { name: 'Chicken Wings' });
    expect(within(wings).getByText('Temporarily out of stock')).toBeTruthy();
    expect(within(wings).queryByRole('button')).toBeNull();
    expect(within(wings).getByRole('img', { name: 'Non-veg' })).toBeTruthy();
  });

  it('a deep link opens the category and focuses the product', async () => {
    mockApi();
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderApp('/menu?categoryId=4&pizzaId=SID0001');
    await loaded();
    const card = screen.getByRole('article', { name: 'Garlic Breadsticks' });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(card.className).toContain('menu-card-highlight');
    expect(scroll).toHaveBeenCalled();
    expect(Object.keys(sections())).toEqual(['Sides']);
  });

  it('a deep link without a category finds the product home category', async () => {
    mockApi();
    renderApp('/menu?pizzaId=PIZ0172');
    await loaded();
    expect(Object.keys(sections())).toEqual(['Veg Pizza']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Peppy Paneer' })),
    );
  });

  it('a deep link to a product the store does not sell says so', async () => {
    mockApi();
    renderApp('/menu?categoryId=4&pizzaId=NOPE');
    await loaded();
    expect(screen.getByText('Item not available at this time')).toBeTruthy();
  });
});

describe('header', () => {
  it('shows the store and delivery type with a link to change, and a search link', async () => {
    mockApi();
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    const where = screen.getByRole('link', { name: 'Delivery Koramangala change location' });
    expect(where.getAttribute('href')).toBe('/locationSelection?deliveryType=D');
    expect(screen.getByRole('link', { name: 'Search the menu' }).getAttribute('href')).toBe('/search');
  });

  it('a first-time visitor browses the default store and is asked for a location', async () => {
    const { calls } = mockApi();
    renderApp('/menu');
    await loaded();
    expect(screen.getByRole('link', { name: 'Delivery Choose your location' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/v1/stores/1001/menu');
  });

  it('an offline store shows the advance-order message', async () => {
    mockApi();
    setStore({ ...KORAMANGALA, online: 0 });
    renderApp('/menu');
    await loaded();
    expect(screen.getByText('Store is currently offline, browse menu or book an advance order')).toBeTruthy();
  });
});

describe('a store outside its opening hours', () => {
  /** 15 January 2025, 05:00 in Asia/Kolkata. */
  const FIVE_AM_IST = Date.UTC(2025, 0, 14, 23, 30);
  const ELEVEN_AM_IST = FIVE_AM_IST + 6 * 3_600_000;
  afterEach(() => vi.useRealTimers());

  it('shows its menu with the reason and when it opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(FIVE_AM_IST);
    const store = makeStore({ isOpenNow: false, nextOpensAt: ELEVEN_AM_IST / 1000 });
    const { calls } = mockApi({
      storeInfo: {
        status: 'SUCCESS',
        data: { id: 3001, online: 1, advanceOrderStoreId: null, store, eta: 'NA' },
        errors: [],
      },
    });
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    expect((await screen.findByTestId('store-status')).textContent).toBe(
      'Store is closed now and opens at 11:00 AM today: browse the menu or book an advance order',
    );
    expect(calls.map((c) => c.url)).toContain('/api/v1/stores/info');
  });

  it('says nothing while the store is open', async () => {
    mockApi({
      storeInfo: {
        status: 'SUCCESS',
        data: { id: 3001, online: 1, advanceOrderStoreId: null, store: makeStore(), eta: 'UNKNOWN' },
        errors: [],
      },
    });
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    await waitFor(() => expect(screen.queryByTestId('store-status')).toBeNull());
    // an Unknown estimate (no point chosen) says nothing either
    expect(screen.queryByTestId('eta')).toBeNull();
  });
});

describe('the ETA in the header (issue 31 item 6)', () => {
  const answer = (eta: 20 | 30 | 45 | 'NA') => ({
    status: 'SUCCESS' as const,
    data: { id: 3001, online: 1 as const, advanceOrderStoreId: null, store: makeStore(), eta },
    errors: [],
  });

  it('asks with the order type and the point, and says when a delivery comes', async () => {
    const { fetchMock } = mockApi({ storeInfo: answer(30) });
    setPoint({ latitude: 12.9352, longitude: 77.6245, label: 'Koramangala, Bengaluru' });
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    const header = screen.getByRole('banner');
    expect((await within(header).findByTestId('eta')).textContent).toBe('Delivery in 30 min');
    // the mock is typed with the input only; the client passes its init (method, body) second
    const calls = fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
    const asked = calls.find(([input]) => String(input).includes('/api/v1/stores/info'));
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({
      storeId: 3001,
      deliveryType: 'D',
      latitude: 12.9352,
      longitude: 77.6245,
    });
  });

  it('says when a takeaway is ready', async () => {
    mockApi({ storeInfo: answer(20) });
    setDeliveryType('T');
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    expect((await screen.findByTestId('eta')).textContent).toBe('Ready in 20 min');
  });
});

describe('loading the menu', () => {
  it('a failure is logged and shows a calm retry that works', async () => {
    const api = mockApi({ fail: { menu: true } });
    const user = userEvent.setup();
    renderApp('/menu');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText("We couldn't load the menu just now.")).toBeTruthy();
    expect(console.warn).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    api.state.fail.menu = false;
    await user.click(retry);
    await loaded();
  });

  it('records the fetch time per store and fetches the new store menu when the store changes', async () => {
    const { calls } = mockApi();
    setStore(KORAMANGALA);
    renderApp('/menu');
    await loaded();
    const menuCalls = () => calls.map((c) => c.url).filter((u) => u.endsWith('/menu'));
    expect(menuCalls()).toEqual(['/api/v1/stores/3001/menu']);
    const expiry = JSON.parse(localStorage.getItem('crust.menuExpiry')!) as Record<string, number>;
    expect(Object.keys(expiry)).toEqual(['3001']);
    expect(Math.abs(expiry['3001']! - Date.now())).toBeLessThan(5000);

    act(() => setStore({ ...KORAMANGALA, id: 1001, name: 'Connaught Place' }));
    await screen.findByRole('link', { name: 'Delivery Connaught Place change location' });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/stores/1001/menu'));
    await loaded();
    const after = JSON.parse(localStorage.getItem('crust.menuExpiry')!) as Record<string, number>;
    expect(Object.keys(after).sort()).toEqual(['1001', '3001']);
  });

  it('a store menu fetched within 30 minutes is not fetched again; after that it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      const { calls } = mockApi();
      setStore(KORAMANGALA);
      const { router } = renderApp('/menu');
      await loaded();
      await act(() => router.navigate('/search'));
      await act(() => router.navigate('/menu/sides'));
      await loaded();
      expect(calls.filter((c) => c.url.endsWith('/menu'))).toHaveLength(1);
      vi.setSystemTime(Date.now() + MENU_EXPIRY_MS + 1000);
      await act(() => router.navigate('/search'));
      await act(() => router.navigate('/menu'));
      await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/menu'))).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import LandingScreen from '../src/features/landing/LandingScreen.tsx';
import { widgetPath } from '../src/shared/content/widget-path.ts';
import {
  getLocationState,
  resetLocationState,
  setPoint,
  setStore,
} from '../src/shared/state/location-store.ts';
import {
  callsTo,
  currentPath,
  fakeGeo,
  KORAMANGALA,
  mockApi,
  removeFakeGeo,
  renderRoutes,
  reverseAnswer,
} from './location-harness.tsx';

const link = (id: string) => [{ href: `/api/v1/widgets/${id}`, rel: 'content' }];
const banner = (id: string, kind: string, title: string, subtitle: string) => ({
  id,
  placement: 'LANDING',
  kind,
  title,
  subtitle,
  image: null,
  links: link(id),
});
/** The landing's banners are content (docs/content.md): GET /api/v1/widgets?placement=LANDING. */
const WIDGETS = {
  status: 'SUCCESS',
  data: {
    widgets: [
      banner('edv-199', 'edv', 'Everyday Value', 'Any 2 medium pizzas at ₹199 each'),
      banner('offers', 'offers', 'Offers for you', 'Coupons and deals'),
      banner('fav', 'favourite', 'Bestsellers', 'What everyone is ordering'),
      banner('irctc', 'irctc', 'Pizza on your train', 'Order with your PNR'),
      banner('hygiene', 'hygiene', 'Safe kitchens', 'How we keep food safe'),
      banner('kitchens', 'web_view', 'Inside our kitchens', '<img src=x onerror=alert(1)>'),
      banner('notice', 'none', 'Leads nowhere', 'A plain notice'),
    ],
  },
};
const ALERTS = {
  status: 'SUCCESS',
  data: {
    alerts: [
      {
        ...banner('a1', 'menu', 'New: Pasta Pizza Party', ''),
        placement: 'ALERT',
        body: [{ t: 'p', c: [{ t: 'text', v: 'Pasta baked into pizza.' }] }],
      },
    ],
  },
};

beforeEach(() => resetLocationState());
afterEach(() => {
  vi.unstubAllGlobals();
  removeFakeGeo();
});

describe('landing', () => {
  it('routes banners per SPEC §2', () => {
    const to = (kind: Parameters<typeof widgetPath>[0]['kind']) => widgetPath({ kind, id: 'w1' });
    expect(to('hygiene')).toBe('/notification');
    expect(to('edv')).toBe('/edv');
    expect(to('irctc')).toBe('/deliverOnTrain');
    expect(to('favourite')).toBe('/menu/bestsellers');
    expect(to('offers')).toBe('/offers');
  });

  it('a new guest: Delivery chosen, "Enter your location" leads to location selection', async () => {
    const api = mockApi({ '/api/v1/widgets': WIDGETS, '/api/v1/alerts': ALERTS });
    renderRoutes('/', { '/': LandingScreen });
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Delivery' }).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Enter your location' }).getAttribute('href')).toBe(
      '/locationSelection?deliveryType=D',
    );
    expect(screen.queryByRole('link', { name: 'View menu' })).toBeNull();

    const offers = await screen.findByRole('region', { name: 'Offers for you' });
    const hrefs = (await within(offers).findAllByRole('link')).map((a) => a.getAttribute('href'));
    // SPEC §2 banner routing and widget actions; a widget leading nowhere has no card
    expect(hrefs).toEqual([
      '/edv',
      '/offers',
      '/menu/bestsellers',
      '/deliverOnTrain',
      '/notification',
      '/notification?widget=kitchens',
    ]);
    expect(within(offers).getByText('Pizza on your train')).toBeTruthy();
    expect(within(offers).queryByText('Leads nowhere')).toBeNull();
    // what an admin typed is text
    expect(within(offers).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(offers.querySelector('img')).toBeNull();
    // asked for the customer's order type
    expect(callsTo(api, '/api/v1/widgets')[0]!.searchParams.get('deliveryType')).toBe('D');
    expect(callsTo(api, '/api/v1/widgets')[0]!.searchParams.get('placement')).toBe('LANDING');

    // the alert strip: shown, and closed for good on this device
    const alerts = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(alerts).getByText('Pasta baked into pizza.')).toBeTruthy();
    expect(within(alerts).getByRole('link', { name: 'Find out more' }).getAttribute('href')).toBe('/menu');
    fireEvent.click(within(alerts).getByRole('button', { name: 'Dismiss: New: Pasta Pizza Party' }));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('crust.dismissedAlerts')!)).toEqual(['a1:New: Pasta Pizza Party']);
  });

  it('choosing an order type stores it and carries it into the location entry', () => {
    mockApi({});
    renderRoutes('/', { '/': LandingScreen });
    fireEvent.click(screen.getByRole('radio', { name: 'Drive-n-Pick' }));
    expect(getLocationState().deliveryType).toBe('CURB');
    expect(screen.getByRole('link', { name: 'Enter your location' }).getAttribute('href')).toBe(
      '/locationSelection?deliveryType=CURB',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Takeaway/Dine-in' }));
    expect(getLocationState().deliveryType).toBe('P');
  });

  it('offers dine-in (SPEC §1 DINEIN) beside Takeaway/Dine-in, and carries it into the location entry', () => {
    mockApi({});
    renderRoutes('/', { '/': LandingScreen });
    const types = screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(types).toEqual(['Delivery', 'Takeaway/Dine-in', 'Dine-in', 'Drive-n-Pick']);
    fireEvent.click(screen.getByRole('radio', { name: 'Dine-in' }));
    expect(getLocationState().deliveryType).toBe('DINEIN');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dine-in' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Takeaway/Dine-in' }).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Enter your location' }).getAttribute('href')).toBe(
      '/locationSelection?deliveryType=DINEIN',
    );
  });

  it('category shortcuts link to the menu categories (rendered once the page is idle)', async () => {
    mockApi({});
    renderRoutes('/', { '/': LandingScreen });
    const cats = await screen.findByRole('region', { name: 'What are you craving?' });
    expect(
      within(cats)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/menu/veg-pizza',
      '/menu/non-veg-pizza',
      '/menu/pizza-mania',
      '/menu/sides',
      '/menu/beverages',
      '/menu/dessert',
      '/menu/speciality-chicken',
      '/menu/combos',
    ]);
  });

  it('with known coordinates the entry goes to /nearestStore; a chosen store shows View menu', async () => {
    mockApi({});
    setPoint({ ...KORAMANGALA, label: 'Koramangala, Bengaluru' });
    setStore({
      id: 3001,
      name: 'Crust Koramangala',
      online: 1,
      advanceOrderStoreId: null,
      address: '80 Feet Road',
    });
    const { router } = renderRoutes('/', { '/': LandingScreen });
    expect(screen.getByText('From Crust Koramangala')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View menu' }).getAttribute('href')).toBe('/menu');
    expect(screen.getByRole('link', { name: 'Change location' }).getAttribute('href')).toBe(
      '/locationSelection?deliveryType=D',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Deliver to Koramangala, Bengaluru' }));
    await waitFor(() => expect(currentPath(router)).toBe('/nearestStore?deliveryType=D'));
  });

  it('"Use current location" runs the GPS flow (delivery → map screen)', async () => {
    fakeGeo({ permission: 'granted', answer: 'position' });
    mockApi({ '/api/v1/geo/reverse': reverseAnswer() });
    const { router } = renderRoutes('/', { '/': LandingScreen });
    fireEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mapScreen'));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from './memory-router.tsx';
import userEvent from '@testing-library/user-event';
import type { EdvDeal } from '@crust/contract';
import { setStore } from '../src/shared/state/location-store.ts';
import { AppLayout } from '../src/app/AppLayout.tsx';
import { firstRoutes } from '../src/app/first-routes.ts';
import { laterRoutes } from '../src/app/later-routes.tsx';
import {
  CART_ID,
  cartServer,
  failed,
  makeCart,
  mockServer,
  rememberCart,
  renderScreens,
  reply,
  success,
  urlOf,
  type Call,
  isolateCartTests,
  KORAMANGALA,
} from './cart-fixtures.tsx';

isolateCartTests();

const OFFER = {
  code: 'SAVE50',
  title: '50% off on medium pizzas',
  description: 'Up to ₹100 off',
  ruleKind: 'PERCENT',
  minOrderValue: 29900,
  orderTypes: null,
  firstOrderOnly: false,
  paymentOptions: null,
};

describe('/offers', () => {
  it('without a cart: the store coupons with their terms links', async () => {
    setStore(KORAMANGALA);
    const server = mockServer({
      'GET /api/v1/stores/:storeId/offers': () =>
        success({
          offers: [
            OFFER,
            { ...OFFER, code: 'FIRST', title: 'First order treat', firstOrderOnly: true, minOrderValue: 0 },
          ],
        }),
    });
    renderScreens('/offers');
    const card = await screen.findByRole('article', { name: '50% off on medium pizzas' });
    expect(within(card).getByText('SAVE50')).toBeTruthy();
    expect(within(card).getByText('On orders of ₹299 or more')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Terms and conditions of SAVE50' }).getAttribute('href'),
    ).toBe('/tncOffers?code=SAVE50');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'First order treat' })).getByText('On your first order'),
    ).toBeTruthy();
    expect(server.find('GET', '/api/v1/stores/3001/offers')).toHaveLength(1);
  });

  it('with a cart: Apply on the ones that apply goes back to the cart; the others say why', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'GET /api/v1/carts/:cartId/offers': () =>
        success({
          offers: [
            {
              code: 'SAVE50',
              kind: 'COUPON',
              title: '50% off',
              description: 'd',
              applicable: true,
              applied: false,
              saving: 12250,
              reason: null,
            },
            {
              code: 'BIG',
              kind: 'COUPON',
              title: 'Big order',
              description: 'd',
              applicable: false,
              applied: false,
              saving: 0,
              reason: 'Add items worth ₹150 more to use this coupon',
            },
            {
              code: 'EDV2M',
              kind: 'EDV',
              title: 'Any 2 medium',
              description: 'd',
              applicable: false,
              applied: true,
              saving: 0,
              reason: null,
            },
          ],
        }),
      'POST /api/v1/carts/:cartId/promo': () => success(makeCart()),
    });
    const user = userEvent.setup();
    const { router } = renderScreens('/offers');
    const save = await screen.findByRole('article', { name: '50% off' });
    expect(within(save).getByText('Save ₹122.50')).toBeTruthy();
    const big = screen.getByRole('article', { name: 'Big order' });
    expect(within(big).getByText('Add items worth ₹150 more to use this coupon')).toBeTruthy();
    expect(within(big).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Any 2 medium' })).getByText('Applied')).toBeTruthy();
    await user.click(within(save).getByRole('button', { name: 'Apply SAVE50' }));
    await waitFor(() => expect(urlOf(router)).toBe('/cart'));
    expect(server.find('POST', `/api/v1/carts/${CART_ID}/promo`)[0]!.body).toEqual({ code: 'SAVE50' });
  });

  it('an Apply the server refuses shows its text on that offer', async () => {
    rememberCart();
    cartServer(makeCart(), {
      'GET /api/v1/carts/:cartId/offers': () =>
        success({
          offers: [
            {
              code: 'SAVE50',
              kind: 'COUPON',
              title: '50% off',
              description: 'd',
              applicable: true,
              applied: false,
              saving: 100,
              reason: null,
            },
          ],
        }),
      'POST /api/v1/carts/:cartId/promo': () => failed('EXPIRED', 'Sorry, this coupon is not valid'),
    });
    const user = userEvent.setup();
    renderScreens('/offers');
    const card = await screen.findByRole('article', { name: '50% off' });
    await user.click(within(card).getByRole('button', { name: 'Apply SAVE50' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Sorry, this coupon is not valid');
  });
});

describe('terms', () => {
  it('/tncOffers?code= shows the coupon terms', async () => {
    mockServer({
      'GET /api/v1/offers/:code/tnc': (_c: Call, p) =>
        success({
          code: p.code,
          title: '50% off',
          description: 'Half price',
          terms: ['Valid on medium pizzas.', 'Once per order.'],
        }),
    });
    renderScreens('/tncOffers?code=SAVE50');
    expect(await screen.findByRole('heading', { level: 1, name: '50% off' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Valid on medium pizzas.',
      'Once per order.',
    ]);
  });

  it('/tncOffers for an unknown code says what the server says; without a code, the broken-link text', async () => {
    mockServer({
      'GET /api/v1/offers/:code/tnc': () => failed('NOT_FOUND', 'Sorry, this coupon is not valid'),
    });
    const { unmount } = renderScreens('/tncOffers?code=NOPE');
    expect(await screen.findByText('Sorry, this coupon is not valid')).toBeTruthy();
    unmount();
    renderScreens('/tncOffers');
    expect(await screen.findByText('The link you clicked is not a working one')).toBeTruthy();
  });

  it('/tnc shows the terms of use', async () => {
    mockServer();
    renderScreens('/tnc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Coupons and offers' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
  });
});

const DEAL: EdvDeal = {
  id: 3,
  code: 'EDV2M',
  title: 'Any 2 medium pizzas at ₹199 each',
  description: 'Pick any two medium pizzas',
  groupSize: 2,
  prices: [{ sizeId: 2, sizeName: 'Medium', price: 19900 }],
  productTypes: ['PIZZA'],
  crustIds: [1],
  isMixMatch: false,
  productCodes: ['PIZ0171', 'PIZ0172', 'PIZ0173', 'NOPE'],
};
const MIX: EdvDeal = {
  ...DEAL,
  id: 4,
  code: 'EDVMIX',
  title: 'Mix and match',
  prices: [
    { sizeId: 2, sizeName: 'Medium', price: 19900 },
    { sizeId: 1, sizeName: 'Regular', price: 9900 },
  ],
  isMixMatch: true,
};

describe('/edv', () => {
  it('lists the store deals, each linking to its page', async () => {
    setStore(KORAMANGALA);
    const server = mockServer({
      'GET /api/v1/stores/:storeId/edv': () => success({ storeId: 3001, deals: [DEAL, MIX] }),
    });
    renderScreens('/edv');
    const card = await screen.findByRole('article', { name: DEAL.title });
    expect(within(card).getByText('From ₹199')).toBeTruthy();
    expect(within(card).getByText('Pick any 2')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: `View ${DEAL.title}` })
        .getAttribute('href'),
    ).toBe('/edv?itemId=3');
    expect(screen.getByRole('article', { name: 'Mix and match' })).toBeTruthy();
    expect(server.find('GET', '/api/v1/stores/3001/edv')).toHaveLength(1);
  });

  it('a failed EDV call shows nothing alarming and is logged', async () => {
    mockServer({ 'GET /api/v1/stores/:storeId/edv': () => reply(500, failed('E', 'boom')) });
    renderScreens('/edv');
    expect(await screen.findByText('No everyday value deals at this store right now.')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('/edv?itemId= shows the deal, its products from the menu with Add, and Apply deal', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'GET /api/v1/stores/:storeId/edv/deals/:dealId': () => success(DEAL),
      'POST /api/v1/carts/:cartId/items': () => success(makeCart()),
      'POST /api/v1/carts/:cartId/promo': () => success(makeCart()),
    });
    const user = userEvent.setup();
    const { router } = renderScreens('/edv?itemId=3');
    expect(await screen.findByRole('heading', { level: 1, name: DEAL.title })).toBeTruthy();
    expect(screen.getByText('Medium: ₹199 each')).toBeTruthy();
    const pick = await screen.findByRole('region', { name: 'Pick from' });
    // Veggie Jalapeno Crunch has no medium hand-tossed: not offered; unknown codes are skipped
    expect(
      within(pick)
        .getAllByRole('button', { name: /^Add / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Add Margherita', 'Add Peppy Paneer']);
    await user.click(within(pick).getByRole('button', { name: 'Add Peppy Paneer' }));
    await waitFor(() => expect(server.find('POST', /items$/)).toHaveLength(1));
    expect(server.find('POST', /items$/)[0]!.body).toEqual({
      item: { productCode: 'PIZ0172', crustId: 1, sizeId: 2, quantity: 1 },
    });
    await user.click(screen.getByRole('button', { name: 'Apply deal' }));
    await waitFor(() => expect(urlOf(router)).toBe('/cart'));
    expect(server.find('POST', /promo$/)[0]!.body).toEqual({ code: 'EDV2M' });
    expect(server.find('GET', '/api/v1/stores/3001/edv/deals/3')).toHaveLength(1);
  });

  it('mix and match: a failed fetch says "Something went wrong."', async () => {
    mockServer({
      'GET /api/v1/stores/:storeId/edv/deals/:dealId': () => success(MIX),
      'GET /api/v1/stores/:storeId/edv/mix-match': () => reply(500, failed('E', 'boom')),
    });
    renderScreens('/edv?itemId=4');
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('mix and match: picked pizzas are added, then the deal applied', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'GET /api/v1/stores/:storeId/edv/deals/:dealId': () => success(MIX),
      'GET /api/v1/stores/:storeId/edv/mix-match': () => ({
        status: 'SUCCESS',
        edvMixMatchMenu: {
          dealId: 4,
          code: 'EDVMIX',
          groupSize: 2,
          medium: { sizeId: 2, price: 19900, productCodes: ['PIZ0171', 'PIZ0172'] },
          regular: { sizeId: 1, price: 9900, productCodes: ['PIZ0171', 'PIZ0173'] },
        },
      }),
      'POST /api/v1/carts/:cartId/items': () => success(makeCart()),
      'POST /api/v1/carts/:cartId/promo': () => success(makeCart()),
    });
    const user = userEvent.setup();
    const { router } = renderScreens('/edv?itemId=4');
    const confirm = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pick at least 2 pizzas' });
    expect(confirm.disabled).toBe(true);
    expect(server.find('GET', '/api/v1/stores/3001/edv/mix-match')[0]!.url).toContain('dealId=4');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Peppy Paneer (Medium)' }));
    await user.click(
      screen.getByRole('button', { name: 'Increase quantity of Veggie Jalapeno Crunch (Regular)' }),
    );
    // each pizza says its deal price; the bar keeps the running total beside the count
    const paneer = screen
      .getByRole('button', { name: 'Increase quantity of Peppy Paneer (Medium)' })
      .closest('li')!;
    expect(within(paneer).getByText('₹199')).toBeTruthy();
    expect(screen.getByText('Picked 2 of 2').parentElement!.querySelector('.edv-total')!.textContent).toBe(
      '₹298',
    );
    await user.click(screen.getByRole('button', { name: 'Add 2 pizzas and apply deal' }));
    await waitFor(() => expect(urlOf(router)).toBe('/cart'));
    expect(server.find('POST', /items$/).map((c) => c.body.item)).toEqual([
      { productCode: 'PIZ0172', crustId: 1, sizeId: 2, quantity: 1 },
      { productCode: 'PIZ0173', crustId: 1, sizeId: 1, quantity: 1 },
    ]);
    expect(server.find('POST', /promo$/)[0]!.body).toEqual({ code: 'EDVMIX' });
  });

  it('/everyday-value-offers redirects to /edv, keeping the query', async () => {
    mockServer({ 'GET /api/v1/stores/:storeId/edv/deals/:dealId': () => success(DEAL) });
    const { router } = renderScreens('/everyday-value-offers?itemId=3');
    await waitFor(() => expect(urlOf(router)).toBe('/edv?itemId=3'));
    expect(await screen.findByRole('heading', { level: 1, name: DEAL.title })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('the app routes', () => {
  it('registers the cart, offers, terms and EDV screens; the old EDV address redirects through the router', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const paths = [...firstRoutes, ...laterRoutes].map((r) => r.path);
    for (const p of ['/cart', '/offers', '/tncOffers', '/tnc', '/edv', '/everyday-value-offers'])
      expect(paths).toContain(p);

    mockServer({ 'GET /api/v1/stores/:storeId/edv': () => success({ storeId: 1001, deals: [DEAL] }) });
    const router = createMemoryRouter([{ path: '*', Component: AppLayout }], {
      initialEntries: ['/everyday-value-offers'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('article', { name: DEAL.title }, { timeout: 10_000 })).toBeTruthy();
    expect(urlOf(router)).toBe('/edv');
  });
});

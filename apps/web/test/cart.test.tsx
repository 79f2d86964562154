import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CART_ID,
  cartServer,
  failed,
  makeCart,
  makeInvalid,
  makeItem,
  networkDown,
  rememberCart,
  renderScreens,
  success,
  urlOf,
  isolateCartTests,
  LAVA_GIFT,
} from './cart-fixtures.tsx';
import { makeStore } from './location-harness.tsx';

isolateCartTests();

const FARMHOUSE = makeItem({
  itemId: 'I000000000002',
  product: { code: 'PIZ0201', name: 'Farmhouse', categoryIds: [3], foodType: 'NON_VEG', image: '' },
  nonVeg: true,
  quantity: 2,
  pricePerQty: 45900,
  totalPrice: 91800,
  totalDiscount: 9180,
  totalPriceAfterDiscount: 82620,
  summary: 'Medium | Cheese Burst | + Onion',
  crustId: 2,
  addTopngs: [1],
});
const BREADSTICKS = makeItem({
  itemId: 'I000000000003',
  product: { code: 'SID0001', name: 'Garlic Breadsticks', categoryIds: [4], foodType: 'VEG', image: '' },
  productType: 'SIDES',
  isCustomizable: false,
  summary: '',
  pricePerQty: 10900,
});

async function openCart(cart = makeCart({ validItems: [FARMHOUSE, BREADSTICKS] }), extra = {}) {
  rememberCart();
  const server = cartServer(cart, extra);
  const user = userEvent.setup();
  const app = renderScreens('/cart');
  await screen.findByRole('heading', { name: 'Your cart' });
  if (cart.validItems.length) await screen.findByRole('article', { name: cart.validItems[0]!.product.name });
  return { ...app, server, user };
}

describe("the cart's store", () => {
  /** 15 January 2025, 23:30 in Asia/Kolkata; the store keeps 11:00–23:00. */
  const HALF_ELEVEN_PM_IST = Date.UTC(2025, 0, 15, 18, 0);
  const NEXT_ELEVEN_AM_IST = HALF_ELEVEN_PM_IST + 11.5 * 3_600_000;
  afterEach(() => vi.useRealTimers());

  const storeInfo =
    (store: Parameters<typeof makeStore>[0], online: 0 | 1 = 1) =>
    () => ({
      ...success({ id: 3001, online, advanceOrderStoreId: null, store: makeStore({ online, ...store }) }),
      errors: [],
    });

  it('closed: says so and when it opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(HALF_ELEVEN_PM_IST);
    await openCart(undefined, {
      'POST /api/v1/stores/info': storeInfo({ isOpenNow: false, nextOpensAt: NEXT_ELEVEN_AM_IST / 1000 }),
    });
    expect((await screen.findByTestId('store-status')).textContent).toBe(
      'Store is closed now and opens at 11:00 AM tomorrow: browse the menu or book an advance order',
    );
  });

  it('offline: the SPEC advance-order text', async () => {
    await openCart(undefined, { 'POST /api/v1/stores/info': storeInfo({}, 0) });
    expect((await screen.findByTestId('store-status')).textContent).toBe(
      'Store is currently offline, browse menu or book an advance order',
    );
  });

  it('open: nothing to say', async () => {
    const { server } = await openCart(undefined, { 'POST /api/v1/stores/info': storeInfo({}) });
    await waitFor(() => expect(server.find('POST', '/api/v1/stores/info')).toHaveLength(1));
    expect(screen.queryByTestId('store-status')).toBeNull();
  });

  it('open: when the delivery comes, from the one store answer (issue 31 item 6)', async () => {
    const { server } = await openCart(undefined, {
      'POST /api/v1/stores/info': () => ({
        ...success({ id: 3001, online: 1, advanceOrderStoreId: null, store: makeStore(), eta: 45 }),
        errors: [],
      }),
    });
    expect((await screen.findByTestId('eta')).textContent).toBe('Delivery in 45 min');
    expect(server.find('POST', '/api/v1/stores/info')).toHaveLength(1);
  });
});

describe('cart lines and prices', () => {
  it('renders validItems with veg marks, summaries, quantities and the server prices', async () => {
    await openCart();
    const farmhouse = screen.getByRole('article', { name: 'Farmhouse' });
    expect(within(farmhouse).getByRole('img', { name: 'Non-veg' })).toBeTruthy();
    expect(within(farmhouse).getByText('Medium | Cheese Burst | + Onion')).toBeTruthy();
    expect(within(farmhouse).getByTestId('qty').textContent).toBe('2');
    const price = within(farmhouse).getByTestId('line-price-I000000000002');
    expect(price.querySelector('strong')!.textContent).toBe('₹826.20');
    expect(price.querySelector('s')!.textContent).toContain('₹918');
    const sticks = screen.getByRole('article', { name: 'Garlic Breadsticks' });
    expect(within(sticks).getByRole('img', { name: 'Veg' })).toBeTruthy();
    expect(within(sticks).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(
      within(sticks).getByRole('button', { name: 'Decrease quantity of Garlic Breadsticks' }),
    ).toBeTruthy();
  });

  it('the breakdown is cartCalculations as sent, children indented, and the bar shows the grand total', async () => {
    const cart = makeCart({
      cartCalculations: [
        { key: 'sub_total', label: 'Item total', value: 91800 },
        { key: 'discount', label: 'Discount', value: 9180 },
        {
          key: 'taxes_and_charges',
          label: 'Taxes and charges',
          value: 6131,
          children: [
            { key: 'additional_charges', label: 'Packaging', value: 2000 },
            { key: 'tax', label: 'GST', value: 4131 },
          ],
        },
        { key: 'grand_total', label: 'Grand total', value: 88751 },
      ],
      price: 88751,
      validItems: [FARMHOUSE],
    });
    const { router, user } = await openCart(cart);
    const region = screen.getByRole('region', { name: 'Price details' });
    const rows = [...region.querySelectorAll('.cart-calc-row')].map((r) => [
      r.querySelector('dt')!.textContent,
      r.querySelector('dd')!.textContent,
      r.classList.contains('cart-calc-child'),
    ]);
    expect(rows).toEqual([
      ['Item total', '₹918', false],
      ['Discount', '-₹91.80', false],
      ['Taxes and charges', '₹61.31', false],
      ['Packaging', '₹20', true],
      ['GST', '₹41.31', true],
      ['Grand total', '₹887.51', false],
    ]);
    expect(screen.getByTestId('grand-total').textContent).toBe('₹887.51');
    // /payment exists (issue 5): Checkout leads there
    const checkout = screen.getByRole<HTMLButtonElement>('button', { name: 'Checkout' });
    expect(checkout.disabled).toBe(false);
    expect(checkout.title).toBe('');
    await user.click(checkout);
    expect(urlOf(router)).toBe('/payment');
  });

  it('quantity + sends PATCH with the new quantity, an idempotency key and the cart id', async () => {
    const { server, user } = await openCart(undefined, {
      'PATCH /api/v1/carts/:cartId/items/:itemId': (c: any) =>
        success(makeCart({ validItems: [{ ...FARMHOUSE, quantity: c.body.quantity }, BREADSTICKS] })),
    });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Farmhouse' }));
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Farmhouse' })).getByTestId('qty').textContent).toBe(
        '3',
      ),
    );
    const [patch] = server.find('PATCH', `/api/v1/carts/${CART_ID}/items/I000000000002`);
    expect(patch!.body).toEqual({ quantity: 3 });
    expect(patch!.headers['idempotency-key']).toMatch(/\S{8,}/);
    expect(patch!.headers.cartid).toBe(CART_ID);
  });

  it('− on a single item sends quantity 0; Remove sends DELETE; the empty cart links to the menu', async () => {
    const { server, user } = await openCart(makeCart({ validItems: [BREADSTICKS, FARMHOUSE] }), {
      'PATCH /api/v1/carts/:cartId/items/:itemId': () => success(makeCart({ validItems: [FARMHOUSE] })),
      'DELETE /api/v1/carts/:cartId/items/:itemId': () => success(makeCart({ validItems: [] })),
    });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Garlic Breadsticks' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Garlic Breadsticks' })).toBeNull());
    expect(server.find('PATCH', /items\/I000000000003$/)[0]!.body).toEqual({ quantity: 0 });
    await user.click(screen.getByRole('button', { name: 'Remove Farmhouse' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(server.find('DELETE', /items\/I000000000002$/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Browse the menu' }).getAttribute('href')).toBe('/menu');
  });

  it('Edit opens customise with the line choice and its item id', async () => {
    await openCart();
    const edit = screen.getByRole('link', { name: 'Edit Farmhouse' });
    const href = new URL(edit.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/customise');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      pizzaId: 'PIZ0201',
      editItemId: 'I000000000002',
      crust: '2',
      size: '2',
      add: '1',
      qty: '2',
    });
  });

  it('with no cart id there is no request and the empty state', async () => {
    const server = cartServer(null);
    renderScreens('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(server.apiCalls()).toEqual([]);
  });

  it('a cart the server no longer has (404) is forgotten', async () => {
    rememberCart();
    const server = cartServer(null);
    renderScreens('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(server.find('GET', `/api/v1/carts/${CART_ID}`)).toHaveLength(1);
    expect(localStorage.getItem('crust.cartId')).toBeNull();
  });

  it('a network failure on a cart change is retried with the same idempotency key', async () => {
    let n = 0;
    const { server, user } = await openCart(undefined, {
      'PATCH /api/v1/carts/:cartId/items/:itemId': () => {
        if (n++ === 0) networkDown();
        return success(makeCart({ validItems: [{ ...FARMHOUSE, quantity: 3 }, BREADSTICKS] }));
      },
    });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Farmhouse' }));
    expect(await screen.findByText('There seems to be network issue. Retrying ....')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('article', { name: 'Farmhouse' })).getByTestId('qty').textContent,
        ).toBe('3'),
      { timeout: 10_000 },
    );
    const patches = server.find('PATCH', /items\//);
    expect(patches).toHaveLength(2);
    expect(patches[0]!.headers['idempotency-key']).toBe(patches[1]!.headers['idempotency-key']);
  });

  it('a notice is told once, as a toast', async () => {
    const cart = makeCart({ notices: ['Coupon SAVE50 was removed: it needs a bigger order'] });
    const { queryClient } = await openCart(cart);
    expect(await screen.findByText('Coupon SAVE50 was removed: it needs a bigger order')).toBeTruthy();
    await queryClient.refetchQueries({ queryKey: ['cart'] });
    expect(screen.getAllByText('Coupon SAVE50 was removed: it needs a bigger order')).toHaveLength(1);
  });
});

describe('invalid items', () => {
  it('lists them with their reason and asks to go on without them; OK sends removeInvalid', async () => {
    const cart = makeCart({
      validItems: [FARMHOUSE],
      invalidItems: [
        makeInvalid(),
        makeInvalid({
          itemId: 'I0000000000F2',
          name: 'Pepsi 475ml',
          reasonCode: 'NOT_AVAILABLE',
          reason: 'Item not available at this time',
        }),
      ],
    });
    const { server, user } = await openCart(cart, {
      'PUT /api/v1/carts/:cartId': () => success(makeCart({ validItems: [FARMHOUSE] })),
    });
    const section = await screen.findByRole('region', { name: 'Unavailable items' });
    expect(within(section).getByText('Temporarily out of stock')).toBeTruthy();
    expect(within(section).getByText('Item not available at this time')).toBeTruthy();
    expect(
      within(section).getByText('Review your Cart: pricing or availability may have changed'),
    ).toBeTruthy();
    const dialog = screen.getByRole('alertdialog', {
      name: 'Some items in your cart are unavailable; place order with the remaining items?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Unavailable items' })).toBeNull());
    expect(server.find('PUT', `/api/v1/carts/${CART_ID}`)[0]!.body).toEqual({ removeInvalid: true });
  });

  it('"Review cart" closes the dialog and keeps the lines', async () => {
    const { server, user } = await openCart(
      makeCart({ validItems: [FARMHOUSE], invalidItems: [makeInvalid()] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Review cart' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Unavailable items' })).toBeTruthy();
    expect(server.find('PUT', /carts/)).toEqual([]);
  });

  it('a PRICE_CHANGED line offers "Keep at" its new price, without the unavailable dialog', async () => {
    const changed = makeInvalid({
      itemId: 'I0000000000F3',
      name: 'Farmhouse',
      reasonCode: 'PRICE_CHANGED',
      reason: 'Review your Cart: pricing or availability may have changed',
      pricePerQty: 45900,
      currentPricePerQty: 47900,
    });
    const { server, user } = await openCart(
      makeCart({ validItems: [BREADSTICKS], invalidItems: [changed] }),
      {
        'PATCH /api/v1/carts/:cartId/items/:itemId': () => success(makeCart({ validItems: [BREADSTICKS] })),
      },
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Was ₹459, now ₹479')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep Farmhouse at ₹479' }));
    await waitFor(() => expect(server.find('PATCH', /I0000000000F3$/)).toHaveLength(1));
    expect(server.find('PATCH', /I0000000000F3$/)[0]!.body).toEqual({ acceptPrice: true });
  });
});

const couponBox = () => screen.getByRole('region', { name: 'Coupons and offers' });

describe('coupons and deals', () => {
  it('an empty code says "Please enter coupon code" and sends nothing', async () => {
    const { server, user } = await openCart();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(within(couponBox()).getByRole('alert').textContent).toBe('Please enter coupon code');
    expect(screen.getByRole('textbox', { name: 'Coupon code' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.find('POST', /promo/)).toEqual([]);
  });

  it('a FAILED answer shows its displayMsg inline and the cart is read again', async () => {
    const { server, user } = await openCart(undefined, {
      'POST /api/v1/carts/:cartId/promo': () =>
        failed('MIN_ORDER_VALUE', 'Add items worth ₹150 more to use this coupon'),
    });
    const gets = () => server.find('GET', `/api/v1/carts/${CART_ID}`).length;
    const before = gets();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'save50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await within(couponBox()).findByRole('alert')).textContent).toBe(
      'Add items worth ₹150 more to use this coupon',
    );
    expect(server.find('POST', /promo$/)[0]!.body).toEqual({ code: 'SAVE50' });
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it('an applied coupon shows its saving and can be removed', async () => {
    const applied = makeCart({
      appliedPromo: { code: 'SAVE50', kind: 'COUPON', title: '50% off', discount: 12250, minOrderValue: 0 },
    });
    const { server, user } = await openCart(applied, {
      'DELETE /api/v1/carts/:cartId/promo/:code': () => success(makeCart()),
    });
    const box = screen.getByTestId('applied-coupon');
    expect(within(box).getByText('SAVE50 applied')).toBeTruthy();
    expect(within(box).getByText('You save ₹122.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE50' }));
    await waitFor(() => expect(screen.queryByTestId('applied-coupon')).toBeNull());
    expect(server.find('DELETE', `/api/v1/carts/${CART_ID}/promo/SAVE50`)).toHaveLength(1);
  });

  it('the best deal is one tap: POST promo with its code; confetti when the answer turns it on', async () => {
    const cart = makeCart({
      bestDeal: { code: 'EDV2M', kind: 'EDV', title: 'Any 2 medium at ₹199', saving: 9200, condition: null },
    });
    const { server, user } = await openCart(cart, {
      'POST /api/v1/carts/:cartId/promo': () =>
        success(
          makeCart({
            confetti: true,
            appliedPromo: {
              code: 'EDV2M',
              kind: 'EDV',
              title: 'Any 2 medium at ₹199',
              discount: 9200,
              minOrderValue: 0,
            },
          }),
        ),
    });
    // the suggestion is its own chunk (BestDealLater.tsx): it shows once loaded
    expect(await screen.findByText('Save ₹92 with Any 2 medium at ₹199')).toBeTruthy();
    expect(screen.queryByTestId('confetti')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply Any 2 medium at ₹199' }));
    expect(await screen.findByTestId('confetti')).toBeTruthy();
    expect(server.find('POST', `/api/v1/carts/${CART_ID}/promo`)[0]!.body).toEqual({ code: 'EDV2M' });
    expect(screen.queryByText('Save ₹92 with Any 2 medium at ₹199')).toBeNull();
  });
});

describe('tip, optional charge, surprise gift', () => {
  it('delivery: choosing a tip sends PUT with tipAmount in paise', async () => {
    const { server, user } = await openCart(undefined, {
      'PUT /api/v1/carts/:cartId': (c: any) =>
        success(
          makeCart({
            validItems: [FARMHOUSE, BREADSTICKS],
            tip: { tipAmount: c.body.tip.tipAmount, tipRemoved: false, options: [2000, 3000, 5000] },
          }),
        ),
    });
    const tip = screen.getByRole('group', { name: 'Tip your delivery partner' });
    expect(within(tip).getByRole<HTMLInputElement>('radio', { name: 'No tip' }).checked).toBe(true);
    await user.click(within(tip).getByRole('radio', { name: '₹30' }));
    await waitFor(() =>
      expect(within(tip).getByRole<HTMLInputElement>('radio', { name: '₹30' }).checked).toBe(true),
    );
    expect(server.find('PUT', /carts/)[0]!.body).toEqual({ tip: { tipAmount: 3000 } });
  });

  it('takeaway: no tip row', async () => {
    await openCart(makeCart({ deliveryType: 'P' }));
    expect(screen.queryByRole('group', { name: 'Tip your delivery partner' })).toBeNull();
    expect(screen.queryByText('No tip')).toBeNull();
  });

  it('the optional charge is a checkbox with its label and amount', async () => {
    const { server, user } = await openCart(undefined, {
      'PUT /api/v1/carts/:cartId': () => success(makeCart()),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Contactless packaging (₹10)' }));
    await waitFor(() => expect(server.find('PUT', /carts/)).toHaveLength(1));
    expect(server.find('PUT', /carts/)[0]!.body).toEqual({
      optedOptionalCharges: [{ chargeTypeCode: 'K', selected: true }],
    });
  });

  it('the surprise gift line names the gift and says how much more is needed', async () => {
    await openCart(
      makeCart({ surpriseGift: { ...LAVA_GIFT, threshold: 35000, unlocked: false, remaining: 10500 } }),
    );
    expect((await screen.findByTestId('surprise-gift')).textContent).toBe(
      'Add ₹105 more to unlock a free Choco Lava Cake',
    );
  });

  it('once unlocked, it says the gift comes with this order', async () => {
    await openCart(
      makeCart({ surpriseGift: { ...LAVA_GIFT, threshold: 35000, unlocked: true, remaining: 0 } }),
    );
    expect((await screen.findByTestId('surprise-gift')).textContent).toBe(
      'Surprise gift unlocked: a free Choco Lava Cake comes with this order',
    );
  });

  it('a store that cannot give the gift now: no gift line at all', async () => {
    await openCart(makeCart({ surpriseGift: null }));
    expect(screen.queryByTestId('surprise-gift')).toBeNull();
  });

  it('a cart kept offline by the version before names no gift: no gift line, not "a free undefined"', async () => {
    const kept = makeCart();
    const { productCode: _code, name: _name, ...unnamed } = kept.surpriseGift!;
    localStorage.setItem('crust.lastCart', JSON.stringify({ ...kept, surpriseGift: unnamed }));
    await openCart(kept, { 'GET /api/v1/carts/:cartId': networkDown });
    expect(screen.queryByTestId('surprise-gift')).toBeNull();
  });
});

describe('upsell', () => {
  it('shows the recommended products from the menu with Add', async () => {
    const { server, user } = await openCart(makeCart({ validItems: [FARMHOUSE] }), {
      'GET /api/v1/carts/:cartId/upsell': () => success({ productCodes: ['BEV0001', 'SID0002', 'NOPE'] }),
      'POST /api/v1/carts/:cartId/items': () => success(makeCart({ validItems: [FARMHOUSE, BREADSTICKS] })),
    });
    const upsell = await screen.findByRole('region', { name: 'Goes well with your order' });
    // out of stock (SID0002) and unknown codes are left out
    expect(within(upsell).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(upsell).getByRole('button', { name: 'Add Pepsi 475ml' }));
    await waitFor(() => expect(server.find('POST', /items$/)).toHaveLength(1));
    expect(server.find('POST', /items$/)[0]!.body).toEqual({
      item: { productCode: 'BEV0001', crustId: 1, sizeId: 1, quantity: 1 },
    });
  });
  it('shows a refused add at the top of the screen, clear of the upsell and the checkout bar', async () => {
    rememberCart();
    cartServer(makeCart({ validItems: [FARMHOUSE] }), {
      'GET /api/v1/carts/:cartId/upsell': () => success({ productCodes: ['BEV0001'] }),
      'POST /api/v1/carts/:cartId/items': () =>
        failed('CART_LIMIT', 'Your cart can hold up to 25 items. Remove one to add another.'),
    });
    const user = userEvent.setup();
    renderScreens('/cart', { dock: true });
    const upsell = await screen.findByRole('region', { name: 'Goes well with your order' });
    await user.click(within(upsell).getByRole('button', { name: 'Add Pepsi 475ml' }));
    const toast = await screen.findByText('Your cart can hold up to 25 items. Remove one to add another.');
    expect(toast.closest('.cart-toasts')?.classList.contains('cart-toasts-top')).toBe(true);
  });
});

describe('the cart dock', () => {
  // the gateway brings the browser back to /paymentTransaction (a full load) before the thank-you page
  it.each(['/paymentTransaction?transactionId=T1', '/thankYou?transactionId=T1'])(
    'does not ask for the cart at %s, whose order used it up (no 404 there)',
    async (at) => {
      rememberCart();
      const server = cartServer(makeCart({ validItems: [FARMHOUSE] }));
      // the dock asks once the page is idle: here at once
      vi.stubGlobal('requestIdleCallback', (run: () => void) => (run(), 1));
      vi.stubGlobal('cancelIdleCallback', () => {});
      const { router } = renderScreens(at, { dock: true });
      await screen.findByRole('heading', { name: 'Elsewhere' });
      await new Promise((r) => setTimeout(r, 0));
      expect(server.find('GET', /\/api\/v1\/carts\//)).toHaveLength(0);
      await router.navigate('/offers');
      await screen.findByRole('link', { name: 'View cart, 2 items' });
      // unmounted while the stubs stand (the dock's effect cancels its idle callback)
      cleanup();
    },
  );

  it('shows the item count on other screens and links to /cart', async () => {
    rememberCart();
    cartServer(makeCart({ validItems: [FARMHOUSE, BREADSTICKS] }));
    const user = userEvent.setup();
    const { router } = renderScreens('/offers', { dock: true });
    const link = await screen.findByRole('link', { name: 'View cart, 3 items' });
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    await user.click(link);
    expect(urlOf(router)).toBe('/cart');
    expect(screen.queryByRole('link', { name: /View cart/ })).toBeNull();
  });
});

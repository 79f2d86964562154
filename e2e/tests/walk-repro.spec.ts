import { expect, test, type Locator, type Page } from '@playwright/test';
import { CART_LIMIT_TEXTS } from '@crust/domain/cart-lines';
import { rupees } from '../support/api.ts';
import {
  CASH,
  addAndCheckout,
  checkoutMain,
  chooseLocation,
  expectOrderPlaced,
  expectStore,
  loginWithOtp,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

type Box = { x: number; y: number; width: number; height: number };

/** Two boxes on the screen share some area (touching edges do not count). */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxesOf(list: Locator): Promise<{ text: string; box: Box }[]> {
  return list.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? '', box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
}

/** Every one of `parts` is drawn whole inside `frame`: none is cut at its edges. */
async function expectInside(parts: Locator, frame: Locator) {
  const outer = (await frame.boundingBox())!;
  for (const { text, box } of await boxesOf(parts)) {
    expect(box.x, text).toBeGreaterThanOrEqual(outer.x);
    expect(box.y, text).toBeGreaterThanOrEqual(outer.y);
    expect(box.x + box.width, text).toBeLessThanOrEqual(outer.x + outer.width);
    expect(box.y + box.height, text).toBeLessThanOrEqual(outer.y + outer.height);
  }
}

/**
 * The customer scrolls the upsell down to just above the cart's bottom bar (where a toast at the bottom of the
 * screen sat) and taps one of its Add buttons: the refusal says `text`, and covers neither the bar nor any of the
 * upsell's buttons.
 */
async function expectRefusalClearOfUpsell(page: Page, add: string, text: string) {
  const upsell = page.getByRole('region', { name: 'Goes well with your order' });
  const bar = page.getByRole('region', { name: 'Total to pay' });
  const button = upsell.getByRole('button', { name: add });
  const barTop = (await bar.boundingBox())!.y;
  const start = (await button.boundingBox())!;
  await page.mouse.wheel(0, start.y + start.height - barTop + 4);
  await expect
    .poll(async () => {
      const box = (await button.boundingBox())!;
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(barTop);
  await button.click();
  const toast = page.getByRole('alert').getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  for (const { text: name, box } of await boxesOf(upsell.getByRole('button')))
    expect(overlaps(toastBox, box), `the toast covers ${name}`).toBe(false);
  expect(overlaps(toastBox, (await bar.boundingBox())!), 'the toast covers the bottom bar').toBe(false);
}

/**
 * Issue 31's walk, again: the repro steps of items 3 and 7–13, in one visit of a customer who starts as a guest in
 * Koramangala, logs in from the order history, fills a Drive-n-Pick cart, orders it for later as dine-in, then a
 * delivery, and tries the cart's limits; each step finds the better behaviour the issue asked for. Items 1, 2, 4,
 * 5–6, 13's Amazon Pay and 14 have journeys of their own (after-train, offline-cart, mini-app, eta-and-bill,
 * checkout-customer, push-notifications). The surprise gift (item 10) is being reworked elsewhere.
 */
test('issue 31’s walk, step by step, finds the better behaviour', async ({ page, request, browser }) => {
  const mobile = freshMobile();

  await test.step('item 12: a city with one store says "1 store"', async () => {
    await page.goto('/');
    await page.getByRole('radio', { name: 'Drive-n-Pick', exact: true }).check();
    await page.getByRole('link', { name: 'Enter your location' }).click();
    await page.getByRole('link', { name: /^Choose a restaurant/ }).click();
    await expect(page.getByRole('button', { name: 'Delhi', exact: true })).toHaveText(/Delhi · 1 store$/);
    await shot(page, 'walk-cities');
    await page.getByRole('button', { name: 'Bengaluru', exact: true }).click();
    await page.getByRole('button', { name: 'Order from Crust Koramangala' }).click();
    await expect(page).toHaveURL(/\/menu$/);
  });

  await test.step('item 13: a guest’s empty order history offers a way to log in', async () => {
    await page.goto('/orderHistory');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in to see your orders' }).click();
    await expect(page).toHaveURL(/\/login\?redirectUrl=%2ForderHistory/);
  });

  await test.step('item 12: the password login names Crust', async () => {
    await page.getByRole('link', { name: 'Login with password' }).click();
    await expect(page.getByRole('heading', { name: 'Login with your Crust password' })).toBeVisible();
    await page.goBack();
    await loginWithOtp(page, request, mobile, { firstName: 'Tara', lastName: 'Menon' });
    // back where the login was offered, as the account
    await expect(page).toHaveURL(/\/orderHistory$/);
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to see your orders' })).toHaveCount(0);
  });

  await test.step('item 13: search results have an Add button', async () => {
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('farmhouse');
    const results = page.getByRole('list', { name: 'Search' });
    await results.getByRole('button', { name: 'Add Farmhouse' }).click();
    await expect(results.getByRole('group', { name: 'Quantity of Farmhouse' })).toContainText('1');
    await expect(page).toHaveURL(/\/search\?q=farmhouse$/);
    await shot(page, 'walk-search');
  });

  await test.step('item 8: Mix & Match prices each pizza and keeps its count and button in view', async () => {
    await page.goto('/edv');
    await page.getByRole('link', { name: /^View Mix & Match/ }).click();
    const pick = page.getByRole('region', { name: 'Mix and match' });
    const medium = pick.getByRole('region', { name: /^Medium pizzas/ });
    const regular = pick.getByRole('region', { name: /^Regular pizzas/ });
    await expect(medium.getByRole('listitem').filter({ hasText: 'Peppy Paneer' })).toContainText('₹199');
    await expect(regular.getByRole('listitem').filter({ hasText: 'Margherita' }).first()).toContainText(
      '₹99',
    );
    // a list some sixty pizzas long: the count and the button are on the first screen, and stay in view
    const picked = pick.getByText(/^Picked \d+ of 2$/);
    await expect(picked).toHaveText('Picked 0 of 2');
    await expect(picked).toBeInViewport();
    await medium.getByRole('button', { name: 'Increase quantity of Peppy Paneer (Medium)' }).click();
    await regular
      .getByRole('button', { name: /^Increase quantity of/ })
      .last()
      .click();
    await expect(picked).toHaveText('Picked 2 of 2');
    await expect(picked).toBeInViewport();
    const add = pick.getByRole('button', { name: 'Add 2 pizzas and apply deal' });
    await expect(add).toBeInViewport({ ratio: 1 });
    await shot(page, 'walk-mix-and-match');
    await add.click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  await test.step('item 10: after a percent coupon the lines are whole rupees, and the discount says minus', async () => {
    await page.getByPlaceholder('Enter coupon code').fill('SAVE20');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('SAVE20 applied')).toBeVisible();
    const prices = page.locator('[data-testid^="line-price-"] strong');
    await expect(prices).toHaveCount(3);
    for (const price of await prices.allTextContents()) expect(price).toMatch(/^₹[\d,]+$/);
    await expect(page.getByTestId('calc-discount')).toHaveText(/^Discount-₹[\d,]+$/);
    await page.getByTestId('calc-discount').scrollIntoViewIfNeeded();
    await shot(page, 'walk-cart-coupon');
  });

  await test.step('item 12: Drive-n-Pick without a bay says "Select a parking bay"', async () => {
    await page
      .getByRole('region', { name: 'Total to pay' })
      .getByRole('button', { name: 'Checkout' })
      .click();
    await expect(page).toHaveURL(/\/payment$/);
    const main = checkoutMain(page);
    await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
    await payButton(page).click();
    await expect(main.getByRole('combobox', { name: 'Parking bay' })).toHaveAccessibleDescription(
      'Select a parking bay',
    );
  });

  await test.step('item 9: the pick-a-store map’s names do not cover each other', async () => {
    await chooseLocation(page, { type: 'Dine-in', search: 'Koramangala', place: /^Koramangala, Bengaluru/ });
    await expect(page).toHaveURL(/\/takeawayMapScreen\?deliveryType=DINEIN/);
    const names = page.locator('.map-marker-store .map-marker-label').filter({ visible: true });
    // the chosen store (the nearest) is always named
    await expect(names.filter({ hasText: 'Crust Koramangala' })).toBeVisible();
    const boxes = await boxesOf(names);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(overlaps(a.box, b.box), `"${a.text}" covers "${b.text}"`).toBe(false);
    await shot(page, 'walk-pick-a-store');
    await page.getByRole('button', { name: 'Order from Crust Koramangala' }).click();
    await expect(page).toHaveURL(/\/menu$/);
  });

  // every answer the cart gave after the order used it up
  const cartNotFound: string[] = [];
  await test.step('a dine-in order for later, paid by card', async () => {
    await page.getByRole('link', { name: /^View cart/ }).click();
    await page
      .getByRole('region', { name: 'Total to pay' })
      .getByRole('button', { name: 'Checkout' })
      .click();
    await expect(page).toHaveURL(/\/payment$/);
    const main = checkoutMain(page);
    await main.getByLabel('Email').fill('tara@example.com');
    await main.getByRole('radio', { name: 'Schedule for later', exact: true }).check();
    await main.getByRole('combobox', { name: 'Time slot' }).selectOption({ index: 1 });
    await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
    const amount = rupees(await payAmountPaise(page));
    page.on('response', (r) => {
      if (r.status() === 404 && new URL(r.url()).pathname.startsWith('/api/v1/carts/'))
        cartNotFound.push(r.url());
    });
    await payButton(page).click();
    await payByCard(page, amount);
  });

  let slot = '';
  await test.step('item 7: thank-you: Track order first and in view, "Dine in at", the slot as "7:05 PM"', async () => {
    const { main } = await expectOrderPlaced(page);
    const track = main.getByRole('link', { name: 'Track order' });
    await expect(track).toHaveClass(/btn-primary/);
    await expect(track).toBeInViewport({ ratio: 1 });
    await expect(main.getByRole('link', { name: 'Back to menu' })).toHaveClass(/btn-secondary/);
    await expect(main.getByText('Dine in at', { exact: true })).toBeVisible();
    await expect(main.getByText('Pick up from', { exact: true })).toHaveCount(0);
    const scheduled = main.getByTestId('order-scheduled');
    await expect(scheduled).toHaveText(/^Scheduled for \w{3}, \d{1,2} \w{3}, \d{1,2}:\d{2} (AM|PM)$/);
    slot = (await scheduled.textContent())!.replace('Scheduled for ', '');
    await shot(page, 'walk-thank-you-dine-in');
  });

  await test.step('item 10: the thank-you page’s Discount row says minus', async () => {
    const summary = page.getByRole('region', { name: 'Payment summary' });
    const discount = summary.locator('.pay-line').filter({ hasText: /^Discount/ });
    await expect(discount.getByRole('definition')).toHaveText(/^-₹[\d,]+$/);
  });

  await test.step('item 13: the sandbox pages find /favicon.ico', async () => {
    // Chromium asks a page's origin for /favicon.ico when the page links no icon, as the gateway's pages do;
    // headless it does not, so the customer's browser's question is asked here
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
  });

  await test.step('item 9: the tracker names the store whole, with the slot as the thank-you page wrote it', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Track order' }).click();
    await expect(page).toHaveURL(/\/trackOrder\?orderHistoryId=O/);
    const map = page.getByTestId('tracker-map');
    await expect(map.getByTestId('map-pin-store')).toHaveText('Crust Koramangala');
    await expectInside(map.locator('.trk-pin-label'), map);
    await expect(page.getByTestId('tracker-advance')).toContainText(`Advance order for ${slot}`);
    await shot(page, 'walk-tracker-dine-in');
  });

  await test.step('item 13: no 404 for the used-up cart after paying', async () => {
    expect(cartNotFound).toEqual([]);
  });

  await test.step('item 11: House/Flat No says the rest of a long one was not kept', async () => {
    await page.goto('/');
    await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
    await page.getByRole('button', { name: 'Deliver to Koramangala, Bengaluru' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expectStore(page, 3001);
    await addAndCheckout(page, VEG_PIZZA, 'Margherita');
    await checkoutMain(page).getByRole('link', { name: 'Add new address' }).click();
    await expect(page).toHaveURL(/\/address/);
    const house = page.getByLabel('House / Flat No');
    await house.fill('Tower 3, 9th floor');
    await expect(house).toHaveValue('Tower 3, 9');
    await expect(house).toHaveAccessibleDescription(/At most 10 characters: the rest was not kept/);
    await shot(page, 'walk-address-house');
    await house.fill('T3-901');
    await page.getByLabel('Society / Street Name').fill('5th Cross Road, Koramangala 4th Block');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/payment$/);
  });

  let deliveryOrder = '';
  await test.step('a delivery, zero contact, cash', async () => {
    const main = checkoutMain(page);
    await main.getByRole('checkbox', { name: 'Zero contact delivery' }).check();
    // a logged-in customer's cash order needs no code (SPEC §4's COD OTP is a guest's)
    await main.getByRole('radio', { name: CASH }).check();
    await expect(payButton(page)).toHaveText('Place order');
    await payButton(page).click();
    const { main: thanks, orderNumber } = await expectOrderPlaced(page);
    deliveryOrder = orderNumber;
    await thanks.getByRole('link', { name: 'Track order' }).click();
  });

  await test.step('item 9: the tracker names the store and the address whole', async () => {
    const map = page.getByTestId('tracker-map');
    await expect(map.getByTestId('map-pin-store')).toHaveText('Crust Koramangala');
    // as many whole parts of the address as fit, never a cut word
    await expect(map.getByTestId('map-pin-home')).toHaveText('T3-901, 5th Cross Road');
    await expectInside(map.locator('.trk-pin-label'), map);
    await map.scrollIntoViewIfNeeded();
    await shot(page, 'walk-tracker-delivery');
  });

  await test.step('item 12: the store console says "Zero contact delivery" and writes times as 12:20 AM', async () => {
    const { tablet, store } = await openStoreTablet(browser, 3001);
    const card = orderCard(store, deliveryOrder);
    await expect(card).toContainText('Zero contact delivery');
    await expect(card).toContainText(/Placed \d{1,2}:\d{2} (AM|PM)/);
    await expect(card).not.toContainText(/\d (am|pm)\b/);
    await card.scrollIntoViewIfNeeded();
    await shot(store, 'walk-console-order');
    await tablet.close();
  });

  await test.step('item 3: each cart cap says its own limit, in a toast clear of the upsell', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Back to menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu categories' })
      .getByRole('link', { name: 'Pizza Mania' })
      .click();
    await page.getByRole('link', { name: 'Customise Onion Pizza Mania' }).click();
    // 22 of them, chosen on the pizza's own screen (no cart call per tap)
    const more = page.getByRole('button', { name: 'Increase quantity', exact: true });
    for (let n = 1; n < 22; n++) await more.click();
    await page.getByRole('button', { name: 'Add to cart Total ₹1,298 for 22 pizzas' }).click();
    await expect(page.getByText('Added to your cart.')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('navigation', { name: 'Menu categories' })
      .getByRole('link', { name: 'Meals & Combos' })
      .click();
    await page
      .getByRole('region', { name: 'Meals & Combos' })
      .getByRole('button', { name: 'Add Party Pack Veg' })
      .click();
    await expect(page.getByRole('link', { name: 'View cart, 23 items' })).toBeVisible();
    await page.getByRole('link', { name: 'View cart, 23 items' }).click();
    const party = page.getByRole('article', { name: 'Party Pack Veg' });
    await party.getByRole('button', { name: 'Increase quantity of Party Pack Veg' }).click();
    await expect(party.getByTestId('qty')).toHaveText('2');

    // 24 items for ₹4,896: breadsticks at ₹109, not in the cart, would take it past ₹5,000
    await expectRefusalClearOfUpsell(page, 'Add Garlic Breadsticks', CART_LIMIT_TEXTS.maxPrice);
    await shot(page, 'walk-cart-cap-price');
    // the 25th item is let in; a 26th, of anything, is not
    const mania = page.getByRole('article', { name: 'Onion Pizza Mania' });
    await mania.getByRole('button', { name: 'Increase quantity of Onion Pizza Mania' }).click();
    await expect(mania.getByTestId('qty')).toHaveText('23');
    await expectRefusalClearOfUpsell(page, 'Add Choco Lava Cake', CART_LIMIT_TEXTS.maxItems);
    await shot(page, 'walk-cart-cap-items');
  });

  await test.step('item 12: the hygiene page says "Zero contact delivery", as checkout does', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Hygiene & safety' }).click();
    await expect(page.getByRole('main')).toContainText('Choose Zero contact delivery at checkout');
    await expect(page.getByRole('main')).not.toContainText(/no-contact/i);
    await page.goBack();
  });

  await test.step('item 13: logout asks first, and keeps the place', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Log out of Crust?' });
    await expect(ask.getByRole('heading', { name: 'Log out of Crust?' })).toBeVisible();
    // the question is written in ink, not in the white of the landing's header where the dialog is mounted
    const [ink, paper] = await ask.evaluate((d) => [
      getComputedStyle(d.querySelector('h2')!).color,
      getComputedStyle(d).backgroundColor,
    ]);
    expect(ink).not.toBe(paper);
    await shot(page, 'walk-logout');
    await ask.getByRole('button', { name: 'Log out' }).click();
    // logout ends with a full load of home
    await expect(page).toHaveURL(/\/$/);
    await page.waitForLoadState('load');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Deliver to Koramangala, Bengaluru' })).toContainText(
      'Crust Koramangala',
    );
    await expectStore(page, 3001);
  });
});

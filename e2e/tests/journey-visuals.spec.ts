import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  payAmountPaise,
  payButton,
  payByCard,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 11's visual faults, as a customer sees them on a 412 × 823 phone: each test checks the layout and
 * leaves a screenshot in its output folder.
 */

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return { ...b, bottom: b.y + b.height, right: b.x + b.width };
}

const overlap = (a: Awaited<ReturnType<typeof box>>, b: Awaited<ReturnType<typeof box>>) =>
  a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

async function addToCart(page: Page, category: { slug: string; name: string }, product: string) {
  await page.goto(`/menu/${category.slug}`);
  // the next step loads another page, which would cut an add still on its way to the server
  const added = page.waitForResponse(
    (r) => r.url().includes('/api/v1/carts') && r.request().method() !== 'GET',
  );
  await page
    .getByRole('region', { name: category.name })
    .getByRole('button', { name: `Add ${product}`, exact: true })
    .click();
  await added;
}

test('the cart dock sits at the bottom of the screen on a short page and on a long one', async ({
  page,
}, info) => {
  await deliverNearConnaughtPlace(page);
  await addToCart(page, VEG_PIZZA, 'Farmhouse');
  const dock = page.locator('.cart-dock');
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  const height = page.viewportSize()!.height;
  expect(Math.round((await box(dock)).bottom)).toBe(height);

  // short pages: the dock used to sit right under their content, mid-screen
  for (const path of ['/locationSelection?deliveryType=D', '/myAddresses?fromProfile=true', '/track']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
    expect(Math.round((await box(dock)).bottom), path).toBe(height);
    // the page's last control is not under the dock
    const last = page.getByRole('main').locator('a, button').last();
    await last.scrollIntoViewIfNeeded();
    expect(overlap(await box(last), await box(dock)), path).toBe(false);
  }
  await page.goto('/locationSelection?deliveryType=D');
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath('cart-dock-short-page.png') });
});

test('offline, the banner sits above the menu category tabs instead of over them', async ({
  page,
  context,
}, info) => {
  await page.goto('/menu');
  await expect(page.getByRole('article', { name: 'Farmhouse' }).first()).toBeVisible();
  await context.setOffline(true);
  try {
    const banner = page.getByRole('status').filter({ hasText: 'Internet connection Lost' });
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 2500));
    const tabs = page.getByRole('navigation', { name: 'Menu categories' });
    await expect.poll(async () => (await box(tabs)).y).toBeGreaterThan(0);
    const b = await box(banner);
    const t = await box(tabs);
    // stuck below the banner: touching it, not under it
    expect(t.y).toBeGreaterThanOrEqual(b.bottom - 0.5);
    expect(t.y).toBeLessThan(b.bottom + 2);
    await expect(tabs.getByRole('link', { name: 'All' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('menu-offline-banner.png') });
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByText('Internet connection Lost')).toHaveCount(0);
});

test('a coupon spread over several lines leaves every line price in whole rupees', async ({ page }, info) => {
  await deliverNearConnaughtPlace(page);
  await addToCart(page, VEG_PIZZA, 'Farmhouse');
  await addToCart(page, VEG_PIZZA, 'Peppy Paneer');
  await addToCart(page, VEG_PIZZA, 'Margherita');
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page.getByRole('region', { name: 'Total to pay' })).toBeVisible();
  // all three lines are in before the coupon goes on (the last add may still be on its way)
  await expect(page.locator('[data-testid^="line-price-"]')).toHaveCount(3);
  await page.getByLabel('Coupon code').fill('FLAT100');
  await expect(page.getByLabel('Coupon code')).toHaveValue('FLAT100');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('You save ₹100')).toBeVisible();
  const prices = page.locator('[data-testid^="line-price-"] strong');
  await expect(prices).toHaveCount(3);
  // every line is discounted (a struck-through price beside it), and none shows paise
  await expect(page.locator('[data-testid^="line-price-"] s')).toHaveCount(3);
  for (const text of await prices.allInnerTexts()) expect(text).toMatch(/^₹[\d,]+$/);
  await prices.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('cart-discounted-lines.png') });
});

test("the tracker map of a home at the store's own spot: two pins apart, labels clear of each other", async ({
  page,
}, info) => {
  // Crust Connaught Place's own coordinates, confirmed as the delivery point
  await page.goto('/');
  await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
  await page.goto('/mapScreen?latitude=28.6328&longitude=77.2197');
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const who = { firstName: 'Meera', lastName: 'Iyer', mobile: freshMobile() };
  await addGuestAddress(page, { house: '2', street: 'Outer Circle' }, who);
  await checkoutMain(page).getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  const { main } = await expectOrderPlaced(page);
  await main.getByRole('link', { name: 'Track order' }).click();

  const map = page.getByTestId('tracker-map');
  await expect(map).toBeVisible();
  const store = await box(map.getByTestId('map-pin-store').locator('path').first());
  const home = await box(map.getByTestId('map-pin-home').locator('path').first());
  expect(overlap(store, home)).toBe(false);
  const storeLabel = await box(map.getByTestId('map-pin-store').locator('text'));
  const homeLabel = await box(map.getByTestId('map-pin-home').locator('text'));
  expect(overlap(storeLabel, homeLabel)).toBe(false);
  expect(overlap(storeLabel, home)).toBe(false);
  expect(overlap(homeLabel, store)).toBe(false);
  const frame = await box(map);
  for (const label of [storeLabel, homeLabel]) {
    expect(label.x).toBeGreaterThanOrEqual(frame.x);
    expect(label.right).toBeLessThanOrEqual(frame.right);
  }
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('tracker-map-close-pins.png') });
});

import { expect, test, type Page } from '@playwright/test';
import { placeGuestCardOrder, shot } from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

const currentStage = (page: Page) =>
  page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');

/**
 * The whole life of an order as two people see it: a guest pays for a delivery and opens the tracker from the
 * thank-you page; the store, in a second browser, bakes, dispatches (naming the rider) and delivers it; the
 * customer's tracker follows every step live, without a reload, and stops at Delivered.
 */
test("the store's moves reach the customer's tracker live, through to delivered", async ({
  page,
  browser,
}) => {
  const who = { firstName: 'Meera', lastName: 'Iyer', mobile: freshMobile() };
  const { orderNumber, main } = await placeGuestCardOrder(page, who, {
    house: '21',
    street: 'Barakhamba Road',
  });

  await main.getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/thankYouAndTracking\?orderId=O/);
  await expect(page.getByText('Thank you! Your order is placed')).toBeVisible();
  await expect(currentStage(page)).toContainText('Confirmed');
  await expect(page.getByText(/Arriving by/)).toBeVisible();
  await expect(page.getByText(/(30|45)-minute delivery guarantee/)).toBeVisible();
  // the store's number, as the contact page promises
  const call = page.getByRole('link', { name: /^Call Crust Connaught Place on / });
  await expect(call).toHaveAttribute('href', /^tel:\d{8,}$/);
  await call.scrollIntoViewIfNeeded();
  await shot(page, 'tracker-call-store');
  // a marker that a reload would wipe: the tracker must follow without one
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Meera Iyer');
  await expect(card).toContainText('1 × Farmhouse');

  await card.getByRole('button', { name: 'Start baking' }).click();
  await expect(currentStage(page)).toContainText('Being Baked');

  await card.getByLabel("Rider's name").fill('Ravi Kumar');
  await card.getByRole('button', { name: 'Dispatch' }).click();
  await expect(currentStage(page)).toContainText('Dispatched');
  await expect(page.getByText('Ravi Kumar is on the way with your order')).toBeVisible();

  await card.getByRole('button', { name: 'Delivered' }).click();
  await expect(currentStage(page)).toContainText('Delivered');
  await expect(card).toHaveCount(0); // it left the store's queue
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await tablet.close();
});

/** Tracking someone else's order: /track with the mobile number and the order id on the receipt. */
test('/track finds an order by mobile number and order id, with the SPEC messages for empty fields', async ({
  page,
}) => {
  await page.goto('/track');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByText('Please Enter Mobile No.')).toBeVisible();
  await expect(page.getByText('Please Enter Order Id No.')).toBeVisible();
  await page.getByLabel('Mobile Number').fill('9123456780');
  await page.getByLabel('Order Id').fill('999999');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(
    page.getByText('We could not find an order with this mobile number and order id.'),
  ).toBeVisible();
});

/**
 * Issue 11: whoever finds an order by mobile and number (or is passed its link) follows its progress but sees the
 * locality only, never the house and street; the owner's own tracker shows the whole address.
 */
test('a stranger who looks an order up sees its progress and the locality, not the address', async ({
  page,
  browser,
}) => {
  const who = { firstName: 'Kabir', lastName: 'Shah', mobile: freshMobile() };
  const { orderNumber, main } = await placeGuestCardOrder(page, who, { house: '47', street: 'Janpath Lane' });
  expect(orderNumber).toMatch(/^[1-9]\d{7}$/); // drawn, not counted

  await main.getByRole('link', { name: 'Track order' }).click();
  const ownMap = page.getByRole('img', { name: /^Map:/ });
  await expect(ownMap).toHaveAttribute('aria-label', /Janpath Lane/);
  await page.screenshot({ path: test.info().outputPath('owner-tracker.png'), fullPage: true });

  const phone = await browser.newContext({
    viewport: { width: 412, height: 823 },
    timezoneId: 'Asia/Kolkata',
  });
  const stranger = await phone.newPage();
  await stranger.goto('/track');
  await stranger.getByLabel('Mobile Number').fill(who.mobile);
  await stranger.getByLabel('Order Id').fill(orderNumber);
  await stranger.getByRole('button', { name: 'Track order' }).click();
  await expect(stranger).toHaveURL(/\/thankYouAndTracking\?orderId=O\w+&key=/);
  await expect(stranger.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Order status' })).toBeVisible();
  await expect(stranger.getByText('Thank you! Your order is placed')).toHaveCount(0);
  await expect(currentStage(stranger)).toContainText('Confirmed');
  await expect(stranger.getByText(/Arriving by/)).toBeVisible();
  const map = stranger.getByRole('img', { name: /^Map:/ });
  await expect(map).toHaveAttribute('aria-label', /Connaught Place/);
  await expect(map).not.toHaveAttribute('aria-label', /Janpath/);
  await expect(stranger.locator('body')).not.toContainText('Janpath');
  await expect(stranger.locator('body')).not.toContainText('Kabir');
  await stranger.screenshot({ path: test.info().outputPath('stranger-tracker.png'), fullPage: true });
  await phone.close();
});

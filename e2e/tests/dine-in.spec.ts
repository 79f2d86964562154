import { expect, test } from '@playwright/test';
import {
  addAndCheckout,
  checkoutMain,
  chooseLocation,
  expectOrderPlaced,
  expectStore,
  fillContact,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

/**
 * Dine-in (SPEC §1 DINEIN), chosen on the landing page beside Takeaway/Dine-in: the stores near Connaught
 * Place that seat guests, the menu, the cart, checkout with the name, email and mobile dine-in needs, a card
 * payment, the thank-you page, and the tracker following the store's kitchen until the order is served.
 */
test('a guest orders dine-in at Connaught Place, pays by card and follows the order', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Dine-in', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Dine-in', exact: true }).check();
  await shot(page, 'dine-in-landing');
  await chooseLocation(page, {
    type: 'Dine-in',
    search: 'Connaught Place',
    place: /^Connaught Place, Delhi/,
  });
  await expect(page).toHaveURL(/\/takeawayMapScreen\?deliveryType=DINEIN/);
  await page.getByRole('button', { name: 'Order from Crust Connaught Place' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, 1001);
  await expect(page.getByRole('link', { name: /change location/i })).toContainText('Dine-in');

  await addAndCheckout(page, VEG_PIZZA, 'Margherita');
  const main = checkoutMain(page);
  await expect(main.getByTestId('order-type')).toHaveText('Dine-in from Crust Connaught Place');
  await expect(main.getByRole('heading', { name: 'Deliver to' })).toHaveCount(0);
  // dine-in needs who is eating: name, email and mobile
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  await payButton(page).click();
  await expect(main.getByText('Enter Email Address')).toBeVisible();
  const mobile = freshMobile();
  await fillContact(page, { firstName: 'Kabir', lastName: 'Das', mobile, email: 'kabir@example.com' });
  await shot(page, 'dine-in-checkout');
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);

  const { orderNumber, main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-type')).toHaveText('Dine-in');
  await expect(thanks.getByTestId('order-where')).toContainText('Crust Connaught Place');
  await thanks.getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/trackOrder\?orderHistoryId=O/);
  const stage = page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');
  await expect(stage).toContainText('Confirmed');

  // the store's tablet starts on it; the diner's tracker follows
  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await expect(card).toContainText('Kabir Das');
  await card.getByRole('button', { name: 'Start baking' }).click();
  await expect(stage).toContainText('Being Baked');
  // served at the table, not picked up at a counter: the console and the tracker say so
  await card.getByRole('button', { name: 'Ready to serve' }).click();
  await expect(stage).toContainText('Ready to serve');
  await shot(store, 'dine-in-console-ready');
  await card.getByRole('button', { name: 'Served' }).click();
  await expect(card).toHaveCount(0);
  await expect(stage).toContainText('Served');
  await expect(page.getByTestId('tracker-when')).toContainText(/^Served at /);
  await expect(page.getByText(/Picked up/i)).toHaveCount(0);
  await shot(page, 'dine-in-served');
  await tablet.close();
});

import { expect, test, type Page } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addAndCheckout,
  checkoutMain,
  chooseLocation,
  expectStore,
  logIn,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/** The store delivering to Koramangala, Bengaluru, and the restaurant serving Bhopal Junction (seed). */
const KORAMANGALA_STORE = 3001;
const BHOPAL_STORE = 5101;

/** A customer delivering to Koramangala: the landing's search, the pin confirmed, the menu of store 3001. */
async function deliverToKoramangala(page: Page) {
  await chooseLocation(page, { type: 'Delivery', search: 'Koramangala', place: /^Koramangala, Bengaluru/ });
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, KORAMANGALA_STORE);
}

/** The sandbox's demo ticket 2451234567 (Tamil Nadu Express), Bhopal Junction chosen: its restaurant's menu. */
async function orderToBhopal(page: Page) {
  await page.goto('/deliverOnTrain');
  await page.getByLabel('PNR number').fill('2451234567');
  await page.getByRole('button', { name: 'Find my train' }).click();
  await page
    .getByRole('listitem', { name: 'Bhopal Junction' })
    .getByRole('button', { name: 'Order to Bhopal Junction' })
    .click();
  await expect(page).toHaveURL(/\/menu/);
  await expectStore(page, BHOPAL_STORE);
}

/** The landing as the customer left it before the train: delivery, Koramangala and its own store. */
async function expectHomeLanding(page: Page) {
  await expect(page.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  const entry = page.getByRole('button', { name: 'Deliver to Koramangala, Bengaluru' });
  await expect(entry).toContainText('From Crust Koramangala');
  await expect(entry).not.toContainText('Hamidia Road');
  await expectStore(page, KORAMANGALA_STORE);
}

/**
 * Issue 31 item 1: a customer logged in at Koramangala orders a pizza to their berth at Bhopal; afterwards home is
 * theirs again — delivery chosen, "From Crust Koramangala", and "View menu" opens Koramangala's menu, not the
 * train's.
 */
test('after a train order the landing is the customer’s own city, store and order type', async ({
  page,
  request,
}) => {
  await deliverToKoramangala(page);
  await logIn(page, request, freshMobile(), { firstName: 'Asha', lastName: 'Rao' });
  await orderToBhopal(page);

  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  await expect(page.getByTestId('train-trip')).toContainText('Bhopal Junction (BPL)');
  await expect(main.getByLabel('First name')).toHaveValue('Asha');
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  await expect(page).toHaveURL(/\/thankYou\?transactionId=IRCTC$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();

  // the thank-you page's way back goes to the customer's own store
  await expectStore(page, KORAMANGALA_STORE);
  await page.getByRole('main').getByRole('link', { name: 'Back to menu' }).click();
  await expect(page).toHaveURL(/\/menu/);
  await expect(page.getByText('Crust Koramangala').first()).toBeVisible();

  await page.goto('/');
  await expectHomeLanding(page);
  await shot(page, 'after-train-landing');
  await page.getByRole('link', { name: 'View menu' }).click();
  await expect(page).toHaveURL(/\/menu/);
  await expect(page.getByText('Crust Koramangala').first()).toBeVisible();
  await expect(page.getByText('Crust Hamidia Road')).toHaveCount(0);
});

/** Leaving the train flow before ordering (back to the landing) gives the customer's own store back too. */
test('a customer who leaves the train menu for the landing finds their own store again', async ({ page }) => {
  await deliverToKoramangala(page);
  await orderToBhopal(page);
  await expect(page.getByText('Crust Hamidia Road').first()).toBeVisible();
  await page.goto('/');
  await expectHomeLanding(page);
  // the ticket is remembered for the tab: the train banner leads back to it
  await page.goto('/deliverOnTrain');
  await expect(page.getByLabel('PNR number')).toHaveValue('2451234567');
});

import { expect, test } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addAndCheckout,
  checkoutMain,
  expectOrderPlaced,
  fillContact,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 16 (first part): the landing's train banner leads to the PNR entry; the sandbox's demo ticket 2451234567
 * (Tamil Nadu Express, docs/rail-sandbox.md) shows its stations ahead, Bhopal open to order with its restaurant,
 * Agra with none; choosing Bhopal makes its restaurant the store of a train order and opens the menu; a Farmhouse
 * ordered there goes to coach B2, berth 34, paid by card (no cash on a train order).
 */
test('a passenger enters a PNR, picks a station ahead, and orders a pizza to their berth', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByText('Pizza on your train').click();
  await expect(page).toHaveURL(/\/deliverOnTrain$/);
  const pnr = page.getByLabel('PNR number');
  await pnr.fill('12345');
  await page.getByRole('button', { name: 'Find my train' }).click();
  await expect(page.getByText('Valid PNR Number is Mandatory')).toBeVisible();
  await shot(page, 'train-pnr');
  await pnr.fill('2451234567');
  await page.getByRole('button', { name: 'Find my train' }).click();
  await expect(page).toHaveURL(/\/irctcStation\?pnr=2451234567$/);
  await expect(page.getByRole('heading', { name: '12622 Tamil Nadu Express' })).toBeVisible();
  await expect(page.getByText('Coach B2 · Berth 34')).toBeVisible();
  const agra = page.getByRole('listitem', { name: 'Agra Cantt' });
  await expect(agra.getByText('No Crust restaurant serves this station.')).toBeVisible();
  const bhopal = page.getByRole('listitem', { name: 'Bhopal Junction' });
  await expect(bhopal.getByText(/Crust Hamidia Road/)).toBeVisible();
  await shot(page, 'train-stations');
  await bhopal.getByRole('button', { name: 'Order to Bhopal Junction' }).click();
  await expect(page).toHaveURL(/\/menu/);
  await expect(page.getByText('Crust Hamidia Road').first()).toBeVisible();
  await shot(page, 'train-menu');

  // a Farmhouse to the berth, paid by card: the checkout shows the seat and the station instead of an address
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const trip = page.getByTestId('train-trip');
  await expect(trip).toContainText('Coach B2, Berth 34');
  await expect(trip).toContainText('12622 Tamil Nadu Express at Bhopal Junction (BPL)');
  const main = checkoutMain(page);
  await expect(main.getByRole('radio', { name: /^Cash/ })).toHaveCount(0);
  await fillContact(page, { firstName: 'Meera', lastName: 'Pillai', mobile: freshMobile() });
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  await shot(page, 'train-checkout');
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  await expectOrderPlaced(page);
});

test('an unknown PNR is told, with a way back to enter another', async ({ page }) => {
  await page.goto('/irctcStation?pnr=2459999999');
  await expect(
    page.getByText('We could not find this PNR. Please check the number on your ticket.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Check another PNR' }).click();
  await expect(page).toHaveURL(/\/deliverOnTrain$/);
});

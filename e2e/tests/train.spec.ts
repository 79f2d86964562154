import { expect, test } from '@playwright/test';
import { shot } from '../support/checkout.ts';

/**
 * Issue 16 (first part): the landing's train banner leads to the PNR entry; the sandbox's demo ticket 2451234567
 * (Tamil Nadu Express, docs/rail-sandbox.md) shows its stations ahead, Bhopal open to order with its restaurant,
 * Agra with none; choosing Bhopal makes its restaurant the store of a train order and opens the menu.
 */
test('a passenger enters a PNR, sees which stations ahead can be ordered for, and picks one', async ({
  page,
}) => {
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
});

test('an unknown PNR is told, with a way back to enter another', async ({ page }) => {
  await page.goto('/irctcStation?pnr=2459999999');
  await expect(
    page.getByText('We could not find this PNR. Please check the number on your ticket.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Check another PNR' }).click();
  await expect(page).toHaveURL(/\/deliverOnTrain$/);
});

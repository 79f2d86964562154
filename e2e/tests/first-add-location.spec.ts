import { expect, test } from '@playwright/test';
import { cartReader } from '../support/api.ts';
import { expectStore, shot } from '../support/checkout.ts';

/**
 * Issue 11: a first-time guest browsing the default store's menu is asked where they are before the first
 * add, and the pizza goes into a cart at the store that serves them (Koramangala, not the default store in
 * Delhi), back on the menu they were on.
 */
test('a guest with no location is asked for it at the first add, and the add is made at their store', async ({
  page,
}) => {
  const serverCart = cartReader(page);
  await page.goto('/menu/sides');
  await expect(page.getByRole('link', { name: /Choose your location/ })).toBeVisible();
  await page
    .getByRole('region', { name: 'Sides' })
    .getByRole('button', { name: 'Add Garlic Breadsticks' })
    .click();

  const prompt = page.getByRole('alertdialog', { name: 'Tell us where you are' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  await shot(page, 'location-first-prompt');
  expect(await page.evaluate(() => localStorage.getItem('crust.cartId'))).toBeNull();
  await prompt.getByRole('button', { name: 'Choose location' }).click();

  await expect(page).toHaveURL(/\/locationSelection\?deliveryType=D/);
  await page.getByRole('link', { name: /Search for area, street name/ }).click();
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Koramangala');
  await page.getByRole('button', { name: /^Koramangala, Bengaluru/ }).click();
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // back on the sides, with the breadsticks in a cart at the Koramangala store
  await expect(page).toHaveURL(/\/menu\/sides$/);
  await expectStore(page, 3001);
  await expect(page.getByText('Added to your cart at Crust Koramangala')).toBeVisible();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Garlic Breadsticks' }).getByRole('group', {
      name: 'Quantity of Garlic Breadsticks',
    }),
  ).toBeVisible();
  await shot(page, 'location-first-added');
  const cart = await serverCart();
  expect(cart.storeId).toBe(3001);
  expect(cart.deliveryType).toBe('D');
  expect(cart.validItems.map((i: { product: { name: string } }) => i.product.name)).toEqual([
    'Garlic Breadsticks',
  ]);
});

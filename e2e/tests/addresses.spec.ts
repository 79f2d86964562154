import { expect, test } from '@playwright/test';
import { freshMobile, otpFor } from '../support/sms.ts';

/**
 * A customer chooses where they are, logs in, and adds, edits (a new locality too) and deletes a saved address (SPEC §3 Address,
 * §5 address form, §7 address calls).
 */
test('a customer adds, edits and deletes a saved address', async ({ page, request }) => {
  // where the customer is: Koramangala, as in the browse journey
  await page.goto('/');
  await page.getByRole('radio', { name: /^Delivery/ }).check();
  await page.getByRole('link', { name: 'Enter your location' }).click();
  await page.getByRole('link', { name: /Search for area, street name/ }).click();
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Koramangala');
  await page.getByRole('button', { name: /^Koramangala, Bengaluru/ }).click();
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/menu$/);

  // log in
  const mobile = freshMobile();
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page).toHaveURL(/\/login-otp/);
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // add
  await page.goto('/myAddresses?fromProfile=true');
  await expect(page.getByText('No saved addresses yet.')).toBeVisible();
  await page
    .getByRole('link', { name: 'Add new address' })
    .or(page.getByRole('button', { name: 'Add new address' }))
    .click();
  await expect(page.getByRole('heading', { name: 'Add address' })).toBeVisible();
  // SPEC §5 messages for what is missing
  await page.getByLabel('House / Flat No').fill('');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Enter House No')).toBeVisible();
  await expect(page.getByText('Enter Society/ Street Name')).toBeVisible();
  await expect(page.getByLabel('Locality')).toHaveValue(/Koramangala/);
  await page.getByLabel('House / Flat No').fill('12B');
  await page.getByLabel('Society / Street Name').fill('80 Feet Road');
  if ((await page.getByLabel('City').inputValue()) === '') await page.getByLabel('City').fill('Bengaluru');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/myAddresses/);
  await expect(page.getByText('12B, 80 Feet Road')).toBeVisible();

  // edit
  await page
    .getByRole('link', { name: 'Edit' })
    .or(page.getByRole('button', { name: 'Edit' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
  await page.getByLabel('House / Flat No').fill('14');
  // a new locality: the delivery location flow, then back to this edit with "14" still typed
  await page.getByRole('link', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/searchAddress/);
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Indiranagar');
  await page.getByRole('button', { name: /^Indiranagar, Bengaluru/ }).click();
  await expect(page).toHaveURL(/\/mapScreen/);
  const confirmHere = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirmHere).toBeEnabled();
  await confirmHere.click();
  await expect(page).toHaveURL(/\/address\?.*addressId=/);
  await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
  await expect(page.getByLabel('Locality')).toHaveValue(/Indiranagar/);
  await expect(page.getByLabel('House / Flat No')).toHaveValue('14');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/myAddresses/);
  await expect(page.getByText('14, 80 Feet Road, Indiranagar')).toBeVisible();

  // delete, after a confirmation
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved addresses yet.')).toBeVisible();
});

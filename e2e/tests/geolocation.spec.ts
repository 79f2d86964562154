import { expect, test } from '@playwright/test';
import { KORAMANGALA } from '../support/api.ts';

test.describe('with geolocation granted', () => {
  test.use({ geolocation: KORAMANGALA, permissions: ['geolocation'] });

  test('the current location lands on the same store as searching for it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    await page.getByRole('button', { name: 'Use current location' }).click();
    // delivery goes through the pin (SPEC §4 Location: success, delivery → /mapScreen)
    await expect(page).toHaveURL(/\/mapScreen\?.*latitude=12\.93/);
    await page.getByRole('button', { name: 'Confirm location' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('crust.location') ?? '{}'));
    expect(stored.store.id).toBe(3001);
  });
});

test.describe('with geolocation denied', () => {
  test('shows the Location Access Denied popup', async ({ page, context, baseURL }) => {
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'geolocation' },
      setting: 'denied',
      origin: new URL(baseURL!).origin,
    });
    await page.getByRole('button', { name: 'Use current location' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Location Access Denied' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Location access is disabled. Please enable it in site settings');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  });
});

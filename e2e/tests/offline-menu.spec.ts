import { expect, test } from '@playwright/test';

/** ARCHITECTURE.md: a repeat visit renders the shell and the last store's menu from the service worker. */
test('a reload of /menu with the network off still shows the menu', async ({ page, context }) => {
  await page.goto('/menu');
  await expect(page.getByRole('article', { name: 'Farmhouse' }).first()).toBeVisible();
  // wait until the service worker controls the page, then load the menu through it so it is cached
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('article', { name: 'Farmhouse' }).first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Internet connection Lost')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Farmhouse' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu categories' })).toBeVisible();
  await context.setOffline(false);
});

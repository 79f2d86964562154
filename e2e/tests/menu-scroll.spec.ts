import { expect, test } from '@playwright/test';

/** The menu makes cards as the customer scrolls near them; the last category must still be reachable. */
test('scrolling the whole menu reaches the last category', async ({ page }) => {
  await page.goto('/menu');
  const lastSection = page.locator('.menu-body > section').last();
  await expect(page.getByRole('article').first()).toBeVisible();
  const initial = await page.getByRole('article').count();
  for (let i = 0; i < 60 && (await page.locator('.menu-more').count()) > 0; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(100);
  }
  await expect(page.locator('.menu-more')).toHaveCount(0);
  expect(await page.getByRole('article').count()).toBeGreaterThan(initial);
  await lastSection.scrollIntoViewIfNeeded();
  await expect(lastSection.getByRole('article').last()).toBeVisible();
});

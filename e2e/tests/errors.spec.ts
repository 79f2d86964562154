import { expect, test } from '@playwright/test';

test('an unknown page shows the Oops! Error 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Error 404' })).toBeVisible();
  await expect(page.getByText("page doesn't exist")).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a stale saved store falls back to the default store menu (SPEC §8 403)', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'crust.location',
      JSON.stringify({
        deliveryType: 'D',
        point: null,
        store: { id: 987654, name: 'Gone', online: 1, advanceOrderStoreId: null, address: '' },
        advanceStoreId: null,
      }),
    );
  });
  const menuCalls: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/v1\/stores\/\d+\/menu$/.test(new URL(r.url()).pathname)) menuCalls.push(r.status());
  });
  await page.goto('/menu');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(menuCalls).toContain(403);
  expect(menuCalls).toContain(200);
});

test("pages without an icon of their own (the sandboxes') find the app's /favicon.ico", async ({ page }) => {
  const res = await page.request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/icon/);
});

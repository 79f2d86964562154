import { expect, test, type Page } from '@playwright/test';
import { cartReader } from '../support/api.ts';
import { deliverNearConnaughtPlace, shot } from '../support/checkout.ts';

/** The cart as the server has it, read with the page's own session headers (as cart-journey.spec.ts does). */
/** Pictures on screen the browser could not load and still shows (the broken-image icon). */
const brokenPictures = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll('img')).filter(
        (i) => i.checkVisibility() && i.complete && i.naturalWidth === 0,
      ).length,
  );

/** Pictures on screen that could not load and left the drawn placeholder (.product-img's background). */
const placeholders = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.product-img img')).filter(
        (i) => !i.checkVisibility() && i.closest('.product-img')!.checkVisibility(),
      ).length,
  );

/**
 * Issue 31 item 2: offline, what the customer taps is kept. A "+" on the cart and an Add on the menu made offline
 * are shown as waiting and survive a reload (the cart is shown from what was last known, not a spinner for ever);
 * Checkout says it needs a connection; a picture never cached is the drawn placeholder; when the connection
 * returns the edits reach the server's cart in the order tapped.
 */
test('offline, cart edits are kept across a reload and sent when the connection returns', async ({
  page,
  context,
}) => {
  const readCart = cartReader(page);
  const serverCart = async (): Promise<[string, number][]> =>
    ((await readCart()) as { validItems: { product: { name: string }; quantity: number }[] }).validItems.map(
      (l) => [l.product.name, l.quantity],
    );
  await deliverNearConnaughtPlace(page);
  await page.goto('/menu/veg-pizza');
  await page
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('button', { name: 'Add Farmhouse', exact: true })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  // the service worker in control, so the app's shell opens offline; the menu read again through it, so the
  // store's menu is in its cache (the veg pizzas' pictures only: the sides' pictures are never loaded online)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('article', { name: 'Farmhouse' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('crust-menu')).keys()).some((r) => r.url.endsWith('/menu')),
      ),
    )
    .toBe(true);
  await page.goto('/cart');
  const farmhouse = page.getByRole('article', { name: 'Farmhouse' });
  await expect(farmhouse).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Internet connection Lost')).toBeVisible();
  await farmhouse.getByRole('button', { name: 'Increase quantity of Farmhouse' }).click();
  const kept = page.getByRole('region', { name: 'Waiting for the connection' });
  await expect(kept.getByRole('listitem')).toHaveText(['Farmhouse: 1 more']);
  await expect(page.getByText('Retrying')).toHaveCount(0);
  const bar = page.getByRole('region', { name: 'Total to pay' });
  await expect(bar.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(bar.getByText('Checkout needs an internet connection.')).toBeVisible();

  // a reload offline: the cart as last known, the kept edit, no endless spinner
  await page.reload();
  await expect(page.getByRole('article', { name: 'Farmhouse' })).toBeVisible();
  await expect(kept.getByRole('listitem')).toHaveText(['Farmhouse: 1 more']);
  await expect(bar.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await shot(page, 'offline-cart');

  // the menu's sides, their pictures never loaded: placeholders, and an Add kept too
  await page.goto('/menu/sides');
  const sides = page.getByRole('region', { name: 'Sides' });
  await sides.getByRole('button', { name: 'Add Garlic Breadsticks' }).click();
  await expect(page.getByText(/Garlic Breadsticks is kept/)).toBeVisible();
  await expect.poll(() => brokenPictures(page)).toBe(0);
  await shot(page, 'offline-menu');
  // a category never opened online: its pictures were never cached, and the drawn placeholder stands in for them
  await page.goto('/menu/speciality-chicken');
  await expect(page.getByRole('region', { name: 'Speciality Chicken' })).toBeVisible();
  await expect.poll(() => placeholders(page)).toBeGreaterThan(0);
  expect(await brokenPictures(page)).toBe(0);
  await shot(page, 'offline-placeholder');
  expect(await serverCart()).toEqual([['Farmhouse', 1]]);

  await page.goto('/cart');
  await expect(kept.getByRole('listitem')).toHaveText(['Farmhouse: 1 more', 'Garlic Breadsticks: add 1']);

  // back online: sent in order, the waiting list goes, Checkout opens
  await context.setOffline(false);
  await expect(kept).toHaveCount(0);
  await expect.poll(serverCart).toEqual([
    ['Farmhouse', 2],
    ['Garlic Breadsticks', 1],
  ]);
  await expect(page.getByRole('article', { name: 'Garlic Breadsticks' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await shot(page, 'cart-after-reconnect');
});

import { expect, test } from '@playwright/test';
import { rupees, storeCatalogue } from '../support/api.ts';

/**
 * The foundation journey: a guest opens Crust, chooses delivery, searches a locality, confirms the pin,
 * gets the nearest store, opens a category and customises a pizza, watching the price follow.
 */
test('a guest searches Koramangala, lands on its store and customises a pizza', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: /^Delivery/ }).check();
  await page.getByRole('link', { name: 'Enter your location' }).click();

  await expect(page).toHaveURL(/\/locationSelection\?deliveryType=D/);
  await page.getByRole('link', { name: /Search for area, street name/ }).click();

  await expect(page).toHaveURL(/\/searchAddress/);
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Koramangala');
  await page.getByRole('button', { name: /^Koramangala, Bengaluru/ }).click();

  await expect(page).toHaveURL(/\/mapScreen\?.*latitude=12\.93/);
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // the nearest store is chosen and the menu opens
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('link', { name: /change location/i })).toContainText('Koramangala');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('crust.location') ?? '{}'));
  expect(stored.store.id).toBe(3001);

  // a category
  await page
    .getByRole('navigation', { name: 'Menu categories' })
    .getByRole('link', { name: 'Veg Pizza', exact: true })
    .click();
  await expect(page).toHaveURL(/\/menu\/veg-pizza/);
  await expect(page.getByRole('heading', { level: 1, name: 'Veg Pizza' })).toBeAttached();
  const farmhouse = page
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('article', { name: 'Farmhouse' });
  await farmhouse.getByRole('link', { name: 'Customise Farmhouse' }).click();

  // customise: crust, size, two toppings, extra cheese; the price must be the server's data priced exactly
  await expect(page).toHaveURL(/\/customise\?pizzaId=/);
  const { menu, toppings } = await storeCatalogue(request, 3001);
  const product = menu.products.find((p: { name: string }) => p.name === 'Farmhouse');
  const crust = menu.crusts.find((c: { name: string }) => c.name === 'Cheese Burst');
  const size = menu.sizes.find((s: { name: string }) => s.name === 'Large');
  const variant = product.variants.find(
    (v: { crustId: number; sizeId: number }) => v.crustId === crust.crustId && v.sizeId === size.sizeId,
  );
  const priceFor = (t: { prices: { sizeId: number; price: number }[] }) =>
    t.prices.find((p) => p.sizeId === size.sizeId)!.price;
  const extras = toppings.toppings.filter(
    (t: { toppingId: number; foodType: string }) =>
      t.foodType === 'VEG' && !product.defaultToppingIds.includes(t.toppingId),
  );
  const [first, second] = extras;

  const total = page.getByTestId('customise-total');
  const before = await total.textContent();
  await page.getByRole('radio', { name: 'Cheese Burst' }).check();
  await page.getByRole('radio', { name: 'Large' }).check();
  await expect(total).toContainText(rupees(variant.price));
  expect(await total.textContent()).not.toBe(before);

  await page.getByRole('button', { name: first.name, exact: true }).click();
  await page.getByRole('button', { name: second.name, exact: true }).click();
  await expect(page.getByRole('button', { name: first.name, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(total).toContainText(rupees(variant.price + priceFor(first) + priceFor(second)));

  await page
    .getByRole('group', { name: 'Extra cheese' })
    .getByRole('button', { name: 'Add extra cheese' })
    .click();
  const expected = variant.price + priceFor(first) + priceFor(second) + priceFor(toppings.extraCheese);
  await expect(total).toContainText(rupees(expected));
  await expect(page.getByTestId('price-total')).toContainText(rupees(expected));

  // the choice survives a reload
  await page.reload();
  await expect(page.getByTestId('customise-total')).toContainText(rupees(expected));
});

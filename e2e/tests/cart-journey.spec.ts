import { expect, test } from '@playwright/test';
import { cartReader, rupees } from '../support/api.ts';
import { deliverNearConnaughtPlace } from '../support/checkout.ts';

/**
 * The cart as the server prices it, read with the page's own guest credentials. The app keeps them
 * encrypted, so they are taken from the headers of its latest API call.
 */
type Calc = { key: string; value: number; children?: Calc[] };
function calc(cart: { cartCalculations: Calc[] }, key: string): number | undefined {
  const walk = (entries: Calc[]): number | undefined => {
    for (const e of entries) {
      if (e.key === key) return e.value;
      const inner = e.children ? walk(e.children) : undefined;
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  return walk(cart.cartCalculations);
}

/**
 * The cart journey: a guest adds two pizzas and a side, changes a quantity, applies a percentage coupon
 * and sees its discount and the GST on what is left, removes it, takes the suggested best deal, reloads
 * and finds the cart intact; then the store runs out of the side and the cart says so.
 */
test('a guest fills a cart, uses a coupon and the best deal, and the cart survives a reload', async ({
  page,
  request,
}) => {
  const serverCart = cartReader(page);
  // a cart is made at the store that serves the guest: the location comes first (first-add-location.spec.ts)
  await deliverNearConnaughtPlace(page);
  await page.goto('/menu/veg-pizza');
  const vegPizza = page.getByRole('region', { name: 'Veg Pizza' });
  await vegPizza.getByRole('button', { name: 'Add Farmhouse' }).click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  await vegPizza.getByRole('button', { name: 'Add Peppy Paneer' }).click();
  await expect(page.getByRole('link', { name: /View cart, 2 items/ })).toBeVisible();

  await page.goto('/menu/sides');
  await page
    .getByRole('region', { name: 'Sides' })
    .getByRole('button', { name: 'Add Garlic Breadsticks' })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 3 items/ })).toBeVisible();
  await page.getByRole('link', { name: /View cart/ }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const farmhouse = page.getByRole('article', { name: 'Farmhouse' });
  await farmhouse.getByRole('button', { name: 'Increase quantity of Farmhouse' }).click();
  await expect.poll(async () => (await serverCart()).validItems[0].quantity).toBe(2);
  const grandTotal = page.getByRole('region', { name: /total/i });

  let cart = await serverCart();
  expect(
    cart.validItems.map((i: { product: { name: string }; quantity: number }) => [i.product.name, i.quantity]),
  ).toEqual([
    ['Farmhouse', 2],
    ['Peppy Paneer', 1],
    ['Garlic Breadsticks', 1],
  ]);
  const before = cart.price;
  await expect(grandTotal).toContainText(rupees(before));

  // a percentage coupon: 20 % up to ₹150, on lines not at the ₹99/₹199 everyday prices
  await page.getByPlaceholder('Enter coupon code').fill('SAVE20');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('SAVE20 applied')).toBeVisible();
  cart = await serverCart();
  const eligible = cart.validItems
    .filter((i: { pricePerQty: number }) => i.pricePerQty !== 9900 && i.pricePerQty !== 19900)
    .reduce((s: number, i: { totalPrice: number }) => s + i.totalPrice, 0);
  const discount = Math.min(Math.floor(eligible / 5), 15000);
  expect(calc(cart, 'discount')).toBe(discount);
  const gst = cart.validItems.reduce(
    (s: number, i: { totalPriceAfterDiscount: number }) =>
      s + Math.round((i.totalPriceAfterDiscount * 5) / 100),
    0,
  );
  expect(calc(cart, 'tax')).toBe(gst);
  const breakdown = page.getByRole('region', { name: 'Price details' });
  await expect(breakdown.getByText('Discount')).toBeVisible();
  await expect(breakdown).toContainText(rupees(discount));
  await expect(breakdown).toContainText(rupees(gst));
  await expect(grandTotal).toContainText(rupees(cart.price));

  // removing it restores the price exactly
  await page.getByRole('button', { name: 'Remove coupon SAVE20' }).click();
  await expect(page.getByText('SAVE20 applied')).toHaveCount(0);
  await expect(grandTotal).toContainText(rupees(before));
  expect((await serverCart()).price).toBe(before);

  // the suggested best deal, in one tap
  cart = await serverCart();
  const best = cart.bestDeal;
  expect(best).not.toBeNull();
  await expect(page.getByText(`Save ${rupees(best.saving)} with ${best.title}`)).toBeVisible();
  await page.getByRole('button', { name: `Apply ${best.title}` }).click();
  // "Save ₹X" is the discount the cart then shows (the total drops by the GST on it as well)
  await expect(page.getByText(`You save ${rupees(best.saving)}`)).toBeVisible();
  const applied = await serverCart();
  expect(applied.appliedPromo.discount).toBe(best.saving);
  expect(applied.price).toBeLessThanOrEqual(before - best.saving);
  await expect(grandTotal).toContainText(rupees(applied.price));

  // a reload (or a closed tab) keeps the cart
  await page.reload();
  await expect(page.getByRole('article', { name: 'Farmhouse' })).toBeVisible();
  await expect(grandTotal).toContainText(rupees(applied.price));
  const reloaded = await serverCart();
  expect(reloaded.validItems).toHaveLength(3);
  expect(reloaded.appliedPromo.code).toBe(best.code);

  // the store runs out of breadsticks: the cart shows why and offers to go on without them
  const stock = await request.post('/sandbox/stores/1001/products/SID0401', { data: { inStock: false } });
  expect(stock.ok()).toBe(true);
  try {
    await page.reload();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Some items in your cart are unavailable; place order with the remaining items?',
    );
    await expect(dialog).toContainText('Garlic Breadsticks — Temporarily out of stock');
    await dialog.getByRole('button', { name: 'Review cart' }).click();
    const unavailable = page.getByRole('region', { name: 'Unavailable items' });
    await expect(unavailable.getByRole('article', { name: 'Garlic Breadsticks' })).toContainText(
      'Temporarily out of stock',
    );
  } finally {
    await request.post('/sandbox/stores/1001/products/SID0401', { data: { inStock: true } });
  }
});

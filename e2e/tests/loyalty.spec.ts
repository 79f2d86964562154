import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addAndCheckout,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  logIn,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  SIDES,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile, otpFor } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

/** From /payment: delivery to a new address near Connaught Place, paid by card; the thank-you page's order. */
async function payToNewAddress(page: Page, house: string, street: string) {
  const main = checkoutMain(page);
  await main.getByRole('link', { name: 'Add new address' }).click();
  await page.getByLabel('House / Flat No').fill(house);
  await page.getByLabel('Society / Street Name').fill(street);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  return expectOrderPlaced(page);
}

/** A customer's delivery of one Farmhouse near Connaught Place (store 1001) to a new address, paid by card. */
async function orderAsCustomer(page: Page) {
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  return payToNewAddress(page, '3', 'Kasturba Gandhi Marg');
}

/** The store's tablet takes the order through to delivered. */
async function deliver(page: Page, orderNumber: string) {
  const { tablet, store } = await openStoreTablet(page.context().browser()!, 1001);
  const card = orderCard(store, orderNumber);
  await card.getByRole('button', { name: 'Start baking' }).click();
  await card.getByLabel("Rider's name").fill('Ravi Kumar');
  await card.getByRole('button', { name: 'Dispatch' }).click();
  await card.getByRole('button', { name: 'Delivered' }).click();
  await expect(card).toHaveCount(0);
  await tablet.close();
}

/** The credit job run as of a day and an hour from now (docs/loyalty.md): due points are credited. */
async function creditAsOfTomorrow(request: APIRequestContext) {
  const asOf = new Date(Date.now() + 25 * 3600_000).toISOString();
  const res = await request.post('/sandbox/loyalty/credit', { data: { asOf } });
  expect(res.ok()).toBe(true);
}

/**
 * Pizza Pals from the customer's side (issue 15): a new customer is shown the widget and joins through an order
 * (SPEC §5: an order enrols them); the thank-you page says what it earned; the points wait as pending until the
 * store delivers and the credit job runs; then /pizzaLoyalty shows 100 points and one slice of six.
 */
test('an order earns 100 Pizza Pals points, credited after delivery: one slice of six', async ({
  page,
  request,
}) => {
  await deliverNearConnaughtPlace(page);
  await logIn(page, request, freshMobile(), { firstName: 'Kavya', lastName: 'Menon' });

  // not enrolled yet: the landing's widget leads to Pizza Pals
  await page.goto('/');
  const widget = page.getByTestId('loyalty-widget');
  await expect(widget).toBeVisible();
  await shot(page, 'loyalty-widget');
  await widget.click();
  await expect(page).toHaveURL(/\/pizzaLoyalty$/);
  await expect(page.getByRole('heading', { name: 'Join Pizza Pals' })).toBeVisible();
  await shot(page, 'loyalty-not-enrolled');

  const { orderNumber, main } = await orderAsCustomer(page);
  await expect(main.getByText('You earned 100 Pizza Pals points')).toBeVisible();

  await page.goto('/pizzaLoyalty');
  await expect(page.getByTestId('loyalty-pending')).toContainText('100 points on their way');
  await expect(page.getByTestId('loyalty-points')).toHaveText('0 points');
  await expect(page.getByRole('img', { name: '0 of 6 slices' })).toBeVisible();
  // enrolled now: the widget has gone
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View menu' })).toBeVisible();
  await expect(page.getByTestId('loyalty-widget')).toHaveCount(0);

  await deliver(page, orderNumber);
  await creditAsOfTomorrow(request);

  await page.goto('/pizzaLoyalty');
  await expect(page.getByTestId('loyalty-points')).toHaveText('100 points');
  await expect(page.getByRole('img', { name: '1 of 6 slices' })).toBeVisible();
  await expect(page.getByTestId('loyalty-pending')).toHaveCount(0);
  await expect(page.getByText('5 more orders to your next free pizza')).toBeVisible();
  await shot(page, 'loyalty-enrolled');
});

test('a guest on /pizzaLoyalty is told why to log in, and comes back after the login', async ({
  page,
  request,
}) => {
  await page.goto('/pizzaLoyalty');
  await expect(page.getByRole('heading', { name: 'Log in to join Pizza Pals' })).toBeVisible();
  await shot(page, 'loyalty-guest');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2FpizzaLoyalty$/);
  const mobile = freshMobile();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('First name').fill('Ishaan');
  await page.getByLabel('Last name').fill('Bose');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));
  await expect(page).toHaveURL(/\/pizzaLoyalty$/);
  await expect(page.getByRole('heading', { name: 'Join Pizza Pals' })).toBeVisible();
});

/**
 * Issue 15 §4: a customer with 600 burnable points (granted through the sandbox, as the chain's goodwill, a day
 * old) takes the free Margherita from /pizzaLoyalty; the cart shows it at ₹0 and the points it will use; the order
 * is paid by card for the rest (a side) and spends the points: /pizzaLoyalty then shows none left.
 */
test('600 burnable points buy a free pizza at ₹0, and the order spends them', async ({ page, request }) => {
  await deliverNearConnaughtPlace(page);
  const mobile = freshMobile();
  await logIn(page, request, mobile, { firstName: 'Rohan', lastName: 'Iyer' });
  const granted = await request.post('/sandbox/loyalty/goodwill', { data: { mobile, points: 600 } });
  expect(granted.ok()).toBe(true);

  await page.goto('/pizzaLoyalty');
  await expect(page.getByTestId('loyalty-points')).toHaveText('600 points');
  await expect(page.getByRole('heading', { name: 'Your free pizza' })).toBeVisible();
  await shot(page, 'loyalty-free-pizza');
  await page.getByRole('button', { name: 'Add Margherita free' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('article', { name: 'Margherita', exact: true });
  await expect(line).toBeVisible();
  await expect(line.getByText('Free with 600 points')).toBeVisible();
  await expect(page.getByText('600 Pizza Pals points will be used')).toBeVisible();
  await shot(page, 'loyalty-cart-free-line');

  // a side to pay for beside it, then checkout by card
  await page.goto(`/menu/${SIDES.slug}`);
  await page
    .getByRole('region', { name: SIDES.name })
    .getByRole('button', { name: 'Add Garlic Breadsticks', exact: true })
    .click();
  await page.getByRole('link', { name: /View cart/ }).click();
  const bar = page.getByRole('region', { name: 'Total to pay' });
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await payToNewAddress(page, '7', 'Janpath');

  await page.goto('/pizzaLoyalty');
  await expect(page.getByTestId('loyalty-points')).toHaveText('0 points');
  await expect(page.getByRole('heading', { name: 'Your free pizza' })).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  payAmountPaise,
  payButton,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 28 §2 and §3: paying again after leaving a UPI payment open goes straight to the new payment, and a
 * payment wait that runs out keeps following the payment instead of sending the customer to pay again.
 */

const STILL =
  'We are still confirming your payment. We will text you the result, and you will not be charged twice.';

/** A guest's delivery order of one Peppy Paneer, on /payment with the address chosen and UPI intent picked. */
async function toUpiIntent(page: Page) {
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Peppy Paneer');
  await addGuestAddress(
    page,
    { house: '7', street: 'Janpath' },
    { firstName: 'Kiran', lastName: 'Shah', mobile: freshMobile() },
  );
  await chooseUpiIntent(page);
}

async function chooseUpiIntent(page: Page) {
  const main = checkoutMain(page);
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await main.getByRole('radio', { name: 'Pay with a UPI app', exact: true }).check();
}

/** Pays on /upiForm: the amount shown, and the UPI app's page (the sandbox's) approving it. */
async function approveInSandboxApp(page: Page) {
  const [app] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('main').getByRole('link', { name: 'Open the sandbox UPI app' }).click(),
  ]);
  await expect(app.locator('#payee-name')).toBeVisible();
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();
}

test('Back from a UPI payment, a changed cart, and Pay again goes straight to the new payment', async ({
  page,
}) => {
  await toUpiIntent(page);
  const first = await payAmountPaise(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  await expect(page.getByTestId('pending-amount')).toHaveText(rupees(first));
  const oldTransaction = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('crust.pendingPayment')!).result.transactionId as string,
  );

  // Back, back to the cart, one more pizza
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const pizza = page.getByRole('article', { name: 'Peppy Paneer', exact: true });
  await pizza.getByRole('button', { name: 'Increase quantity of Peppy Paneer' }).click();
  await expect(pizza.getByTestId('qty')).toHaveText('2');
  const bar = page.getByRole('region', { name: 'Total to pay' });
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await chooseUpiIntent(page);
  const second = await payAmountPaise(page);
  expect(second).toBeGreaterThan(first);

  // one tap: the UPI payment of the new amount, no error
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  await expect(page.getByTestId('pending-amount')).toHaveText(rupees(second));
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await approveInSandboxApp(page);

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-total')).toHaveText(rupees(second));
  await expect(thanks.getByText('2 × Peppy Paneer')).toBeVisible();
  // the payment left open was not placed: one order for the cart
  await page.goto(`/thankYou?transactionId=${oldTransaction}`);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Order placed' })).toHaveCount(0);
});

test('the wait runs out, the page says so and follows the payment, which is then approved and placed', async ({
  page,
}) => {
  await page.clock.install();
  await toUpiIntent(page);
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('status')).toHaveText('Approve the payment in your UPI app');
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^[01]:\d\d$/);
  await shot(page, 'payment-wait-countdown');

  // the 80 s run out (and the last answer's grace): the honest text, and no way to the cart by itself
  await page.clock.fastForward('01:31');
  await expect(main.getByRole('status')).toHaveText(STILL);
  await expect(page.getByTestId('pay-countdown')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await shot(page, 'payment-wait-still-confirming');

  // the cart, in another tab, offers no second payment for it
  const cart = await page.context().newPage();
  await cart.goto('/cart');
  const bar = cart.getByRole('region', { name: 'Total to pay' });
  await expect(bar.getByText(`We are still confirming your payment of ${amount}`)).toBeVisible();
  await expect(bar.getByRole('link', { name: 'View payment status' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await shot(cart, 'payment-wait-cart-notice');
  await cart.close();

  // the customer approves it in the UPI app after all; the page's next look finds it placed
  await approveInSandboxApp(page);
  await page.clock.fastForward('00:16');
  await expectOrderPlaced(page);
  await expect(page.getByRole('main').getByTestId('order-total')).toHaveText(amount);
});

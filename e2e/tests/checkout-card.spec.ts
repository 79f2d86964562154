import { expect, test } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectCartEmpty,
  expectOrderPlaced,
  fillContact,
  payAmountPaise,
  payButton,
  payByCard,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * A guest's delivery order paid by card: the address added from checkout, the card typed into the app's
 * form (posted straight to the gateway), the bank's OTP on the sandbox page, the browser back through the
 * server's signed callback to /paymentTransaction, then /thankYou with the order and its transaction id.
 */
test('a guest pays a delivery order by card with the OTP and reaches the thank-you page', async ({
  page,
}) => {
  // the order, then back and forward over the thank-you page
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url());
  });
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');

  const main = checkoutMain(page);
  await expect(main.getByTestId('order-type')).toHaveText('Delivery from Crust Connaught Place');
  const who = { firstName: 'Asha', lastName: 'Rao', mobile: freshMobile() };
  await addGuestAddress(page, { house: '7', street: 'Janpath Lane' }, who);
  // the contact details come from the address; the guest adds an email
  await expect(main.getByLabel('First name')).toHaveValue('Asha');
  await expect(main.getByLabel('Mobile Number')).toHaveValue(who.mobile);
  await fillContact(page, { ...who, email: 'asha@example.com' });
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await expect(payButton(page)).toHaveText(`Pay ${amount}`);
  await payButton(page).click();

  await payByCard(page, amount);
  const { main: thanks, transactionId } = await expectOrderPlaced(page);
  // the gateway's 303 went to the server's callback, which sent the browser to /paymentTransaction
  expect(visited.some((u) => u.includes(`/paymentTransaction?transactionId=${transactionId}`))).toBe(true);
  await expect(thanks.getByTestId('order-type')).toHaveText('Delivery');
  await expect(thanks.getByTestId('order-where')).toContainText('7, Janpath Lane');
  await expect(thanks.getByRole('region', { name: 'Items' })).toContainText('1 × Farmhouse');
  await expect(thanks.getByTestId('order-total')).toHaveText(amount);

  // back from the thank-you page: not into the payment spinner (and forward again), but to the emptied cart
  visited.length = 0;
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toHaveCount(0);
  await expect(page.getByText('Waiting for your bank to confirm…')).toHaveCount(0);
  expect(visited.some((u) => u.includes('/thankYou'))).toBe(false);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await expectCartEmpty(page);
});

/**
 * A declined card and a second way to pay: the bank declines (the gateway's decline mode), the app comes
 * back to /payment with the SPEC message and the cart and form kept; UPI through a UPI app then pays the
 * same order, approved in the sandbox UPI app while /upiForm polls.
 */
test('a declined card shows the error, then a UPI app pays the order', async ({ page, request }) => {
  // two payments, each waiting for the app's status polls (3 s apart)
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Peppy Paneer');
  const main = checkoutMain(page);
  const who = { firstName: 'Kabir', lastName: 'Singh', mobile: freshMobile() };
  await addGuestAddress(page, { house: '3', street: 'Kasturba Gandhi Marg' }, who);
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));

  expect((await request.post('/sandbox/pg/modes', { data: { decline: true } })).ok()).toBe(true);
  try {
    await payButton(page).click();
    await payByCard(page, amount);
    await expect(page).toHaveURL(/\/payment$/, { timeout: 60_000 });
    await expect(
      main.getByRole('alert').filter({ hasText: 'Payment Failed. Please try again.' }),
    ).toBeVisible();
  } finally {
    expect((await request.post('/sandbox/pg/modes/reset')).ok()).toBe(true);
  }
  // the cart and the checkout are kept
  await expect(page.getByTestId('checkout-total')).toHaveText(amount);
  await expect(main.getByRole('radio', { name: /3, Kasturba Gandhi Marg/ })).toBeChecked();

  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await main.getByRole('radio', { name: 'Pay with a UPI app', exact: true }).check();
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  const upi = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by UPI' })).toBeVisible();
  await expect(upi.getByRole('link', { name: 'Open UPI app' })).toHaveAttribute('href', /^upi:\/\/pay\?/);
  await expect(upi.getByRole('status')).toHaveText('Approve the payment in your UPI app');

  const [app] = await Promise.all([
    page.context().waitForEvent('page'),
    upi.getByRole('link', { name: 'Open the sandbox UPI app' }).click(),
  ]);
  await expect(app.locator('#payee-name')).toBeVisible();
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-total')).toHaveText(amount);
  await expectCartEmpty(page);
});

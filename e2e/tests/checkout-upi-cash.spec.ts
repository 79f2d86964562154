import { expect, test } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectCartEmpty,
  expectOrderPlaced,
  expectStore,
  fillContact,
  payAmountPaise,
  payButton,
  placeCashOrderWithOtp,
  SIDES,
  skipCashLoginOffer,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Takeaway (T, reached by a takeaway link) paid by UPI collect: the UPI id posted to the gateway, its
 * waiting page, the request approved in the sandbox UPI app in another tab, and the waiting page taking
 * the browser back through the callback to /thankYou.
 */
test('a takeaway order paid by a UPI collect request approved in the UPI app', async ({ page, context }) => {
  await page.goto('/locationSelection?deliveryType=T');
  await page.getByRole('link', { name: /Search for area, street name/ }).click();
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Connaught Place');
  await page.getByRole('button', { name: /^Connaught Place, Delhi/ }).click();
  await expect(page).toHaveURL(/\/takeawayMapScreen\?deliveryType=T/);
  await page.getByRole('button', { name: 'Order from Crust Connaught Place' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, 1001);

  await addAndCheckout(page, VEG_PIZZA, 'Peppy Paneer');
  const main = checkoutMain(page);
  await expect(main.getByTestId('order-type')).toHaveText('Takeaway from Crust Connaught Place');
  await expect(main.getByRole('heading', { name: 'Deliver to' })).toHaveCount(0);
  await fillContact(page, {
    firstName: 'Ravi',
    lastName: 'Kumar',
    mobile: freshMobile(),
    email: 'ravi@example.com',
  });
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await main.getByRole('radio', { name: 'Enter UPI ID', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();

  await expect(page).toHaveURL(/\/upiForm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by UPI' })).toBeVisible();
  const send = page.getByRole('main').getByRole('button', { name: `Send request for ${amount}` });
  // a UPI id that does not exist is caught by Paytm's UPI verify before any request is sent
  await page.getByRole('main').getByRole('textbox', { name: 'UPI ID' }).fill('unknown.asha@okbank');
  await send.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This UPI ID does not exist. Check it and try again.',
  );
  await expect(page).toHaveURL(/\/upiForm$/);
  await page.getByRole('main').getByRole('textbox', { name: 'UPI ID' }).fill('asha@okbank');
  await send.click();

  // the gateway's collect waiting page
  await expect(page).toHaveURL(/\/sandbox\/pg\/payments\/pay_/);
  await expect(page.locator('#upi-waiting')).toBeVisible();
  await expect(page.locator('#vpa-shown')).toHaveText('asha@okbank');
  const paymentId = (await page.locator('#payment-id').textContent())!.trim();

  // the customer's UPI app: the request in the inbox, approved
  const app = await context.newPage();
  await app.goto('/sandbox/pg/upi/collect?vpa=asha@okbank');
  await app.locator(`a.collect-request[data-payment-id="${paymentId}"]`).click();
  await expect(app.locator('#vpa-shown')).toHaveText('asha@okbank');
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-type')).toHaveText('Takeaway');
  await expect(thanks.getByTestId('order-where')).toContainText('Crust Connaught Place');
  await expect(thanks.getByTestId('order-total')).toHaveText(amount);
  await expectCartEmpty(page);
});

/**
 * Cash on delivery for a new customer: the order waits for the OTP sent by SMS to the order's mobile,
 * entered on /payment, and is then placed.
 */
test('a guest pays cash on delivery after confirming the OTP sent by SMS', async ({ page, request }) => {
  await skipCashLoginOffer(page);
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, SIDES, 'Garlic Breadsticks');
  const who = { firstName: 'Meera', lastName: 'Iyer', mobile: freshMobile() };
  await addGuestAddress(page, { house: '21', street: 'Barakhamba Road' }, who);
  const total = (await page.getByTestId('checkout-total').textContent())!.trim();
  await placeCashOrderWithOtp(page, request, who.mobile);

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-where')).toContainText('21, Barakhamba Road');
  await expect(thanks.getByTestId('order-total')).toHaveText(total);
  await expect(thanks.getByRole('region', { name: 'Payment summary' })).toContainText('Cash');
  await expectCartEmpty(page);
});

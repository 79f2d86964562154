import { expect, test } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  payAmountPaise,
  payButton,
  payByUpiCollect,
  CARD,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

/**
 * Issue 28 §1 in the browser: the bank's OTP page is left open, the customer goes back and pays by UPI, then
 * completes the OTP page too. The order is placed once; the second payment is refunded, and the thank-you page,
 * the tracker and the store's tablet say so.
 */
test('a card OTP completed after a UPI payment: "paid twice", refunded', async ({
  page,
  context,
  browser,
}) => {
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const who = { firstName: 'Asha', lastName: 'Rao', mobile: freshMobile() };
  await addGuestAddress(page, { house: '7', street: 'Janpath Lane' }, who);
  const main = checkoutMain(page);
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();

  // the card up to the bank's OTP page, which the customer leaves open in a tab
  await expect(page).toHaveURL(/\/payGateway$/);
  const form = page.getByRole('main');
  await form.getByLabel('Card number').fill(CARD.number);
  await form.getByLabel('Month').selectOption('12');
  await form.getByLabel('Year').selectOption(String(new Date().getFullYear() + 3));
  await form.getByLabel('CVV').fill(CARD.cvv);
  await form.getByLabel('Name on card').fill(CARD.name);
  await form.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/pg\/payments\/pay_/);
  const otpPage = page.url();

  // back to the app: UPI instead, approved in the UPI app; the order is placed
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await main.getByRole('radio', { name: 'Enter UPI ID', exact: true }).check();
  await payButton(page).click();
  await payByUpiCollect(page, context, amount);
  const { orderNumber } = await expectOrderPlaced(page);

  // the bank page, still open in another tab, is completed too; that tab's app knows the order is done
  const bank = await context.newPage();
  await bank.goto(otpPage);
  await bank.locator('#otp').fill('123456');
  await bank.locator('#submit-otp').click();
  await expect(bank).toHaveURL(/\/cart$/);
  await bank.close();

  // the thank-you page, looked at again, tells of the second payment and its refund
  await page.reload();
  const note = page.getByTestId('extra-payments');
  await expect(note).toContainText(`${amount} paid twice; the second payment`);
  await note.scrollIntoViewIfNeeded();
  await shot(page, 'paid-twice-thank-you');

  // and so does the order's live tracker
  await page.getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/(trackOrder|thankYouAndTracking)\?/);
  await expect(page.getByTestId('extra-payments')).toContainText(`${amount} paid twice; the second payment`);
  await shot(page, 'paid-twice-tracker');

  const { tablet, store } = await openStoreTablet(browser, 1001);
  try {
    await store.setViewportSize({ width: 1280, height: 800 });
    const card = orderCard(store, orderNumber);
    await expect(card.getByTestId('paid-twice')).toContainText(`Paid twice: ${amount}`);
    await card.scrollIntoViewIfNeeded();
    await shot(store, 'paid-twice-console');
  } finally {
    await tablet.close();
  }
});

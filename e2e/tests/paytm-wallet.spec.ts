import { expect, test, type Page } from '@playwright/test';
import {
  addAndCheckout,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  logIn,
  payButton,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile, otpFor } from '../support/sms.ts';

/** Chooses Paytm on /payment and pays: the app goes on to /paytmForm for the order. */
async function payByPaytm(page: Page) {
  const main = checkoutMain(page);
  await main.getByRole('radio', { name: /^Paytm/ }).check();
  await payButton(page).click();
}

/**
 * The Paytm wallet (issue 18 §2, SPEC §4 "Paytm form"): a customer pays an order by Paytm wallet. The wallet is
 * linked by the OTP Paytm texts (read from the SMS sandbox), its balance is short, so the customer adds money on
 * Paytm's page and comes back to the thank-you page; the next order, the wallet linked and its balance enough,
 * goes straight through.
 */
test('Paytm wallet: linked by OTP, money added on Paytm, then a second order straight through', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await deliverNearConnaughtPlace(page);
  const mobile = freshMobile();
  await logIn(page, request, mobile, { firstName: 'Meera', lastName: 'Iyer' });

  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  await main.getByRole('link', { name: 'Add new address' }).click();
  await page.getByLabel('House / Flat No').fill('7');
  await page.getByLabel('Society / Street Name').fill('Janpath Road');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await payByPaytm(page);

  // /paytmForm: the order's mobile offered for the wallet to link
  await expect(page).toHaveURL(/\/paytmForm\?transactionId=T[0-9A-F]{20}$/);
  const form = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with Paytm wallet' })).toBeVisible();
  const paytmMobile = form.getByLabel('Paytm mobile number');
  await expect(paytmMobile).toHaveValue(mobile);
  await expect(form.getByTestId('pay-amount')).toHaveText(/^₹/);
  await expect(page.getByTestId('cart-count')).toBeHidden();
  await shot(page, 'paytm-form-1-mobile');
  await form.getByRole('button', { name: 'Send OTP' }).click();

  // the login's OTP was the first text to this number; Paytm's is the second
  const otp = form.getByLabel('Enter verification code sent by SMS');
  await expect(otp).toBeVisible();
  await expect(form.getByText(/Paytm sent a 6-digit code to \d{2}XXXXXX\d{2}\./)).toBeVisible();
  await shot(page, 'paytm-form-2-otp');
  await otp.fill(await otpFor(request, mobile, 2));
  await shot(page, 'paytm-form-3-otp-filled');
  await form.getByRole('button', { name: 'Verify and pay' }).click();

  // a new wallet holds ₹150: short, so Paytm's add-money page opens for the rest
  await expect(page).toHaveURL(/\/sandbox\/paytm\/add-money\?request=am_/);
  await expect(page.locator('#paytm-banner')).toHaveText('Paytm sandbox — no real money');
  await expect(page.locator('#wallet-balance')).toHaveText('₹150');
  await expect(page.locator('#add-amount')).toHaveText(/^₹/);
  await shot(page, 'paytm-add-money');
  await page.locator('#add-money').click();

  // back through /paytmForm, which submits the order again: the thank-you page with the transaction id
  const first = await expectOrderPlaced(page);
  await shot(page, 'paytm-thank-you');
  const wallet = await (await request.get(`/sandbox/paytm/accounts/${mobile}`)).json();
  expect(wallet.balancePaise).toBe(0);

  // the next order: the wallet is linked and holds enough, so it is paid at once (the form shows the progress)
  const topUp = await request.post(`/sandbox/paytm/accounts/${mobile}`, { data: { balancePaise: 200_000 } });
  expect(topUp.ok()).toBe(true);
  await addAndCheckout(page, VEG_PIZZA, 'Peppy Paneer');
  await payByPaytm(page);
  // the form shows its own progress; no cart dock, as on every payment screen
  await expect(page.getByTestId('cart-count')).toBeHidden();
  const second = await expectOrderPlaced(page);
  expect(second.transactionId).not.toBe(first.transactionId);
  const after = await (await request.get(`/sandbox/paytm/accounts/${mobile}`)).json();
  expect(after.balancePaise).toBeLessThan(200_000);
  // the thank-you page replaced the Paytm form: back goes to neither it nor the add-money page
  await expect(page).not.toHaveURL(/paytmForm/);
});

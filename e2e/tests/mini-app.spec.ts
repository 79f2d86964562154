import { expect, test } from '@playwright/test';
import { shot } from '../support/checkout.ts';
import {
  addFarmhouseIn,
  consent,
  deliverNearConnaughtPlaceIn,
  expectAppAt,
  openHost,
  openInApp,
  orderFarmhouseIn,
  paySheet,
} from '../support/mini-app.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Crust as a mini-app inside the partners' sandbox hosts (issue 18): signed in by the host's auth code after the
 * user's consent, an order paid in the host's own sheet and confirmed by Crust's server with the partner, the
 * features the partner blocks gone, and the sign-in's failures with SPEC §8's texts.
 */

test('inside Paytm: signed in by the auth code, the blocked features gone, an order paid in the host sheet', async ({
  page,
}) => {
  const mobile = freshMobile();
  const app = await openHost(page, 'paytm', { mobile, name: 'Asha Verma' });
  await shot(page, 'mini-paytm-1-consent');
  await consent(page, 'Allow');
  await expectAppAt(app, /^\/$/);
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'mini-paytm-2-landing');

  // PAYTM blocks the wallet, logout, offers, EDV, train and feedback (SPEC §6): no way in, and typed by hand the
  // screen says so
  await openInApp(app, '/profile');
  await expect(app.getByRole('link', { name: 'Pizza Pals' })).toBeVisible();
  await expect(app.getByRole('link', { name: /wallet/i })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  for (const [path, feature] of [
    ['/offers', 'Offers'],
    ['/wallet', 'Wallet'],
    ['/deliverOnTrain', null],
    ['/edv', null],
  ] as const) {
    await openInApp(app, path);
    await expect(app.getByRole('heading', { name: 'Not available here' })).toBeVisible();
    await expect(app.getByText(/is not available in Paytm\./)).toBeVisible();
    if (feature)
      await expect(app.getByText(`${feature} is not available in Paytm.`, { exact: false })).toBeVisible();
  }
  await shot(page, 'mini-paytm-3-blocked');

  await openInApp(app, '/');
  await deliverNearConnaughtPlaceIn(app);
  await orderFarmhouseIn(app);
  const main = app.getByRole('main');
  await expect(main.getByText('Pay with Paytm')).toBeVisible();
  // no Crust wallet inside a partner (SPEC §5)
  await expect(main.getByRole('checkbox', { name: /wallet/i })).toHaveCount(0);
  await shot(page, 'mini-paytm-4-checkout');
  await app.getByRole('region', { name: 'Total to pay' }).getByRole('button').click();

  const sheet = paySheet(page, 'paytm');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(/^₹[\d,]+(\.\d{2})?$/)).toBeVisible();
  await shot(page, 'mini-paytm-5-pay-sheet');
  await sheet.getByRole('button', { name: /^Pay ₹/ }).click();

  await expectAppAt(app, /^\/thankYou\?transactionId=T[0-9A-F]{20}$/);
  await expect(app.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible({ timeout: 30_000 });
  const transactionId = new URL(app.url()).searchParams.get('transactionId')!;
  await expect(app.getByTestId('transaction-id')).toHaveText(transactionId);
  await shot(page, 'mini-paytm-6-thank-you');
});

/**
 * Issue 31 item 4: Paytm blocks offers and support (SPEC §6), so inside it the cart offers no coupon — no coupon box,
 * no best deal to apply, no coupons widget — and the landing links no "Contact us" (typed by hand it says so).
 */
test('inside Paytm: no coupon box, best deal or coupons widget in the cart, no support link', async ({
  page,
}) => {
  const app = await openHost(page, 'paytm', { mobile: freshMobile(), name: 'Ravi Menon' });
  await consent(page, 'Allow');
  await expectAppAt(app, /^\/$/);
  // the landing's information links come when the page is idle: the others are there, support's is not
  const info = app.getByRole('navigation', { name: 'Information' });
  await expect(info.getByRole('link', { name: 'About Crust' })).toBeVisible();
  await expect(info.getByRole('link', { name: 'Contact us' })).toHaveCount(0);
  await openInApp(app, '/info?page=contact');
  await expect(app.getByRole('heading', { name: 'Not available here' })).toBeVisible();
  await expect(app.getByText('Customer support is not available in Paytm.', { exact: false })).toBeVisible();

  await openInApp(app, '/');
  await deliverNearConnaughtPlaceIn(app);
  await addFarmhouseIn(app);
  // the cart's widget is asked for after the cart: its answer is awaited so its absence means something
  const widgetAnswered = page.waitForResponse((r) => r.url().includes('page=cart'));
  await app.getByRole('link', { name: /View cart/ }).click();
  await expectAppAt(app, /^\/cart$/);
  await expect(app.getByRole('article', { name: 'Farmhouse', exact: true })).toBeVisible();
  await widgetAnswered;
  // the blocks drawn with the coupon's (the bill) are there; the offers are not
  await expect(app.getByRole('region', { name: 'Total to pay' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Price details' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Coupons and offers' })).toHaveCount(0);
  await expect(app.getByRole('textbox', { name: 'Coupon code' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await expect(app.getByText(/^Save ₹/)).toHaveCount(0);
  await expect(app.getByRole('region', { name: 'Save more on this order' })).toHaveCount(0);
  await shot(page, 'mini-paytm-cart');
});

test('inside Google Pay: a declined payment ends on the thank-you page with NA and the error; then paid', async ({
  page,
}) => {
  const app = await openHost(page, 'gpay', { mobile: freshMobile(), name: 'Rohan Mehta' });
  await consent(page, 'Allow');
  await expectAppAt(app, /^\/$/);
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'mini-gpay-1-landing');
  await deliverNearConnaughtPlaceIn(app);
  await orderFarmhouseIn(app);
  await expect(app.getByRole('main').getByText('Pay with Google Pay')).toBeVisible();
  await shot(page, 'mini-gpay-2-checkout');
  const pay = app.getByRole('region', { name: 'Total to pay' }).getByRole('button');
  await pay.click();

  const sheet = paySheet(page, 'gpay');
  await expect(sheet).toBeVisible();
  await shot(page, 'mini-gpay-3-pay-sheet');
  await sheet.getByRole('button', { name: 'Decline' }).click();
  await expectAppAt(app, /^\/thankYou\?transactionId=NA/);
  await expect(app.getByRole('main').getByRole('alert')).toBeVisible();
  await shot(page, 'mini-gpay-4-declined');

  // the cart is still there: pay again, this time approved
  await openInApp(app, '/cart');
  await app.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
  await expectAppAt(app, /^\/payment$/);
  await app.getByRole('region', { name: 'Total to pay' }).getByRole('button').click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /^Pay ₹/ }).click();
  await expectAppAt(app, /^\/thankYou\?transactionId=T[0-9A-F]{20}$/);
  await expect(app.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'mini-gpay-5-thank-you');
});

test('an expired auth code: the sign-in error with Retry and Exit; a refused consent; Retry signs in', async ({
  page,
  request,
}) => {
  await request.post('/sandbox/partner/gpay/switches', { data: { expiredCodes: true } });
  try {
    const app = await openHost(page, 'gpay', { mobile: freshMobile(), name: 'Rohan Mehta' });
    await consent(page, 'Allow');
    await expect(app.getByText('We are unable to login, please retry or exit to native app')).toBeVisible();
    await shot(page, 'mini-gpay-expired-code');

    // Exit hands back to the host, which can open Crust again
    await app.getByRole('button', { name: 'Exit' }).click();
    await expect(page.getByText('You left Crust')).toBeVisible();
    await shot(page, 'mini-gpay-exited');
    await request.post('/sandbox/partner/gpay/switches/reset');
    await page.getByRole('button', { name: 'Open Crust again' }).click();

    // consent refused: the bridge's error text; Retry asks again and signs in
    await consent(page, "Don't allow");
    await expect(app.getByText('There was an error while signing-in. Please retry or exit.')).toBeVisible();
    await app.getByRole('button', { name: 'Retry' }).click();
    await consent(page, 'Allow');
    await expectAppAt(app, /^\/$/);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await request.post('/sandbox/partner/gpay/switches/reset');
  }
});

import { expect, test, type Page } from '@playwright/test';
import {
  addGuestAddress,
  CASH,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  payAmountPaise,
  payButton,
  placeCashOrderWithOtp,
  skipCashLoginOffer,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 11: a coupon that chooses how it is paid. UPI40 in the cart, /payment offers UPI only and says why,
 * and the order is paid through a UPI app at the discounted price.
 */

const UPI40_NOTE = 'The coupon UPI40 is valid only when you pay by UPI.';
const SHOTS = 'test-results/coupon-payment';

/** A Peppy Paneer in a delivery cart near Connaught Place, with UPI40 applied on the cart screen. */
async function cartWithUpi40(page: Page) {
  await deliverNearConnaughtPlace(page);
  await page.goto('/menu/veg-pizza');
  await page
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('button', { name: 'Add Peppy Paneer', exact: true })
    .click();
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByPlaceholder('Enter coupon code').fill('UPI40');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('UPI40 applied')).toBeVisible();
  await page.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

test('a UPI-only coupon: /payment offers UPI alone, and a UPI app pays the discounted order', async ({
  page,
}) => {
  await cartWithUpi40(page);
  const main = checkoutMain(page);
  const who = { firstName: 'Isha', lastName: 'Nair', mobile: freshMobile() };
  await addGuestAddress(page, { house: '9', street: 'Janpath' }, who);
  await expect(main.getByTestId('promo-condition')).toContainText(UPI40_NOTE);
  const methods = main.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(1);
  await expect(main.getByRole('radio', { name: 'UPI', exact: true })).toBeVisible();
  await expect(main.getByRole('radio', { name: CASH })).toHaveCount(0);
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await main.getByTestId('promo-condition').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/payment-upi40.png` });

  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  const upi = page.getByRole('main');
  const [app] = await Promise.all([
    page.context().waitForEvent('page'),
    upi.getByRole('link', { name: 'Open the sandbox UPI app' }).click(),
  ]);
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-total')).toHaveText(amount);
  const summary = thanks.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Discount');
  await expect(summary).toContainText('₹40');
  await expect(summary).toContainText('Paid by UPI');
});

/**
 * A REMOVE_PROMO answer (a client whose options were out of date: the answer is made to come back once)
 * opens the dialog with its reason; "Remove coupon" removes it on the server, and cash then places the order.
 */
test('a REMOVE_PROMO answer: its reason, then "Remove coupon", and the order goes through', async ({
  page,
  request,
}) => {
  await skipCashLoginOffer(page);
  await cartWithUpi40(page);
  const main = checkoutMain(page);
  const who = { firstName: 'Dev', lastName: 'Rao', mobile: freshMobile() };
  await addGuestAddress(page, { house: '4', street: 'Tolstoy Marg' }, who);
  await page.route('**/api/v1/orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          json: {
            status: 'SUCCESS',
            data: {
              nextAction: 'REMOVE_PROMO',
              promoCode: 'UPI40',
              paymentOptions: ['UPI_WALLET'],
              displayMsg: `${UPI40_NOTE} Remove the coupon or change the payment method.`,
            },
          },
        })
      : route.fallback(),
  );
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await payButton(page).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'This coupon needs another way to pay' })).toBeVisible();
  await expect(dialog).toContainText(UPI40_NOTE);
  await page.screenshot({ path: `${SHOTS}/remove-promo-dialog.png` });
  await page.unroute('**/api/v1/orders');

  const before = await payAmountPaise(page);
  await dialog.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByText(/^Coupon UPI40 removed\. Your total is now ₹/)).toBeVisible();
  await expect(main.getByTestId('promo-condition')).toHaveCount(0);
  await expect(main.getByRole('radio', { name: CASH })).toBeVisible();
  expect(await page.getByTestId('checkout-total').textContent()).not.toBe(rupees(before));
  await page.screenshot({ path: `${SHOTS}/payment-coupon-removed.png` });
  await placeCashOrderWithOtp(page, request, who.mobile);
  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByRole('region', { name: 'Payment summary' })).toContainText('Cash on delivery');
});

/**
 * A bank offer: HDFC30 in the cart, /payment offers the cards alone and asks for the card's first 6 digits;
 * another bank's digits are refused on the spot, and the sandbox's HDFC Bank test card pays.
 */
test('an HDFC Bank card offer: cards only, the first digits checked, the HDFC test card pays', async ({
  page,
}) => {
  await deliverNearConnaughtPlace(page);
  await page.goto('/menu/veg-pizza');
  const pizzas = page.getByRole('region', { name: 'Veg Pizza' });
  await pizzas.getByRole('button', { name: 'Add Peppy Paneer', exact: true }).click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  await pizzas.getByRole('button', { name: 'Add Farmhouse', exact: true }).click();
  await page.getByRole('link', { name: /View cart/ }).click();
  await page.getByPlaceholder('Enter coupon code').fill('HDFC30');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('HDFC30 applied')).toBeVisible();
  await page.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const main = checkoutMain(page);
  await addGuestAddress(
    page,
    { house: '2', street: 'Ashoka Road' },
    {
      firstName: 'Neel',
      lastName: 'Shah',
      mobile: freshMobile(),
    },
  );
  const methods = main.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(2);
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const digits = main.getByLabel('First 6 digits of your HDFC Bank card');
  await digits.fill('411111');
  await payButton(page).click();
  await expect(
    main.getByText('This card is not from HDFC Bank. Use one of its cards, or remove the coupon.'),
  ).toBeVisible();
  await digits.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/payment-hdfc30.png` });
  await digits.fill('438628');
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payGateway$/);
  const card = page.getByRole('main');
  await card.getByLabel('Card number').fill('4386 2800 0000 0004');
  await card.getByLabel('Month').selectOption('12');
  await card.getByLabel('Year').selectOption(String(new Date().getFullYear() + 3));
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Name on card').fill('Neel Shah');
  await card.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/pg\/payments\/pay_/);
  await page.locator('#otp').fill('123456');
  await page.locator('#submit-otp').click();
  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByRole('region', { name: 'Payment summary' })).toContainText('Paid by credit card');
  await expect(thanks.getByRole('region', { name: 'Payment summary' })).toContainText('0004');
});

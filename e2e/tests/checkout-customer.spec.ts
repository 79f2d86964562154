import { expect, test, type Page } from '@playwright/test';
import {
  addAndCheckout,
  checkoutMain,
  chooseLocation,
  deliverNearConnaughtPlace,
  expectCartEmpty,
  expectOrderPlaced,
  expectStore,
  fillContact,
  logIn,
  payAmountPaise,
  payButton,
  payByCard,
  placeCashOrderWithOtp,
  shot,
  SIDES,
  skipCashLoginOffer,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { rupees } from '../support/api.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

/** A pickup type chosen on the landing screen, near Connaught Place: store 1001 from the takeaway map. */
async function pickUpAtConnaughtPlace(page: Page, type: 'Takeaway/Dine-in' | 'Drive-n-Pick') {
  await chooseLocation(page, { type, search: 'Connaught Place', place: /^Connaught Place, Delhi/ });
  await expect(page).toHaveURL(/\/takeawayMapScreen\?/);
  await page.getByRole('button', { name: 'Order from Crust Connaught Place' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, 1001);
}

/**
 * A logged-in customer with ₹100 in the wallet (a sandbox top-up) pays part of a delivery order from the
 * wallet and the rest by card; the thank-you page's payment summary shows both.
 */
test('a customer splits an order between the wallet and a card', async ({ page, request }) => {
  await deliverNearConnaughtPlace(page);
  const mobile = freshMobile();
  await logIn(page, request, mobile, { firstName: 'Nisha', lastName: 'Kapoor' });
  const topUp = await request.post('/sandbox/wallet/credit', { data: { mobile, amountPaise: 10_000 } });
  expect((await topUp.json()).balancePaise).toBe(10_000);

  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  const total = (await page.getByTestId('checkout-total').textContent())!.trim();
  // a customer's new address is saved to the account, and checkout comes back with it chosen
  await main.getByRole('link', { name: 'Add new address' }).click();
  await expect(page.getByRole('heading', { name: 'Add address' })).toBeVisible();
  await page.getByLabel('House / Flat No').fill('9');
  await page.getByLabel('Society / Street Name').fill('Tolstoy Marg');
  await expect(page.getByLabel('Locality')).toHaveValue(/Connaught Place/);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(main.getByRole('radio', { name: /9, Tolstoy Marg/ })).toBeChecked();
  await expect(main.getByLabel('First name')).toHaveValue('Nisha');

  const wallet = main.getByRole('checkbox', { name: 'Use wallet balance ₹100' });
  await wallet.check();
  await expect(main.getByText('Wallet pays ₹100')).toBeVisible();
  await main.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const rest = await payAmountPaise(page);
  const totalPaise = Number(total.replace(/[₹,]/g, '')) * 100;
  expect(rest).toBe(Math.round(totalPaise) - 10_000);
  await payButton(page).click();

  await expect(page.getByRole('main').getByText('₹100 from your wallet')).toBeVisible();
  await payByCard(page, rupees(rest));
  const { main: thanks } = await expectOrderPlaced(page);
  const summary = thanks.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Paid from wallet₹100');
  await expect(summary).toContainText(`Paid by credit card (VISA •••• 1111)${rupees(rest)}`);
  await expect(thanks.getByTestId('order-total')).toHaveText(total);
  await expectCartEmpty(page);
});

/**
 * An advance order: a guest's Takeaway/Dine-in order for a slot tomorrow, paid in cash after the OTP; the
 * thank-you page says when it is scheduled for.
 */
test('a guest books a takeaway order for tomorrow and pays cash', async ({ page, request }) => {
  await skipCashLoginOffer(page);
  await pickUpAtConnaughtPlace(page, 'Takeaway/Dine-in');
  await addAndCheckout(page, SIDES, 'Garlic Breadsticks');
  const main = checkoutMain(page);
  await expect(main.getByTestId('order-type')).toHaveText('Takeaway/Dine-in from Crust Connaught Place');
  const mobile = freshMobile();
  await fillContact(page, { firstName: 'Dev', lastName: 'Malhotra', mobile, email: 'dev@example.com' });

  await main.getByRole('radio', { name: 'Schedule for later', exact: true }).check();
  // store 1001 is open round the clock, so tomorrow evening is always a slot
  await main.getByRole('combobox', { name: 'Time slot' }).selectOption({ label: 'Tomorrow, 7:30 PM' });

  await placeCashOrderWithOtp(page, request, mobile);
  const { main: thanks } = await expectOrderPlaced(page);
  const tomorrow = new Date(Date.now() + 5.5 * 3600_000 + 24 * 3600_000).getUTCDate(); // in India
  await expect(thanks.getByTestId('order-scheduled')).toHaveText(
    new RegExp(`^Scheduled for \\w{3}, ${tomorrow} \\w{3},? 7:30\\s?pm$`, 'i'),
  );
  await expectCartEmpty(page);
});

/**
 * Amazon Pay chosen at checkout (issue 31 item 13): the gateway opens Amazon Pay at once, with no list of wallets
 * to choose from again; paid there, the thank-you page says Amazon Pay paid.
 */
test('a takeaway order paid by Amazon Pay, which the gateway does not ask for again', async ({ page }) => {
  await pickUpAtConnaughtPlace(page, 'Takeaway/Dine-in');
  await addAndCheckout(page, SIDES, 'Garlic Breadsticks');
  const main = checkoutMain(page);
  await fillContact(page, {
    firstName: 'Meera',
    lastName: 'Iyer',
    mobile: freshMobile(),
    email: 'meera@example.com',
  });
  await main.getByRole('radio', { name: 'Amazon Pay', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();

  // the Razorpay form the app posts names the wallet, so the gateway's page is Amazon Pay's own
  await expect(page).toHaveURL(/\/sandbox\/pg\/razorpay\/v1\/payments\/create\/checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${amount} with Amazon Pay`);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('Choose your wallet')).toHaveCount(0);
  await shot(page, 'gateway-amazon-pay');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByRole('region', { name: 'Payment summary' })).toContainText(
    `Paid by Amazon Pay${amount}`,
  );
  await expectCartEmpty(page);
});

/**
 * Drive-n-Pick (CURB): the car and the parking bay at checkout, paid by net banking on the gateway's bank
 * page; the thank-you page shows the vehicle, and the store's tablet the bay and the car to bring it to.
 */
test('a curbside order with the car details, paid by net banking', async ({ page, browser }) => {
  await pickUpAtConnaughtPlace(page, 'Drive-n-Pick');
  await addAndCheckout(page, VEG_PIZZA, 'Margherita');
  const main = checkoutMain(page);
  await expect(main.getByTestId('order-type')).toHaveText('Drive-n-Pick from Crust Connaught Place');
  await fillContact(page, { firstName: 'Arjun', lastName: 'Mehta', mobile: freshMobile() });
  await expect(main.getByRole('heading', { name: 'Your car' })).toBeVisible();
  await main.getByLabel('Vehicle number').fill('dl 01 ab 1234');
  await expect(main.getByLabel('Vehicle number')).toHaveValue('DL 01 AB 1234');
  await main.getByLabel('Vehicle colour (optional)').fill('White');
  // the store's own bays (SPEC §3 storeStationDetails): Connaught Place has four
  const bays = main.getByRole('combobox', { name: 'Parking bay' });
  await expect(bays.locator('option')).toHaveText(['Choose a bay', 'Bay 1', 'Bay 2', 'Bay 3', 'Bay 4']);
  await bays.selectOption({ label: 'Bay 2' });
  await bays.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'curbside-checkout');
  await main.getByRole('radio', { name: 'Net Banking', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();

  // the gateway's bank list (Razorpay's hosted checkout, which the app posts to), then the bank's page
  await expect(page).toHaveURL(/\/sandbox\/pg\/razorpay\/v1\/checkout\/embedded$/);
  await expect(page.locator('#amount')).toHaveText(amount);
  await page.locator('#bank-HDFC').check();
  await page.locator('#pay').click();
  await expect(page.locator('#bank-name')).toBeVisible();
  await page.locator('#success').click();

  const { orderNumber, main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-type')).toHaveText('Drive-n-Pick');
  // the registration is sent in its normal form
  await expect(thanks.getByTestId('order-vehicle')).toHaveText('DL01AB1234');
  await expect(thanks.getByTestId('order-where')).toContainText('Crust Connaught Place');
  await expectCartEmpty(page);

  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await expect(card).toContainText('Bay and car');
  await expect(card).toContainText('Bay 2 · DL01AB1234 · White');
  await card.scrollIntoViewIfNeeded();
  await shot(store, 'curbside-console');
  await tablet.close();
});

import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { rupees } from './api.ts';
import { otpFor } from './sms.ts';

/**
 * Checkout steps as a customer does them on the phone (docs/checkout.md, docs/payments-sandbox.md): where
 * the order goes, a pizza in the cart, /payment, the sandbox gateway's pages, and /thankYou.
 */

/** The landing screen's order type, then a searched locality; delivery confirms the pin on the map. */
export async function chooseLocation(
  page: Page,
  opts: { type: 'Delivery' | 'Takeaway/Dine-in' | 'Dine-in' | 'Drive-n-Pick'; search: string; place: RegExp },
) {
  await page.goto('/');
  await page.getByRole('radio', { name: opts.type, exact: true }).check();
  await page.getByRole('link', { name: 'Enter your location' }).click();
  await page.getByRole('link', { name: /Search for area, street name/ }).click();
  await page.getByRole('searchbox', { name: 'Search for area, street name' }).fill(opts.search);
  await page.getByRole('button', { name: opts.place }).click();
}

/** Delivery near Connaught Place, New Delhi: the nearest store is 1001. */
export async function deliverNearConnaughtPlace(page: Page) {
  await chooseLocation(page, {
    type: 'Delivery',
    search: 'Connaught Place',
    place: /^Connaught Place, Delhi/,
  });
  await expect(page).toHaveURL(/\/mapScreen\?/);
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, 1001);
}

/** The store the app chose, as it keeps it. */
export async function expectStore(page: Page, storeId: number) {
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('crust.location') ?? '{}')?.store?.id))
    .toBe(storeId);
}

/** Adds one product from a menu category to an empty cart: the dock then says 1 item. */
export async function addFromMenu(page: Page, category: { slug: string; name: string }, product: string) {
  await page.goto(`/menu/${category.slug}`);
  await page
    .getByRole('region', { name: category.name })
    .getByRole('button', { name: `Add ${product}`, exact: true })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
}

/** Adds one product from a menu category, and goes to /payment through the cart. */
export async function addAndCheckout(page: Page, category: { slug: string; name: string }, product: string) {
  await addFromMenu(page, category, product);
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // the cart screen is lazy: its own bar says it has replaced the menu
  const bar = page.getByRole('region', { name: 'Total to pay' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('article', { name: product, exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

export const VEG_PIZZA = { slug: 'veg-pizza', name: 'Veg Pizza' };
export const SIDES = { slug: 'sides', name: 'Sides' };

/** /payment's main region, where every role query of the checkout is scoped (toasts live outside it). */
export const checkoutMain = (page: Page) => page.getByRole('main');

export interface ContactDetails {
  firstName: string;
  lastName: string;
  mobile: string;
  email?: string;
}

export async function fillContact(page: Page, c: ContactDetails) {
  const main = checkoutMain(page);
  await expect(main.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await main.getByLabel('First name').fill(c.firstName);
  await main.getByLabel('Last name').fill(c.lastName);
  await main.getByLabel('Mobile Number').fill(c.mobile);
  if (c.email !== undefined) await main.getByLabel('Email').fill(c.email);
}

/**
 * A guest's "Add new address" on /payment: the address form (a guest's address carries who receives the
 * order), saved, and back on /payment with it chosen.
 */
export async function addGuestAddress(
  page: Page,
  address: { house: string; street: string },
  who: ContactDetails,
) {
  const main = checkoutMain(page);
  await expect(main.getByRole('heading', { name: 'Deliver to' })).toBeVisible();
  await main.getByRole('link', { name: 'Add new address' }).click();
  await expect(page).toHaveURL(/\/address/);
  await expect(page.getByRole('heading', { name: 'Add address' })).toBeVisible();
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Mobile Number').fill(who.mobile);
  await page.getByLabel('House / Flat No').fill(address.house);
  await page.getByLabel('Society / Street Name').fill(address.street);
  await expect(page.getByLabel('Locality')).toHaveValue(/Connaught Place/);
  await expect(page.getByLabel('City')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(
    checkoutMain(page).getByRole('radio', { name: new RegExp(`${address.house}, ${address.street}`) }),
  ).toBeChecked();
}

/** The sticky bar's button: "Pay ₹X", "Place order" or "Pay with wallet". */
export const payButton = (page: Page) =>
  page.getByRole('region', { name: 'Total to pay' }).getByRole('button');

/** The amount on "Pay ₹X", in paise. */
export async function payAmountPaise(page: Page): Promise<number> {
  const label = (await payButton(page).textContent()) ?? '';
  const m = /₹([\d,]+)(?:\.(\d{2}))?/.exec(label);
  if (!m) throw new Error(`no amount on "${label}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? 0);
}

export const CARD = { number: '4111 1111 1111 1111', cvv: '123', name: 'Asha Rao' };

/** /payGateway: the app's card form, posted straight to the gateway, then the gateway's OTP page. */
export async function payByCard(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/payGateway$/);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
  await expect(main.getByTestId('pay-amount')).toHaveText(amount);
  await main.getByLabel('Card number').fill(CARD.number);
  await main.getByLabel('Month').selectOption('12');
  const year = String(new Date().getFullYear() + 3);
  await main.getByLabel('Year').selectOption(year);
  await main.getByLabel('CVV').fill(CARD.cvv);
  await main.getByLabel('Name on card').fill(CARD.name);
  await main.getByRole('button', { name: `Pay ${amount}` }).click();
  await sandboxCardOtp(page);
}

/** The gateway's OTP page: the sandbox code, Submit. */
export async function sandboxCardOtp(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/pg\/payments\/pay_/);
  await expect(page.locator('#sandbox-otp')).toContainText('123456');
  await page.locator('#otp').fill('123456');
  await page.locator('#submit-otp').click();
}

/**
 * /upiForm with "Enter UPI ID": the UPI id posted to the gateway, its waiting page, and the request approved in the
 * sandbox UPI app in another tab; the waiting page then takes the browser back through the callback.
 */
export async function payByUpiCollect(
  page: Page,
  context: BrowserContext,
  amount: string,
  vpa = 'asha@okbank',
) {
  await expect(page).toHaveURL(/\/upiForm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by UPI' })).toBeVisible();
  await page.getByRole('main').getByRole('textbox', { name: 'UPI ID' }).fill(vpa);
  await page
    .getByRole('main')
    .getByRole('button', { name: `Send request for ${amount}` })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/pg\/payments\/pay_/);
  await expect(page.locator('#upi-waiting')).toBeVisible();
  const paymentId = (await page.locator('#payment-id').textContent())!.trim();
  const app = await context.newPage();
  await app.goto(`/sandbox/pg/upi/collect?vpa=${vpa}`);
  await app.locator(`a.collect-request[data-payment-id="${paymentId}"]`).click();
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();
}

/** /thankYou after the order is confirmed: the order number and transaction id it shows. */
export async function expectOrderPlaced(page: Page) {
  await expect(page).toHaveURL(/\/thankYou\?transactionId=T/, { timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible({
    timeout: 30_000,
  });
  const transactionId = new URL(page.url()).searchParams.get('transactionId')!;
  await expect(main.getByTestId('transaction-id')).toHaveText(transactionId);
  await expect(main.getByTestId('order-number')).toHaveText(/\S+/);
  const orderNumber = (await main.getByTestId('order-number').textContent())!.trim();
  return { transactionId, orderNumber, main };
}

/** After the order: no cart is left, so the cart dock (the count) is gone, here and on the menu. */
export async function expectCartEmpty(page: Page) {
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Back to menu' }).click();
  await expect(page).toHaveURL(/\/menu/);
  await expect(page.getByRole('navigation', { name: 'Menu categories' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('crust.cartId'))).toBeNull();
}

/** Cash, named for how the order reaches the customer: "Cash on delivery", "Cash at pickup"… */
export const CASH = /^Cash (on delivery|at pickup|at the restaurant)$/;

/**
 * Cash: "Place order", then the COD OTP sent by SMS to the order's mobile, entered on /payment. A guest
 * offered a login first (/paymentType) continues as guest.
 */
export async function placeCashOrderWithOtp(page: Page, request: APIRequestContext, mobile: string) {
  const main = checkoutMain(page);
  await main.getByRole('radio', { name: CASH }).check();
  await expect(payButton(page)).toHaveText('Place order');
  await payButton(page).click();
  const codeTitle = main.getByRole('heading', { name: 'Confirm your order' });
  const asGuest = page.getByRole('button', { name: 'Continue as guest' });
  await expect(codeTitle.or(asGuest)).toBeVisible();
  if (await asGuest.isVisible()) {
    await asGuest.click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(main.getByRole('radio', { name: CASH })).toBeChecked();
    await payButton(page).click();
  }
  await expect(codeTitle).toBeVisible();
  await expect(main.getByText(/Enter the OTP sent to/)).toBeVisible();
  await main.getByLabel('OTP', { exact: true }).fill(await otpFor(request, mobile));
  await main.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** Never offer the guest a login for cash in this tab (SPEC §4's 20 % chance), so the journey is one path. */
export async function skipCashLoginOffer(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('crust.cashLoginOffered', 'true'));
}

/** Logs in from the header with an OTP read from the SMS sandbox (login-journey.spec.ts). */
export async function logIn(
  page: Page,
  request: APIRequestContext,
  mobile: string,
  name: { firstName: string; lastName: string },
) {
  await page.getByRole('link', { name: 'Login' }).click();
  await loginWithOtp(page, request, mobile, name);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The login screen, whichever link opened it: number and name, then the OTP read from the SMS sandbox. */
export async function loginWithOtp(
  page: Page,
  request: APIRequestContext,
  mobile: string,
  name: { firstName: string; lastName: string },
) {
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('First name').fill(name.firstName);
  await page.getByLabel('Last name').fill(name.lastName);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page).toHaveURL(/\/login-otp/);
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));
}

/**
 * A guest's delivery near Connaught Place (store 1001) of one Farmhouse, paid by card through the gateway's OTP
 * page; answers the thank-you page's order number and main region.
 */
export async function placeGuestCardOrder(
  page: Page,
  who: ContactDetails,
  address: { house: string; street: string },
) {
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  await addGuestAddress(page, address, who);
  await checkoutMain(page).getByRole('radio', { name: 'Credit Card', exact: true }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  return expectOrderPlaced(page);
}

/**
 * A picture of the screen for a person to look at (docs: every changed screen is looked at), written only
 * when SHOTS_DIR is set: `SHOTS_DIR=/tmp/shots npx playwright test …`.
 */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addGuestAddress,
  checkoutMain,
  chooseLocation,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  expectStore,
  payAmountPaise,
  payButton,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 30 §3 (docs/back-office.md "Offers"): the chain admin makes a flat ₹75 coupon that only UPI may pay for,
 * at Connaught Place (store 1001) alone, previews it on a sample cart (the discount by UPI, the refusal by card),
 * and publishes it. A customer there applies it in the cart; paying by card is refused by the order confirm with
 * the rule's own sentence, and UPI pays the discounted order. A customer at Kanpur Central (store 5001) is told
 * the coupon is not valid at their store. The admin then retires it: the list shows it retired with its one use.
 * The stores' settings are only read; the code is new in every run. The console is shot at 1280×800.
 */

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 412, height: 823 };
const CONNAUGHT_PLACE = 'Crust Connaught Place (1001)';
const PIZZA = 'Peppy Paneer';

/** A console of its own on a laptop, on India's clock. */
async function laptop(browser: Browser) {
  const context = await browser.newContext({ viewport: LAPTOP, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  return { context, page: await context.newPage() };
}

/** The same screen at the laptop's size and the tablet's (where `show` is, if given), then back to the laptop. */
async function shotBoth(page: Page, name: string, show?: Locator) {
  await show?.scrollIntoViewIfNeeded();
  await shot(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await show?.scrollIntoViewIfNeeded();
  await shot(page, `${name}-768`);
  await page.setViewportSize(LAPTOP);
}

/** The chain admin's back office, on its Offers view. */
async function adminOpensOffers(page: Page) {
  await page.goto('/store');
  await page.getByLabel('Username').fill('chainadmin');
  await page.getByLabel('Password', { exact: true }).fill('pizza-admin');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a store' })).toBeVisible();
  await page.getByRole('button', { name: 'Back office' }).click();
  await page.getByRole('tab', { name: 'Offers' }).click();
  await expect(page.getByRole('heading', { name: 'Coupons and deals' })).toBeVisible();
}

/** A Peppy Paneer from the menu, then the cart screen. */
async function pizzaInCart(page: Page) {
  await page.goto(`/menu/${VEG_PIZZA.slug}`);
  await page
    .getByRole('region', { name: VEG_PIZZA.name })
    .getByRole('button', { name: `Add ${PIZZA}`, exact: true })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('article', { name: PIZZA, exact: true })).toBeVisible();
}

/** The cart's grand total in its price details, in paise. */
async function grandTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('calc-grand_total').locator('dd').textContent()) ?? '';
  const m = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? 0);
}

async function applyCoupon(page: Page, code: string) {
  await page.getByPlaceholder('Enter coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
}

// several people's sessions in one journey: on a busy 2-core machine it can pass three minutes, so its hang guard
// is ten (a guard, not a budget: waiting longer hides no failure)
test.describe.configure({ timeout: 600_000 });

test('an admin publishes a UPI-only coupon for one store; card is refused there, UPI pays, another store refuses it', async ({
  browser,
  page,
}) => {
  const code = `UPI75${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const upiOnly = `The coupon ${code} is valid only when you pay by UPI.`;

  // the chain admin, on a laptop: a new coupon, ₹75 off, at Connaught Place only, by UPI only
  const admin = await laptop(browser);
  const office = admin.page;
  await adminOpensOffers(office);
  await shotBoth(office, 'offers-list');
  await office.getByRole('button', { name: 'New coupon' }).click();
  const editor = office.locator('.bo-offer-editor');
  await expect(editor.getByRole('heading', { name: 'New coupon' })).toBeVisible();
  await editor.getByLabel('Code', { exact: true }).fill(code);
  await editor.getByLabel('Title', { exact: true }).fill('Flat ₹75 off when you pay by UPI');
  await editor.getByLabel('Takes off').selectOption('FLAT');
  await editor.getByLabel('Amount off (₹)').fill('75');
  await editor.getByRole('checkbox', { name: CONNAUGHT_PLACE, exact: true }).check();
  await editor
    .getByRole('group', { name: /^Ways to pay/ })
    .getByRole('checkbox', { name: 'UPI', exact: true })
    .check();
  await editor.getByRole('heading', { name: 'New coupon' }).scrollIntoViewIfNeeded();
  await shotBoth(office, 'offers-new-coupon');

  // the preview, before it is even saved: a Peppy Paneer delivered from Connaught Place, paid by UPI, then by card
  const preview = editor.getByRole('complementary', { name: 'Preview on a sample cart' });
  await preview.getByLabel('Store', { exact: true }).selectOption({ label: CONNAUGHT_PLACE });
  await preview.getByLabel('Order type').selectOption('D');
  await preview.getByLabel('Pays by').selectOption({ label: 'UPI' });
  await preview.getByLabel('Item 1', { exact: true }).selectOption({ label: PIZZA });
  await preview.getByRole('button', { name: 'Preview', exact: true }).click();
  const result = preview.getByRole('status');
  await expect(result.getByText('Applies: ₹75 off')).toBeVisible();
  await expect(result.getByText('Discount −₹75')).toBeVisible();
  await expect(result.getByText(/^At confirm, paying this way is refused/)).toHaveCount(0);
  await shotBoth(office, 'offers-preview-upi', result);
  await preview.getByLabel('Pays by').selectOption({ label: 'Credit card' });
  await preview.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(result.getByText(/^At confirm, paying this way is refused/)).toContainText(upiOnly);
  await result.scrollIntoViewIfNeeded();
  await shot(office, 'offers-preview-card-1280');

  // saved as a draft, then published after the confirm
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('heading', { name: `Coupon ${code}` })).toBeVisible();
  await expect(editor.getByRole('heading', { name: `Coupon ${code}` }).getByText('Draft')).toBeVisible();
  await editor.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirmPublish = editor.getByRole('alertdialog', { name: 'Publish' });
  await expect(confirmPublish).toContainText(`Publish ${code}? Customers can use it at once.`);
  await shotBoth(office, 'offers-publish-confirm', confirmPublish);
  await confirmPublish.getByRole('button', { name: 'Yes, publish' }).click();
  await expect(editor.getByRole('heading', { name: `Coupon ${code}` }).getByText('Published')).toBeVisible();
  const row = office.getByRole('row').filter({ has: office.getByRole('cell', { name: code, exact: true }) });
  await expect(row.getByText('Published')).toBeVisible();
  await expect(
    editor.getByRole('status').filter({ hasText: 'Published: customers can use it now.' }),
  ).toBeVisible();
  await editor.scrollIntoViewIfNeeded();
  await editor.getByRole('heading', { name: `Coupon ${code}` }).scrollIntoViewIfNeeded();
  await shot(office, 'offers-published-1280');

  // a customer at Connaught Place applies the code in the cart: ₹75 off
  await deliverNearConnaughtPlace(page);
  await pizzaInCart(page);
  const bar = page.getByRole('region', { name: 'Total to pay' });
  const withoutCoupon = await grandTotal(page);
  await applyCoupon(page, code);
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  await expect(page.getByText('You save ₹75')).toBeVisible();
  await expect(page.getByTestId('calc-discount')).toContainText('₹75');
  // ₹75 off the items, and so less tax on them too
  await expect.poll(() => grandTotal(page)).toBeLessThanOrEqual(withoutCoupon - 7500);
  const withCoupon = await grandTotal(page);
  await shot(page, 'offers-customer-cart-412');
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  // /payment offers UPI alone and says why
  const main = checkoutMain(page);
  await addGuestAddress(
    page,
    { house: '11', street: 'Janpath' },
    { firstName: 'Meera', lastName: 'Iyer', mobile: freshMobile() },
  );
  await expect(main.getByTestId('promo-condition')).toContainText(upiOnly);
  const methods = main.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(1);
  await expect(main.getByRole('radio', { name: 'Credit Card', exact: true })).toHaveCount(0);
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  const amount = await payAmountPaise(page);
  expect(amount).toBe(withCoupon);

  // paying by card anyway (an app whose ways to pay were out of date sends a card): the order confirm refuses
  // it with the coupon's rule, and no order is made
  await page.route('**/api/v1/orders', (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    const body = request.postDataJSON() as { paymentDetails: Record<string, unknown> };
    return route.fallback({
      postData: JSON.stringify({
        ...body,
        paymentDetails: { primaryPaymentId: 'CC', secondaryPaymentId: null },
      }),
    });
  });
  await payButton(page).click();
  const refusal = page.getByRole('alertdialog');
  await expect(refusal.getByRole('heading', { name: 'This coupon needs another way to pay' })).toBeVisible();
  await expect(refusal).toContainText(upiOnly);
  await expect(page).toHaveURL(/\/payment$/);
  await shot(page, 'offers-customer-card-refused-412');
  await page.unroute('**/api/v1/orders');
  await refusal.getByRole('button', { name: 'Change payment method' }).click();
  await expect(refusal).toHaveCount(0);

  // UPI pays the discounted order
  await main.getByRole('radio', { name: 'UPI', exact: true }).check();
  await expect(payButton(page)).toHaveText(`Pay ${rupees(amount)}`);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/upiForm$/);
  const [app] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('main').getByRole('link', { name: 'Open the sandbox UPI app' }).click(),
  ]);
  await app.locator('#approve').click();
  await expect(app.locator('#upi-app-result')).toHaveAttribute('data-status', 'captured');
  await app.close();
  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-total')).toHaveText(rupees(amount));
  const summary = thanks.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Discount');
  await expect(summary).toContainText('₹75');
  await expect(summary).toContainText('Paid by UPI');

  // a customer at Kanpur Central: the coupon is not valid at their store
  const elsewhere = await browser.newContext({
    viewport: PHONE,
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
  });
  const kanpur = await elsewhere.newPage();
  await chooseLocation(kanpur, { type: 'Delivery', search: 'Kanpur Central', place: /^Kanpur Central,/ });
  const confirmPin = kanpur.getByRole('button', { name: 'Confirm location' });
  await expect(confirmPin).toBeEnabled();
  await confirmPin.click();
  await expect(kanpur).toHaveURL(/\/menu$/);
  await expectStore(kanpur, 5001);
  await pizzaInCart(kanpur);
  await applyCoupon(kanpur, code);
  await expect(kanpur.getByText('This coupon is not valid at the selected store')).toBeVisible();
  await expect(kanpur.getByText(`${code} applied`)).toHaveCount(0);
  await elsewhere.close();

  // the admin retires it: the list keeps it, retired, with its one use
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  await editor.getByRole('button', { name: 'Retire', exact: true }).click();
  const confirmRetire = editor.getByRole('alertdialog', { name: 'Retire' });
  await expect(confirmRetire).toContainText(`Retire ${code}? It can never be used again`);
  await confirmRetire.getByRole('button', { name: 'Yes, retire' }).click();
  await expect(editor.getByRole('heading', { name: `Coupon ${code}` }).getByText('Retired')).toBeVisible();
  await expect(row.getByText('Retired')).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await row.scrollIntoViewIfNeeded();
  await shot(office, 'offers-retired-1280');
  await admin.context.close();
});

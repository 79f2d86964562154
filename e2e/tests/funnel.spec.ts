import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  placeCashOrderWithOtp,
  shot,
  SIDES,
  skipCashLoginOffer,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 33 §3 (docs/analytics.md): with user-activity tracking switched on, a guest's whole journey — the landing,
 * the menu, an add, the cart, checkout, cash on delivery — reaches the chain admin's Funnel. The journey's calls
 * carry an ab_test assignment of their own (a fresh experiment name, as the experiments' header would), so the
 * Funnel's row for it is this journey's events alone, whatever other journeys send meanwhile. Shot at 1280×800.
 */

const LAPTOP = { width: 1280, height: 800 };

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/store/login', {
    data: { username: 'chainadmin', password: 'pizza-admin' },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

test.describe.configure({ timeout: 600_000 });

test("a customer's journey from the landing to a cash order shows in the chain admin's funnel", async ({
  browser,
  page,
  request,
}) => {
  // the chain switches tracking on (it stays on: events change no other journey's screens)
  const token = await adminToken(request);
  const on = await request.put('/api/v1/store/analytics/tracking', {
    data: { on: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(on.status(), await on.text()).toBe(200);

  // this journey's own assignment on its events: experiment `e2e<hex>`, variant w
  const experiment = `e2e${randomBytes(5).toString('hex')}`;
  await page.route('**/api/v1/user-activity', async (route) => {
    const headers = { ...route.request().headers(), ab_test: JSON.stringify({ [experiment]: 'w' }) };
    await route.continue({ headers });
  });

  await skipCashLoginOffer(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, SIDES, 'Garlic Breadsticks');
  const mobile = freshMobile();
  await addGuestAddress(
    page,
    { house: '7', street: 'Janpath' },
    { firstName: 'Asha', lastName: 'Rao', mobile },
  );
  // the purchase goes out in the tracker's next batch (every 5 s, or when the page is hidden or left)
  const purchaseSent = page.waitForRequest(
    (r) => r.url().endsWith('/api/v1/user-activity') && (r.postData() ?? '').includes('"purchase"'),
    { timeout: 60_000 },
  );
  await placeCashOrderWithOtp(page, request, mobile);
  await expectOrderPlaced(page);
  expect((await (await purchaseSent).response())?.status()).toBe(200);

  // the chain admin on a laptop: Back office → Funnel
  const laptop = await browser.newContext({ viewport: LAPTOP, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  try {
    const office = await laptop.newPage();
    await office.goto('/store');
    await office.getByLabel('Username').fill('chainadmin');
    await office.getByLabel('Password', { exact: true }).fill('pizza-admin');
    await office.getByRole('button', { name: 'Log in' }).click();
    await office.getByRole('button', { name: 'Back office' }).click();
    await office.getByRole('tab', { name: 'Funnel' }).click();
    await expect(office.getByRole('heading', { name: 'Funnel', level: 2 })).toBeVisible();
    await expect(office.getByRole('status').filter({ hasText: 'Tracking is on' })).toBeVisible();
    await office.getByRole('radio', { name: 'Today' }).click();

    // the journey's experiment: one customer opened the app and that customer paid (its only variant, so the
    // reference, with nothing to test against)
    const table = office.getByRole('table', { name: `Experiment “${experiment}”` });
    await expect(async () => {
      await office.reload();
      await office.getByRole('radio', { name: 'Today' }).click();
      await expect(table).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    const row = table.getByRole('row', { name: /^w / });
    await expect(row.getByRole('cell')).toHaveText(['1', '1', '100.0 %', 'the reference', '']);

    // and each step of the day's funnel counts at least that customer
    const steps = office.getByRole('table').first();
    for (const step of [
      'Opened the app',
      'Saw the menu',
      'Added to cart',
      'Opened the cart',
      'Started checkout',
      'Paid',
    ])
      await expect(
        steps
          .getByRole('row', { name: new RegExp(`^${step} `) })
          .getByRole('cell')
          .first(),
      ).not.toHaveText('0');
    await table.scrollIntoViewIfNeeded();
    await shot(office, 'funnel-1280');
  } finally {
    await laptop.close();
  }
});

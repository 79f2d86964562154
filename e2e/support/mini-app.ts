import { expect, type Frame, type Page } from '@playwright/test';

/**
 * Crust inside a partner's sandbox host (issue 18; docs/partner-sandbox.md, docs/mini-apps.md): the host page at
 * /sandbox/partner/{paytm,gpay} frames the app's entry URL and answers its bridge. Steps here act on the host page
 * (its consent and payment sheets) and on the framed app, as a customer in the partner's app would.
 */

export type Host = 'paytm' | 'gpay';
export const HOST_NAME: Record<Host, string> = { paytm: 'Paytm', gpay: 'Google Pay' };

/** The host page, its user given, and the framed app (the same frame across the app's navigations). */
export async function openHost(page: Page, host: Host, user: { mobile: string; name: string }) {
  await page.goto(`/sandbox/partner/${host}?mobile=${user.mobile}&name=${encodeURIComponent(user.name)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Crust on ${HOST_NAME[host]}` })).toBeVisible();
  const app = await (await page.locator('#miniapp').elementHandle())?.contentFrame();
  if (!app) throw new Error('the host page has no mini-app frame');
  return app;
}

/** The host's consent sheet, answered ("Don't allow" also holds "allow": exact names). */
export async function consent(page: Page, answer: 'Allow' | "Don't allow") {
  const sheet = page.getByRole('dialog', { name: 'Crust wants your mobile number and name' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: answer, exact: true }).click();
  await expect(sheet).toBeHidden();
}

export async function expectAppAt(app: Frame, path: RegExp) {
  await expect.poll(() => new URL(app.url()).pathname + new URL(app.url()).search).toMatch(path);
}

/** A screen of the app typed into the frame (as a link from the host would open it). */
export async function openInApp(app: Frame, path: string) {
  await app.goto(new URL(path, app.url()).href);
}

/** The landing's delivery, a searched locality and the pin confirmed: the menu of store 1001. */
export async function deliverNearConnaughtPlaceIn(app: Frame) {
  await app.getByRole('radio', { name: 'Delivery', exact: true }).check();
  await app.getByRole('link', { name: 'Enter your location' }).click();
  await app.getByRole('link', { name: /Search for area, street name/ }).click();
  await app.getByRole('searchbox', { name: 'Search for area, street name' }).fill('Connaught Place');
  await app.getByRole('button', { name: /^Connaught Place, Delhi/ }).click();
  await expectAppAt(app, /^\/mapScreen\?/);
  const confirm = app.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expectAppAt(app, /^\/menu$/);
}

/** One Farmhouse added from the Veg Pizza menu inside the partner's frame. */
export async function addFarmhouseIn(app: Frame) {
  await openInApp(app, '/menu/veg-pizza');
  const add = app
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('button', { name: 'Add Farmhouse', exact: true });
  // cards are made as the customer scrolls near them, and the host's frame clips the look-ahead: scroll as they would
  await expect
    .poll(async () => {
      await app.evaluate(() => window.scrollBy(0, 600));
      return add.count();
    })
    .toBeGreaterThan(0);
  await add.click();
}

/** One Farmhouse in the cart, then /payment with a new delivery address saved. */
export async function orderFarmhouseIn(app: Frame) {
  await addFarmhouseIn(app);
  await app.getByRole('link', { name: /View cart/ }).click();
  await expectAppAt(app, /^\/cart$/);
  const bar = app.getByRole('region', { name: 'Total to pay' });
  await expect(app.getByRole('article', { name: 'Farmhouse', exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expectAppAt(app, /^\/payment$/);
  await app.getByRole('main').getByRole('link', { name: 'Add new address' }).click();
  await app.getByLabel('House / Flat No').fill('12');
  await app.getByLabel('Society / Street Name').fill('Janpath Road');
  await app.getByRole('button', { name: 'Save address' }).click();
  await expectAppAt(app, /^\/payment$/);
}

/** The host's payment sheet for Crust, with the amount the partner's server holds. */
export const paySheet = (page: Page, host: Host) =>
  page.getByRole('dialog', { name: `Pay Crust with ${HOST_NAME[host]}` });

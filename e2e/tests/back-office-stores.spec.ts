import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseLocation, expectStore, shot } from '../support/checkout.ts';

/**
 * Issue 30 §4, §7 (docs/back-office.md "Store settings"): Koramangala's manager (store 3001, Bengaluru) narrows
 * the store's delivery radius to 0.5 km in the back office, and a customer at BTM Layout (about 2.6 km from the
 * store, which served it before) is given another store at once; the manager sets the radius back, changes the
 * opening hours and finds the change in the change log. The store is left as it was found, also on a failure
 * (through the API). Screens are shot on a laptop (1280×800) and a tablet (768×1024).
 */

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 412, height: 823 };
const STORE = 3001;
const SETTINGS = `/api/v1/store/stores/${STORE}/settings`;

interface Settings {
  opensAt: string;
  closesAt: string;
  deliveryRadiusM: number;
  version: number;
}

/** The manager's own token, for reading the settings and putting them back whatever the screens did. */
async function managerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/store/login', {
    data: { username: `store${STORE}`, password: `pizza${STORE}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function readSettings(request: APIRequestContext, token: string): Promise<Settings> {
  const res = await request.get(SETTINGS, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Settings }).data;
}

/** Puts the radius and hours back as they were, if they are not. */
async function restore(request: APIRequestContext, token: string, was: Settings) {
  const now = await readSettings(request, token);
  const body = {
    ...(now.deliveryRadiusM !== was.deliveryRadiusM ? { deliveryRadiusM: was.deliveryRadiusM } : {}),
    ...(now.opensAt !== was.opensAt ? { opensAt: was.opensAt } : {}),
    ...(now.closesAt !== was.closesAt ? { closesAt: was.closesAt } : {}),
  };
  if (Object.keys(body).length === 0) return;
  const res = await request.patch(SETTINGS, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: now.version, ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A customer on their phone delivering to BTM Layout, Bengaluru: the store the app chooses, as it keeps it. */
async function customerAtBtmLayout(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  const page = await context.newPage();
  await chooseLocation(page, { type: 'Delivery', search: 'BTM Layout', place: /^BTM Layout, Bengaluru/ });
  await expect(page).toHaveURL(/\/mapScreen\?.*latitude=12\.91/);
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  return { context, page };
}

/** The same screen at the laptop's size and the tablet's, then back to the laptop. */
async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await shot(page, `${name}-768`);
  await page.setViewportSize(LAPTOP);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Customers see it now.' })).toBeVisible();
}

test('a manager narrows the delivery radius and a customer 2.6 km away gets another store; the hours change is logged', async ({
  browser,
  request,
}) => {
  const token = await managerToken(request);
  const was = await readSettings(request, token);
  expect(was.deliveryRadiusM).toBeGreaterThanOrEqual(3000);

  try {
    // before: a customer at BTM Layout is served by Koramangala
    const before = await customerAtBtmLayout(browser);
    await expect(before.page).toHaveURL(/\/menu$/);
    await expectStore(before.page, STORE);
    await before.context.close();

    // the manager, on a laptop: Back office → Stores shows the store's settings
    const laptop = await browser.newContext({
      viewport: LAPTOP,
      timezoneId: 'Asia/Kolkata',
      locale: 'en-IN',
    });
    const office = await laptop.newPage();
    await office.goto('/store');
    await office.getByLabel('Username').fill(`store${STORE}`);
    await office.getByLabel('Password', { exact: true }).fill(`pizza${STORE}`);
    await office.getByRole('button', { name: 'Log in' }).click();
    await office.getByRole('button', { name: 'Back office' }).click();
    await office.getByRole('tab', { name: 'Stores' }).click();
    await expect(
      office.getByRole('heading', { name: 'Settings of Crust Koramangala · #3001' }),
    ).toBeVisible();
    const radius = office.getByLabel('Delivery radius (km)');
    await expect(radius).toHaveValue((was.deliveryRadiusM / 1000).toFixed(1));
    await expect(office.getByRole('switch', { name: 'UPI' })).toHaveAttribute('aria-checked', 'true');
    await shotBoth(office, 'back-office-store-settings');

    // a radius beyond 15 km is refused beside the field, before anything is sent
    await radius.fill('20');
    await office.getByRole('button', { name: 'Save' }).click();
    const radiusField = office.locator('.field').filter({ has: radius });
    await expect(radiusField.getByRole('alert')).toHaveText('Enter a radius from 0.5 to 15 km.');
    await expect(radius).toBeFocused();
    await shotBoth(office, 'back-office-store-settings-error');

    // 0.5 km, saved: customers see it now
    await radius.fill('0.5');
    await save(office);
    await expect(radius).toHaveValue('0.5');
    expect((await readSettings(request, token)).deliveryRadiusM).toBe(500);
    await shotBoth(office, 'back-office-store-settings-saved');

    // after: the same customer search no longer lands on Koramangala, but on Jayanagar (3.2 km away)
    const after = await customerAtBtmLayout(browser);
    await expect(after.page).toHaveURL(/\/menu$/);
    await expectStore(after.page, 3005);
    await expect(after.page.getByRole('link', { name: /change location/i })).toContainText('Crust Jayanagar');
    await expect(
      after.page
        .getByRole('navigation', { name: 'Menu categories' })
        .getByRole('link', { name: 'Veg Pizza', exact: true }),
    ).toBeVisible();
    await shot(after.page, 'back-office-store-customer-after-412');
    await after.context.close();

    // the radius back as it was
    await radius.fill((was.deliveryRadiusM / 1000).toFixed(1));
    await save(office);
    expect((await readSettings(request, token)).deliveryRadiusM).toBe(was.deliveryRadiusM);

    // new opening hours: 10:00 to 02:00 closes after midnight
    await office.getByLabel('Opens at').fill('10:00');
    await office.getByLabel('Closes at').fill('02:00');
    await expect(office.getByText('Closes after midnight')).toBeVisible();
    await save(office);

    // the change log has it, before and after
    await office.getByRole('tab', { name: 'Change log' }).click();
    await expect(office.getByRole('heading', { name: 'Change log' })).toBeVisible();
    await office.getByLabel('What').selectOption('store');
    const changed = office.getByRole('row').filter({ hasText: 'store.settings' }).first();
    await expect(changed.getByText('Changed a store’s settings')).toBeVisible();
    await expect(changed.getByText('Crust Koramangala', { exact: true })).toBeVisible();
    await changed.getByRole('button', { name: 'Show changes' }).click();
    const diff = office.locator('.bo-diff').first();
    const opens = diff.getByRole('row').filter({ has: office.getByRole('rowheader', { name: 'Opens at' }) });
    await expect(opens.getByRole('cell')).toHaveText([was.opensAt, '10:00']);
    const closes = diff
      .getByRole('row')
      .filter({ has: office.getByRole('rowheader', { name: 'Closes at' }) });
    await expect(closes.getByRole('cell')).toHaveText([was.closesAt, '02:00']);
    await expect(diff.getByRole('rowheader')).toHaveText(['Opens at', 'Closes at']);
    await shotBoth(office, 'back-office-store-change-log');

    // the hours back as they were
    await office.getByRole('tab', { name: 'Stores' }).click();
    await office.getByLabel('Opens at').fill(was.opensAt);
    await office.getByLabel('Closes at').fill(was.closesAt);
    await save(office);
    const now = await readSettings(request, token);
    expect([now.opensAt, now.closesAt, now.deliveryRadiusM]).toEqual([
      was.opensAt,
      was.closesAt,
      was.deliveryRadiusM,
    ]);
    await laptop.close();
  } finally {
    await restore(request, token, was);
  }
});

import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addAndCheckout,
  checkoutMain,
  chooseLocation,
  expectOrderPlaced,
  expectStore,
  fillContact,
  placeCashOrderWithOtp,
  shot,
  skipCashLoginOffer,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 30 §5, §7 (docs/back-office.md "Reports"): a guest places a takeaway order at Crust Sitabuldi (store
 * 5201, Nagpur, open round the clock; no other journey orders there) and pays cash; the store's manager logs into
 * the console on a laptop, opens Back office → Reports, picks Today, finds the order counted in the day's sales,
 * and downloads the Sales table as CSV, whose day row holds the same figures. The day's figures from before the
 * order are read through the API first (setup, not under test), so a rerun on the same database still holds.
 * Screens are shot on a laptop (1280×800) and a tablet (768×1024).
 */

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const STORE = 5201;
const STORE_NAME = 'Crust Sitabuldi';

interface DayTotal {
  orders: number;
  netPaise: number;
  totalPaise: number;
}

/** India's calendar day now, YYYY-MM-DD. */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The store's sales of an IST day as the API reports them to its manager (all zero with none). */
async function daySales(request: APIRequestContext, day: string): Promise<DayTotal> {
  const login = await request.post('/api/v1/store/login', {
    data: { username: `store${STORE}`, password: `pizza${STORE}` },
  });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get(
    `/api/v1/store/reports/sales?from=${day}&to=${day}&scope=store&storeId=${STORE}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { total: DayTotal } }).data.total;
}

/** Rupees as the CSV writes them: 1234.50. */
const csvRupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** "₹1,234.50" as paise. */
const paiseOf = (text: string) => {
  const m = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? 0);
};

/** A table's cell by its column's header, in a row. */
async function cellOf(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/[▲▼]/g, '').trim(),
  );
  const at = headers.indexOf(header);
  expect(at, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return ((await row.locator('th, td').nth(at).textContent()) ?? '').trim();
}

/** The whole page, for a person to look at every section (only with SHOTS_DIR, as shot()). */
async function fullShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await shot(page, `${name}-768`);
  await page.setViewportSize(LAPTOP);
}

// several people's sessions in one journey: on a busy 2-core machine it can pass three minutes, so its hang guard
// is ten (a guard, not a budget: waiting longer hides no failure)
test.describe.configure({ timeout: 600_000 });

test("a store manager reads the day's sales with a customer's new order in them, and downloads them as CSV", async ({
  browser,
  page,
  request,
}) => {
  const day = istToday();
  const before = await daySales(request, day);

  // a guest on their phone: takeaway from Sitabuldi, paid in cash after the OTP
  await skipCashLoginOffer(page);
  await chooseLocation(page, { type: 'Takeaway/Dine-in', search: 'Sitabuldi', place: /^Sitabuldi, Nagpur/ });
  await expect(page).toHaveURL(/\/takeawayMapScreen\?/);
  await page.getByRole('button', { name: `Order from ${STORE_NAME}` }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, STORE);
  await addAndCheckout(page, VEG_PIZZA, 'Margherita');
  await expect(checkoutMain(page).getByTestId('order-type')).toHaveText(
    `Takeaway/Dine-in from ${STORE_NAME}`,
  );
  const mobile = freshMobile();
  await fillContact(page, { firstName: 'Meera', lastName: 'Deshpande', mobile, email: 'meera@example.com' });
  await placeCashOrderWithOtp(page, request, mobile);
  const { main: thanks } = await expectOrderPlaced(page);
  const paid = paiseOf((await thanks.getByTestId('order-total').textContent()) ?? '');
  expect(paid).toBeGreaterThan(0);

  // the store's manager, on a laptop: Back office → Reports, Today
  const laptop = await browser.newContext({ viewport: LAPTOP, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  try {
    const office = await laptop.newPage();
    await office.goto('/store');
    await office.getByLabel('Username').fill(`store${STORE}`);
    await office.getByLabel('Password', { exact: true }).fill(`pizza${STORE}`);
    await office.getByRole('button', { name: 'Log in' }).click();
    await office.getByRole('button', { name: 'Back office' }).click();
    await office.getByRole('tab', { name: 'Reports' }).click();
    await expect(office.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
    // the choice lives in the address (a reload keeps it): a click, then the radio follows the address
    await office.getByRole('radio', { name: 'Yesterday' }).click();
    await expect(office.getByRole('radio', { name: 'Yesterday' })).toBeChecked();
    await office.getByRole('radio', { name: 'Today' }).click();
    await expect(office.getByRole('radio', { name: 'Today' })).toBeChecked();
    await expect(office).toHaveURL(/[?&]range=today(&|$)/);
    await expect(office.getByLabel('Report on')).toHaveValue(`store:${STORE}`);

    // the day's row: one more order than before, and what the customer paid on top of the day's total
    const sales = office.getByRole('region', { name: 'Sales' });
    const table = sales.getByRole('table', { name: 'Sales' });
    const dayRow = table.locator('tbody tr');
    await expect(dayRow).toHaveCount(1);
    const dayName = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(office.getByTestId('report-range')).toHaveText(dayName);
    expect(await cellOf(table, dayRow, 'Period')).toBe(dayName);
    expect(await cellOf(table, dayRow, 'Orders')).toBe(String(before.orders + 1));
    expect(await cellOf(table, dayRow, 'Total paid')).toBe(rupees(before.totalPaise + paid));
    const net = paiseOf(await cellOf(table, dayRow, 'Net'));
    expect(net).toBeGreaterThan(before.netPaise);
    expect(net).toBeLessThanOrEqual(before.netPaise + paid);
    // one day is one bar: the table says it, no chart
    await expect(sales.getByRole('img')).toHaveCount(0);
    await expect(
      office.getByRole('region', { name: 'Mix' }).getByText('Cash', { exact: true }).first(),
    ).toBeVisible();
    await shotBoth(office, 'back-office-reports-manager');

    // Download CSV: the server's file, its header row and the day's row with the same figures
    const [download] = await Promise.all([
      office.waitForEvent('download'),
      sales.getByRole('button', { name: 'Download the Sales table as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`crust-sales-store-${STORE}-${day}-to-${day}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Period,Group,Name,Orders,Cancelled,Cancelled value (Rs),Gross (Rs),Discounts (Rs),Net (Rs),GST (Rs),' +
        'Charges (Rs),Tips (Rs),Total paid (Rs),Average order (Rs)',
    );
    expect(lines).toHaveLength(3); // the header, the day, and the last line's CRLF
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 4)).toEqual([day, String(STORE), STORE_NAME, String(before.orders + 1)]);
    expect(cells[8]).toBe(csvRupees(net));
    expect(cells[12]).toBe(csvRupees(before.totalPaise + paid));
    expect(lines[2]).toBe('');

    // the last 7 days: a bar of net sales per day
    await office.getByRole('radio', { name: 'Last 7 days' }).click();
    await expect(sales.getByRole('img', { name: 'Net sales per day' })).toBeVisible();
    await expect(sales.getByRole('img').locator('text')).toHaveCount(7);
    await fullShot(office, 'back-office-reports-manager-week-1280');
  } finally {
    await laptop.close();
  }

  // the chain admin: the whole chain, this month, per store, on a laptop and a tablet
  const admin = await browser.newContext({ viewport: LAPTOP, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  try {
    const office = await admin.newPage();
    await office.goto('/store');
    await office.getByLabel('Username').fill('chainadmin');
    await office.getByLabel('Password', { exact: true }).fill('pizza-admin');
    await office.getByRole('button', { name: 'Log in' }).click();
    await office.getByRole('button', { name: 'Back office' }).click();
    await office.getByRole('tab', { name: 'Reports' }).click();
    await expect(office.getByLabel('Report on')).toHaveValue('chain');
    await office.getByRole('radio', { name: 'This month' }).click();
    await office.getByLabel('Break down').selectOption({ label: 'Per store' });
    const table = office.getByRole('region', { name: 'Sales' }).getByRole('table', { name: 'Sales' });
    await expect(table.locator('tbody tr').filter({ hasText: STORE_NAME })).not.toHaveCount(0);
    await shotBoth(office, 'back-office-reports-admin');
    await fullShot(office, 'back-office-reports-admin-full-1280');
  } finally {
    await admin.close();
  }
});

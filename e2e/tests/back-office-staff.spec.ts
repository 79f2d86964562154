import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot } from '../support/checkout.ts';

/**
 * Issue 30 §1, §6, §7 (docs/back-office.md): a chain admin makes a store manager for store 1002 in the back office
 * and hands over the one-time password; the manager chooses their own password and sees only their store; once the
 * admin turns the login off, the manager's next action ends their session; the change log shows the new login.
 * Screens are shot on a laptop (1280×800) and a tablet (768×1024).
 */

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };

/** A console of its own (a laptop or a tablet), on India's clock; the clipboard may be written and read back. */
async function consoleAt(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function adminLogsIn(page: Page) {
  await page.goto('/store');
  await logIn(page, 'chainadmin', 'pizza-admin');
  await expect(page.getByRole('heading', { name: 'Choose a store' })).toBeVisible();
}

/** The same screen at the laptop's size and the tablet's, then back to the laptop. */
async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize(TABLET);
  await shot(page, `${name}-768`);
  await page.setViewportSize(LAPTOP);
}

// several people's sessions in one journey: on a busy 2-core machine it can pass three minutes, so its hang guard
// is ten (a guard, not a budget: waiting longer hides no failure)
test.describe.configure({ timeout: 600_000 });

test('an admin makes a store manager who sees only their store, until the admin turns the login off', async ({
  browser,
}) => {
  const username = `mgr.${Date.now().toString(36)}`;
  const newPassword = 'lajpat-nagar-evenings';

  // the chain admin, on a laptop: the back office's Staff view
  const admin = await consoleAt(browser, LAPTOP);
  const office = admin.page;
  await adminLogsIn(office);
  await expect(office.getByText('Chain admin · Chain admin')).toBeVisible();
  await office.getByRole('button', { name: 'Back office' }).click();
  await expect(office.getByRole('heading', { name: 'Staff logins' })).toBeVisible();
  await expect(office.getByRole('cell', { name: 'store1002', exact: true })).toBeVisible();
  await shotBoth(office, 'back-office-staff');

  // a new store manager for store 1002
  await office.getByRole('button', { name: 'New login' }).click();
  await expect(office.getByRole('heading', { name: 'New login' })).toBeVisible();
  await office.getByLabel('Username').fill(username);
  await office.getByLabel('Name', { exact: true }).fill('Lajpat Nagar evening manager');
  await office.getByLabel('Role', { exact: true }).selectOption('MANAGER');
  await office.getByLabel('Store', { exact: true }).selectOption('1002');
  await shotBoth(office, 'back-office-new-login');
  await office.getByRole('button', { name: 'Make login' }).click();

  // its one-time password, shown once, copied for the manager
  const dialog = office.getByRole('alertdialog', { name: `One-time password for ${username}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('It is shown only now')).toBeVisible();
  const oneTime = (await dialog.getByTestId('one-time-password').textContent()) ?? '';
  expect(oneTime).toMatch(/^[a-z2-9]{20}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await office.evaluate(() => navigator.clipboard.readText())).toBe(oneTime);
  await shotBoth(office, 'back-office-one-time-password');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const row = office.getByRole('row').filter({ has: office.getByRole('cell', { name: username }) });
  await expect(row.getByText('Must set password')).toBeVisible();
  await expect(row.getByText('Crust Lajpat Nagar · #1002')).toBeVisible();
  await office.getByRole('button', { name: 'Log out' }).click();
  await expect(office.getByRole('heading', { name: 'Staff login' })).toBeVisible();

  // the manager, on the store's tablet: the one-time password asks for their own
  const tablet = await consoleAt(browser, TABLET);
  const store = tablet.page;
  await store.goto('/store');
  await logIn(store, username, oneTime);
  await expect(store.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await store.getByLabel('New password', { exact: true }).fill(newPassword);
  await store.getByLabel('New password again').fill(newPassword);
  await store.getByRole('button', { name: 'Save password' }).click();

  // only store 1002: no store picker, no Content, and no other store's queue even when asked for
  await expect(store.getByRole('heading', { level: 1, name: 'Crust Lajpat Nagar · #1002' })).toBeVisible();
  await expect(store.getByText('Lajpat Nagar evening manager · Store manager')).toBeVisible();
  await expect(store.getByRole('tab', { name: /^Queue/ })).toBeVisible();
  await expect(store.getByRole('button', { name: 'Stores' })).toHaveCount(0);
  await expect(store.getByRole('button', { name: 'Content' })).toHaveCount(0);
  await store.goto('/store?store=1001');
  await expect(store.getByRole('heading', { level: 1, name: 'Crust Lajpat Nagar · #1002' })).toBeVisible();
  await store.goto('/store?view=content');
  await expect(store.getByRole('heading', { level: 1, name: 'Crust Lajpat Nagar · #1002' })).toBeVisible();
  const otherQueue = await store.evaluate(async () => {
    const session = JSON.parse(sessionStorage.getItem('crust.staff') ?? 'null') as { token: string } | null;
    const res = await fetch('/api/v1/store/stores/1001/orders', {
      headers: { authorization: `Bearer ${session?.token ?? ''}` },
    });
    return res.status;
  });
  expect(otherQueue).toBe(404);
  await shot(store, 'back-office-manager-desk-768');

  // the admin turns the login off
  await adminLogsIn(office);
  await office.getByRole('button', { name: 'Back office' }).click();
  await office.getByRole('button', { name: `Turn off ${username}` }).click();
  const confirm = office.getByRole('alertdialog', { name: 'Turn off Lajpat Nagar evening manager’s login?' });
  await expect(confirm).toBeVisible();
  await shotBoth(office, 'back-office-turn-off');
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByText('Turned off')).toBeVisible();

  // the manager's next action sends them back to the login form
  await store.getByRole('tab', { name: 'Stock' }).click();
  await expect(store.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await expect(store.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await logIn(store, username, newPassword);
  await expect(store.getByText('This login has been turned off. Ask your manager.')).toBeVisible();

  // the change log has the new login, and what it was made with
  await office.getByRole('tab', { name: 'Change log' }).click();
  await expect(office.getByRole('heading', { name: 'Change log' })).toBeVisible();
  await office.getByLabel('What').selectOption('staff');
  const made = office.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: username });
  await expect(made).toBeVisible();
  await expect(made.getByText('Made a login')).toBeVisible();
  await expect(made.getByText('Chain admin', { exact: true })).toBeVisible();
  await made.getByRole('button', { name: 'Show changes' }).click();
  const diff = office.locator('.bo-diff').first();
  await expect(diff.getByRole('cell', { name: 'Crust Lajpat Nagar · #1002' })).toBeVisible();
  await expect(diff.getByRole('cell', { name: 'Store manager' })).toBeVisible();
  const off = office.getByRole('row').filter({ hasText: 'staff.disable' }).filter({ hasText: username });
  await expect(off.getByText('Turned a login off')).toBeVisible();
  await shotBoth(office, 'back-office-change-log');

  await tablet.context.close();
  await admin.context.close();
});

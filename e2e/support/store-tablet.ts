import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * The store console in its own browser (a store tablet at phone size, in India's time zone), logged in as the
 * store's demo staff; the queue is showing. Close `tablet` at the end.
 */
export async function openStoreTablet(
  browser: Browser,
  storeId: number,
): Promise<{ tablet: BrowserContext; store: Page }> {
  const tablet = await browser.newContext({
    viewport: { width: 412, height: 823 },
    timezoneId: 'Asia/Kolkata',
  });
  const store = await tablet.newPage();
  await store.goto('/store');
  await store.getByLabel('Username').fill(`store${storeId}`);
  await store.getByLabel('Password', { exact: true }).fill(`pizza${storeId}`);
  await store.getByRole('button', { name: 'Log in' }).click();
  await expect(store.getByRole('tab', { name: /^Queue/ })).toBeVisible();
  return { tablet, store };
}

/** An order's card on the tablet's queue, by the number the customer was shown. */
export const orderCard = (store: Page, orderNumber: string) =>
  store.getByRole('article', { name: new RegExp(`Order #${orderNumber}`) });

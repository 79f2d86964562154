import { expect, test, type Page } from '@playwright/test';
import {
  checkoutMain,
  chooseLocation,
  expectOrderPlaced,
  expectStore,
  fillContact,
  placeCashOrderWithOtp,
  shot,
  skipCashLoginOffer,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

const HOUR = 3_600_000;
const IST = 5.5 * HOUR;
/** HH:MM (24-hour) in Asia/Kolkata: the week's hours as the store's answer gives them. */
const clock24 = (ms: number) => new Date(ms + IST).toISOString().slice(11, 16);
const clock12 = (ms: number) => {
  const d = new Date(ms + IST);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
};

/**
 * Every demo store is open through the day, so the store's answer is changed in the browser to a store that
 * is closed now and opens in three hours, for eight hours (the server's own refusal of a "now" order outside
 * the hours is apps/server/test/orders-store-rules.test.ts). Connaught Place keeps round-the-clock hours on
 * the server, so the advance order the customer books for after the opening is one it takes.
 */
async function storeClosedForThreeHours(page: Page): Promise<number> {
  const opens = Math.ceil((Date.now() + 3 * HOUR) / (15 * 60_000)) * 15 * 60_000;
  await page.route('**/api/v1/stores/info', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    if (body.data) {
      const store = {
        ...body.data.store,
        opensAt: clock12(opens),
        closesAt: clock12(opens + 8 * HOUR),
        // the advance slots are counted from the week: the same hours every day
        hours: {
          week: Array.from({ length: 7 }, () => ({
            opensAt: clock24(opens),
            closesAt: clock24(opens + 8 * HOUR),
          })),
          exceptions: [],
        },
        isOpenNow: false,
        nextOpensAt: opens / 1000,
      };
      body.data = { ...body.data, store };
    }
    await route.fulfill({ response: res, json: body });
  });
  return opens;
}

test('a closed store says when it opens on the menu, cart and checkout, and takes an order for later', async ({
  page,
  request,
}) => {
  await skipCashLoginOffer(page);
  const opens = await storeClosedForThreeHours(page);
  const istDay = (ms: number) => Math.floor((ms + IST) / (24 * HOUR));
  const today = istDay(opens) === istDay(Date.now());
  // the first slot is half an hour after opening, which can fall on the next day when the store opens late
  const firstSlot = opens + 30 * 60_000;
  const firstSlotDay = istDay(firstSlot) === istDay(Date.now()) ? 'Today' : 'Tomorrow';
  const closed = `Store is closed now and opens at ${clock12(opens)} ${today ? 'today' : 'tomorrow'}: browse the menu or book an advance order`;

  await chooseLocation(page, {
    type: 'Takeaway/Dine-in',
    search: 'Connaught Place',
    place: /^Connaught Place, Delhi/,
  });
  await page.getByRole('button', { name: 'Order from Crust Connaught Place' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expectStore(page, 1001);
  await expect(page.getByTestId('store-status')).toHaveText(closed);
  await shot(page, 'closed-store-menu');

  await page.goto('/menu/sides');
  await page
    .getByRole('region', { name: 'Sides' })
    .getByRole('button', { name: 'Add Garlic Breadsticks' })
    .click();
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page.getByTestId('store-status')).toHaveText(closed);
  await shot(page, 'closed-store-cart');

  await page.getByRole('region', { name: 'Total to pay' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const main = checkoutMain(page);
  await expect(main.getByTestId('store-status')).toHaveText(closed);
  await expect(main.getByRole('radio', { name: 'Now', exact: true })).toBeDisabled();
  await expect(main.getByRole('radio', { name: 'Schedule for later', exact: true })).toBeChecked();
  // the first slot: 30 minutes after opening (the kitchen starts when the store opens)
  const slots = main.getByRole('combobox', { name: 'Time slot' });
  const first = (await slots.locator('option').nth(1).textContent())!;
  expect(first).toBe(`${firstSlotDay}, ${clock12(firstSlot)}`);
  const mobile = freshMobile();
  await fillContact(page, { firstName: 'Ritu', lastName: 'Bose', mobile, email: 'ritu@example.com' });
  await slots.selectOption({ index: 1 });
  await shot(page, 'closed-store-checkout');

  await placeCashOrderWithOtp(page, request, mobile);
  const { main: thanks } = await expectOrderPlaced(page);
  await expect(thanks.getByTestId('order-scheduled')).toBeVisible();
});

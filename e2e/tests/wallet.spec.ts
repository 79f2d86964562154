import { expect, test, type Page } from '@playwright/test';
import { rupees } from '../support/api.ts';
import {
  addAndCheckout,
  checkoutMain,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  logIn,
  payAmountPaise,
  payButton,
  payByCard,
  shot,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

/**
 * A Farmhouse for delivery near Connaught Place, paid by card and, when `wallet`, ₹100 of it from the wallet;
 * the first order adds the address. Answers the order's number and id.
 */
async function order(page: Page, o: { wallet: boolean; newAddress: boolean }) {
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  if (o.newAddress) {
    await main.getByRole('link', { name: 'Add new address' }).click();
    await page.getByLabel('House / Flat No').fill('12');
    await page.getByLabel('Society / Street Name').fill('Janpath Road');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/payment$/);
  }
  const wallet = main.getByRole('checkbox', { name: 'Use wallet balance ₹100' });
  await wallet.setChecked(o.wallet);
  // the second time it is "Credit Card, Last used"
  await main.getByRole('radio', { name: /^Credit Card/ }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  const { orderNumber, main: thanks } = await expectOrderPlaced(page);
  const track = await thanks.getByRole('link', { name: 'Track order' }).getAttribute('href');
  const orderId = new URL(track!, 'http://x').searchParams.get('orderId')!;
  expect(orderId).toMatch(/^O[0-9A-F]{20}$/);
  return { orderNumber, orderId };
}

/**
 * The wallet as the customer sees it (issue 15): a sandbox top-up, an order paid partly from the wallet that the
 * store cancels (the wallet part comes back as a refund), and an order delivered late (SPEC §9: the guarantee
 * credits the wallet). /wallet lists each with a link to its order; the post-order twin shows the same.
 */
test('/wallet lists a late-delivery credit and a refund, each linked to its order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await deliverNearConnaughtPlace(page);
  const mobile = freshMobile();
  await logIn(page, request, mobile, { firstName: 'Rohan', lastName: 'Gupta' });

  // a customer with nothing in the wallet yet
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'No wallet activity yet' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹0');
  await shot(page, 'wallet-empty');

  const topUp = await request.post('/sandbox/wallet/credit', { data: { mobile, amountPaise: 10_000 } });
  expect(topUp.ok()).toBe(true);

  // paid ₹100 from the wallet and the rest by card, then cancelled by the store: the ₹100 comes back
  const cancelled = await order(page, { wallet: true, newAddress: true });
  const { tablet, store } = await openStoreTablet(page.context().browser()!, 1001);
  const first = orderCard(store, cancelled.orderNumber);
  await first.getByRole('button', { name: 'Cancel order' }).click();
  await first.getByLabel('Reason for cancelling').fill('Out of cheese');
  await first.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(first).toHaveCount(0);

  // delivered late: the guarantee credits the wallet
  const late = await order(page, { wallet: false, newAddress: false });
  const backdated = await request.post(`/sandbox/orders/${late.orderId}/late`, { data: { minutes: 5 } });
  expect(backdated.ok()).toBe(true);
  const second = orderCard(store, late.orderNumber);
  await second.getByRole('button', { name: 'Start baking' }).click();
  await second.getByLabel("Rider's name").fill('Ravi Kumar');
  await second.getByRole('button', { name: 'Dispatch' }).click();
  await second.getByRole('button', { name: 'Delivered' }).click();
  await expect(second).toHaveCount(0);
  await tablet.close();

  await page.goto('/wallet');
  const main = page.getByRole('main');
  await expect(main.getByText('Late delivery credit')).toBeVisible();
  await expect(main.getByText('Refund for a cancelled order')).toBeVisible();
  await expect(main.getByText('Paid for an order')).toBeVisible();
  await expect(main.getByText('Added to your wallet')).toBeVisible();
  await shot(page, 'wallet-entries');

  const lateLink = main.getByRole('link', { name: /^View the order of Late delivery credit/ });
  await expect(lateLink).toHaveAttribute('href', `/orderDetails?orderId=${late.orderId}`);
  const refundLink = main.getByRole('link', { name: /^View the order of Refund for a cancelled order/ });
  await expect(refundLink).toHaveAttribute('href', `/orderDetails?orderId=${cancelled.orderId}`);
  // the top-up is about no order: no link
  await expect(main.getByRole('link', { name: /^View the order of Added/ })).toHaveCount(0);
  await refundLink.click();
  await expect(page).toHaveURL(new RegExp(`/orderDetails\\?orderId=${cancelled.orderId}$`));
  await expect(page.getByRole('heading', { name: `Order #${cancelled.orderNumber}` })).toBeVisible();

  // the post-order area's twin: the same wallet, its links staying in the area
  await page.goto('/postorder-ui/wallet');
  await expect(
    page.getByRole('main').getByRole('link', { name: /^View the order of Late delivery credit/ }),
  ).toHaveAttribute('href', `/postorder-ui/orderDetails?orderId=${late.orderId}`);
});

test('a guest opening /wallet logs in first', async ({ page }) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fwallet$/);
});

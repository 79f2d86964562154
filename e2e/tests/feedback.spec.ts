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

const COMMENT = 'The pizza came cold and forty minutes late. Please call me.';

/** A customer's card-paid delivery of one Farmhouse to a new address near Connaught Place (store 1001). */
async function orderAsCustomer(page: Page, again = false) {
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  await main.getByRole('link', { name: 'Add new address' }).click();
  await page.getByLabel('House / Flat No').fill('7');
  await page.getByLabel('Society / Street Name').fill('Janpath');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  // a second order names the card last used beside it
  await main.getByRole('radio', { name: /^Credit Card/ }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  // the same Farmhouse again within the hour: SPEC §9's duplicate-order warning asks first
  if (again)
    await page
      .getByRole('alertdialog', { name: 'Order again?' })
      .getByRole('button', { name: 'Continue' })
      .click();
  await payByCard(page, amount);
  return expectOrderPlaced(page);
}

/**
 * Issue 17 §1: a customer's order is delivered (the store's tablet), the tracker asks "Rate your order", the
 * customer rates it on /uf (a first order: the first-time rider's short form) with CSAT, NPS, a comment and a
 * ticket for the store, lands home with a thank-you; the store console's Ratings tab shows the rating and the
 * ticket, which staff close with a reply.
 */
test('a delivered order is rated from the tracker; the store sees it and answers its ticket', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  await deliverNearConnaughtPlace(page);
  await logIn(page, request, freshMobile(), { firstName: 'Rohan', lastName: 'Kapoor' });
  const { orderNumber, main } = await orderAsCustomer(page);
  await main.getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/thankYouAndTracking\?orderId=O/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByRole('link', { name: 'Rate your order' })).toHaveCount(0);

  // the store bakes, dispatches and delivers it
  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await card.getByRole('button', { name: 'Start baking' }).click();
  await card.getByLabel("Rider's name").fill('Ravi Kumar');
  await card.getByRole('button', { name: 'Dispatch' }).click();
  await card.getByRole('button', { name: 'Delivered' }).click();
  await expect(card).toHaveCount(0);

  // the tracker follows live and asks for a rating
  const rate = page.getByRole('link', { name: 'Rate your order' });
  await expect(rate).toBeVisible({ timeout: 60_000 });
  await rate.scrollIntoViewIfNeeded();
  await shot(page, 'feedback-tracker-rate');
  await rate.click();
  await expect(page).toHaveURL(`/uf?orderId=${orderId}`);
  await expect(page.getByTestId('fb-order')).toHaveText(`Order #${orderNumber} from Crust Connaught Place`);
  await expect(page.getByRole('heading', { name: 'Welcome! How was your first order?' })).toBeVisible();
  await shot(page, 'feedback-uf-empty');

  // nothing chosen: the SPEC §5 rules say what is missing
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page.getByText('Please rate your overall experience')).toBeVisible();
  await expect(page.getByText('Please tell us how likely you are to recommend us (0 to 10)')).toBeVisible();
  await page.getByLabel('Your feedback (optional)').fill('Cold.');
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page.getByText('Your feedback should have at least 30 characters')).toBeVisible();
  await page.getByRole('group', { name: 'How was your order overall?' }).scrollIntoViewIfNeeded();
  await shot(page, 'feedback-uf-error');

  // a low rating, an NPS, a comment and a ticket
  await page.getByRole('radio', { name: '2 – Bad' }).check();
  await page
    .getByRole('group', { name: 'How likely are you to recommend Crust to a friend?' })
    .getByRole('radio', { name: '3', exact: true })
    .check();
  await page.getByLabel('Your feedback (optional)').fill(COMMENT);
  await page.getByRole('checkbox', { name: 'Ask the store to get back to me about this order' }).check();
  // kept on the device: a reload brings the choices back
  await page.reload();
  await expect(page.getByRole('radio', { name: '2 – Bad' })).toBeChecked();
  await expect(page.getByLabel('Your feedback (optional)')).toHaveValue(COMMENT);
  await page.getByRole('button', { name: 'Submit feedback' }).scrollIntoViewIfNeeded();
  await shot(page, 'feedback-uf-filled');
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Thank you for rating your first order with us!', { exact: false }),
  ).toBeVisible();
  expect(await page.evaluate((id) => localStorage.getItem(`crust.feedback.${id}`), orderId)).toBeNull();

  // the order is rated now: the form says so
  await page.goto(`/uf?orderId=${orderId}`);
  await expect(page.getByText('You have rated this order. Thank you!')).toBeVisible();

  // the store console's Ratings tab: the rating, the numbers, the ticket
  await store.getByRole('tab', { name: 'Ratings' }).click();
  await store.getByRole('radio', { name: 'Today' }).check();
  const summary = store.getByTestId('ratings-summary');
  await expect(summary).toBeVisible();
  const row = store
    .getByTestId('rating-row')
    .filter({ hasText: `#${orderNumber}` })
    .first();
  await expect(row).toContainText('Overall 2/5 · NPS 3');
  await expect(row).toContainText(COMMENT);
  const ticket = store.getByTestId('ticket-row').filter({ hasText: `#${orderNumber}` });
  await expect(ticket).toContainText('Open');
  await ticket.scrollIntoViewIfNeeded();
  await shot(store, 'feedback-console-ratings');
  await ticket.getByLabel('Reply to the customer').fill('Sorry Rohan, we have called you and credited ₹100.');
  await ticket.getByRole('button', { name: 'Close ticket' }).click();
  await expect(ticket).toContainText('Closed');
  await expect(ticket).toContainText('Sorry Rohan, we have called you and credited ₹100.');
  await expect(ticket.getByRole('button', { name: 'Close ticket' })).toHaveCount(0);
  await shot(store, 'feedback-console-ticket-closed');

  // a second order, rated from the order history on the full form: the food, the delivery, value for money,
  // topics that toggle off on a second tap, the NPS and a comment
  const second = await orderAsCustomer(page, true);
  await store.getByRole('tab', { name: /^Queue/ }).click();
  const secondCard = orderCard(store, second.orderNumber);
  await secondCard.getByRole('button', { name: 'Start baking' }).click();
  await secondCard.getByLabel("Rider's name").fill('Ravi Kumar');
  await secondCard.getByRole('button', { name: 'Dispatch' }).click();
  await secondCard.getByRole('button', { name: 'Delivered' }).click();
  await expect(secondCard).toHaveCount(0);
  await page.goto('/orderHistory');
  const historyCard = page.locator('article').filter({ hasText: second.orderNumber });
  await historyCard.getByRole('link', { name: 'Rate your order' }).click();
  await expect(page.getByRole('heading', { name: 'Rate the food' })).toBeVisible();
  await shot(page, 'feedback-uf-full');

  await page
    .getByRole('group', { name: 'How was your order overall?' })
    .getByRole('radio', { name: '4 – Good' })
    .check();
  await page.getByRole('group', { name: 'Farmhouse' }).getByRole('radio', { name: '5 – Very Good' }).check();
  await page
    .getByRole('group', { name: 'How was the delivery?' })
    .getByRole('radio', { name: '4 – Good' })
    .check();
  await page
    .getByRole('group', { name: 'Was it good value for money?' })
    .getByRole('radio', { name: '3 – Average' })
    .check();
  const menuTag = page.getByRole('button', { name: 'Menu', exact: true });
  const offersTag = page.getByRole('button', { name: 'Offers', exact: true });
  await menuTag.click();
  await offersTag.click();
  await offersTag.click();
  await expect(menuTag).toHaveAttribute('aria-pressed', 'true');
  await expect(offersTag).toHaveAttribute('aria-pressed', 'false');
  await page
    .getByRole('group', { name: 'How likely are you to recommend Crust to a friend?' })
    .getByRole('radio', { name: '9', exact: true })
    .check();
  await page
    .getByLabel('Your feedback', { exact: true })
    .fill('Hot and on time this time, the Farmhouse was great.');
  await offersTag.scrollIntoViewIfNeeded();
  await shot(page, 'feedback-uf-full-filled');
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Thank you for your feedback!', { exact: false })).toBeVisible();
  await page.goto('/orderHistory');
  await expect(
    page.locator('article').filter({ hasText: second.orderNumber }).getByTestId('hist-rated'),
  ).toBeVisible();

  // the store's list takes the second one in
  await store.getByRole('tab', { name: /^Queue/ }).click();
  await store.getByRole('tab', { name: 'Ratings' }).click();
  await expect(store.getByTestId('rating-row').filter({ hasText: `#${second.orderNumber}` })).toContainText(
    'Overall 4/5 · NPS 9',
  );
  await tablet.close();
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

interface PrizeTable {
  segments: { position: number; weight: number; prize: { kind: string } }[];
  rules: object;
  version: number;
}

/** The chain admin makes the ₹50-off coupon (segment 0) the only prize the wheel can draw, through the API. */
async function onlyFiftyOff(request: APIRequestContext) {
  const login = await request.post('/api/v1/store/login', {
    data: { username: 'chainadmin', password: 'pizza-admin' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const read = await request.get(`/api/v1/store/game?from=${day}&to=${day}`, { headers });
  expect(read.status(), await read.text()).toBe(200);
  const { table } = ((await read.json()) as { data: { table: PrizeTable } }).data;
  const saved = await request.put('/api/v1/store/game/prize-table', {
    headers,
    data: { ...table, segments: table.segments.map((s) => ({ ...s, weight: s.position === 0 ? 1 : 0 })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The session headers the app last sent, to call the API as the customer. */
function sessionHeaders(page: Page) {
  let headers: Record<string, string> = {};
  page.on('request', (req) => {
    const h = req.headers();
    if (req.url().includes('/api/v1/') && h.sessiontoken)
      headers = { sessiontoken: h.sessiontoken, authtoken: h.authtoken ?? '', userid: h.userid ?? '' };
  });
  return () => headers;
}

/** The segment under the pointer, from the wheel's drawn rotation (its computed transform). */
async function segmentUnderPointer(page: Page): Promise<number> {
  const degrees = await page.getByTestId('wheel-rotor').evaluate((el) => {
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    return (Math.atan2(m.b, m.a) * 180) / Math.PI;
  });
  const angle = (((360 - degrees) % 360) + 360) % 360;
  return Math.floor(angle / 45) % 8;
}

/**
 * Issue 33 §1: a customer's delivered order unlocks one spin (the tracker's "Spin the wheel"), the wheel lands on the
 * segment the server chose, the prize is in their account (the coupon applies in their cart), and a second spin for
 * the order is refused.
 */
test('a delivered order unlocks one spin; the wheel lands where the server said and the coupon applies', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  await onlyFiftyOff(request);
  const headers = sessionHeaders(page);
  await deliverNearConnaughtPlace(page);
  await logIn(page, request, freshMobile(), { firstName: 'Meera', lastName: 'Iyer' });

  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  const main = checkoutMain(page);
  await main.getByRole('link', { name: 'Add new address' }).click();
  await page.getByLabel('House / Flat No').fill('12');
  await page.getByLabel('Society / Street Name').fill('Janpath');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await main.getByRole('radio', { name: /^Credit Card/ }).check();
  const amount = rupees(await payAmountPaise(page));
  await payButton(page).click();
  await payByCard(page, amount);
  const { orderNumber, main: thanks } = await expectOrderPlaced(page);
  await thanks.getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/thankYouAndTracking\?orderId=O/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByRole('link', { name: 'Spin the wheel' })).toHaveCount(0);

  // the store delivers it
  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await card.getByRole('button', { name: 'Start baking' }).click();
  await card.getByLabel("Rider's name").fill('Ravi Kumar');
  await card.getByRole('button', { name: 'Dispatch' }).click();
  await card.getByRole('button', { name: 'Delivered' }).click();
  await expect(card).toHaveCount(0);
  await tablet.close();

  // the landing shows a logged-in customer their spin waiting
  await page.goto('/');
  const widget = page.getByTestId('spin-widget');
  await expect(widget).toBeVisible({ timeout: 30_000 });
  await widget.scrollIntoViewIfNeeded();
  await shot(page, 'wheel-landing-widget');
  await page.goto(`/thankYouAndTracking?orderId=${orderId}`);

  // the tracker offers the spin
  const spinLink = page.getByRole('link', { name: 'Spin the wheel' });
  await expect(spinLink).toBeVisible({ timeout: 60_000 });
  await spinLink.scrollIntoViewIfNeeded();
  await shot(page, 'wheel-tracker');
  await spinLink.click();
  await expect(page).toHaveURL(`/game?orderId=${orderId}`);
  await expect(page.getByRole('img', { name: 'Prize wheel with 8 segments' })).toBeVisible();
  await shot(page, 'wheel-before');

  // the odds are public
  await page.getByText('How the wheel works').click();
  await expect(page.getByRole('table', { name: 'Each segment and its chance' })).toContainText('100%');
  await page.getByText('How the wheel works').click();

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/game/spin'));
  await page.getByRole('button', { name: 'Spin the wheel' }).click();
  const body = (await (await answered).json()) as {
    status: string;
    data: { segmentIndex: number; prize: { couponCode: string } };
  };
  expect(body.status).toBe('SUCCESS');
  const prize = page.getByTestId('game-prize');
  await expect(prize).toBeVisible({ timeout: 15_000 });
  expect(await segmentUnderPointer(page)).toBe(body.data.segmentIndex);
  expect(body.data.segmentIndex).toBe(0);
  const code = body.data.prize.couponCode;
  await expect(prize).toContainText('You won: ₹50 off');
  await expect(prize).toContainText(`Your code: ${code}`);
  await expect(prize).toContainText(/Use it by/);
  await shot(page, 'wheel-prize');

  // a second spin for the order is refused
  const again = await page.request.post('/api/v1/game/spin', { headers: headers(), data: { orderId } });
  const refused = (await again.json()) as { status: string; errors: { code: string; displayMsg: string }[] };
  expect(refused.status).toBe('FAILED');
  expect(refused.errors[0]!.code).toBe('ALREADY_SPUN');
  await page.goto(`/game?orderId=${orderId}`);
  await expect(page.getByTestId('game-prize')).toContainText(code);
  await expect(page.getByRole('button', { name: 'Spin the wheel' })).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByTestId('game-prize')).toContainText(code);
  expect(await segmentUnderPointer(page)).toBe(0);
  await shot(page, 'wheel-reduced-motion');
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  // the prize is in the account: the code applies in the winner's cart
  await page.goto('/menu/veg-pizza');
  await page
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('button', { name: 'Add Farmhouse', exact: true })
    .click();
  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // ₹50 off an order of ₹299 or more: a side from the cart's suggestions makes it
  await page.getByRole('button', { name: 'Add Garlic Breadsticks', exact: true }).first().click();
  await page.getByPlaceholder('Enter coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  await shot(page, 'wheel-coupon-in-cart');

  // the chain admin sees the spin and its prize in the back office
  const office = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: 'Asia/Kolkata',
  });
  const admin = await office.newPage();
  await admin.goto('/store');
  await admin.getByLabel('Username').fill('chainadmin');
  await admin.getByLabel('Password', { exact: true }).fill('pizza-admin');
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin.getByRole('heading', { name: 'Choose a store' })).toBeVisible();
  await admin.getByRole('button', { name: 'Back office' }).click();
  await admin.getByRole('tab', { name: 'Game' }).click();
  const days = admin.getByRole('table', { name: /Spins, prizes granted by kind/ });
  await expect(days).toBeVisible();
  await expect(days.getByRole('row', { name: /^Total/ })).toContainText('₹50');
  await shot(admin, 'wheel-back-office');
  await office.close();
});

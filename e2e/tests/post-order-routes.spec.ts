import { expect, test, type Page } from '@playwright/test';
import { deliverNearConnaughtPlace, logIn, VEG_PIZZA } from '../support/checkout.ts';
import { freshMobile, otpFor } from '../support/sms.ts';

/**
 * SPEC §2: the post-order area's paths (/postorder-ui/…) and the payment UI's path open their screens, as
 * full page loads (links from elsewhere, a login's return).
 */

const notFound = (page: Page) => page.getByRole('heading', { name: 'Oops! Error 404' });

/** [path opened, where the screen leaves the browser, the screen's heading] */
const SCREENS: [string, RegExp, string][] = [
  ['/postorder-ui/offers', /^\/postorder-ui\/offers$/, 'Offers'],
  ['/postorder-ui/login', /^\/postorder-ui\/login$/, 'Login'],
  ['/postorder-ui/profile', /^\/postorder-ui\/profile$/, 'My profile'],
  ['/postorder-ui/searchAddress?deliveryType=D', /^\/postorder-ui\/searchAddress\?/, 'Search location'],
  ['/postorder-ui/myAddresses?fromProfile=true', /^\/postorder-ui\/myAddresses\?/, 'My addresses'],
  [
    '/postorder-ui/mapScreen?latitude=28.6315&longitude=77.2167',
    /^\/postorder-ui\/mapScreen\?/,
    'Set delivery location',
  ],
  // a pickup with a known place: the nearest stores, shown on the takeaway map
  ['/postorder-ui/nearestStore?deliveryType=P', /\/takeawayMapScreen\?deliveryType=P$/, 'Pick a store'],
  ['/postorder-ui/takeawayMapScreen?deliveryType=P', /^\/postorder-ui\/takeawayMapScreen\?/, 'Pick a store'],
  [
    '/postorder-ui/selectRestaurant?deliveryType=P&storePage=false',
    /^\/postorder-ui\/selectRestaurant\?/,
    'Select restaurant',
  ],
  ['/postorder-ui/wallet', /^\/postorder-ui\/wallet$/, 'My Wallet'],
  ['/jfl-discovery-payment/en/pwa/payment', /^\/jfl-discovery-payment\/en\/pwa\/payment$/, 'Checkout'],
];

const here = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

test('each post-order path and the payment UI path opens its screen', async ({ page, request }) => {
  await deliverNearConnaughtPlace(page);
  await page.goto('/');
  await logIn(page, request, freshMobile(), { firstName: 'Meera', lastName: 'Iyer' });
  await page.goto(`/menu/${VEG_PIZZA.slug}`);
  await page
    .getByRole('region', { name: VEG_PIZZA.name })
    .getByRole('button', { name: 'Add Farmhouse', exact: true })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();

  for (const [path, lands, heading] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect.poll(() => here(page), path).toMatch(lands);
    await expect(notFound(page), path).toHaveCount(0);
  }
  // the payment UI's checkout has its own pay bar: the cart dock stays away
  await expect(page.getByRole('region', { name: 'Total to pay' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a guest opening the post-order profile logs in there and comes back with a full page load (SPEC §4)', async ({
  page,
  request,
}) => {
  await page.goto('/postorder-ui/profile');
  await expect(page).toHaveURL(/\/postorder-ui\/login\?redirectUrl=%2Fpostorder-ui%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  const mobile = freshMobile();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('First name').fill('Ravi');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page).toHaveURL(/\/postorder-ui\/login-otp\?redirectUrl=%2Fpostorder-ui%2Fprofile$/);
  await expect(page.getByText('Enter verification code sent by SMS')).toBeVisible();
  // a mark on this document: a full page load starts a new one without it
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));
  await expect(page).toHaveURL(/\/postorder-ui\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  await expect(page.getByLabel('First name')).toHaveValue('Ravi');
  // the profile's links stay in the post-order area
  await expect(page.getByRole('link', { name: 'My orders' })).toHaveAttribute(
    'href',
    '/postorder-ui/orderHistory',
  );
});

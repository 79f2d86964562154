import { expect, test, type Page } from '@playwright/test';
import { logIn, shot } from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 17 §3: the remote config applied on the web. The install prompt after 30 minutes of use (the page's clock
 * is Playwright's, run forward), and a feature the chain switches off: its links gone and its screen, typed by
 * hand, saying it is not available.
 */

/** Chromium fires beforeinstallprompt only for an installable, engaged site; the test fires it as Chromium would. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { installAsked: boolean }).installAsked = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

/** The minutes of use the app has counted (its install memory, install-memory.ts). */
const usedMinutes = (page: Page) =>
  page.evaluate(() => {
    const memory = JSON.parse(localStorage.getItem('crust.installPrompt') ?? '{}') as { usedMs?: number };
    return Math.floor((memory.usedMs ?? 0) / 60_000);
  });

const prompt = (page: Page) => page.getByRole('region', { name: 'Add Crust to your home screen' });

test('the home-screen prompt comes after 30 minutes of use, and "Not now" puts it away', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);

  // the use counter lives in a chunk loaded once the browser is idle, so the first minutes run by the clock may
  // pass before it counts: run minute by minute until it has counted 29 (a real-time bound guards a hang)
  const deadline = Date.now() + 60_000;
  while ((await usedMinutes(page)) < 29) {
    if (Date.now() > deadline) throw new Error('the app never counted 29 minutes of use');
    await page.clock.runFor('01:00');
  }
  await expect(prompt(page)).toHaveCount(0);
  await page.clock.runFor('01:00');
  await expect(prompt(page)).toBeVisible();
  await shot(page, 'install-prompt');

  await prompt(page).getByRole('button', { name: 'Add' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { installAsked?: boolean }).installAsked))
    .toBe(true);
  await expect(prompt(page)).toHaveCount(0);

  // the browser's dialog was dismissed: a new visit, a new offer, and still nothing for a month
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  await page.clock.runFor('02:00');
  await expect(prompt(page)).toHaveCount(0);
});

test('a feature the chain switches off loses its links, and its screen says it is not here', async ({
  page,
  request,
}) => {
  // the chain's config without the wallet (as a partner block would make it)
  await page.route('**/api/v1/config', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { features: string[] } };
    body.data.features = body.data.features.filter((f) => f !== 'wallet');
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/');
  await logIn(page, request, freshMobile(), { firstName: 'Meera', lastName: 'Iyer' });
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'Pizza Pals' })).toBeVisible();
  await expect(page.getByRole('link', { name: /wallet/i })).toHaveCount(0);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Not available here' })).toBeVisible();
  await shot(page, 'feature-off');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a browser that blocks cookies is told so', async ({ page }) => {
  // as Chromium reports it with "Block all cookies" set for the site
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }),
  );
  await page.goto('/');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your browser has cookies disabled' }),
  ).toBeVisible();
  await shot(page, 'cookies-disabled');
});

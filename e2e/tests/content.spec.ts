import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFromMenu, deliverNearConnaughtPlace, shot, VEG_PIZZA } from '../support/checkout.ts';

/**
 * Issue 17 §2 (docs/content.md): the chain's content lives in the database. A chain admin publishes a widget in
 * the store console and a customer's landing shows it after a reload; what the admin typed as HTML or a
 * javascript: link is shown as text and runs nothing; and every seeded widget, banner, alert, info page and the
 * cart's widget leads to a real screen.
 */

const notFound = (page: Page) => page.getByRole('heading', { name: 'Oops! Error 404' });

/** The chain admin's console, in its own browser at phone size and on India's clock, on the Content view. */
async function openAdmin(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    timezoneId: 'Asia/Kolkata',
  });
  const admin = await context.newPage();
  await admin.goto('/store');
  await admin.getByLabel('Username').fill('chainadmin');
  await admin.getByLabel('Password', { exact: true }).fill('pizza-admin');
  await admin.getByRole('button', { name: 'Log in' }).click();
  await admin.getByRole('button', { name: 'Content' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  return { context, admin };
}

/** Every dialog a page opens (alert, confirm): none may, whatever an admin typed. */
function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

const NASTY_TITLE = '<script>alert(1)</script> Kitchen tour';
const NASTY_BODY = 'See how we bake.\n\n<img src=x onerror=alert(1)> and [x](javascript:alert(1))';

test('an admin publishes a widget; a customer sees it after a reload, and what was typed as HTML stays text', async ({
  page,
  browser,
}) => {
  const dialogs = dialogsOf(page);
  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await expect(offers.getByRole('link', { name: /Everyday Value/ })).toBeVisible();
  await expect(offers.getByText(NASTY_TITLE)).toHaveCount(0);

  const { context, admin } = await openAdmin(browser);
  const adminDialogs = dialogsOf(admin);
  await expect(
    admin.getByRole('region', { name: 'Landing banners' }).getByText('Everyday Value'),
  ).toBeVisible();
  await shot(admin, 'content-admin-list');

  await admin.getByRole('button', { name: 'New widget' }).click();
  await admin.getByLabel('Leads to').selectOption('web_view');
  await admin.getByLabel('Title', { exact: true }).fill(NASTY_TITLE);
  await admin.getByLabel('Line under the title').fill('Take the tour');
  await admin.getByLabel('Text', { exact: true }).fill(NASTY_BODY);
  const preview = admin.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('<img src=x onerror=alert(1)> and [x](javascript:alert(1))')).toBeVisible();
  await expect(preview.getByText(/Shown as text, not a link.*javascript:alert\(1\)/)).toBeVisible();
  await expect(preview.locator('img, a, script')).toHaveCount(0);
  await shot(admin, 'content-admin-edit');
  await preview.scrollIntoViewIfNeeded();
  await shot(admin, 'content-admin-preview');
  await admin.getByRole('button', { name: 'Save' }).click();
  const landingList = admin.getByRole('region', { name: 'Landing banners' });
  await expect(landingList.getByText(NASTY_TITLE)).toBeVisible();
  expect(adminDialogs).toEqual([]);

  // the customer's landing, reloaded: the new banner, its title as typed
  await page.reload();
  const card = offers.getByRole('link', { name: new RegExp('Kitchen tour') });
  await expect(card).toBeVisible();
  await expect(card).toContainText(NASTY_TITLE);
  await card.click();
  await expect(page).toHaveURL(/\/notification\?widget=w-[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name: NASTY_TITLE })).toBeVisible();
  const body = page.getByRole('main');
  await expect(body.getByText('<img src=x onerror=alert(1)> and [x](javascript:alert(1))')).toBeVisible();
  await expect(body.locator('img, script, a[href^="javascript"]')).toHaveCount(0);
  await shot(page, 'content-notification-widget');

  // the admin retires it: gone from the landing on the next read
  await landingList.getByRole('button', { name: `Edit: ${NASTY_TITLE}` }).click();
  await admin.getByRole('button', { name: 'Retire' }).click();
  await expect(landingList.getByText('Retired')).toBeVisible();
  await page.goto('/');
  await expect(offers.getByRole('link', { name: /Everyday Value/ })).toBeVisible();
  await expect(offers.getByText(NASTY_TITLE)).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await context.close();
});

/** Opens an in-app link and checks a real screen came (its heading), not the not-found page. */
async function visit(page: Page, href: string) {
  await page.goto(href);
  await expect(page.locator('h1').first(), href).toBeVisible();
  await expect(notFound(page), `${href} shows the not-found page`).toHaveCount(0);
  await expect(page.getByText("This page doesn't exist, or is no longer available."), href).toHaveCount(0);
}

/** The app's own links inside a content body (`.markup`), as paths. */
async function markupLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('.markup a[href]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .filter((h) => new URL(h).origin === origin)
    .map((h) => new URL(h).pathname + new URL(h).search);
}

test('every seeded widget, banner, alert, info page and the cart widget leads to a real screen', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const seeded = (await (await request.get('/api/v1/widgets?placement=LANDING&deliveryType=D')).json()).data
    .widgets as { id: string; title: string }[];
  expect(seeded.length).toBeGreaterThanOrEqual(8);

  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await expect(offers.getByRole('link')).toHaveCount(seeded.length);
  const alerts = page.getByRole('region', { name: 'Announcements' });
  await expect(alerts.getByText('New: Pasta Pizza Party')).toBeVisible();
  const info = page.getByRole('navigation', { name: 'Information' });
  await expect(info.getByRole('link', { name: 'Allergens' })).toBeVisible();
  await shot(page, 'content-landing');
  await offers.scrollIntoViewIfNeeded();
  await shot(page, 'content-landing-banners');

  const hrefs = async (scope: ReturnType<Page['getByRole']>) =>
    scope.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const toVisit = new Set([...(await hrefs(offers)), ...(await hrefs(alerts)), ...(await hrefs(info))]);
  expect([...toVisit]).toEqual(
    expect.arrayContaining([
      '/edv',
      '/worldPizzaLeague',
      '/offers',
      '/menu/bestsellers',
      '/pizzaLoyalty',
      '/deliverOnTrain',
      '/notification',
      '/notification?widget=inside-our-kitchens',
      '/menu',
      '/info?page=about',
      '/info?page=allergens',
      '/info?page=contact',
      '/info?page=notification',
      '/info?page=world-pizza-league',
    ]),
  );
  // and the links inside the bodies those pages show, one level down
  const visited = new Set<string>();
  for (const href of toVisit) {
    visited.add(href);
    await visit(page, href);
    for (const inner of await markupLinks(page)) toVisit.add(inner);
  }
  expect(visited).toContain('/info?page=contact');
  expect(visited).toContain('/menu/pasta-pizza-party');

  await visit(page, '/notification');
  await expect(page.getByRole('heading', { level: 1, name: 'Hygiene & safety' })).toBeVisible();
  await shot(page, 'content-notification');
  await visit(page, '/info?page=allergens');
  await expect(page.getByRole('heading', { level: 1, name: 'Allergens' })).toBeVisible();
  await shot(page, 'content-info-allergens');
  await page.goto('/info?page=no-such-page');
  await expect(page.getByText("This page doesn't exist, or is no longer available.")).toBeVisible();
  await visit(page, '/worldPizzaLeague');
  await expect(page.getByRole('heading', { level: 1, name: 'World Pizza League' })).toBeVisible();
  await shot(page, 'content-world-pizza-league');
  await page.getByRole('link', { name: 'Order from the World Pizza League' }).click();
  await expect(page).toHaveURL(/\/menu\/world-pizza-league$/);
  await expect(notFound(page)).toHaveCount(0);

  // the cart's static widget, and where it leads
  await deliverNearConnaughtPlace(page);
  await addFromMenu(page, VEG_PIZZA, 'Farmhouse');
  await page.getByRole('link', { name: /View cart/ }).click();
  const widget = page.getByRole('region', { name: 'Save more on this order' });
  await expect(widget).toBeVisible();
  await widget.scrollIntoViewIfNeeded();
  await shot(page, 'content-cart-widget');
  await widget.getByRole('link', { name: 'Find out more' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(notFound(page)).toHaveCount(0);
});

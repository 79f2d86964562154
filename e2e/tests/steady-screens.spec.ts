import { expect, test } from '@playwright/test';

/**
 * Issue 32: what is drawn stays where it is. A late alert does not move the landing's order chooser (a layout
 * shift of 0.14 on slow phones), and Back from a pizza returns the menu to where the customer had scrolled.
 */
test('an alert answering late does not move the order chooser', async ({ page }) => {
  // the alerts' answer is held until the chooser has been drawn, as on a slow connection
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/alerts**', async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { chooserShifts: number };
    w.chooserShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        sources: { node?: Node | null }[];
      }[])
        for (const source of entry.sources)
          if (source.node instanceof Element && source.node.closest('.landing-order')) w.chooserShifts += 1;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  const chooser = page.locator('section.landing-order');
  await expect(chooser.getByRole('radio').first()).toBeVisible();
  const before = await chooser.boundingBox();
  release();
  await expect(page.getByRole('region', { name: 'Announcements' }).getByRole('status').first()).toBeVisible();
  expect(await chooser.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { chooserShifts: number }).chooserShifts)).toBe(0);
});

test('Back from a pizza returns the menu to where it was scrolled', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('article').first()).toBeVisible();
  // the customer scrolls down until the menu has grown tall enough to be 2,200 px down
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 2200);
        return window.scrollY;
      }),
    )
    .toBe(2200);
  // the next customisable pizza below, brought to the middle of the screen
  await page.evaluate(() => {
    const next = Array.from(document.querySelectorAll('a.menu-card-customise')).find(
      (a) => a.getBoundingClientRect().top > 100,
    );
    if (!next) return;
    next.setAttribute('data-picked', '');
    window.scrollBy(0, next.getBoundingClientRect().top - 400);
  });
  const link = page.locator('a[data-picked]');
  await expect(link).toBeInViewport();
  // a tap where the link is, without scrolling it into view first
  const picked = await page.evaluate(() => {
    const links = Array.from(document.querySelectorAll('a.menu-card-customise'));
    const at = links.findIndex((a) => a.hasAttribute('data-picked'));
    return { at, top: Math.round(links[at]!.getBoundingClientRect().top) };
  });
  await link.dispatchEvent('click');
  await expect(page).toHaveURL(/\/customise\?/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/menu$/);
  // the same pizza where it was on the screen
  await expect
    .poll(() =>
      page.evaluate(({ at }) => {
        const link = document.querySelectorAll('a.menu-card-customise')[at];
        return link ? Math.round(link.getBoundingClientRect().top) : null;
      }, picked),
    )
    .toBe(picked.top);
});

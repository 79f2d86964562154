import { expect, test, type Page } from '@playwright/test';
import { bucketOf, SPEC_VARIANTS, variantOf } from '@crust/domain/experiments';
import { deliverNearConnaughtPlace, logIn, shot } from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';

/**
 * Issue 33 §2 in Chromium (docs/experiments.md): a device keeps its client id, so it lands in the same SPEC §4
 * bucket visit after visit, and every call carries that assignment as `ab_test`; a customer whose variant of the
 * next-gen home changes (here: the device's client id, set by hand) sees the other landing; and the menu runs
 * backwards in the bucket the remote config names for menuReverseAB.
 */

const ALLOCATION = '**/api/v1/experiments/allocation';
const kept = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);
const assignment = (page: Page) => kept(page, 'crust.abTest') as Promise<Record<string, string> | null>;
const setClientId = (page: Page, id: string) =>
  page.evaluate((v) => localStorage.setItem('crust.clientId', JSON.stringify(v)), id);

/** A client number in `bucket` whose next-gen home variant is `variant` (the seeded even split). */
function clientFor(bucket: 'A' | 'B' | 'C', wantControl: boolean): number {
  const even = SPEC_VARIANTS.map((name) => ({ name, weight: 20 }));
  for (let n = 1_000_000; ; n++)
    if (bucketOf(n) === bucket && (variantOf('nextGenHome', even, n) === 'u') === wantControl) return n;
}

test('a device keeps its client id, lands in the same bucket on every visit, and sends it on every call', async ({
  page,
}) => {
  const allocated = page.waitForResponse(ALLOCATION);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await allocated;
  await expect
    .poll(() => assignment(page))
    .toMatchObject({ bucket: expect.any(String) as unknown as string });
  const clientId = (await kept(page, 'crust.clientId')) as string;
  expect(clientId).toMatch(/^\d{1,10}\.\d{10}$/);
  const first = (await assignment(page))!;
  // SPEC §4: the client id's number modulo 100; a guest gets the bucket only
  expect(first).toEqual({ bucket: bucketOf(Number(clientId.split('.')[0])) });

  for (let visit = 0; visit < 2; visit++) {
    const again = page.waitForResponse(ALLOCATION);
    await page.reload();
    const res = await again;
    expect(((await res.request().postDataJSON()) as { clientId: string }).clientId).toBe(clientId);
    expect(((await res.json()) as { data: { bucket: string } }).data.bucket).toBe(first.bucket);
    expect(await kept(page, 'crust.clientId')).toBe(clientId);
  }

  // every API call carries the kept assignment and the client id
  const call = page.waitForRequest((r) => r.url().includes('/api/v1/') && !r.url().includes('/experiments/'));
  await page.goto('/menu');
  const headers = (await call).headers();
  expect(JSON.parse(headers.ab_test!)).toEqual(first);
  expect(headers.ga_client_id).toBe(clientId);
});

test('a customer whose next-gen home variant changes sees the other landing', async ({ page, request }) => {
  await page.goto('/');
  await logIn(page, request, freshMobile(), { firstName: 'Ira', lastName: 'Sen' });

  /** The device's client id set by hand; the allocation (after the next load) gives its variant to the next. */
  async function become(n: number) {
    await setClientId(page, `${n}.1764345600`);
    const allocated = page.waitForResponse(ALLOCATION);
    await page.goto('/');
    await allocated;
    await expect.poll(async () => (await assignment(page))?.bucket).toBe(bucketOf(n));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  const control = clientFor('A', true);
  await become(control);
  expect((await assignment(page))!.nextGenHome).toBe('u');
  expect(Object.keys((await assignment(page))!).sort()).toEqual(['bucket', 'nextGenHome', 'voice']);
  const landing = page.locator('.landing');
  await expect(landing).toHaveAttribute('data-layout', 'classic');
  await expect(
    page.getByText('Delivery, takeaway, dine-in or Drive-n-Pick from your nearest Crust store.'),
  ).toBeVisible();
  await shot(page, 'experiments-landing-classic');

  const next = clientFor('A', false);
  await become(next);
  expect((await assignment(page))!.nextGenHome).not.toBe('u');
  await expect(landing).toHaveAttribute('data-layout', 'nextGen');
  // the compact hero: no subline; the categories come before the offers
  await expect(
    page.getByText('Delivery, takeaway, dine-in or Drive-n-Pick from your nearest Crust store.'),
  ).toBeHidden();
  const titles = page.locator('.landing-section-title');
  await expect(titles.first()).toHaveText('What are you craving?');
  await shot(page, 'experiments-landing-next');
});

test('menuReverseAB: the bucket the remote config names sees the menu’s categories in reverse', async ({
  page,
}) => {
  await page.route('**/api/v1/config', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data.menuReverseAB = ['B'];
    await route.fulfill({ response: res, json: body });
  });
  await deliverNearConnaughtPlace(page);

  async function tabsAs(bucket: 'B' | 'C') {
    await setClientId(page, `${clientFor(bucket, true)}.1764345600`);
    const allocated = page.waitForResponse(ALLOCATION);
    await page.goto('/menu');
    await allocated;
    await expect.poll(async () => (await assignment(page))?.bucket).toBe(bucket);
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    await expect(nav.getByRole('link', { name: 'Veg Pizza', exact: true })).toBeVisible();
    return (await nav.getByRole('link').allTextContents()).filter((t) => t !== 'All');
  }

  const plain = await tabsAs('C');
  const reversed = await tabsAs('B');
  expect(plain.length).toBeGreaterThan(3);
  expect(reversed).toEqual([...plain].reverse());
  await shot(page, 'experiments-menu-reversed');
});

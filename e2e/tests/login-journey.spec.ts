import { expect, test, type Page } from '@playwright/test';
import { freshMobile, otpFor } from '../support/sms.ts';
import { deliverNearConnaughtPlace } from '../support/checkout.ts';

async function askForOtp(page: Page, mobile: string, name?: string) {
  await page.getByLabel('Mobile Number').fill(mobile);
  if (name) await page.getByLabel('First name').fill(name);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page).toHaveURL(/\/login-otp/);
  await expect(page.getByText('Enter verification code sent by SMS')).toBeVisible();
}

const otpBox = (page: Page) => page.getByLabel('6-digit code');

test('four wrong OTPs kill the code, and the resend countdown runs', async ({ page, request }) => {
  await page.clock.install();
  await page.goto('/login');
  const mobile = freshMobile();
  await askForOtp(page, mobile);
  const code = await otpFor(request, mobile);
  const wrong = code === '000000' ? '111111' : '000000';

  // the page's clock also runs by itself, so on a busy machine more than the 2 s it is moved may pass
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Resend OTP in 0:[1-4]\d$/);
  const secondsLeft = async () => Number(/in 0:(\d\d)$/.exec(await timer.innerText())?.[1] ?? NaN);
  const before = await secondsLeft();
  await page.clock.runFor(2_000);
  await expect.poll(secondsLeft).toBeLessThanOrEqual(before - 2);

  // six digits submit by themselves; each guess is one answer from the server
  const guess = async (digits: string) => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/otp/validate'));
    await otpBox(page).fill('');
    await otpBox(page).fill(digits);
    return (await (await answer).json()) as { status: string; errors?: { code: string }[] };
  };
  for (let i = 0; i < 3; i++) {
    expect((await guess(wrong)).errors?.[0]?.code).toBe('OTP_FAILED');
    await expect(page.getByText('Validation failed. please verify your number again.')).toBeVisible();
  }
  expect((await guess(wrong)).errors?.[0]?.code).toBe('OTP_ATTEMPTS');
  await expect(page.getByText('This OTP can no longer be used. Please ask for a new one.')).toBeVisible();
  // the code is dead: the screen takes no more guesses, and the server refuses even the right one
  await expect(otpBox(page)).toBeDisabled();
  const { requestId } = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('crust.otpRequest') ?? '{}'),
  );
  const late = await request.post('/api/v1/auth/otp/validate', { data: { mobile, code, requestId } });
  expect((await late.json()).errors[0].code).toBe('OTP_ATTEMPTS');
  expect(await page.evaluate(() => location.pathname)).toBe('/login-otp');
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeVisible();
});

test('a guest fills a cart, logs in with the OTP from the SMS sandbox, keeps the cart, and logs out', async ({
  page,
  request,
}) => {
  await deliverNearConnaughtPlace(page);
  await page.goto('/menu/veg-pizza');
  await page
    .getByRole('region', { name: 'Veg Pizza' })
    .getByRole('button', { name: 'Add Farmhouse' })
    .click();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  const guestCart = await page.evaluate(() => JSON.parse(localStorage.getItem('crust.cartId') ?? 'null'));
  expect(guestCart).toMatch(/^C/);

  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  const mobile = freshMobile();
  await askForOtp(page, mobile, 'Asha');
  await otpBox(page).fill(await otpFor(request, mobile));

  // back where the guest was, logged in, with the same cart
  await expect(page).toHaveURL(/\/menu\/veg-pizza/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Asha' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View cart, 1 item/ })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('crust.cartId') ?? 'null'))).toBe(
    guestCart,
  );
  // what the browser keeps about the user is encrypted
  const stored = await page.evaluate(() => localStorage.getItem('crust.session') ?? '');
  expect(stored).not.toContain(mobile);
  expect(stored).not.toContain('Asha');

  await page.getByRole('link', { name: /View cart/ }).click();
  await expect(page.getByRole('article', { name: 'Farmhouse' })).toBeVisible();

  // a reload stays logged in
  await page.goto('/menu');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // logout ends the login and clears what SPEC §4 Logout lists
  await page.getByRole('button', { name: 'Logout' }).click();
  // logout asks first
  await page
    .getByRole('alertdialog', { name: 'Log out of Crust?' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('crust.cartId'))).toBeNull();
  await expect(page.getByRole('link', { name: /View cart/ })).toHaveCount(0);
});

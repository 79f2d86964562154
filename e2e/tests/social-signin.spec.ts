import { expect, test, type Page } from '@playwright/test';
import { freshMobile, otpFor } from '../support/sms.ts';

/** "Continue with Google" to the sandbox identity provider's consent page, as the person given. */
async function consentAs(page: Page, person: { email: string; name: string }, decision: 'Allow' | 'Deny') {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sandbox\/idp\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
  await page.locator('#email').fill(person.email);
  await page.locator('#name').fill(person.name);
  await page.getByRole('button', { name: decision }).click();
}

/**
 * SPEC §4 Login, social sign-in: a new person signs in through the sandbox identity provider, lands on
 * /socialSignin, proves a mobile number with an OTP and is logged in; next time Google alone logs them
 * in; cancelling at the provider says so.
 */
test('a new person signs in with Google, finishes on /socialSignin, and is known the next time', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  // a Google account no earlier attempt linked
  const person = { email: `kiran.desai.${mobile}@example.com`, name: 'Kiran Desai' };

  await page.goto('/login?redirectUrl=%2Fmenu');
  await consentAs(page, person, 'Allow');

  // the user search's 404: collect the profile
  await expect(page).toHaveURL(/\/socialSignin\?redirectUrl=%2Fmenu$/);
  await expect(page.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('First name')).toHaveValue('Kiran');
  await expect(page.getByLabel('Last name')).toHaveValue('Desai');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('Enter Mobile Number')).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();

  await expect(page).toHaveURL(/\/login-otp\?.*action=social/);
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kiran' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  // logout asks first
  await page
    .getByRole('alertdialog', { name: 'Log out of Crust?' })
    .getByRole('button', { name: 'Log out' })
    .click();
  // logout ends with a full load of home: wait for it, or the next navigation races it
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('load');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // known now: Google alone logs in, no form and no OTP
  await page.goto('/login?redirectUrl=%2Fmenu');
  await consentAs(page, person, 'Allow');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('link', { name: 'Kiran' })).toBeVisible();
  const texts = await (await request.get(`/sandbox/sms.json?mobile=${mobile}`)).json();
  expect(texts.messages).toHaveLength(1);
});

test('cancelling at the provider says so and offers the login again', async ({ page }) => {
  await page.goto('/login');
  await consentAs(page, { email: 'someone@example.com', name: 'Some One' }, 'Deny');
  await expect(page).toHaveURL(/\/socialSignin\?/);
  await expect(
    page.getByText('Sign-in was cancelled. You can try again or log in with your mobile number.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

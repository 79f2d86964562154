import { expect, test } from '@playwright/test';
import { freshMobile, otpFor } from '../support/sms.ts';

/**
 * SPEC §4 Login by password: a customer who has never set one uses "Forgot password?" (an OTP, then a
 * new password), logs out, and logs in with the number and the password; a wrong password is refused.
 */
test('forgot password sets a new one, and the customer logs in with it', async ({ page, request }) => {
  const mobile = freshMobile();
  const password = 'margherita-42';

  await page.goto('/login?redirectUrl=%2Fmenu');
  await page.getByRole('link', { name: 'Login with password' }).click();
  await expect(page).toHaveURL(/\/dominosPassword\?redirectUrl=%2Fmenu/);
  await expect(page.getByRole('heading', { name: 'Login with your Crust password' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Enter Dominos Password')).toBeVisible();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword/);
  // the URL changes before the lazy screen shows: type into the new screen, not the old one
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // the forgot-password request's success goes to /login-otp
  await expect(page).toHaveURL(/\/login-otp\?.*action=setPassword/);
  await page.getByLabel('6-digit code').fill(await otpFor(request, mobile));

  await expect(page).toHaveURL(/\/dominosPassword\?.*action=setPassword/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Use at least 8 characters', { exact: true })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(`${password}x`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password is saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/menu$/);
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

  // now by password
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Login with password' }).click();
  await expect(page.getByRole('heading', { name: 'Login with your Crust password' })).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Incorrect mobile number or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

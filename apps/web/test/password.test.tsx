import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import LoginScreen from '../src/features/login/LoginScreen.tsx';
import OtpScreen from '../src/features/login/OtpScreen.tsx';
import PasswordScreen from '../src/features/login/PasswordScreen.tsx';
import ForgotPasswordScreen from '../src/features/login/ForgotPasswordScreen.tsx';
import { clearOtpLimit, forgetLoginOtp, type OtpRequest } from '../src/shared/customer/login-api.ts';
import { loadPage } from '../src/shared/navigation.ts';
import { currentSession, isLoggedIn, startSession } from '../src/shared/api/session.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { loginAsCustomer, makeCustomer } from './auth-fixtures.ts';
import { callsTo, currentPath, json, mockApi, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const PASSWORD = '/api/v1/auth/password';
const FORGOT = '/api/v1/auth/password/forgot';
const SET = '/api/v1/customer/password';
const VALIDATE = '/api/v1/auth/otp/validate';
const SEND = '/api/v1/auth/otp/send';
const SCREENS = {
  '/login': LoginScreen,
  '/login-otp': OtpScreen,
  '/dominosPassword': PasswordScreen,
  '/forgotPassword': ForgotPasswordScreen,
};

const sent = (requestId = 'REQ1') => ({
  status: 'SUCCESS',
  data: { requestId, resendAfterSec: 45, expiresInSec: 300 },
});
const failed = (code: string, displayMsg: string, extra: Record<string, unknown> = {}) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg, ...extra }],
});
const callsOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://l').pathname === path);
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  JSON.parse(String(callsOf(fetchMock, path)[n]![1]!.body)) as Record<string, unknown>;
const initOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  callsOf(fetchMock, path)[n]![1]!;
const headersOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  initOf(fetchMock, path, n).headers as Record<string, string>;

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
/** Lets a request already on its way reach fetch (the API client awaits the session first). */
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(async () => {
  // the forgot-password flow's code is kept in memory between two screens: no test hands it to the next
  forgetLoginOtp();
  await startSession();
  resetLocationState();
  clearOtpLimit();
  vi.mocked(loadPage).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/login links to the password login', () => {
  it('"Login with password" keeps redirectUrl and from', () => {
    mockApi({});
    renderRoutes('/login?redirectUrl=%2Fcart&from=cart&other=1', SCREENS);
    expect(screen.getByRole('link', { name: 'Login with password' }).getAttribute('href')).toBe(
      '/dominosPassword?redirectUrl=%2Fcart&from=cart',
    );
  });
});

describe('/dominosPassword: login by mobile and password (SPEC §7)', () => {
  it('"Enter Dominos Password" on an empty password, and nothing is sent', async () => {
    const fetchMock = mockApi({ [PASSWORD]: { status: 'SUCCESS', data: makeCustomer() } });
    renderRoutes('/dominosPassword', SCREENS);
    type('Mobile Number', '9876543210');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter Dominos Password');
    expect(errorOf('Password')).toBe('Enter Dominos Password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Mobile Number')).toBeNull();
    await settle();
    expect(callsTo(fetchMock, PASSWORD)).toHaveLength(0);
    expect(isLoggedIn()).toBe(false);
  });

  it('SPEC §5 mobile messages, and nothing is sent while one shows', async () => {
    const fetchMock = mockApi({ [PASSWORD]: { status: 'SUCCESS', data: makeCustomer() } });
    renderRoutes('/dominosPassword', SCREENS);
    type('Password', 'secret-pass');
    click('Login');
    await screen.findByRole('alert');
    expect(errorOf('Mobile Number')).toBe('Enter Mobile Number');
    expect(screen.getByLabelText('Mobile Number').getAttribute('aria-invalid')).toBe('true');
    type('Mobile Number', '0987654321');
    expect(errorOf('Mobile Number')).toBe('Please do not add 0 in front of your mobile number');
    type('Mobile Number', '98765');
    expect(errorOf('Mobile Number')).toBe('Mobile Number should be of 10 digits');
    type('Mobile Number', '98765a3210');
    expect(errorOf('Mobile Number')).toBe('Mobile number should only contain numbers');
    type('Mobile Number', '1234567890');
    expect(errorOf('Mobile Number')).toBe('Enter 10 digit valid mobile number');
    click('Login');
    await settle();
    expect(callsTo(fetchMock, PASSWORD)).toHaveLength(0);
  });

  it('the password is hidden until "Show" is pressed', () => {
    mockApi({});
    renderRoutes('/dominosPassword', SCREENS);
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    click('Show');
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the number from an earlier OTP request is filled in', () => {
    mockApi({});
    const req: OtpRequest = { mobile: '9123456789', requestId: 'R', sentAt: Date.now(), resendAfterSec: 45 };
    sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
    renderRoutes('/dominosPassword', SCREENS);
    expect(screen.getByLabelText<HTMLInputElement>('Mobile Number').value).toBe('9123456789');
  });

  it("SUCCESS: sends {mobile, password} with the guest's cart id, stores the customer and redirects", async () => {
    localStorage.setItem('crust.cartId', JSON.stringify('GUESTCART0001'));
    const fetchMock = mockApi({
      [`POST ${PASSWORD}`]: { status: 'SUCCESS', data: makeCustomer({ cartId: 'CUSTOMERCART0001' }) },
    });
    const { router } = renderRoutes('/dominosPassword?redirectUrl=%2Fcart', SCREENS);
    type('Mobile Number', ' 9876543210 ');
    type('Password', 'pass word!');
    click('Login');
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    expect(initOf(fetchMock, PASSWORD).method).toBe('POST');
    expect(bodyOf(fetchMock, PASSWORD)).toEqual({ mobile: '9876543210', password: 'pass word!' });
    expect(headersOf(fetchMock, PASSWORD).cartid).toBe('GUESTCART0001');
    expect(isLoggedIn()).toBe(true);
    expect(currentSession()).toEqual(makeCustomer({ cartId: 'CUSTOMERCART0001' }));
    expect(JSON.parse(localStorage.getItem('crust.cartId')!)).toBe('CUSTOMERCART0001');
  });

  it('without a guest cart no cartid header is sent; /changeAddress gets deliveryType=D', async () => {
    const fetchMock = mockApi({ [PASSWORD]: { status: 'SUCCESS', data: makeCustomer() } });
    const { router } = renderRoutes('/dominosPassword?redirectUrl=%2FchangeAddress', SCREENS);
    type('Mobile Number', '9876543210');
    type('Password', 'secret-pass');
    click('Login');
    await waitFor(() => expect(currentPath(router)).toBe('/changeAddress?deliveryType=D'));
    expect(headersOf(fetchMock, PASSWORD)).not.toHaveProperty('cartid');
  });

  it('a post-order target is a full page load', async () => {
    mockApi({ [PASSWORD]: { status: 'SUCCESS', data: makeCustomer() } });
    renderRoutes('/dominosPassword?redirectUrl=%2Fpostorder-ui%2FtrackOrder', SCREENS);
    type('Mobile Number', '9876543210');
    type('Password', 'secret-pass');
    click('Login');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/postorder-ui/trackOrder'));
    expect(isLoggedIn()).toBe(true);
  });

  it("FAILED: the server's displayMsg shows inline; the customer can try again", async () => {
    let answer: unknown = failed('PASSWORD_INVALID', 'Mobile number or password is incorrect');
    const fetchMock = mockApi({ [PASSWORD]: () => answer });
    const { router } = renderRoutes('/dominosPassword?redirectUrl=%2Fcart', SCREENS);
    type('Mobile Number', '9876543210');
    type('Password', 'wrong-pass');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('Mobile number or password is incorrect');
    expect(isLoggedIn()).toBe(false);
    expect(currentPath(router)).toBe('/dominosPassword?redirectUrl=%2Fcart');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Login' });
    expect(button.disabled).toBe(false);
    // typing clears it
    type('Password', 'right-pass');
    expect(screen.queryByRole('alert')).toBeNull();
    answer = { status: 'SUCCESS', data: makeCustomer() };
    click('Login');
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    expect(callsTo(fetchMock, PASSWORD)).toHaveLength(2);
    expect(bodyOf(fetchMock, PASSWORD, 1)).toEqual({ mobile: '9876543210', password: 'right-pass' });
  });

  it('a 500 shows the generic message inline', async () => {
    mockApi({ [PASSWORD]: json(failed('INTERNAL', 'Something Went Wrong. Please Try Again.'), 500) });
    renderRoutes('/dominosPassword', SCREENS);
    type('Mobile Number', '9876543210');
    type('Password', 'secret-pass');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('Something Went Wrong. Please Try Again.');
  });

  it('"Forgot password?" and "Login with OTP instead" keep redirectUrl and from', () => {
    mockApi({});
    renderRoutes('/dominosPassword?redirectUrl=%2Fcart&from=cart&junk=1', SCREENS);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgotPassword?redirectUrl=%2Fcart&from=cart',
    );
    expect(screen.getByRole('link', { name: 'Login with OTP instead' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fcart&from=cart',
    );
  });

  it('"Forgot password?" opens /forgotPassword', async () => {
    mockApi({});
    const { router } = renderRoutes('/dominosPassword?redirectUrl=%2Fcart', SCREENS);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(currentPath(router)).toBe('/forgotPassword?redirectUrl=%2Fcart');
  });
});

describe('/dominosPassword?action=setPassword: a new password', () => {
  it('a guest is sent to /forgotPassword, keeping redirectUrl', async () => {
    const fetchMock = mockApi({});
    const { router } = renderRoutes('/dominosPassword?action=setPassword&redirectUrl=%2Fcart', SCREENS);
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(router.state.location.pathname).toBe('/forgotPassword');
    expect(new URLSearchParams(router.state.location.search).get('redirectUrl')).toBe('/cart');
    await settle();
    expect(callsTo(fetchMock, SET)).toHaveLength(0);
  });

  it('a logged-in customer sees the form, not the login, and is asked for the current password', async () => {
    await loginAsCustomer();
    mockApi({});
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Current password').autocomplete).toBe('current-password');
    expect(screen.getByLabelText<HTMLInputElement>('New password').autocomplete).toBe('new-password');
  });

  it('empty → "Enter Dominos Password"; too short → "Use at least 8 characters"; nothing sent', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [SET]: { status: 'SUCCESS', data: { passwordSet: true } } });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    click('Save password');
    await waitFor(() => expect(errorOf('New password')).toBe('Enter Dominos Password'));
    expect(errorOf('Current password')).toBe('Enter Dominos Password');
    type('Current password', 'the-old-one');
    type('New password', 'short77');
    type('Confirm new password', 'short77');
    expect(errorOf('New password')).toBe('Use at least 8 characters');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    click('Save password');
    expect(errorOf('New password')).toBe('Use at least 8 characters');
    await settle();
    expect(callsTo(fetchMock, SET)).toHaveLength(0);
  });

  it('"Passwords do not match" when the confirmation differs; nothing sent', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [SET]: { status: 'SUCCESS', data: { passwordSet: true } } });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    type('Current password', 'the-old-one');
    type('New password', 'longenough1');
    type('Confirm new password', 'longenough2');
    click('Save password');
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(errorOf('Confirm new password')).toBe('Passwords do not match');
    expect(errorOf('New password')).toBeNull();
    await settle();
    expect(callsTo(fetchMock, SET)).toHaveLength(0);
  });

  it('nothing is sent without the current password', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [SET]: { status: 'SUCCESS', data: { passwordSet: true } } });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    type('New password', 'exactly8');
    type('Confirm new password', 'exactly8');
    click('Save password');
    await waitFor(() => expect(errorOf('Current password')).toBe('Enter Dominos Password'));
    await settle();
    expect(callsTo(fetchMock, SET)).toHaveLength(0);
  });

  it('PUTs {password, currentPassword} as the customer, says it is saved; Continue goes to the redirect target', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [`PUT ${SET}`]: { status: 'SUCCESS', data: { passwordSet: true } } });
    const { router } = renderRoutes('/dominosPassword?action=setPassword&redirectUrl=%2Fcart', SCREENS);
    type('Current password', 'the-old-one');
    type('New password', 'exactly8');
    type('Confirm new password', 'exactly8');
    click('Save password');
    expect((await screen.findByRole('status')).textContent).toBe('Your password is saved.');
    expect(initOf(fetchMock, SET).method).toBe('PUT');
    expect(bodyOf(fetchMock, SET)).toEqual({ password: 'exactly8', currentPassword: 'the-old-one' });
    expect(headersOf(fetchMock, SET).sessiontoken).toBe('customer-token');
    expect(currentPath(router)).toBe('/dominosPassword?action=setPassword&redirectUrl=%2Fcart');
    click('Continue');
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
  });

  it("the server's refusal of the password shows under the form", async () => {
    await loginAsCustomer();
    mockApi({
      [SET]: json(failed('VALIDATION', 'That password is too common', { field: 'body.password' }), 400),
    });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    type('Current password', 'the-old-one');
    type('New password', 'password');
    type('Confirm new password', 'password');
    click('Save password');
    expect((await screen.findByRole('alert')).textContent).toBe('That password is too common');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save password' }).disabled).toBe(false);
  });

  it('a wrong current password is refused in the server’s words', async () => {
    await loginAsCustomer();
    mockApi({
      [SET]: json(failed('WRONG_PASSWORD', 'Incorrect password.', { field: 'body.currentPassword' }), 400),
    });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    type('Current password', 'not-it');
    type('New password', 'a-new-password');
    type('Confirm new password', 'a-new-password');
    click('Save password');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password.');
    expect(screen.queryByText('Your password is saved.')).toBeNull();
  });

  it('without the current password: an OTP to the customer’s own number proves the new one', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({
      [`POST ${FORGOT}`]: sent('REQ-P'),
      [`PUT ${SET}`]: { status: 'SUCCESS', data: { passwordSet: true } },
    });
    renderRoutes('/dominosPassword?action=setPassword', SCREENS);
    click('Forgot it, or never set one? Get an OTP');
    const otp = await screen.findByLabelText('Enter verification code sent by SMS');
    expect(bodyOf(fetchMock, FORGOT)).toEqual({ mobile: makeCustomer().mobile });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'a-new-password');
    type('Confirm new password', 'a-new-password');
    click('Save password');
    await waitFor(() =>
      expect(errorOf('Enter verification code sent by SMS')).toBe('Enter verification code sent by SMS'),
    );
    await settle();
    expect(callsTo(fetchMock, SET)).toHaveLength(0);
    fireEvent.change(otp, { target: { value: '123456' } });
    click('Save password');
    await screen.findByText('Your password is saved.');
    expect(bodyOf(fetchMock, SET)).toEqual({
      password: 'a-new-password',
      otp: { requestId: 'REQ-P', code: '123456' },
    });
  });
});

describe('/forgotPassword', () => {
  it('sends {mobile} to the forgot path and goes to /login-otp?action=setPassword with the request', async () => {
    const fetchMock = mockApi({ [`POST ${FORGOT}`]: sent('REQ-F') });
    const { router } = renderRoutes('/forgotPassword?redirectUrl=%2Fcart', SCREENS);
    type('Mobile Number', '9876543210');
    click('Send OTP');
    await screen.findByRole('heading', { name: 'Enter verification code sent by SMS' });
    expect(currentPath(router)).toBe('/login-otp?redirectUrl=%2Fcart&action=setPassword');
    expect(bodyOf(fetchMock, FORGOT)).toEqual({ mobile: '9876543210' });
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
    expect(router.state.location.state).toMatchObject({ mobile: '9876543210', requestId: 'REQ-F' });
    expect(JSON.parse(sessionStorage.getItem('crust.otpRequest')!)).toMatchObject({
      mobile: '9876543210',
      requestId: 'REQ-F',
      resendAfterSec: 45,
    });
    // the OTP screen goes back to /forgotPassword
    expect(screen.getByRole('link', { name: 'Change number' }).getAttribute('href')).toBe(
      '/forgotPassword?redirectUrl=%2Fcart&action=setPassword',
    );
  });

  it('mobile messages; nothing is sent', async () => {
    const fetchMock = mockApi({ [FORGOT]: sent() });
    renderRoutes('/forgotPassword', SCREENS);
    click('Send OTP');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter Mobile Number');
    type('Mobile Number', '0987654321');
    expect(screen.getByRole('alert').textContent).toBe('Please do not add 0 in front of your mobile number');
    click('Send OTP');
    await settle();
    expect(callsTo(fetchMock, FORGOT)).toHaveLength(0);
  });

  it('OTP_LIMIT shows the message and disables the button for that number', async () => {
    const fetchMock = mockApi({
      [FORGOT]: failed('OTP_LIMIT', 'Too many OTP requests. Try again after an hour.'),
    });
    const { router } = renderRoutes('/forgotPassword', SCREENS);
    type('Mobile Number', '9876543210');
    click('Send OTP');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many OTP requests. Try again after an hour.',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send OTP' });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    await settle();
    expect(callsTo(fetchMock, FORGOT)).toHaveLength(1);
    expect(currentPath(router)).toBe('/forgotPassword');
    type('Mobile Number', '9876543211');
    expect(button.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('back from a set-password round trip returns to the password login, not into a redirect loop', async () => {
    mockApi({});
    const { router } = renderRoutes('/forgotPassword?redirectUrl=%2Fcart&action=setPassword', SCREENS);
    click('Back');
    await screen.findByRole('heading', { name: 'Login with your Crust password' });
    expect(currentPath(router)).toBe('/dominosPassword?redirectUrl=%2Fcart');
  });
});

describe('/login-otp?action=setPassword', () => {
  it('after the code: logged in, then /dominosPassword?action=setPassword keeping redirectUrl; then the whole set', async () => {
    const fetchMock = mockApi({
      [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() },
      [`PUT ${SET}`]: { status: 'SUCCESS', data: { passwordSet: true } },
    });
    const req: OtpRequest = {
      mobile: '9876543210',
      requestId: 'REQ-F',
      sentAt: Date.now(),
      resendAfterSec: 45,
    };
    sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
    const { router } = renderRoutes('/login-otp?redirectUrl=%2Fcart&action=setPassword', SCREENS);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(currentPath(router)).toBe('/dominosPassword?redirectUrl=%2Fcart&action=setPassword');
    expect(bodyOf(fetchMock, VALIDATE)).toMatchObject({
      mobile: '9876543210',
      code: '654321',
      requestId: 'REQ-F',
    });
    expect(isLoggedIn()).toBe(true);
    expect(sessionStorage.getItem('crust.otpRequest')).toBeNull();

    type('New password', 'a-new-password');
    type('Confirm new password', 'a-new-password');
    click('Save password');
    await screen.findByText('Your password is saved.');
    // the code that just logged in proves the new password: no second text, no current password asked
    expect(bodyOf(fetchMock, SET)).toEqual({
      password: 'a-new-password',
      otp: { requestId: 'REQ-F', code: '654321' },
    });
    expect(callsTo(fetchMock, FORGOT)).toHaveLength(0);
    click('Continue');
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
  });

  it('a plain OTP login (no action) still goes to the redirect target', async () => {
    mockApi({ [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() } });
    const req: OtpRequest = { mobile: '9876543210', requestId: 'R', sentAt: Date.now(), resendAfterSec: 45 };
    sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
    const { router } = renderRoutes('/login-otp?redirectUrl=%2Fcart', SCREENS);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
  });
});

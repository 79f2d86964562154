import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import LoginScreen from '../src/features/login/LoginScreen.tsx';
import OtpScreen from '../src/features/login/OtpScreen.tsx';
import { AccountEntry } from '../src/shared/customer/AccountEntry.tsx';
import { clearOtpLimit, type OtpRequest } from '../src/shared/customer/login-api.ts';
import { loginTarget } from '../src/features/login/after-login.ts';
import { mobileError } from '../src/shared/customer/mobile.ts';
import { loadPage } from '../src/shared/navigation.ts';
import { currentSession, isLoggedIn, setCustomerSession, startSession } from '../src/shared/api/session.ts';
import {
  addRecentLocation,
  getLocationState,
  getRecentLocations,
  resetLocationState,
  setPoint,
  setStore,
} from '../src/shared/state/location-store.ts';
import { forgetGuestCache } from '../src/shared/account/api.ts';
import { makeCustomer, memoryKeyStore } from './auth-fixtures.ts';
import { callsTo, currentPath, json, mockApi, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const SEND = '/api/v1/auth/otp/send';
const VALIDATE = '/api/v1/auth/otp/validate';
const LOGOUT = '/api/v1/auth/logout';
const SCREENS = { '/login': LoginScreen, '/login-otp': OtpScreen };

const sent = (requestId = 'REQ1') => ({
  status: 'SUCCESS',
  data: { requestId, resendAfterSec: 45, expiresInSec: 300 },
});
const failed = (code: string, displayMsg: string) => ({ status: 'FAILED', errors: [{ code, displayMsg }] });
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) => {
  const call = fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://l').pathname === path)[n]!;
  return JSON.parse(String(call[1]!.body));
};
const headersOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://l').pathname === path)[n]![1]!
    .headers as Record<string, string>;

/** /login-otp as a reload finds it: the OTP request in sessionStorage. */
function openOtp(query = '', over: Partial<OtpRequest> = {}) {
  const req: OtpRequest = {
    mobile: '9876543210',
    requestId: 'REQ1',
    sentAt: Date.now(),
    resendAfterSec: 45,
    ...over,
  };
  sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
  return renderRoutes(`/login-otp${query}`, SCREENS);
}
const otpInput = () => screen.getByLabelText('6-digit code');
const mobileInput = () => screen.getByLabelText('Mobile Number');

beforeEach(async () => {
  await startSession();
  resetLocationState();
  clearOtpLimit();
  vi.mocked(loadPage).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SPEC §5 Mobile validation', () => {
  it.each<[string, string | null]>([
    ['', 'Enter Mobile Number'],
    ['   ', 'Enter Mobile Number'],
    ['98765a3210', 'Mobile number should only contain numbers'],
    ['+91987654', 'Mobile number should only contain numbers'],
    ['98765 43210', 'Mobile number should only contain numbers'],
    ['0987654321', 'Please do not add 0 in front of your mobile number'],
    ['0', 'Please do not add 0 in front of your mobile number'],
    ['98765', 'Mobile Number should be of 10 digits'],
    ['98765432101', 'Mobile Number should be of 10 digits'],
    ['1234567890', 'Enter 10 digit valid mobile number'],
    ['5876543210', 'Enter 10 digit valid mobile number'],
    ['9876543210', null],
    ['6000000000', null],
  ])('%j → %j', (value, message) => {
    expect(mobileError(value)).toBe(message);
  });

  it('shows the message under the field on "Get OTP" and sends nothing', async () => {
    const fetchMock = mockApi({ [SEND]: sent() });
    renderRoutes('/login', SCREENS);
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter Mobile Number');
    expect(mobileInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(mobileInput(), { target: { value: '0987654321' } });
    expect(screen.getByRole('alert').textContent).toBe('Please do not add 0 in front of your mobile number');
    fireEvent.change(mobileInput(), { target: { value: '98765' } });
    expect(screen.getByRole('alert').textContent).toBe('Mobile Number should be of 10 digits');
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
  });

  it('the mobile field is a 10-character numeric phone field', () => {
    mockApi({});
    renderRoutes('/login', SCREENS);
    const input = mobileInput() as HTMLInputElement;
    expect(input.type).toBe('tel');
    expect(input.inputMode).toBe('numeric');
    expect(input.maxLength).toBe(10);
  });

  it('"Enter Name" when a last name is given without a first name; names are optional otherwise', async () => {
    const fetchMock = mockApi({ [SEND]: sent() });
    renderRoutes('/login', SCREENS);
    fireEvent.change(mobileInput(), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Rao' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter Name');
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
  });
});

describe('SPEC §5 Generic: numeric inputs block e, E, +, - and .', () => {
  it.each(['login', 'otp'])('on the %s field', (which) => {
    mockApi({});
    if (which === 'login') renderRoutes('/login', SCREENS);
    else openOtp();
    const input = which === 'login' ? mobileInput() : otpInput();
    for (const key of ['e', 'E', '+', '-', '.']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    for (const key of ['7', 'Backspace', 'ArrowLeft']) expect(fireEvent.keyDown(input, { key })).toBe(true);
  });
});

describe('/login: send OTP', () => {
  it('sends mobile and name, then goes to /login-otp keeping redirectUrl, from and action', async () => {
    const fetchMock = mockApi({ [SEND]: sent('REQ-A') });
    const { router } = renderRoutes('/login?redirectUrl=%2Fcart&from=cart&action=checkout&other=1', SCREENS);
    fireEvent.change(mobileInput(), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' Asha ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Enter verification code sent by SMS' });
    expect(currentPath(router)).toBe('/login-otp?redirectUrl=%2Fcart&from=cart&action=checkout');
    expect(bodyOf(fetchMock, SEND)).toEqual({ mobile: '9876543210', firstName: 'Asha' });
    expect(router.state.location.state).toMatchObject({
      mobile: '9876543210',
      requestId: 'REQ-A',
      resendAfterSec: 45,
    });
    expect(screen.getByText(/Sent to \+91 98765 43210/)).toBeTruthy();
  });

  it("OTP_LIMIT shows the server's displayMsg and stops further sends for that number", async () => {
    const fetchMock = mockApi({
      [SEND]: failed('OTP_LIMIT', 'Too many OTP requests. Try again after an hour.'),
    });
    renderRoutes('/login', SCREENS);
    fireEvent.change(mobileInput(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many OTP requests. Try again after an hour.',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Get OTP' });
    expect(button.disabled).toBe(true);
    // another number is another limit
    fireEvent.change(mobileInput(), { target: { value: '9876543211' } });
    expect(button.disabled).toBe(false);
    expect(callsTo(fetchMock, SEND)).toHaveLength(1);
  });

  it("OTP_RESEND_WAIT shows the server's displayMsg", async () => {
    mockApi({ [SEND]: failed('OTP_RESEND_WAIT', 'Please wait before asking for another OTP') });
    renderRoutes('/login', SCREENS);
    fireEvent.change(mobileInput(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please wait before asking for another OTP');
  });
});

describe('/login-otp', () => {
  it('without an OTP request (a deep link) goes back to /login with the query', async () => {
    mockApi({});
    const { router } = renderRoutes('/login-otp?redirectUrl=%2Fcart', SCREENS);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirectUrl=%2Fcart'));
  });

  it('counts down 45 s, then offers "Resend OTP", which asks for a new code and restarts the count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      [SEND]: sent('REQ2'),
      [VALIDATE]: failed('OTP_FAILED', 'Incorrect OTP'),
    });
    openOtp('', { firstName: 'Asha' });
    expect(screen.getByRole('timer').textContent).toBe('Resend OTP in 0:45');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Resend OTP in 0:44');
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(44_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await screen.findByText('A new OTP has been sent.');
    expect(bodyOf(fetchMock, SEND)).toEqual({ mobile: '9876543210', firstName: 'Asha' });
    expect(screen.getByRole('timer').textContent).toBe('Resend OTP in 0:45');
    // the new code is checked against the new request
    fireEvent.change(otpInput(), { target: { value: '123456' } });
    await screen.findByText('Incorrect OTP');
    expect(bodyOf(fetchMock, VALIDATE).requestId).toBe('REQ2');
  });

  it('OTP_FAILED is an inline error; the customer can type the code again', async () => {
    const fetchMock = mockApi({ [VALIDATE]: failed('OTP_FAILED', 'The OTP you entered is incorrect') });
    openOtp();
    fireEvent.change(otpInput(), { target: { value: '12345' } });
    expect(callsTo(fetchMock, VALIDATE)).toHaveLength(0);
    fireEvent.change(otpInput(), { target: { value: '123456' } }); // the 6th digit sends it
    expect((await screen.findByRole('alert')).textContent).toBe('The OTP you entered is incorrect');
    expect(bodyOf(fetchMock, VALIDATE)).toEqual({
      mobile: '9876543210',
      code: '123456',
      requestId: 'REQ1',
      screenName: 'login-otp',
    });
    expect((otpInput() as HTMLInputElement).disabled).toBe(false);
    expect(isLoggedIn()).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each(['OTP_EXPIRED', 'OTP_ATTEMPTS'])(
    '%s: the code is dead; says so and offers a resend at once',
    async (code) => {
      mockApi({ [VALIDATE]: failed(code, 'This OTP can no longer be used. Please ask for a new one.') });
      openOtp();
      fireEvent.change(otpInput(), { target: { value: '123456' } });
      expect((await screen.findByRole('alert')).textContent).toBe(
        'This OTP can no longer be used. Please ask for a new one.',
      );
      expect((otpInput() as HTMLInputElement).disabled).toBe(true);
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
    },
  );

  it('other failures show the error dialog (SPEC §8)', async () => {
    mockApi({ [VALIDATE]: json(failed('INTERNAL', 'Something Went Wrong. Please Try Again.'), 500) });
    openOtp();
    fireEvent.change(otpInput(), { target: { value: '123456' } });
    const dialog = await screen.findByRole('alertdialog', { name: 'Ops' });
    expect(dialog.textContent).toContain('Something Went Wrong. Please Try Again.');
  });

  it('a resend refused with OTP_LIMIT raises the flag: its text replaces the resend button', async () => {
    mockApi({ [SEND]: failed('OTP_LIMIT', 'OTP limit reached') });
    openOtp('', { sentAt: Date.now() - 60_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('OTP limit reached');
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe('SPEC §4 Login success', () => {
  it("saves the customer, sends the guest's cart id, takes the customer's cart and redirects", async () => {
    localStorage.setItem('crust.cartId', JSON.stringify('GUESTCART0001'));
    const fetchMock = mockApi({
      [VALIDATE]: { status: 'SUCCESS', data: makeCustomer({ cartId: 'CUSTOMERCART0001' }) },
    });
    const { router } = openOtp('?redirectUrl=%2FchangeAddress');
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/changeAddress?deliveryType=D'));
    expect(headersOf(fetchMock, VALIDATE).cartid).toBe('GUESTCART0001');
    expect(isLoggedIn()).toBe(true);
    expect(currentSession()).toEqual(makeCustomer({ cartId: 'CUSTOMERCART0001' }));
    expect(JSON.parse(localStorage.getItem('crust.cartId')!)).toBe('CUSTOMERCART0001');
    expect(sessionStorage.getItem('crust.otpRequest')).toBeNull();
  });

  it('starts the address detail and the wallet choice of checkout afresh (SPEC §4)', async () => {
    sessionStorage.setItem('crust.checkoutDraft', JSON.stringify({ cartId: 'GUESTCART0001', values: {} }));
    sessionStorage.setItem('crust.guestCash', 'true');
    mockApi({ [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() } });
    const { router } = openOtp('?redirectUrl=%2Fpayment');
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/payment'));
    expect(sessionStorage.getItem('crust.checkoutDraft')).toBeNull();
    expect(sessionStorage.getItem('crust.guestCash')).toBeNull();
  });

  it("moves the guest's device-kept addresses into the account, skipping one it already has", async () => {
    const address = (id: string, houseNo: string) => ({
      addressId: id,
      type: 'Home' as const,
      fName: 'Asha',
      lName: 'Rao',
      mobNo: '9876543210',
      email: '',
      houseNo,
      address: '80 Feet Road',
      locality: 'Koramangala',
      subLocality: '',
      city: 'Bengaluru',
      postalCode: '',
      latitude: 12.93,
      longitude: 77.62,
      formattedAddress: '',
    });
    localStorage.setItem('crust.guestAddresses', JSON.stringify([address('L1', '12B'), address('L2', '7')]));
    forgetGuestCache();
    const posted: unknown[] = [];
    const fetchMock = mockApi({
      [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() },
      'GET /api/v1/customer/addresses': { status: 'SUCCESS', data: { addresses: [address('A1', '7')] } },
      'POST /api/v1/customer/addresses': (_u: URL, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return { status: 'SUCCESS', data: address('A2', '12B') };
      },
    });
    const { router } = openOtp();
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(callsTo(fetchMock, '/api/v1/customer/addresses').length).toBe(2);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ houseNo: '12B', address: '80 Feet Road', type: 'Home' });
    expect(posted[0]).not.toHaveProperty('addressId');
    expect(posted[0]).not.toHaveProperty('email');
    expect(localStorage.getItem('crust.guestAddresses')).toBeNull();
  });

  it('a customer without a cart: the cart id is forgotten', async () => {
    localStorage.setItem('crust.cartId', JSON.stringify('GUESTCART0001'));
    mockApi({ [VALIDATE]: { status: 'SUCCESS', data: makeCustomer({ cartId: null }) } });
    const { router } = openOtp();
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(localStorage.getItem('crust.cartId')).toBeNull();
  });

  it('a post-order target is a full page load', async () => {
    mockApi({ [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() } });
    openOtp('?redirectUrl=%2Fpostorder-ui%2ForderHistory');
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/postorder-ui/orderHistory'));
    expect(isLoggedIn()).toBe(true);
  });

  it.each<[string, string | null, string, boolean]>([
    ['', null, '/', false],
    ['redirectUrl=%2Fcart', null, '/cart', false],
    ['redirectUrl=%2Fmenu%3FcategoryId%3D2', null, '/menu?categoryId=2', false],
    ['redirectUrl=%2FchangeAddress', null, '/changeAddress?deliveryType=D', false],
    ['redirectUrl=%2FchangeAddress%3FdeliveryType%3DP', null, '/changeAddress?deliveryType=D', false],
    ['redirectUrl=%2Fuf', 'orderId=O123&rating=4', '/uf?orderId=O123&rating=4', false],
    ['redirectUrl=%2Fuf', null, '/uf', false],
    ['redirectUrl=%2Fpostorder-ui%2Fprofile', null, '/postorder-ui/profile', true],
    ['redirectUrl=%2Flogin', null, '/', false],
    ['redirectUrl=%2Flogin-otp%3Fx%3D1', null, '/', false],
    ['redirectUrl=%2Fcart&from=login', null, '/', false],
    ['redirectUrl=https%3A%2F%2Fevil.example%2F', null, '/', false],
    ['redirectUrl=%2F%2Fevil.example%2Fx', null, '/', false],
    ['redirectUrl=%2F%5Cevil.example', null, '/', false],
  ])('?%s (feedback %j) → %s', (query, feedback, to, fullLoad) => {
    expect(loginTarget(new URLSearchParams(query), feedback)).toEqual({ to, fullLoad });
  });
});

/** The header's Logout, confirmed in its dialog. */
async function logOut(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Log out of Crust?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
}

describe('header account entry and SPEC §4 Logout', () => {
  it('a guest sees "Login", which comes back to this page afterwards', () => {
    mockApi({});
    renderRoutes('/menu?categoryId=2', { '/menu': AccountEntry });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fmenu%3FcategoryId%3D2',
    );
  });

  it('logout asks first; Cancel keeps the customer logged in', async () => {
    await setCustomerSession(makeCustomer());
    const fetchMock = mockApi({ [LOGOUT]: { status: 'SUCCESS', data: { loggedOut: true } } });
    renderRoutes('/', { '/': AccountEntry });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out of Crust?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(isLoggedIn()).toBe(true);
    expect(callsTo(fetchMock, LOGOUT)).toHaveLength(0);
  });

  it('logout tells the server, clears user, credentials, cart, address and cached data, keeps the place, then loads home', async () => {
    await startSession(memoryKeyStore());
    await setCustomerSession(makeCustomer());
    localStorage.setItem('crust.cartId', JSON.stringify('CUSTOMERCART0001'));
    setStore({ id: 3001, name: 'Koramangala', online: 1, advanceOrderStoreId: null, address: '' });
    setPoint({ latitude: 12.9352, longitude: 77.6245, label: 'Koramangala, Bengaluru' });
    addRecentLocation({
      location: { latitude: 12.9, longitude: 77.6, label: 'HSR Layout' },
      deliveryType: 'D',
    });
    const fetchMock = mockApi({ [LOGOUT]: { status: 'SUCCESS', data: { loggedOut: true } } });
    const { client } = renderRoutes('/', { '/': AccountEntry });
    client.setQueryData(['menu', 3001], { cached: true });
    expect(screen.getByRole('link', { name: 'Asha' }).getAttribute('href')).toBe('/profile');
    expect(localStorage.getItem('crust.session')).not.toBeNull();

    await logOut();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(bodyOf(fetchMock, LOGOUT)).toEqual({ refreshToken: 'customer-refresh-0001' });
    expect(headersOf(fetchMock, LOGOUT).sessiontoken).toBe('customer-token');
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem('crust.session')).toBeNull();
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    // the place, store and order type stay for whoever orders next on this phone; the recent places go
    expect(getLocationState().store?.id).toBe(3001);
    expect(getLocationState().point?.label).toBe('Koramangala, Bengaluru');
    expect(getRecentLocations()).toEqual([]);
    // nothing of the customer's is left (the header's logout switch only reads the config the app keeps)
    expect(
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined),
    ).toHaveLength(0);
  });

  it("logout forgets the tab's checkout: the form draft (contact details, payment choice), the pending payment and an address being typed", async () => {
    await setCustomerSession(makeCustomer());
    const draft = {
      cartId: 'CUSTOMERCART0001',
      values: {
        firstName: 'Asha',
        mobile: '9876500001',
        email: 'asha@example.com',
        primary: 'CC',
        wallet: true,
      },
    };
    sessionStorage.setItem('crust.checkoutDraft', JSON.stringify(draft));
    sessionStorage.setItem('crust.pendingPayment', JSON.stringify({ primaryPaymentId: 'CC' }));
    sessionStorage.setItem('crust.guestCash', 'true');
    sessionStorage.setItem(
      'crust.addressDraft',
      JSON.stringify({ path: '/address', values: { fName: 'Asha' } }),
    );
    sessionStorage.setItem('crust.unrelated', '"kept"');
    mockApi({ [LOGOUT]: { status: 'SUCCESS', data: { loggedOut: true } } });
    renderRoutes('/', { '/': AccountEntry });

    await logOut();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    for (const key of [
      'crust.checkoutDraft',
      'crust.pendingPayment',
      'crust.guestCash',
      'crust.addressDraft',
    ])
      expect(sessionStorage.getItem(key), key).toBeNull();
    expect(sessionStorage.getItem('crust.unrelated')).toBe('"kept"');
    sessionStorage.removeItem('crust.unrelated');
  });

  it('an expired access token is left out of the logout call (it would be refused); the refresh token ends the login', async () => {
    await setCustomerSession(makeCustomer({ expiration: new Date(Date.now() - 1000).toISOString() }));
    const fetchMock = mockApi({ [LOGOUT]: { status: 'SUCCESS', data: { loggedOut: true } } });
    renderRoutes('/', { '/': AccountEntry });
    await logOut();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(headersOf(fetchMock, LOGOUT).sessiontoken).toBeUndefined();
    expect(bodyOf(fetchMock, LOGOUT)).toEqual({ refreshToken: 'customer-refresh-0001' });
  });

  it('a failed logout call still logs out here', async () => {
    await setCustomerSession(makeCustomer({ firstName: '' }));
    mockApi({ [LOGOUT]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoutes('/', { '/': AccountEntry });
    expect(screen.getByRole('link', { name: '9876543210' })).toBeTruthy(); // no first name: the mobile
    await logOut();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(isLoggedIn()).toBe(false);
  });
});

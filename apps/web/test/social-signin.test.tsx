// test-only: Node's SHA-256 is the independent reference the browser's PKCE code is checked against
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import LoginScreen from '../src/features/login/LoginScreen.tsx';
import OtpScreen from '../src/features/login/OtpScreen.tsx';
import SocialSigninScreen from '../src/features/login/SocialSigninScreen.tsx';
import { clearOtpLimit, type OtpRequest } from '../src/shared/customer/login-api.ts';
import {
  pkceChallenge,
  startSignIn,
  tokenClaims,
  type PendingSignIn,
  type SocialProfile,
  type SocialProvider,
} from '../src/features/login/social.ts';
import { loadPage } from '../src/shared/navigation.ts';
import { currentSession, isLoggedIn, startSession } from '../src/shared/api/session.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { makeCustomer } from './auth-fixtures.ts';
import { callsTo, currentPath, json, mockApi, renderRoutes } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const CONFIG = '/api/v1/auth/social/config';
const SEARCH = '/api/v1/auth/social/search';
const SOCIAL_LOGIN = '/api/v1/auth/social/login';
const SEND = '/api/v1/auth/otp/send';
const VALIDATE = '/api/v1/auth/otp/validate';
const TOKEN = '/sandbox/idp/token';
const PENDING_KEY = 'crust.socialPending';
const PROFILE_KEY = 'crust.socialProfile';
const SCREENS = { '/login': LoginScreen, '/login-otp': OtpScreen, '/socialSignin': SocialSigninScreen };

const GOOGLE: SocialProvider = {
  source: 'google',
  label: 'Google',
  issuer: 'http://localhost/sandbox/idp',
  authorizationEndpoint: '/sandbox/idp/authorize',
  tokenEndpoint: TOKEN,
  clientId: 'crust-web',
  scope: 'openid email profile',
};

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An unsigned JWT-looking ID token: only the server checks signatures; the browser reads the claims. */
const idToken = (claims: Record<string, unknown>) =>
  `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ iss: GOOGLE.issuer, sub: 'g-123', ...claims })}.c2ln`;
const ID_TOKEN = idToken({
  email: 'asha@gmail.com',
  given_name: 'Asha',
  family_name: 'Rao',
  name: 'Asha Rao',
});

const sent = (requestId = 'REQ1') => ({
  status: 'SUCCESS',
  data: { requestId, resendAfterSec: 45, expiresInSec: 300 },
});
const failed = (code: string, displayMsg: string, extra: Record<string, unknown> = {}) => ({
  status: 'FAILED',
  errors: [{ code, displayMsg, ...extra }],
});
const notFound = failed('SOCIAL_USER_NOT_FOUND', 'No account yet', { statusCode: 404 });

const callsOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://l').pathname === path);
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  JSON.parse(String(callsOf(fetchMock, path)[n]![1]!.body)) as Record<string, unknown>;
const headersOf = (fetchMock: ReturnType<typeof mockApi>, path: string, n = 0) =>
  callsOf(fetchMock, path)[n]![1]!.headers as Record<string, string>;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
/** Lets a request already on its way reach fetch (the API client awaits the session first). */
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

const pendingEntry = () => JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSignIn | null;

/** As if "Continue with Google" was pressed on /login?<query>: the pending entry is kept; its state. */
async function leftForProvider(query = '?redirectUrl=%2Fcart'): Promise<PendingSignIn> {
  await startSignIn(GOOGLE, query, location.origin);
  return pendingEntry()!;
}

/** The API and the provider's token endpoint (its answer replaceable with `token`). */
function idp(
  routes: Record<string, unknown> = {},
  token: unknown = { id_token: ID_TOKEN, token_type: 'Bearer' },
) {
  return mockApi({ [`POST ${TOKEN}`]: token, ...routes });
}

beforeEach(async () => {
  await startSession();
  resetLocationState();
  clearOtpLimit();
  vi.mocked(loadPage).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('social.ts', () => {
  it('pkceChallenge is base64url(sha256(verifier)) (RFC 7636 S256)', async () => {
    const rfc = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(await pkceChallenge(rfc)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    for (const v of ['a', 'x'.repeat(43), 'ünïcødé-verifier~._']) {
      expect(await pkceChallenge(v)).toBe(createHash('sha256').update(v, 'utf8').digest('base64url'));
    }
  });

  it('startSignIn builds the authorize URL and keeps state, nonce and verifier in sessionStorage', async () => {
    const url = new URL(await startSignIn(GOOGLE, '?redirectUrl=%2Fcart', location.origin));
    expect(url.origin + url.pathname).toBe(`${location.origin}/sandbox/idp/authorize`);
    const q = url.searchParams;
    const pending = pendingEntry()!;
    expect(pending).toMatchObject({
      source: 'google',
      clientId: 'crust-web',
      tokenEndpoint: TOKEN,
      redirectUri: `${location.origin}/socialSignin`,
      query: '?redirectUrl=%2Fcart',
    });
    expect(Object.fromEntries(q)).toEqual({
      response_type: 'code',
      client_id: 'crust-web',
      redirect_uri: `${location.origin}/socialSignin`,
      scope: 'openid email profile',
      state: pending.state,
      nonce: createHash('sha256').update(pending.nonce).digest('base64url'),
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    // unguessable and distinct
    for (const v of [pending.state, pending.nonce, pending.verifier])
      expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([pending.state, pending.nonce, pending.verifier]).size).toBe(3);
    // the verifier itself never leaves the browser in the URL
    expect(url.toString()).not.toContain(pending.verifier);
    await startSignIn(GOOGLE, '', location.origin);
    expect(pendingEntry()!.state).not.toBe(pending.state);
  });

  it('an absolute authorization endpoint is kept as is', async () => {
    const url = new URL(
      await startSignIn(
        {
          ...GOOGLE,
          authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth?prompt=select_account',
        },
        '',
        location.origin,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('crust-web');
  });

  it('tokenClaims reads the payload (base64url, UTF-8) and tolerates junk', () => {
    expect(
      tokenClaims(idToken({ email: 'é@x.in', given_name: 'Zoë', family_name: 'Ñ', name: 'Zoë Ñ' })),
    ).toEqual({
      email: 'é@x.in',
      givenName: 'Zoë',
      familyName: 'Ñ',
      name: 'Zoë Ñ',
    });
    expect(tokenClaims(idToken({ email: 42 }))).toEqual({
      email: '',
      givenName: '',
      familyName: '',
      name: '',
    });
    expect(tokenClaims('not-a-token')).toEqual({ email: '', givenName: '', familyName: '', name: '' });
  });
});

describe('SocialButtons on /login', () => {
  it('nothing at all when the server offers no provider', async () => {
    const fetchMock = mockApi({ [CONFIG]: { status: 'SUCCESS', data: { providers: [] } } });
    renderRoutes('/login', SCREENS);
    await waitFor(() => expect(callsTo(fetchMock, CONFIG)).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    // the OTP login is there regardless
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeTruthy();
  });

  it('nothing when the config call fails', async () => {
    const fetchMock = mockApi({ [CONFIG]: json(failed('INTERNAL', 'down'), 500) });
    renderRoutes('/login', SCREENS);
    await waitFor(() => expect(callsTo(fetchMock, CONFIG)).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('"Continue with Google" leaves for the authorize URL, remembering the login query', async () => {
    mockApi({ [CONFIG]: { status: 'SUCCESS', data: { providers: [GOOGLE] } } });
    renderRoutes('/login?redirectUrl=%2Fcart&from=cart', SCREENS);
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getAllByRole('button', { name: /Continue with/ })).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() => expect(loadPage).toHaveBeenCalledTimes(1));
    const url = new URL(vi.mocked(loadPage).mock.calls[0]![0]);
    expect(url.pathname).toBe('/sandbox/idp/authorize');
    const pending = pendingEntry()!;
    expect(url.searchParams.get('state')).toBe(pending.state);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(pending.query).toBe('?redirectUrl=%2Fcart&from=cart');
  });
});

describe('/socialSignin back from the provider', () => {
  it('a state that is not the one sent: failure text, "Back to login", and no token call', async () => {
    await leftForProvider();
    const fetchMock = idp();
    renderRoutes('/socialSignin?code=CODE1&state=someone-elses-state', SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not complete the sign-in. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(0);
    expect(callsTo(fetchMock, SEARCH)).toHaveLength(0);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('no pending sign-in in this tab (a replayed link): failure, no token call', async () => {
    const fetchMock = idp();
    renderRoutes('/socialSignin?code=CODE1&state=whatever', SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not complete the sign-in. Please try again.',
    );
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(0);
  });

  it('error=access_denied: the cancelled text', async () => {
    const pending = await leftForProvider();
    const fetchMock = idp();
    renderRoutes(`/socialSignin?error=access_denied&state=${pending.state}`, SCREENS);
    // the customer's own choice: said plainly, not as an error
    expect(
      await screen.findByText('Sign-in was cancelled. You can try again or log in with your mobile number.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // back to the login the customer started from, with its redirect
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fcart',
    );
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(0);
  });

  it('matching state: the code and verifier buy the ID token (form POST), then the search; a known person is logged in', async () => {
    localStorage.setItem('crust.cartId', JSON.stringify('GUESTCART0001'));
    const pending = await leftForProvider('?redirectUrl=%2Fcart');
    const fetchMock = idp({
      [`POST ${SEARCH}`]: { status: 'SUCCESS', data: makeCustomer({ cartId: 'CUSTOMERCART0001' }) },
    });
    const { router } = renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    expect(screen.getByText('Signing you in…')).toBeTruthy();
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));

    const [tokenCall] = callsOf(fetchMock, TOKEN);
    const init = tokenCall![1]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'CODE1',
      redirect_uri: `${location.origin}/socialSignin`,
      client_id: 'crust-web',
      code_verifier: pending.verifier,
    });
    // the token call comes before the search
    const order = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://l').pathname);
    expect(order.indexOf(TOKEN)).toBeLessThan(order.indexOf(SEARCH));
    expect(bodyOf(fetchMock, SEARCH)).toEqual({
      source: 'google',
      token: ID_TOKEN,
      nonce: pending.nonce,
      email: 'asha@gmail.com',
      name: 'Asha Rao',
    });
    expect(headersOf(fetchMock, SEARCH).cartid).toBe('GUESTCART0001');
    expect(isLoggedIn()).toBe(true);
    expect(currentSession()).toEqual(makeCustomer({ cartId: 'CUSTOMERCART0001' }));
    expect(JSON.parse(localStorage.getItem('crust.cartId')!)).toBe('CUSTOMERCART0001');
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect(sessionStorage.getItem(PROFILE_KEY)).toBeNull();
  });

  it('a known person with a post-order target: a full page load', async () => {
    const pending = await leftForProvider('?redirectUrl=%2Fpostorder-ui%2ForderHistory');
    idp({ [SEARCH]: { status: 'SUCCESS', data: makeCustomer() } });
    renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/postorder-ui/orderHistory'));
    expect(isLoggedIn()).toBe(true);
  });

  it('the token endpoint refuses the code: failure text, no search', async () => {
    const pending = await leftForProvider();
    const fetchMock = idp({}, json({ error: 'invalid_grant' }, 400));
    renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not complete the sign-in. Please try again.',
    );
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(1);
    expect(callsTo(fetchMock, SEARCH)).toHaveLength(0);
  });

  it('a search refused for another reason: the server\'s message and "Back to login"', async () => {
    const pending = await leftForProvider();
    idp({
      [SEARCH]: failed('SOCIAL_TOKEN_INVALID', 'Your Google sign-in could not be verified', {
        statusCode: 401,
      }),
    });
    renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    expect((await screen.findByRole('alert')).textContent).toBe('Your Google sign-in could not be verified');
    // back to the login the customer started from, with its redirect
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fcart',
    );
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('a new person (404): the form, filled from the ID token; the spent code leaves the URL', async () => {
    const pending = await leftForProvider('?redirectUrl=%2Fcart');
    const fetchMock = idp({ [SEARCH]: notFound });
    const { router } = renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    await screen.findByRole('heading', { name: 'Almost there' });
    expect(currentPath(router)).toBe('/socialSignin?redirectUrl=%2Fcart');
    expect(valueOf('Mobile Number')).toBe('');
    expect(valueOf('First name')).toBe('Asha');
    expect(valueOf('Last name')).toBe('Rao');
    expect(valueOf('Email')).toBe('asha@gmail.com');
    expect(isLoggedIn()).toBe(false);
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(PROFILE_KEY)!)).toMatchObject({
      source: 'google',
      token: ID_TOKEN,
      nonce: pending.nonce,
      email: 'asha@gmail.com',
      query: '?redirectUrl=%2Fcart',
    });
  });

  it('only a full name in the token: it fills the first name', async () => {
    const pending = await leftForProvider('');
    idp({ [SEARCH]: notFound }, { id_token: idToken({ name: 'Asha Rao' }) });
    renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    await screen.findByRole('heading', { name: 'Almost there' });
    expect(valueOf('First name')).toBe('Asha Rao');
    expect(valueOf('Last name')).toBe('');
    expect(valueOf('Email')).toBe('');
  });
});

/** /socialSignin after a reload: the profile saved by the 404 shows the form. */
function openForm(over: Partial<SocialProfile> = {}) {
  const profile: SocialProfile = {
    source: 'google',
    token: ID_TOKEN,
    nonce: 'nonce-0123456789abcdef',
    email: 'asha@gmail.com',
    firstName: 'Asha',
    lastName: 'Rao',
    mobile: '',
    query: '?redirectUrl=%2Fcart',
    ...over,
  };
  sessionStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  return renderRoutes(`/socialSignin${profile.query}`, SCREENS);
}

describe('/socialSignin profile form', () => {
  it('without a code or a saved profile, goes to /login keeping the query', async () => {
    const fetchMock = mockApi({});
    const { router } = renderRoutes('/socialSignin?redirectUrl=%2Fcart', SCREENS);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirectUrl=%2Fcart'));
    expect(callsTo(fetchMock, TOKEN)).toHaveLength(0);
  });

  it('SPEC messages: "Enter Name", "Enter Email Address", "Please enter valid email Address", mobile messages; nothing sent', async () => {
    const fetchMock = mockApi({ [SEND]: sent() });
    openForm({ firstName: '', email: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findAllByRole('alert');
    expect(errorOf('Mobile Number')).toBe('Enter Mobile Number');
    expect(errorOf('First name')).toBe('Enter Name');
    expect(errorOf('Email')).toBe('Enter Email Address');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    type('First name', '   ');
    expect(errorOf('First name')).toBe('Enter Name');
    type('First name', 'Asha');
    expect(errorOf('First name')).toBeNull();
    type('Email', 'asha@');
    expect(errorOf('Email')).toBe('Please enter valid email Address');
    type('Email', 'asha at gmail.com');
    expect(errorOf('Email')).toBe('Please enter valid email Address');
    type('Email', 'asha@gmail.com');
    expect(errorOf('Email')).toBeNull();
    type('Mobile Number', '0987654321');
    expect(errorOf('Mobile Number')).toBe('Please do not add 0 in front of your mobile number');
    type('Mobile Number', '98765');
    expect(errorOf('Mobile Number')).toBe('Mobile Number should be of 10 digits');
    type('Mobile Number', '5876543210');
    expect(errorOf('Mobile Number')).toBe('Enter 10 digit valid mobile number');
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await settle();
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
    // the last name is optional
    type('Mobile Number', '9876543210');
    type('Last name', '');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('submit: sends the OTP with the names and goes to /login-otp?action=social', async () => {
    const fetchMock = mockApi({ [`POST ${SEND}`]: sent('REQ-S') });
    const { router } = openForm();
    type('Mobile Number', '9876543210');
    type('First name', ' Asha ');
    type('Last name', ' Rao ');
    type('Email', ' asha@gmail.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Enter verification code sent by SMS' });
    expect(currentPath(router)).toBe('/login-otp?redirectUrl=%2Fcart&action=social');
    expect(bodyOf(fetchMock, SEND)).toEqual({ mobile: '9876543210', firstName: 'Asha', lastName: 'Rao' });
    expect(router.state.location.state).toMatchObject({ mobile: '9876543210', requestId: 'REQ-S' });
    expect(JSON.parse(sessionStorage.getItem(PROFILE_KEY)!)).toMatchObject({
      mobile: '9876543210',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@gmail.com',
    });
    // the OTP screen goes back to the form
    expect(screen.getByRole('link', { name: 'Change number' }).getAttribute('href')).toBe(
      '/socialSignin?redirectUrl=%2Fcart',
    );
  });

  it("OTP_LIMIT: the server's message, and the button stays disabled for that number", async () => {
    const fetchMock = mockApi({
      [SEND]: failed('OTP_LIMIT', 'Too many OTP requests. Try again after an hour.'),
    });
    openForm();
    type('Mobile Number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many OTP requests. Try again after an hour.',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Get OTP' });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    await settle();
    expect(callsTo(fetchMock, SEND)).toHaveLength(1);
  });
});

describe('/login-otp?action=social', () => {
  function openOtp(profile: Partial<SocialProfile> = {}) {
    const req: OtpRequest = {
      mobile: '9876543210',
      requestId: 'REQ-S',
      sentAt: Date.now(),
      resendAfterSec: 45,
      firstName: 'Asha',
      lastName: 'Rao',
    };
    sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
    sessionStorage.setItem(
      PROFILE_KEY,
      JSON.stringify({
        source: 'google',
        token: ID_TOKEN,
        nonce: 'nonce-0123456789abcdef',
        email: 'asha@gmail.com',
        firstName: 'Asha',
        lastName: 'Rao',
        mobile: '9876543210',
        query: '?redirectUrl=%2Fcart',
        ...profile,
      }),
    );
    return renderRoutes('/login-otp?redirectUrl=%2Fcart&action=social', SCREENS);
  }

  it('the code goes to social login (not validate) with token, nonce, requestId, mobile, names and email', async () => {
    localStorage.setItem('crust.cartId', JSON.stringify('GUESTCART0001'));
    const fetchMock = mockApi({
      [`POST ${SOCIAL_LOGIN}`]: { status: 'SUCCESS', data: makeCustomer({ cartId: null }) },
      [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() },
    });
    const { router } = openOtp();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    expect(callsTo(fetchMock, VALIDATE)).toHaveLength(0);
    expect(bodyOf(fetchMock, SOCIAL_LOGIN)).toEqual({
      source: 'google',
      token: ID_TOKEN,
      nonce: 'nonce-0123456789abcdef',
      mobile: '9876543210',
      email: 'asha@gmail.com',
      firstName: 'Asha',
      lastName: 'Rao',
      requestId: 'REQ-S',
      code: '654321',
    });
    expect(headersOf(fetchMock, SOCIAL_LOGIN).cartid).toBe('GUESTCART0001');
    expect(isLoggedIn()).toBe(true);
    expect(localStorage.getItem('crust.cartId')).toBeNull();
    expect(sessionStorage.getItem(PROFILE_KEY)).toBeNull();
    expect(sessionStorage.getItem('crust.otpRequest')).toBeNull();
  });

  it('OTP_FAILED from social login is the inline OTP error; the profile is kept', async () => {
    mockApi({ [SOCIAL_LOGIN]: failed('OTP_FAILED', 'The OTP you entered is incorrect') });
    openOtp();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '111111' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The OTP you entered is incorrect');
    expect(isLoggedIn()).toBe(false);
    expect(sessionStorage.getItem(PROFILE_KEY)).not.toBeNull();
  });

  it('action=social without a saved profile falls back to the plain OTP validate, back to /login', async () => {
    const fetchMock = mockApi({ [VALIDATE]: { status: 'SUCCESS', data: makeCustomer() } });
    const req: OtpRequest = { mobile: '9876543210', requestId: 'R', sentAt: Date.now(), resendAfterSec: 45 };
    sessionStorage.setItem('crust.otpRequest', JSON.stringify(req));
    const { router } = renderRoutes('/login-otp?redirectUrl=%2Fcart&action=social', SCREENS);
    expect(screen.getByRole('link', { name: 'Change number' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2Fcart&action=social',
    );
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await waitFor(() => expect(currentPath(router)).toBe('/cart'));
    expect(callsTo(fetchMock, SOCIAL_LOGIN)).toHaveLength(0);
    expect(callsTo(fetchMock, VALIDATE)).toHaveLength(1);
  });
});

describe('the whole round trip for a new person', () => {
  it('provider → form → OTP → logged in at the redirect target', async () => {
    const pending = await leftForProvider('?redirectUrl=%2Fmenu');
    const fetchMock = idp({
      [SEARCH]: notFound,
      [SEND]: sent('REQ-T'),
      [SOCIAL_LOGIN]: { status: 'SUCCESS', data: makeCustomer() },
    });
    const { router } = renderRoutes(`/socialSignin?code=CODE1&state=${pending.state}`, SCREENS);
    await screen.findByRole('heading', { name: 'Almost there' });
    type('Mobile Number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByRole('heading', { name: 'Enter verification code sent by SMS' });
    expect(currentPath(router)).toBe('/login-otp?redirectUrl=%2Fmenu&action=social');
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    await waitFor(() => expect(currentPath(router)).toBe('/menu'));
    expect(bodyOf(fetchMock, SOCIAL_LOGIN)).toMatchObject({
      token: ID_TOKEN,
      nonce: pending.nonce,
      requestId: 'REQ-T',
      code: '123456',
      mobile: '9876543210',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@gmail.com',
    });
    expect(isLoggedIn()).toBe(true);
  });
});

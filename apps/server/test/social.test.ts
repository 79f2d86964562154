import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type JWTPayload } from 'jose';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { createTestApp, json, PAYMENTS_OFF, RAIL_OFF, type TestApp } from './helpers.ts';
import { ageLimits, authClient, customerHeaders } from './auth-support.ts';
import { FARMHOUSE, SIZE, cartClient, newGuest, pizza } from './cart-support.ts';
import { claimsOf, socialClient } from './social-support.ts';
import { nonceDigest } from '../src/providers/identity/provider.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

const auth = authClient(() => t);
const { freshMobile, nextAddress, send, latestCode } = auth;
const { signIn, search, login } = socialClient(() => t, nextAddress);

let people = 0;
const newPerson = () => ({ email: `person${++people}@example.com`, name: `Meera Iyer` });

/** Lets the next OTP to the number go out at once (the resend wait is the OTP suites' business). */
const allowResend = (mobile: string) => ageLimits(t, mobile, 60);

/** An OTP sent to the number, as /login-otp would have it. */
async function otpFor(mobile: string) {
  const sent = await send(mobile);
  return { mobile, requestId: sent.data.requestId as string, code: await latestCode(mobile) };
}

const notFound = {
  status: 'FAILED',
  errors: [
    {
      code: 'SOCIAL_USER_NOT_FOUND',
      statusCode: 404,
      displayMsg: 'Tell us your mobile number to finish signing in.',
    },
  ],
};
const invalid = {
  status: 'FAILED',
  errors: [
    {
      code: 'SOCIAL_TOKEN_INVALID',
      statusCode: 401,
      displayMsg: 'We could not verify your Google sign-in. Please try again.',
    },
  ],
};

describe('social sign-in config', () => {
  it('tells the browser where to start the sandbox code flow', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.socialConfig });
    expect(json(res)).toEqual({
      status: 'SUCCESS',
      data: {
        providers: [
          {
            source: 'google',
            label: 'Google',
            issuer: 'https://idp.sandbox.crust.invalid',
            authorizationEndpoint: '/sandbox/idp/authorize',
            tokenEndpoint: '/sandbox/idp/token',
            clientId: 'crust-web',
            scope: 'openid email profile',
          },
        ],
      },
    });
  });
});

describe('signing in with Google (sandbox)', () => {
  it('sends a new person to prove a mobile, links them, then knows them', async () => {
    const person = newPerson();
    const signedIn = await signIn(person);
    expect(await search(signedIn)).toEqual(notFound);

    const mobile = freshMobile();
    const done = await login({
      ...signedIn,
      ...(await otpFor(mobile)),
      firstName: 'Meera',
      lastName: 'Iyer',
    });
    expect(done).toMatchObject({
      status: 'SUCCESS',
      data: {
        isLoggedIn: true,
        mobile,
        phoneNumberVerified: true,
        firstName: 'Meera',
        lastName: 'Iyer',
        email: person.email,
        emailVerified: true,
        loginType: 'Gmail',
      },
    });
    expect(done.data.credentials.refreshToken).toBeTruthy();

    // next time: a new sign-in of the same person goes straight in
    const again = await search(await signIn(person));
    expect(again).toMatchObject({
      status: 'SUCCESS',
      data: { userId: done.data.userId, loginType: 'Gmail' },
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: API_PATHS.profile,
      headers: customerHeaders(again.data),
    });
    expect(json(profile).data).toMatchObject({ mobile, email: person.email, emailVerified: true });
  });

  it("links to an OTP customer's account, keeping its id and name", async () => {
    const mobile = freshMobile();
    const before = await auth.login(mobile); // Asha Rao, no email
    await allowResend(mobile);
    const person = newPerson();
    const signedIn = await signIn(person);
    const done = await login({
      ...signedIn,
      ...(await otpFor(mobile)),
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera.work@example.com',
    });
    expect(done).toMatchObject({
      status: 'SUCCESS',
      data: {
        userId: before.userId,
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'meera.work@example.com',
        // not the address Google vouched for
        emailVerified: false,
      },
    });
    expect((await search(await signIn(person))).data.userId).toBe(before.userId);
  });

  it('links nothing when the OTP is wrong, and a bad token costs no OTP attempt', async () => {
    const signedIn = await signIn(newPerson());
    const otp = await otpFor(freshMobile());
    const wrongCode = otp.code === '000000' ? '111111' : '000000';
    expect(await login({ ...signedIn, ...otp, code: wrongCode })).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'OTP_FAILED', displayMsg: 'Validation failed. please verify your number again.' }],
    });
    expect(await search(signedIn)).toEqual(notFound);

    for (let i = 0; i < 5; i++)
      expect(await login({ ...signedIn, ...otp, nonce: 'n'.repeat(32) })).toEqual(invalid);
    // 1 of 4 attempts used: the right code still works
    expect((await login({ ...signedIn, ...otp })).status).toBe('SUCCESS');
  });

  it('spends the OTP once', async () => {
    const otp = await otpFor(freshMobile());
    expect((await login({ ...(await signIn(newPerson())), ...otp })).status).toBe('SUCCESS');
    expect(await login({ ...(await signIn(newPerson())), ...otp })).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'OTP_ATTEMPTS' }],
    });
  });

  it('refuses a second Google account for the same mobile', async () => {
    const mobile = freshMobile();
    const first = await login({ ...(await signIn(newPerson())), ...(await otpFor(mobile)) });
    expect(first.status).toBe('SUCCESS');
    await allowResend(mobile);
    const otherAccount = await signIn(newPerson());
    expect(await login({ ...otherAccount, ...(await otpFor(mobile)) })).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'SOCIAL_ALREADY_LINKED' }],
    });
    expect(await search(otherAccount)).toEqual(notFound);
  });

  it('logs a linked person into their own account whatever number they proved', async () => {
    const person = newPerson();
    const linked = await login({ ...(await signIn(person)), ...(await otpFor(freshMobile())) });
    const later = await login({ ...(await signIn(person)), ...(await otpFor(freshMobile())) });
    expect(later.data.userId).toBe(linked.data.userId);
  });

  it('ends with one link when the same person finishes twice at once', async () => {
    const person = newPerson();
    const [a, b] = await Promise.all([
      (async () => login({ ...(await signIn(person)), ...(await otpFor(freshMobile())) }))(),
      (async () => login({ ...(await signIn(person)), ...(await otpFor(freshMobile())) }))(),
    ]);
    expect(a.status).toBe('SUCCESS');
    expect(b.status).toBe('SUCCESS');
    expect(b.data.userId).toBe(a.data.userId);
    expect((await search(await signIn(person))).data.userId).toBe(a.data.userId);
  });

  it("moves the guest's cart into the account", async () => {
    const guest = await newGuest(t);
    const c = cartClient(t, guest);
    const cart = c.ok(await c.create([pizza(FARMHOUSE, SIZE.M)]));
    const done = await login(
      { ...(await signIn(newPerson())), ...(await otpFor(freshMobile())) },
      { ...guest.headers, cartid: cart.cartId },
    );
    expect(done.data.cartId).toBe(cart.cartId);
    const owned = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.cart, { cartId: cart.cartId }),
      headers: customerHeaders(done.data),
    });
    expect(owned.statusCode).toBe(200);
    expect(json(owned).data.validItems).toHaveLength(1);
  });

  it('forgets the link when the account is deleted', async () => {
    const person = newPerson();
    const done = await login({ ...(await signIn(person)), ...(await otpFor(freshMobile())) });
    const del = await t.app.inject({
      method: 'DELETE',
      url: API_PATHS.account,
      headers: customerHeaders(done.data),
    });
    expect(json(del).data).toEqual({ deleted: true });
    expect(await search(await signIn(person))).toEqual(notFound);
  });

  it('refuses a malformed email before anything else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.socialLogin,
      payload: {
        source: 'google',
        token: 'x'.repeat(40),
        nonce: 'n'.repeat(32),
        mobile: freshMobile(),
        email: 'not-an-email',
        firstName: 'Asha',
        lastName: '',
        requestId: 'R1',
        code: '123456',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0]).toMatchObject({
      field: 'body.email',
      displayMsg: 'Please enter valid email Address',
    });
  });
});

describe('ID tokens that must be refused', () => {
  const idp = () => t.app.deps.sandboxIdp!;
  const now = () => new Date();
  const base = (nonce: string): JWTPayload => ({
    sub: idp().subjectOf('forged@example.com'),
    nonce: nonceDigest(nonce),
  });
  const nonce = 'a'.repeat(32);

  async function refused(idToken: string, withNonce = nonce) {
    expect(await search({ idToken, nonce: withNonce })).toEqual(invalid);
  }

  it('accepts a well-made one (the control)', async () => {
    const idToken = await idp().signIdToken(base(nonce), now());
    expect(await search({ idToken, nonce })).toEqual(notFound);
  });

  it('a tampered one', async () => {
    const { idToken, nonce: n } = await signIn(newPerson());
    const [header, , signature] = idToken.split('.');
    const claims = { ...claimsOf(idToken), sub: idp().subjectOf('victim@example.com') };
    await refused(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`, n);
  });

  it('one signed by a foreign key under the sandbox key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = idp().jwks.keys[0]!.kid!;
    const forged = await new SignJWT({ ...base(nonce), iss: idp().issuer, aud: 'crust-web' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await refused(forged);
  });

  it('one signed with HS256', async () => {
    const forged = await new SignJWT({ ...base(nonce), iss: idp().issuer, aud: 'crust-web' })
      .setProtectedHeader({ alg: 'HS256', kid: idp().jwks.keys[0]!.kid! })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await refused(forged);
  });

  it.each([
    ['for another audience', { aud: 'someone-else' }],
    ['for several audiences without us as azp', { aud: ['crust-web', 'someone-else'] }],
    ['for us, issued to another party', { azp: 'someone-else' }],
    ['from another issuer', { iss: 'https://accounts.google.com' }],
    ['expired', { iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 61 }],
    ['issued in the future', { iat: Math.floor(Date.now() / 1000) + 120 }],
    ['older than an hour', { iat: Math.floor(Date.now() / 1000) - 3700 }],
    ['without a subject', { sub: undefined }],
    ['with an empty subject', { sub: '' }],
    ['without a nonce', { nonce: undefined }],
    ['with another nonce', { nonce: nonceDigest('b'.repeat(32)) }],
    ['carrying the secret itself instead of its digest', { nonce: 'a'.repeat(32) }],
  ])('one %s', async (_, change) => {
    await refused(await idp().signIdToken({ ...base(nonce), ...change }, now()));
  });

  it('one whose exp passed within the 60 s clock tolerance is still taken', async () => {
    const s = Math.floor(Date.now() / 1000);
    const idToken = await idp().signIdToken({ ...base(nonce), iat: s - 600, exp: s - 30 }, now());
    expect(await search({ idToken, nonce })).toEqual(notFound);
  });

  it('a real sign-in presented with another nonce', async () => {
    const { idToken } = await signIn(newPerson());
    await refused(idToken, 'c'.repeat(32));
    // a stolen token's readable nonce claim is the digest, not the browser's secret: no replay
    await refused(idToken, claimsOf(idToken).nonce as string);
  });
});

describe('social sign-in in production without a provider', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      nodeEnv: 'production',
      sessionSecret: 'p'.repeat(32),
      payments: PAYMENTS_OFF,
      rail: RAIL_OFF,
    });
  });
  afterAll(() => prod.close());

  it('is off: no providers, no sandbox, every call refused', async () => {
    const config = await prod.app.inject({ method: 'GET', url: API_PATHS.socialConfig });
    expect(json(config)).toEqual({ status: 'SUCCESS', data: { providers: [] } });
    const res = await prod.app.inject({
      method: 'POST',
      url: API_PATHS.socialSearch,
      payload: { source: 'google', token: 'x'.repeat(40), nonce: 'n'.repeat(32) },
    });
    expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'SOCIAL_UNAVAILABLE' }] });
    const page = await prod.app.inject({ method: 'GET', url: '/sandbox/idp/jwks' });
    expect(page.statusCode).toBe(404);
  });
});

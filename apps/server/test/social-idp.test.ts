import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { authClient } from './auth-support.ts';
import { CLIENT_ID, REDIRECT_URI, claimsOf, newVerifier, socialClient } from './social-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { nextAddress } = authClient(() => t);
const { authorization, authorizePage, consent, token, codeFor } = socialClient(() => t, nextAddress);
const person = { email: 'asha.verma@example.com', name: 'Asha Verma' };

describe('the sandbox identity provider (OpenID Connect, code flow with PKCE)', () => {
  it('publishes its discovery document and keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/idp/.well-known/openid-configuration',
      // TRUST_PROXY is off: a client's own x-forwarded-proto is not believed (docs/security.md "Proxies")
      headers: { host: 'crust.test:8443', 'x-forwarded-proto': 'https' },
    });
    expect(json(res)).toMatchObject({
      issuer: 'https://idp.sandbox.crust.invalid',
      authorization_endpoint: 'http://crust.test:8443/sandbox/idp/authorize',
      token_endpoint: 'http://crust.test:8443/sandbox/idp/token',
      jwks_uri: 'http://crust.test:8443/sandbox/idp/jwks',
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = json(await t.app.inject({ method: 'GET', url: '/sandbox/idp/jwks' }));
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].kid).toBeTruthy();
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('shows a consent page with the request in hidden fields and no scripts', async () => {
    const { params } = authorization();
    const res = await authorizePage(params);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Sign in with Google (sandbox)');
    expect(res.body).toContain('Crust wants your name and email address');
    expect(res.body).toContain('name="email"');
    expect(res.body).toContain('value="asha.verma@example.com"');
    expect(res.body).toContain('value="Asha Verma"');
    expect(res.body).toContain(
      '<button type="submit" id="allow" name="decision" value="allow">Allow</button>',
    );
    expect(res.body).toContain('id="deny" name="decision" value="deny"');
    expect(res.body).toContain(`name="nonce" value="${params.nonce}"`);
    expect(res.body).toContain('name="viewport"');
    expect(res.body).not.toContain('<script');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
  });

  it('swaps a consented code, once, for an ID token naming the person and the nonce', async () => {
    const { params, verifier } = authorization();
    const code = await codeFor(params, person);
    const swap = { code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier };
    const res = await token(swap);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'openid email profile' });
    const claims = claimsOf(body.id_token);
    expect(claims).toMatchObject({
      iss: 'https://idp.sandbox.crust.invalid',
      aud: CLIENT_ID,
      email: person.email,
      email_verified: true,
      name: 'Asha Verma',
      given_name: 'Asha',
      family_name: 'Verma',
      nonce: params.nonce,
    });
    expect(claims.exp - claims.iat).toBe(600);
    // a stable subject per person, whatever the flow
    const again = authorization();
    const second = await token({
      code: await codeFor(again.params, person),
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: again.verifier,
    });
    expect(claimsOf(json(second).id_token).sub).toBe(claims.sub);

    const reused = await token(swap);
    expect(reused.statusCode).toBe(400);
    expect(json(reused).error).toBe('invalid_grant');
  });

  it('refuses a wrong code_verifier, and the code is spent by the try', async () => {
    const { params, verifier } = authorization();
    const code = await codeFor(params, person);
    const wrong = await token({
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: newVerifier(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe('invalid_grant');
    const right = await token({
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(json(right).error).toBe('invalid_grant');
  });

  it('lets a code expire after 2 minutes', async () => {
    const { params, verifier } = authorization();
    const code = await codeFor(params, person);
    const later = new Date(Date.now() + 121_000);
    const swap = { code, redirectUri: REDIRECT_URI, clientId: CLIENT_ID, codeVerifier: verifier };
    expect(await t.app.deps.sandboxIdp!.exchange(swap, later)).toMatchObject({
      ok: false,
      error: 'invalid_grant',
    });
  });

  it.each([
    ['another redirect_uri', { redirect_uri: 'http://127.0.0.1:5173/socialSignin' }],
    ['another client', { client_id: 'someone-else' }],
  ])('refuses a code swapped with %s', async (_, change) => {
    const { params, verifier } = authorization();
    const code = await codeFor(params, person);
    const res = await token({
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
      ...change,
    });
    expect(json(res).error).toBe('invalid_grant');
  });

  it('answers malformed token requests as RFC 6749 says', async () => {
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/sandbox/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(refresh.statusCode).toBe(400);
    expect(json(refresh).error).toBe('unsupported_grant_type');
    const missing = await token({ code: 'abc', client_id: CLIENT_ID });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toBe('invalid_request');
  });

  it('sends Deny back as access_denied with the state', async () => {
    const { params } = authorization();
    const res = await consent(params, { decision: 'deny', email: '', name: '' });
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(params.state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('asks again when the consent form is filled wrongly', async () => {
    const { params } = authorization();
    const res = await consent(params, { decision: 'allow', email: 'not-an-email', name: 'Asha' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a valid email address');
    expect(res.body).toContain('value="not-an-email"');
    expect(res.headers.location).toBeUndefined();
  });

  it('accepts a redirect to the host the request came to', async () => {
    const { params } = authorization({ redirect_uri: 'https://crust.example/socialSignin' });
    const res = await authorizePage(params, { host: 'crust.example' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a foreign host', { redirect_uri: 'https://evil.example/socialSignin' }],
    ['another path', { redirect_uri: 'http://localhost:5173/socialSignin/../steal' }],
    ['a query', { redirect_uri: 'http://localhost:5173/socialSignin?next=x' }],
    ['a fragment', { redirect_uri: 'http://localhost:5173/socialSignin#x' }],
    ['another scheme', { redirect_uri: 'javascript://localhost/socialSignin' }],
    ['credentials', { redirect_uri: 'http://evil@localhost:5173/socialSignin' }],
    ['an unknown client', { client_id: 'someone-else' }],
    ['response_type token', { response_type: 'token' }],
    ['a plain PKCE method', { code_challenge_method: 'plain' }],
    ['no openid scope', { scope: 'email profile' }],
    ['a short nonce', { nonce: 'abc' }],
    ['no state', { state: '' }],
  ])('refuses %s with a 400 page, never a redirect', async (_, change) => {
    const { params } = authorization(change);
    const res = await authorizePage(params);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Sign-in request refused');
    // the same request slipped into the consent form's hidden fields fares no better
    const posted = await consent(params, { decision: 'allow', ...person });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });

  it('refuses a request without a code challenge', async () => {
    const { params } = authorization();
    delete params.code_challenge;
    expect((await authorizePage(params)).statusCode).toBe(400);
  });
});

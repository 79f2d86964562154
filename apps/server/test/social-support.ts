import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { nonceDigest } from '../src/providers/identity/provider.ts';
import { json, type TestApp } from './helpers.ts';

export const REDIRECT_URI = 'http://localhost:5173/socialSignin';
export const CLIENT_ID = 'crust-web';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

export const newVerifier = () => randomBytes(32).toString('base64url');
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'));

/** The browser's side of the sandbox's authorization code flow with PKCE, and the social sign-in calls. */
export function socialClient(app: () => TestApp, nextAddress: () => string) {
  function authorization(over: Record<string, string> = {}) {
    const verifier = newVerifier();
    const nonceSecret = randomBytes(16).toString('hex');
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: randomBytes(12).toString('hex'),
      nonce: nonceDigest(nonceSecret),
      code_challenge: challengeOf(verifier),
      code_challenge_method: 'S256',
      ...over,
    };
    return { params, verifier, nonceSecret };
  }

  const authorizePage = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    app().app.inject({
      method: 'GET',
      url: `/sandbox/idp/authorize?${new URLSearchParams(params).toString()}`,
      headers,
    });

  const consent = (params: Record<string, string>, fields: Record<string, string>) =>
    app().app.inject({
      method: 'POST',
      url: '/sandbox/idp/authorize',
      headers: form,
      payload: new URLSearchParams({ ...params, ...fields }).toString(),
    });

  const token = (fields: Record<string, string>) =>
    app().app.inject({
      method: 'POST',
      url: '/sandbox/idp/token',
      headers: form,
      payload: new URLSearchParams({ grant_type: 'authorization_code', ...fields }).toString(),
    });

  /** Consent as this person; answers the code from the redirect. */
  async function codeFor(params: Record<string, string>, person: { email: string; name: string }) {
    const res = await consent(params, { ...person, decision: 'allow' });
    expect(res.statusCode, res.body).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get('state')).toBe(params.state);
    return back.searchParams.get('code')!;
  }

  /** The whole flow: an ID token for this person and the nonce secret whose digest it carries. */
  async function signIn(person = { email: 'asha.verma@example.com', name: 'Asha Verma' }) {
    const { params, verifier, nonceSecret } = authorization();
    const code = await codeFor(params, person);
    const res = await token({
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { idToken: json(res).id_token as string, nonce: nonceSecret };
  }

  const search = (body: { idToken: string; nonce: string }, headers: Record<string, string> = {}) =>
    app()
      .app.inject({
        method: 'POST',
        url: API_PATHS.socialSearch,
        payload: { source: 'google', token: body.idToken, nonce: body.nonce },
        headers,
        remoteAddress: nextAddress(),
      })
      .then(json);

  const login = (
    body: { idToken: string; nonce: string; mobile: string; requestId: string; code: string } & Partial<
      Record<'email' | 'firstName' | 'lastName', string>
    >,
    headers: Record<string, string> = {},
  ) =>
    app()
      .app.inject({
        method: 'POST',
        url: API_PATHS.socialLogin,
        payload: {
          source: 'google',
          token: body.idToken,
          nonce: body.nonce,
          mobile: body.mobile,
          email: body.email ?? '',
          firstName: body.firstName ?? 'Asha',
          lastName: body.lastName ?? 'Verma',
          requestId: body.requestId,
          code: body.code,
        },
        headers,
        remoteAddress: nextAddress(),
      })
      .then(json);

  return { authorization, authorizePage, consent, token, codeFor, signIn, search, login };
}

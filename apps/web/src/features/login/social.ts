import type { CustomerSession, LoginResponse, SocialConfigResponse, SocialSource } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import { paths } from '../../config/paths.ts';
import { api, ApiError } from '../../shared/api/client.ts';
import { readJson, writeJson } from '../../shared/storage.ts';
import { guestCartHeader, type OtpRequest } from '../../shared/customer/login-api.ts';

export type SocialProvider = SocialConfigResponse extends { data: { providers: (infer P)[] } } ? P : never;

/** The providers this server offers (none when social sign-in is not configured). */
export async function fetchSocialProviders(signal?: AbortSignal): Promise<SocialProvider[]> {
  const res = await api<SocialConfigResponse>(API_PATHS.socialConfig, { signal });
  return res.data.providers;
}

/** What the browser keeps between leaving for the provider and coming back to /socialSignin. */
export interface PendingSignIn {
  source: SocialSource;
  state: string;
  nonce: string;
  verifier: string;
  clientId: string;
  tokenEndpoint: string;
  redirectUri: string;
  /** /login's redirectUrl/from query, restored after the round trip */
  query: string;
}

/** A verified-by-the-server ID token and what the customer adds on /socialSignin before the OTP. */
export interface SocialProfile {
  source: SocialSource;
  token: string;
  nonce: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  query: string;
}

const PENDING_KEY = 'crust.socialPending';
const PROFILE_KEY = 'crust.socialProfile';

// this tab only; in private mode (no storage) the flow starts again
const keep = (key: string, value: unknown) => writeJson(key, value, 'session');
const kept = <T>(key: string): T | null => readJson<T | null>(key, null, 'session');

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomString = () => b64url(crypto.getRandomValues(new Uint8Array(32)));

/** RFC 7636 S256: the challenge sent now proves, at the token call, that the same browser came back. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return b64url(new Uint8Array(digest));
}

/**
 * The provider's authorization URL for an OpenID Connect code flow with PKCE; the state, nonce and
 * verifier stay in this tab's sessionStorage until /socialSignin reads them back.
 */
export async function startSignIn(p: SocialProvider, query: string, origin: string): Promise<string> {
  const pending: PendingSignIn = {
    source: p.source,
    state: randomString(),
    nonce: randomString(),
    verifier: randomString(),
    clientId: p.clientId,
    tokenEndpoint: p.tokenEndpoint,
    redirectUri: `${origin}${paths.socialSignin()}`,
    query,
  };
  keep(PENDING_KEY, pending);
  const url = new URL(p.authorizationEndpoint, origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: pending.redirectUri,
    scope: p.scope,
    state: pending.state,
    // the provider (and the token) see only the digest; the secret goes to our server with the token
    nonce: await pkceChallenge(pending.nonce),
    code_challenge: await pkceChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Why a return from the provider cannot go on. */
export class SignInCancelled extends Error {
  /** the login's query (redirectUrl, from) when the pending entry was found, so "Back to login" keeps it */
  constructor(
    reason: string,
    readonly query = '',
  ) {
    super(reason);
  }
}

/**
 * Back from the provider with ?code&state: the state must be the one this tab sent (else it is someone
 * else's redirect), then the code and verifier buy the ID token. Used once: the pending entry is gone.
 */
export async function finishRedirect(
  params: URLSearchParams,
): Promise<{ source: SocialSource; token: string; nonce: string; query: string }> {
  const pending = kept<PendingSignIn>(PENDING_KEY);
  keep(PENDING_KEY, null);
  if (!pending || params.get('state') !== pending.state) throw new SignInCancelled('state');
  const code = params.get('code');
  if (!code) throw new SignInCancelled(params.get('error') ?? 'no code', pending.query);
  const res = await fetch(new URL(pending.tokenEndpoint, location.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: unknown };
  if (!res.ok || typeof body.id_token !== 'string') throw new SignInCancelled('token', pending.query);
  return { source: pending.source, token: body.id_token, nonce: pending.nonce, query: pending.query };
}

/** The ID token's claims, read only to fill the form: the server checks the signature. */
export function tokenClaims(token: string): {
  email: string;
  givenName: string;
  familyName: string;
  name: string;
} {
  try {
    const part = token.split('.')[1] ?? '';
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const c = JSON.parse(json) as Record<string, unknown>;
    const s = (v: unknown) => (typeof v === 'string' ? v : '');
    return { email: s(c.email), givenName: s(c.given_name), familyName: s(c.family_name), name: s(c.name) };
  } catch {
    return { email: '', givenName: '', familyName: '', name: '' };
  }
}

/**
 * SPEC §7 social user search. A known person is logged in (the session); a new one is `null` (the
 * server's 404: collect the profile on /socialSignin); anything else rejects with the server's message.
 */
export async function searchSocialUser(
  t: { source: SocialSource; token: string; nonce: string },
  claims: { email: string; name: string },
): Promise<CustomerSession | null> {
  const res = await api<LoginResponse>(API_PATHS.socialSearch, {
    method: 'POST',
    body: { source: t.source, token: t.token, nonce: t.nonce, email: claims.email, name: claims.name },
    headers: guestCartHeader(),
  });
  if (res.status === 'SUCCESS') return res.data;
  if (res.errors[0]?.statusCode === 404) return null;
  throw new ApiError(200, res.errors);
}

export function saveSocialProfile(p: SocialProfile | null): void {
  keep(PROFILE_KEY, p);
}

export function loadSocialProfile(): SocialProfile | null {
  const p = kept<SocialProfile>(PROFILE_KEY);
  return p && typeof p.token === 'string' && typeof p.nonce === 'string' ? p : null;
}

/** SPEC §7 social login submit, with the OTP that proves the mobile number is the customer's. */
export async function submitSocialLogin(
  p: SocialProfile,
  otp: OtpRequest,
  code: string,
): Promise<CustomerSession> {
  const res = await api<LoginResponse>(API_PATHS.socialLogin, {
    method: 'POST',
    body: {
      source: p.source,
      token: p.token,
      nonce: p.nonce,
      mobile: otp.mobile,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      requestId: otp.requestId,
      code,
    },
    headers: guestCartHeader(),
  });
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

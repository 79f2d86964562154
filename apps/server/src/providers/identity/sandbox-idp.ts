import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { OidcProvider } from './oidc.ts';

/** Not a real host: the sandbox's tokens can never be mistaken for anyone else's. */
export const SANDBOX_ISSUER = 'https://idp.sandbox.crust.invalid';
export const SANDBOX_AUTHORIZE_PATH = '/sandbox/idp/authorize';
export const SANDBOX_TOKEN_PATH = '/sandbox/idp/token';

const CODE_TTL_MS = 2 * 60_000;
const ID_TOKEN_TTL_S = 10 * 60;
/** codes nobody swaps are dropped after 2 minutes; this caps what a flood of consents can hold */
const MAX_PENDING_CODES = 1000;

/** What the consent page was asked for and who consented: everything a code stands for. */
export interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  scope: string;
  email: string;
  name: string;
}

export type TokenAnswer =
  | {
      ok: true;
      body: {
        access_token: string;
        id_token: string;
        token_type: 'Bearer';
        expires_in: number;
        scope: string;
      };
    }
  | { ok: false; error: 'invalid_grant'; description: string };

/** RFC 7636 §4.2: BASE64URL(SHA256(code_verifier)). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The identity provider's sandbox: a real OpenID Connect issuer inside the server, so the whole code flow
 * with PKCE runs here and in tests. Its RS256 key is made at start and lives only in memory, as do its
 * codes: a restart invalidates both, which a sandbox can afford.
 */
export class SandboxIdp {
  readonly issuer = SANDBOX_ISSUER;
  private readonly codes = new Map<string, Grant & { expiresAt: number }>();

  private constructor(
    readonly clientId: string,
    private readonly subjectKey: string,
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    readonly jwks: JSONWebKeySet,
  ) {}

  /** `subjectKey` makes subjects stable across restarts, so a linked sandbox person stays linked. */
  static async create(clientId: string, subjectKey: string): Promise<SandboxIdp> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `sandbox-${randomBytes(6).toString('hex')}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return new SandboxIdp(clientId, subjectKey, kid, privateKey, { keys: [jwk] });
  }

  /** The same pseudonymous subject for an email every time, as a real provider gives one per person. */
  subjectOf(email: string): string {
    return createHmac('sha256', this.subjectKey)
      .update(`sandbox-idp-sub|${email.toLowerCase()}`)
      .digest('hex')
      .slice(0, 24);
  }

  /** A single-use code for a consented grant, valid 2 minutes. */
  issueCode(grant: Grant, now: Date): string {
    for (const [code, g] of this.codes) if (g.expiresAt <= now.getTime()) this.codes.delete(code);
    if (this.codes.size >= MAX_PENDING_CODES) this.codes.delete(this.codes.keys().next().value!);
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { ...grant, expiresAt: now.getTime() + CODE_TTL_MS });
    return code;
  }

  /** RFC 6749 §4.1.3 with RFC 7636: a code is spent by any attempt, right or wrong, so it cannot be guessed at. */
  async exchange(
    req: { code: string; redirectUri: string; clientId: string; codeVerifier: string },
    now: Date,
  ): Promise<TokenAnswer> {
    const grant = this.codes.get(req.code);
    this.codes.delete(req.code);
    const invalid = (description: string) => ({
      ok: false as const,
      error: 'invalid_grant' as const,
      description,
    });
    if (!grant || grant.expiresAt <= now.getTime()) return invalid('unknown, spent or expired code');
    if (grant.clientId !== req.clientId) return invalid('code issued to another client');
    if (grant.redirectUri !== req.redirectUri)
      return invalid('redirect_uri differs from the authorization request');
    if (pkceChallenge(req.codeVerifier) !== grant.codeChallenge)
      return invalid('code_verifier does not match');
    const idToken = await this.signIdToken(this.claimsOf(grant), now);
    return {
      ok: true,
      body: {
        access_token: randomBytes(24).toString('base64url'),
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: ID_TOKEN_TTL_S,
        scope: grant.scope,
      },
    };
  }

  private claimsOf(grant: Grant): JWTPayload {
    const [givenName = '', ...rest] = grant.name.trim().split(/\s+/);
    return {
      sub: this.subjectOf(grant.email),
      aud: grant.clientId,
      email: grant.email,
      email_verified: true,
      name: grant.name.trim(),
      given_name: givenName,
      family_name: rest.join(' '),
      nonce: grant.nonce,
    };
  }

  /**
   * Signs an ID token with the sandbox key. `claims` may override anything (iss, aud, iat, exp): the
   * tests use that to make tokens that must be refused.
   */
  async signIdToken(claims: JWTPayload, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ iss: this.issuer, aud: this.clientId, iat, exp: iat + ID_TOKEN_TTL_S, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'JWT' })
      .sign(this.privateKey);
  }

  /**
   * The verifier the server uses for sandbox tokens: the same JWKS check as for a real provider, with the
   * key set handed over in process rather than fetched. The browser reaches the endpoints on this origin.
   */
  provider(log: FastifyBaseLogger): OidcProvider {
    const keys = createLocalJWKSet(this.jwks);
    return new OidcProvider({
      issuer: this.issuer,
      clientId: this.clientId,
      log,
      endpoints: async () => ({
        authorizationEndpoint: SANDBOX_AUTHORIZE_PATH,
        tokenEndpoint: SANDBOX_TOKEN_PATH,
      }),
      keys: async () => keys,
    });
  }
}

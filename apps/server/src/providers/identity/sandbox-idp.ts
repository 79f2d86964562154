import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
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

export const CODE_TTL_MS = 2 * 60_000;
const ID_TOKEN_TTL_S = 10 * 60;

/**
 * Where the sandbox keeps what every server process must share: its signing key (made by the first process,
 * read by the rest) and which codes were spent. `inMemory` serves one process (unit tests of the protocol).
 */
export interface IdpStore {
  /** the key kept under `name`, or `made` when nobody kept one before */
  signingKey(made: string): Promise<string>;
  /** true the first time a code is spent, in any process; false ever after (within the code's life) */
  spend(codeDigest: string, now: Date): Promise<boolean>;
}

export function inMemoryIdpStore(): IdpStore {
  const spent = new Map<string, number>();
  return {
    signingKey: async (made) => made,
    spend: async (digest, now) => {
      for (const [d, until] of spent) if (until <= now.getTime()) spent.delete(d);
      if (spent.has(digest)) return false;
      spent.set(digest, now.getTime() + CODE_TTL_MS);
      return true;
    },
  };
}

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
 * with PKCE runs here and in tests. Every server process signs with one RS256 key, kept in the database by
 * the first (`IdpStore`), and a code is the grant itself sealed with AES-GCM under a key derived from
 * `subjectKey`: the consent, the swap and the login may each land on another process (decision 012). A code
 * is spent once, across processes, through the store.
 */
export class SandboxIdp {
  readonly issuer = SANDBOX_ISSUER;

  private constructor(
    readonly clientId: string,
    private readonly subjectKey: string,
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    readonly jwks: JSONWebKeySet,
    private readonly store: IdpStore,
  ) {}

  /** `subjectKey` makes subjects stable across restarts, so a linked sandbox person stays linked. */
  static async create(
    clientId: string,
    subjectKey: string,
    store: IdpStore = inMemoryIdpStore(),
  ): Promise<SandboxIdp> {
    const { privateKey: fresh } = await generateKeyPair('RS256', { extractable: true });
    const made = JSON.stringify({
      ...(await exportJWK(fresh)),
      kid: `sandbox-${randomBytes(6).toString('hex')}`,
    });
    const kept = JSON.parse(await store.signingKey(made)) as JWK & { kid: string };
    const privateKey = (await importJWK(kept, 'RS256')) as CryptoKey;
    const { kty, n, e, kid } = kept;
    const jwk = { kty, n, e, kid, alg: 'RS256', use: 'sig' };
    return new SandboxIdp(clientId, subjectKey, kid, privateKey, { keys: [jwk] }, store);
  }

  private codeKey(): Buffer {
    return createHmac('sha256', this.subjectKey).update('sandbox-idp-code-key').digest();
  }

  private seal(grant: Grant & { expiresAt: number }): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.codeKey(), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(grant), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  private open(code: string): (Grant & { expiresAt: number }) | null {
    try {
      const raw = Buffer.from(code, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.codeKey(), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Grant & { expiresAt: number };
    } catch {
      return null;
    }
  }

  /** The same pseudonymous subject for an email every time, as a real provider gives one per person. */
  subjectOf(email: string): string {
    return createHmac('sha256', this.subjectKey)
      .update(`sandbox-idp-sub|${email.toLowerCase()}`)
      .digest('hex')
      .slice(0, 24);
  }

  /** A single-use code for a consented grant, valid 2 minutes: the grant, sealed. */
  issueCode(grant: Grant, now: Date): string {
    return this.seal({ ...grant, expiresAt: now.getTime() + CODE_TTL_MS });
  }

  /** RFC 6749 §4.1.3 with RFC 7636: a code is spent by any attempt, right or wrong, so it cannot be guessed at. */
  async exchange(
    req: { code: string; redirectUri: string; clientId: string; codeVerifier: string },
    now: Date,
  ): Promise<TokenAnswer> {
    const grant = this.open(req.code);
    const invalid = (description: string) => ({
      ok: false as const,
      error: 'invalid_grant' as const,
      description,
    });
    if (!grant || grant.expiresAt <= now.getTime()) return invalid('unknown, spent or expired code');
    const digest = createHash('sha256').update(req.code).digest('base64url');
    if (!(await this.store.spend(digest, now))) return invalid('unknown, spent or expired code');
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

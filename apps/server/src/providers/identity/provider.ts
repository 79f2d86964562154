import { createHash } from 'node:crypto';
import type { SocialSource } from '@crust/contract/auth';

/** A person as an ID token describes them, after every check passed. */
export interface SocialIdentity {
  /** with `subject`, the key of the person at the provider (emails change, subjects do not) */
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName: string;
  familyName: string;
}

/** What the browser needs to run the authorization code flow with PKCE against the provider. */
export interface IdentityPublicConfig {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  scope: string;
}

/**
 * A social sign-in provider speaking OpenID Connect: the browser gets an ID token from it and the server
 * checks that token here before trusting anything in it.
 */
export interface IdentityProvider {
  readonly source: SocialSource;
  readonly label: string;
  /** rejects when the provider cannot be reached to learn its endpoints */
  publicConfig(): Promise<IdentityPublicConfig>;
  /**
   * null for any token that fails a check, or when the provider's keys cannot be had. `nonceSecret` is the
   * browser's secret: the token's nonce must be its digest (see nonceDigest).
   */
  verifyIdToken(token: string, nonceSecret: string): Promise<SocialIdentity | null>;
}

/**
 * The nonce the browser sends to the provider: SHA-256 (base64url) of a secret it keeps and later hands to
 * us with the token. The token shows only the digest, so a stolen ID token cannot be replayed without
 * the secret that never left the browser and this server.
 */
export function nonceDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

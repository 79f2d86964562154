import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import {
  nonceDigest,
  type IdentityProvider,
  type IdentityPublicConfig,
  type SocialIdentity,
} from './provider.ts';

export const OIDC_SCOPE = 'openid email profile';
const CLOCK_TOLERANCE_S = 60;
/** a sign-in takes minutes; an older token is a replay whatever its exp says */
const MAX_TOKEN_AGE_S = 3600;
const DISCOVERY_TIMEOUT_MS = 5000;

export interface OidcProviderOptions {
  issuer: string;
  clientId: string;
  /** where the browser goes and where it swaps the code; may be learnt from the provider */
  endpoints: () => Promise<Pick<IdentityPublicConfig, 'authorizationEndpoint' | 'tokenEndpoint'>>;
  /** the provider's signing keys: a JWKS, local or fetched */
  keys: () => Promise<JWTVerifyGetKey>;
  log: FastifyBaseLogger;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Google says `accounts.google.com` without the scheme in some tokens; both name the same issuer. */
function issuersNamed(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

/** The checks the ID token itself must pass beyond what jwtVerify already did (OIDC Core §3.1.3.7). */
function refusal(payload: JWTPayload, nonceSecret: string, clientId: string): string | null {
  if (!text(payload.sub)) return 'no subject';
  if (payload.nonce !== nonceDigest(nonceSecret)) return 'nonce differs';
  // a token for several audiences must name us as the party it was issued to
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== clientId) return 'azp differs';
  return null;
}

/** An OpenID Connect provider whose ID tokens are checked against its JWKS. */
export class OidcProvider implements IdentityProvider {
  readonly source = 'google' as const;
  readonly label = 'Google';

  constructor(private readonly o: OidcProviderOptions) {}

  async publicConfig(): Promise<IdentityPublicConfig> {
    return {
      issuer: this.o.issuer,
      clientId: this.o.clientId,
      scope: OIDC_SCOPE,
      ...(await this.o.endpoints()),
    };
  }

  async verifyIdToken(token: string, nonceSecret: string): Promise<SocialIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, await this.o.keys(), {
        algorithms: ['RS256'],
        issuer: issuersNamed(this.o.issuer),
        audience: this.o.clientId,
        clockTolerance: CLOCK_TOLERANCE_S,
        maxTokenAge: MAX_TOKEN_AGE_S,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      });
      const reason = refusal(payload, nonceSecret, this.o.clientId);
      if (reason) {
        this.o.log.debug({ reason }, 'ID token refused');
        return null;
      }
      const givenName = text(payload.given_name);
      const familyName = text(payload.family_name);
      return {
        issuer: this.o.issuer,
        subject: text(payload.sub),
        email: text(payload.email).toLowerCase(),
        // some providers have sent the flag as a string
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: text(payload.name) || `${givenName} ${familyName}`.trim(),
        givenName,
        familyName,
      };
    } catch (err) {
      // never the token itself: it is a credential until it expires
      if (err instanceof errors.JOSEError) this.o.log.debug({ reason: err.code }, 'ID token refused');
      else this.o.log.warn({ err }, 'ID token could not be checked');
      return null;
    }
  }
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

/**
 * A real provider (OIDC_ISSUER): its endpoints and keys come from its discovery document, fetched on first
 * use and kept; a failed fetch is tried again next time. The key set refetches itself when a token names
 * a key it has not seen (the provider rotated its keys).
 */
export function discoveredProvider(o: { issuer: string; clientId: string; log: FastifyBaseLogger }) {
  let discovery: Promise<{ doc: z.infer<typeof DiscoverySchema>; keys: JWTVerifyGetKey }> | null = null;
  const discover = () => {
    discovery ??= (async () => {
      const url = `${o.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`OIDC discovery at ${url} answered ${res.status}`);
      const doc = DiscoverySchema.parse(await res.json());
      // OIDC Discovery §4.3: a document naming another issuer must not be used
      if (doc.issuer !== o.issuer) throw new Error(`OIDC discovery at ${url} names issuer ${doc.issuer}`);
      return { doc, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })().catch((err: unknown) => {
      discovery = null;
      throw err;
    });
    return discovery;
  };
  return new OidcProvider({
    issuer: o.issuer,
    clientId: o.clientId,
    log: o.log,
    endpoints: async () => {
      const { doc } = await discover();
      return { authorizationEndpoint: doc.authorization_endpoint, tokenEndpoint: doc.token_endpoint };
    },
    keys: async () => (await discover()).keys,
  });
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PARTNER_VENDORS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { randomId } from '../crypto/random-hex.ts';

export { randomId };

/**
 * The session tokens' codec, and the random ids and constant-time hash checks of sessions and logins. In http/,
 * beside principal.ts, which reads the access token of every request; the modules that issue tokens import it
 * from here.
 */

export type SubjectKind = 'guest' | 'customer';

/** What an access token says; checkable without a database read on every request. */
export interface AccessClaims {
  /** the userId: a guest's G…, a customer's U… */
  sub: string;
  kind: SubjectKind;
  /** the accessKeyId the token was issued with (the authtoken header) */
  ak: string;
  /** the token family: one per guest session or login, revoked as a whole on logout or reuse */
  fam: string;
  /** expiry, epoch seconds */
  exp: number;
  aud: string;
}

/** Only tokens made for this API are accepted (a token minted for another audience is refused). */
export const ACCESS_AUDIENCE = 'crust-api';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** Customer userIds are U…, guests' G… (see createGuestSession and the OTP login). */
export function isCustomerId(userId: string): boolean {
  return userId.startsWith('U');
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** v2.<claims>.<HMAC-SHA256 of "v2.<claims>"> */
export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = b64(JSON.stringify(claims));
  const mac = createHmac('sha256', secret).update(`v2.${body}`).digest('base64url');
  return `v2.${body}.${mac}`;
}

export function verifyAccessToken(token: string, secret: string, nowSeconds: number): AccessClaims | null {
  const [version, body, mac, extra] = token.split('.');
  if (version !== 'v2' || !body || !mac || extra !== undefined) return null;
  // Compared as text, not decoded bytes: base64url decoders ignore the spare bits of the last character, so a
  // decoded comparison would accept several spellings of one signature (a malleable token).
  const expected = Buffer.from(createHmac('sha256', secret).update(`v2.${body}`).digest('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let c: Partial<AccessClaims>;
  try {
    c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<AccessClaims>;
  } catch {
    return null;
  }
  if (
    typeof c.sub !== 'string' ||
    (c.kind !== 'guest' && c.kind !== 'customer') ||
    typeof c.ak !== 'string' ||
    typeof c.fam !== 'string' ||
    typeof c.exp !== 'number' ||
    c.aud !== ACCESS_AUDIENCE
  )
    return null;
  return c.exp > nowSeconds ? (c as AccessClaims) : null;
}

/** A refresh token is "r1.<id>.<secret>"; only a hash of the secret is stored. */
export function makeRefreshToken(): { id: string; token: string; secretHash: string } {
  const id = randomId('RT', 10);
  const secret = randomSecret();
  return { id, token: `r1.${id}.${secret}`, secretHash: sha256(secret) };
}

export function parseRefreshToken(token: string): { id: string; secretHash: string } | null {
  const [version, id, secret, extra] = token.split('.');
  if (version !== 'r1' || !id || !secret || extra !== undefined) return null;
  return { id, secretHash: sha256(secret) };
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * A token family a partner host signed in (issue 18): `F<VENDOR>_<hex>`. The family id is inside every signed
 * access token and kept by every refresh token of the login, so the server knows a request comes from that
 * partner's mini-app from the token alone, through every refresh, and never from anything the client says.
 */
export function partnerFamilyId(vendor: PartnerVendor): string {
  return randomId(`F${vendor}_`, 10);
}

/** The partner whose mini-app the family signed in, or null for every other login. */
export function partnerOfFamily(familyId: string): PartnerVendor | null {
  const vendor = /^F([A-Z]+)_[0-9A-F]+$/.exec(familyId)?.[1];
  return PARTNER_VENDORS.find((v) => v === vendor) ?? null;
}

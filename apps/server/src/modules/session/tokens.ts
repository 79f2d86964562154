import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface GuestClaims {
  /** the guest's userId */
  uid: string;
  /** accessKeyId the token was issued with */
  ak: string;
  /** expiry, epoch seconds */
  exp: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function randomId(prefix: string, bytes = 12): string {
  return prefix + randomBytes(bytes).toString('hex').toUpperCase();
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** v1.<claims>.<HMAC-SHA256>: checkable without a database read on every request. */
export function signGuestToken(claims: GuestClaims, secret: string): string {
  const body = b64(JSON.stringify(claims));
  const mac = createHmac('sha256', secret).update(`v1.${body}`).digest('base64url');
  return `v1.${body}.${mac}`;
}

export function verifyGuestToken(token: string, secret: string, nowSeconds: number): GuestClaims | null {
  const [version, body, mac] = token.split('.');
  if (version !== 'v1' || !body || !mac) return null;
  const expected = createHmac('sha256', secret).update(`v1.${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: GuestClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as GuestClaims;
  } catch {
    return null;
  }
  if (typeof claims.uid !== 'string' || typeof claims.ak !== 'string' || typeof claims.exp !== 'number')
    return null;
  return claims.exp > nowSeconds ? claims : null;
}

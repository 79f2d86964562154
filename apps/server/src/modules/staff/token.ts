import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A staff member's session: whom, when it was issued and until when. What the login may do and where is read
 * from its row on every call (directory.ts), so a change of role or a disabled login counts at once.
 */
export interface StaffClaims {
  sub: string;
  /** when the session was issued, in milliseconds: sessions from before the login's reset are refused */
  issued: number;
  exp: number;
  aud: 'crust-store';
  /** logged in with a one-time password: only the change of password is allowed */
  pwc?: true;
}

/** A shift: staff log in again after 12 hours. */
export const STAFF_SESSION_SECONDS = 12 * 3600;

const macOf = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`st1.${body}`).digest('base64url');

/** st1.<claims>.<HMAC-SHA256 of "st1.<claims>">: a different prefix and audience from customers' tokens. */
export function signStaffToken(claims: StaffClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `st1.${body}.${macOf(secret, body)}`;
}

export function verifyStaffToken(token: string, secret: string, nowSeconds: number): StaffClaims | null {
  const [version, body, mac, extra] = token.split('.');
  if (version !== 'st1' || !body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(macOf(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let c: Partial<StaffClaims>;
  try {
    c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<StaffClaims>;
  } catch {
    return null;
  }
  if (
    typeof c.sub !== 'string' ||
    typeof c.issued !== 'number' ||
    typeof c.exp !== 'number' ||
    c.aud !== 'crust-store' ||
    (c.pwc !== undefined && c.pwc !== true)
  )
    return null;
  return c.exp > nowSeconds ? (c as StaffClaims) : null;
}

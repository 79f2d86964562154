import { createHmac, timingSafeEqual } from 'node:crypto';

/** A staff member's session: whom, which store (null: every store, the chain admin) and until when. */
export interface StaffClaims {
  sub: string;
  store: number | null;
  role: 'STORE' | 'ADMIN';
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
  const scoped =
    (c.role === 'STORE' && typeof c.store === 'number') || (c.role === 'ADMIN' && c.store === null);
  if (
    typeof c.sub !== 'string' ||
    !scoped ||
    typeof c.exp !== 'number' ||
    c.aud !== 'crust-store' ||
    (c.pwc !== undefined && c.pwc !== true)
  )
    return null;
  return c.exp > nowSeconds ? (c as StaffClaims) : null;
}

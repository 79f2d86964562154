import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Watch keys: an HMAC that opens one order's tracker (for whoever looked the order up by mobile and number,
 * and for the browser's EventSource, which cannot send headers) or one store's live queue. A key only lets
 * its holder read; a store key expires with the staff session that asked for it.
 */
function mac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Who a tracker is shown to (docs/tracking.md "Who sees what"). */
export type TrackerView = 'owner' | 'shared';

/** The key anyone may hold: from a lookup by mobile and number, or a link the owner passed on. */
export function orderKey(secret: string, orderId: string): string {
  return mac(secret, `track|${orderId}`);
}

/**
 * The key of the owner's own live stream: handed out only with a tracker read with the owner's session, so
 * the stream (an EventSource cannot send that session) shows the owner what the session showed them.
 */
export function ownerOrderKey(secret: string, orderId: string): string {
  return mac(secret, `track-owner|${orderId}`);
}

/** Which view of the order a key opens; null for no key or a wrong one. */
export function viewOfKey(secret: string, orderId: string, key: string | undefined): TrackerView | null {
  if (key === undefined) return null;
  if (same(key, ownerOrderKey(secret, orderId))) return 'owner';
  if (same(key, orderKey(secret, orderId))) return 'shared';
  return null;
}

/** "<expiry epoch s>.<mac>" */
export function storeKey(secret: string, storeId: number, expSeconds: number): string {
  return `${expSeconds}.${mac(secret, `queue|${storeId}|${expSeconds}`)}`;
}

export function checkStoreKey(
  secret: string,
  storeId: number,
  key: string | undefined,
  nowSeconds: number,
): boolean {
  if (!key) return false;
  const [exp, given] = key.split('.');
  const expSeconds = Number(exp);
  if (!given || !Number.isInteger(expSeconds) || expSeconds <= nowSeconds) return false;
  return same(key, storeKey(secret, storeId, expSeconds));
}

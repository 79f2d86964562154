import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { CallbackParams } from './provider.ts';

/** HMAC-SHA256 in lower-case hex, the way Razorpay signs its callbacks and webhooks. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Whether `signature` is the HMAC of `data`, compared in constant time so the answer's timing says
 * nothing about how many leading characters were right.
 */
export function signatureMatches(secret: string, data: string | Buffer, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, data), 'utf8');
  const given = Buffer.from(typeof signature === 'string' ? signature.toLowerCase() : '', 'utf8');
  // timingSafeEqual needs equal lengths; a wrong length is wrong whatever its content
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The text a callback signature covers: order, payment and outcome, so none can be swapped. */
export const callbackSigned = (p: Omit<CallbackParams, 'signature'>) =>
  `${p.gatewayOrderId}|${p.paymentId}|${p.status}`;

/**
 * A signed JSON notification (a webhook): the signature checked over the raw bytes before anything is parsed, then
 * the body's shape. `signed` is the caller's check, each provider signing its own way.
 */
export function readSignedJson<T>(
  rawBody: Buffer,
  signed: boolean,
  schema: z.ZodType<T>,
): { kind: 'unsigned' } | { kind: 'malformed' } | { kind: 'read'; body: T } {
  if (!signed) return { kind: 'unsigned' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  const body = schema.safeParse(parsed);
  return body.success ? { kind: 'read', body: body.data } : { kind: 'malformed' };
}

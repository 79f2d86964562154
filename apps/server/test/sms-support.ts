import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { SMS_KINDS } from '../src/providers/sms/templates.ts';
import { json, type TestApp } from './helpers.ts';

/** SMS_TEMPLATE_IDS for every kind: 1107161234567890101, …102, … */
export const TEMPLATE_IDS = SMS_KINDS.map(
  (kind, i) => `${kind}=11071612345678901${String(i + 1).padStart(2, '0')}`,
).join(',');

/** What production needs for SMS (config/sms.ts): Gupshup, fully set. No test sends through it. */
export const GUPSHUP_PRODUCTION_ENV = {
  SMS_PROVIDER: 'gupshup',
  // port 9 (discard) is one fetch refuses to open: a test that did send would fail rather than reach anybody
  SMS_BASE_URL: 'https://127.0.0.1:9/GatewayAPI/rest',
  SMS_USER_ID: '2000123456',
  SMS_PASSWORD: 'gupshup-password',
  SMS_SENDER_ID: 'CRUSTP',
  SMS_PRINCIPAL_ENTITY_ID: '1101161234567890123',
  SMS_TEMPLATE_IDS: TEMPLATE_IDS,
  SMS_DLR_TOKEN: 'Yq3vW9-kP2xL7_mN4bR8tZ1cF6hJ0sD5',
} as const;

/** The Gupshup sandbox's test modes (POST /sandbox/sms/modes). */
export async function smsModes(
  t: Pick<TestApp, 'app'>,
  change: { fail?: 'error' | 'timeout' | null; dlr?: 'DELIVERED' | 'FAILED' },
) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/sms/modes', payload: change });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fail: string | null; dlr: string }>(res);
}

/** The texts in the sandbox inbox for a number, newest first. */
export async function inbox(t: Pick<TestApp, 'app'>, mobile: string) {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ messages: { body: string; messageId: string | null }[] }>(res).messages;
}

/** A query's rows (PGlite and node-postgres both answer `{ rows }`). */
export async function sqlRows<T>(t: Pick<TestApp, 'database'>, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as { rows: T[] }).rows;
}

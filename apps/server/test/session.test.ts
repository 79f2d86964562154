import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { AnonymousSessionResponseSchema } from '@crust/contract/session';
import { sql } from 'drizzle-orm';
import { createTestApp, json, type TestApp } from './helpers.ts';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A different character at i: a 6-bit change that always changes the decoded bytes. */
function flipCharAt(token: string, i: number): string {
  const c = token[i] === 'A' ? 'B' : 'A';
  return token.slice(0, i) + c + token.slice(i + 1);
}

/** The last character of a 32-byte base64url signature carries 2 spare bits: flipping one decodes to the same bytes. */
function respellLastChar(token: string): string {
  const last = B64URL.indexOf(token.at(-1) ?? 'A');
  return token.slice(0, -1) + (B64URL[last ^ 1] ?? 'A');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 5 });
});
afterAll(() => t.close());

let clients = 0;
async function newGuest() {
  clients += 1; // a new address each time: this helper is not what the rate-limit test is about
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.anonymousSession,
    payload: {},
    remoteAddress: `10.0.0.${clients}`,
  });
  expect(res.statusCode).toBe(200);
  return AnonymousSessionResponseSchema.parse(json(res)).data;
}

describe('anonymous guest session', () => {
  it('issues guest credentials (SPEC §3 User: accessKeyId, secretKey, sessionToken)', async () => {
    const guest = await newGuest();
    expect(guest.isLoggedIn).toBe(false);
    expect(guest.userId).toMatch(/^G[0-9A-F]+$/);
    expect(guest.credentials.accessKeyId).toMatch(/^AKG/);
    expect(Date.parse(guest.credentials.expiration)).toBeGreaterThan(Date.now());
  });

  it('stores only a hash of the secret', async () => {
    const guest = await newGuest();
    const rows = await t.database.db.execute(
      sql`select secret_hash from guest_sessions where id = ${guest.userId}`,
    );
    const hash = (rows as { rows: { secret_hash: string }[] }).rows[0]!.secret_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(guest.credentials.secretKey);
  });

  it('accepts the credentials it issued on later calls', async () => {
    const guest = await newGuest();
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.config,
      headers: {
        authtoken: guest.credentials.accessKeyId,
        sessiontoken: guest.credentials.sessionToken,
        userid: guest.userId,
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a tampered token', (tok: string) => flipCharAt(tok, tok.length - 10), undefined],
    ['another spelling of the signature', (tok: string) => respellLastChar(tok), undefined],
    ['garbage', () => 'not-a-token', undefined],
    ['another guest id', (tok: string) => tok, 'GSOMEONEELSE'],
  ])('answers 401 for %s, so the client takes a new session', async (_name, mangle, userId) => {
    const guest = await newGuest();
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.config,
      headers: {
        authtoken: guest.credentials.accessKeyId,
        sessiontoken: mangle(guest.credentials.sessionToken),
        userid: userId ?? guest.userId,
      },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'UNAUTHORIZED' }] });
  });

  it('limits new sessions per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.anonymousSession,
        payload: {},
        remoteAddress: '10.9.9.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes).toContain(429);
  });
});

import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseIdpStore } from '../src/providers/identity/idp-store.ts';
import { pkceChallenge, SandboxIdp, type Grant } from '../src/providers/identity/sandbox-idp.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

/**
 * Several server processes share one sandbox identity provider through the database (decision 012): the consent
 * on one, the code swap on another, the token checked on a third. Two SandboxIdp instances on one database stand
 * for two processes.
 */
let db: TestDatabase;
let a: SandboxIdp;
let b: SandboxIdp;
beforeAll(async () => {
  db = await freshDatabase();
  [a, b] = await Promise.all([
    SandboxIdp.create('crust-web', 'subject-key', databaseIdpStore(db.database.db)),
    SandboxIdp.create('crust-web', 'subject-key', databaseIdpStore(db.database.db)),
  ]);
});
afterAll(() => db.drop());

const verifier = 'v'.repeat(43);
const grant: Grant = {
  clientId: 'crust-web',
  redirectUri: 'http://localhost:5173/socialSignin/callback',
  codeChallenge: pkceChallenge(verifier),
  nonce: 'n'.repeat(32),
  scope: 'openid email profile',
  email: 'asha@example.com',
  name: 'Asha Verma',
};
const swapOf = (code: string) => ({
  code,
  redirectUri: grant.redirectUri,
  clientId: grant.clientId,
  codeVerifier: verifier,
});

describe('the sandbox identity provider across processes', () => {
  it('signs with one key, whichever process made it first', () => {
    expect(a.jwks).toEqual(b.jwks);
  });

  it("swaps one process's code on another, once across both, and the token checks out with either's keys", async () => {
    const now = new Date();
    const code = a.issueCode(grant, now);
    const answer = await b.exchange(swapOf(code), now);
    if (!answer.ok) throw new Error(answer.description);
    const { payload } = await jwtVerify(answer.body.id_token, createLocalJWKSet(a.jwks), {
      issuer: a.issuer,
      audience: 'crust-web',
    });
    expect(payload).toMatchObject({ email: grant.email, nonce: grant.nonce, sub: a.subjectOf(grant.email) });

    const again = await Promise.all([a.exchange(swapOf(code), now), b.exchange(swapOf(code), now)]);
    expect(again.map((x) => x.ok)).toEqual([false, false]);
  });

  it('spends a code once when both processes swap it at the same moment', async () => {
    const now = new Date();
    const code = b.issueCode(grant, now);
    const answers = await Promise.all([a.exchange(swapOf(code), now), b.exchange(swapOf(code), now)]);
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
  });

  it('refuses a code altered by one character, and one past its two minutes', async () => {
    const now = new Date();
    const code = a.issueCode(grant, now);
    const altered = `${code.slice(0, 20)}${code[20] === 'A' ? 'B' : 'A'}${code.slice(21)}`;
    expect((await b.exchange(swapOf(altered), now)).ok).toBe(false);
    const later = new Date(now.getTime() + 2 * 60_000 + 1);
    expect((await b.exchange(swapOf(code), later)).ok).toBe(false);
  });
});

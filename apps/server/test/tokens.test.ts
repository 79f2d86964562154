import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { signAccessToken, verifyAccessToken } from '../src/http/session-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

async function guest() {
  const res = await t.app.inject({ method: 'POST', url: API_PATHS.anonymousSession, payload: {} });
  return json(res).data as {
    userId: string;
    credentials: { accessKeyId: string; sessionToken: string; refreshToken: string; expiration: string };
  };
}

const call = (token: string, userId?: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.carts,
    headers: { sessiontoken: token, ...(userId ? { userid: userId } : {}) },
    payload: { items: [] },
  });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: API_PATHS.refresh, payload: { refreshToken } });

describe('access tokens', () => {
  it('are short-lived and accepted until they expire', async () => {
    const g = await guest();
    const life = Date.parse(g.credentials.expiration) - Date.now();
    expect(life).toBeGreaterThan(50 * 60_000);
    expect(life).toBeLessThanOrEqual(60 * 60_000);
    expect((await call(g.credentials.sessionToken, g.userId)).statusCode).toBe(200);
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 1 }, undefined],
    ['for another audience', { aud: 'some-other-api' }, undefined],
    ['signed with another key', {}, 'another-secret-another-secret-another'],
  ])('are refused when %s', async (_, change, key) => {
    const g = await guest();
    const claims = verifyAccessToken(g.credentials.sessionToken, t.config.sessionSecret, 0)!;
    const forged = signAccessToken({ ...claims, ...change }, key ?? t.config.sessionSecret);
    const res = await call(forged);
    expect(res.statusCode).toBe(401);
  });

  it('are refused when tampered with or sent for another user', async () => {
    const g = await guest();
    const [v, body, mac] = g.credentials.sessionToken.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${v}.${Buffer.from(JSON.stringify({ ...claims, sub: 'GSOMEONE' })).toString('base64url')}.${mac}`;
    expect((await call(tampered)).statusCode).toBe(401);
    expect((await call(g.credentials.sessionToken, 'GSOMEONEELSE')).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use and keep the same user', async () => {
    const g = await guest();
    const first = await refresh(g.credentials.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = json(first).data;
    expect(next).toMatchObject({ userId: g.userId, isLoggedIn: false });
    expect(next.credentials.refreshToken).not.toBe(g.credentials.refreshToken);
    expect(next.credentials.accessKeyId).toBe(g.credentials.accessKeyId);
    expect((await call(next.credentials.sessionToken, g.userId)).statusCode).toBe(200);
    expect((await refresh(next.credentials.refreshToken)).statusCode).toBe(200);
  });

  it('revoke the whole family when one is used twice', async () => {
    const g = await guest();
    const next = json(await refresh(g.credentials.refreshToken)).data;
    // the old token again: somebody kept a copy
    const replay = await refresh(g.credentials.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(json(replay).errors[0].code).toBe('REFRESH_REUSED');
    // neither the thief nor the owner can go on with that family
    expect((await refresh(next.credentials.refreshToken)).statusCode).toBe(401);
    expect((await call(next.credentials.sessionToken)).statusCode).toBe(401);
  });

  it('never mint two successors when used twice at the same time', async () => {
    const g = await guest();
    const answers = await Promise.all([
      refresh(g.credentials.refreshToken),
      refresh(g.credentials.refreshToken),
    ]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
  });

  it('refuse garbage and unknown tokens', async () => {
    expect((await refresh('r1.RTNOPE.secretsecret')).statusCode).toBe(401);
    expect((await refresh('not-a-refresh-token')).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the access and refresh tokens of the login', async () => {
    const g = await guest();
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.logout,
      headers: { sessiontoken: g.credentials.sessionToken },
      payload: { refreshToken: g.credentials.refreshToken },
    });
    expect(json(res)).toEqual({ status: 'SUCCESS', data: { loggedOut: true } });
    expect((await call(g.credentials.sessionToken)).statusCode).toBe(401);
    expect((await refresh(g.credentials.refreshToken)).statusCode).toBe(401);
  });
});

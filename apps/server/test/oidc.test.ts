import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcProvider, discoveredProvider } from '../src/providers/identity/oidc.ts';
import { SandboxIdp } from '../src/providers/identity/sandbox-idp.ts';
import { nonceDigest } from '../src/providers/identity/provider.ts';

/** A logger that keeps what it was told, to show no token ever reaches the log. */
function recordingLog() {
  const lines: unknown[] = [];
  const keep = (...args: unknown[]) => void lines.push(args);
  const log = { debug: keep, info: keep, warn: keep, error: keep, trace: keep, fatal: keep };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** A provider on a real port: discovery and JWKS over HTTP, as a real issuer serves them. */
let server: http.Server;
let issuer: string;
let idp: SandboxIdp;
let discoveryAnswer: 'ok' | 'down' | 'other-issuer' = 'ok';
let discoveryFetches = 0;

beforeAll(async () => {
  idp = await SandboxIdp.create('client-x', 'subject-key');
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      discoveryFetches++;
      if (discoveryAnswer === 'down') return res.writeHead(503).end('{}');
      return res.end(
        JSON.stringify({
          issuer: discoveryAnswer === 'other-issuer' ? 'https://elsewhere.example' : issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        }),
      );
    }
    if (req.url === '/jwks') return res.end(JSON.stringify(idp.jwks));
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nonce = 'n'.repeat(32);
/** what the browser sent the provider, and what tokens carry */
const nonceClaim = nonceDigest(nonce);

describe('a real provider found through discovery (OIDC_ISSUER)', () => {
  it('learns its endpoints once and checks tokens against its published keys', async () => {
    discoveryAnswer = 'ok';
    discoveryFetches = 0;
    const { log, lines } = recordingLog();
    const provider = discoveredProvider({ issuer, clientId: 'client-x', log });
    expect(await provider.publicConfig()).toEqual({
      issuer,
      authorizationEndpoint: `${issuer}/authorize`,
      tokenEndpoint: `${issuer}/token`,
      clientId: 'client-x',
      scope: 'openid email profile',
    });
    const token = await idp.signIdToken(
      {
        iss: issuer,
        aud: 'client-x',
        sub: 'p-1',
        email: 'Asha@Example.com',
        email_verified: true,
        nonce: nonceClaim,
      },
      new Date(),
    );
    expect(await provider.verifyIdToken(token, nonce)).toEqual({
      issuer,
      subject: 'p-1',
      email: 'asha@example.com',
      emailVerified: true,
      name: '',
      givenName: '',
      familyName: '',
    });
    await provider.publicConfig();
    expect(discoveryFetches).toBe(1);

    const foreign = await idp.signIdToken({ sub: 'p-1', nonce: nonceClaim }, new Date()); // the sandbox's own issuer
    expect(await provider.verifyIdToken(foreign, nonce)).toBeNull();
    expect(JSON.stringify(lines)).not.toContain(foreign);
  });

  it('uses no discovery document that names another issuer, and tries again later', async () => {
    const { log } = recordingLog();
    const provider = discoveredProvider({ issuer, clientId: 'client-x', log });
    const token = await idp.signIdToken(
      { iss: issuer, aud: 'client-x', sub: 'p-2', nonce: nonceClaim },
      new Date(),
    );
    for (const answer of ['other-issuer', 'down'] as const) {
      discoveryAnswer = answer;
      await expect(provider.publicConfig()).rejects.toThrow(/discovery/);
      expect(await provider.verifyIdToken(token, nonce)).toBeNull();
    }
    discoveryAnswer = 'ok';
    expect((await provider.verifyIdToken(token, nonce))?.subject).toBe('p-2');
  });
});

describe("Google's issuer", () => {
  it('is the same with or without its scheme, and recorded with it', async () => {
    const google = 'https://accounts.google.com';
    const provider = new OidcProvider({
      issuer: google,
      clientId: 'client-x',
      log: recordingLog().log,
      endpoints: async () => ({ authorizationEndpoint: '', tokenEndpoint: '' }),
      keys: async () => createLocalJWKSet(idp.jwks),
    });
    const token = await idp.signIdToken(
      { iss: 'accounts.google.com', aud: 'client-x', sub: 'g-1', email_verified: 'true', nonce: nonceClaim },
      new Date(),
    );
    expect(await provider.verifyIdToken(token, nonce)).toMatchObject({
      issuer: google,
      subject: 'g-1',
      emailVerified: true,
    });
  });
});

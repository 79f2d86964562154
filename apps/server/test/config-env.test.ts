import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('configuration from the environment', () => {
  it('has the README defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      seedOnStart: true,
      mapTileUrl: null,
      oidcIssuer: null,
      oidcClientId: 'crust-web',
    });
    // the repository's data/, whichever folder npm runs the server from
    expect(c.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(c.webDistDir).toBe(path.join(repoRoot, 'apps/web/dist'));
  });

  it('takes every documented variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/crust',
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: 'debug',
      SEED: 'false',
      MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png',
      SESSION_RATE_LIMIT: '5',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: '1234.apps.googleusercontent.com',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/crust',
      databaseUrl: 'postgres://u@h/db',
      logLevel: 'debug',
      seedOnStart: false,
      mapTileUrl: 'https://t.example/{z}/{x}/{y}.png',
      sessionRateLimit: 5,
      oidcIssuer: 'https://accounts.google.com',
      oidcClientId: '1234.apps.googleusercontent.com',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SESSION_RATE_LIMIT: '-1' }, /SESSION_RATE_LIMIT/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ OIDC_ISSUER: 'https://accounts.google.com' }, /OIDC_CLIENT_ID/],
    [{ OIDC_ISSUER: 'accounts.google.com', OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts production with a long enough secret', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).nodeEnv).toBe('production');
  });
});

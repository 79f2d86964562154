import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { GUPSHUP_PRODUCTION_ENV } from './sms-support.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('configuration from the environment', () => {
  it('has the README defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      // the sandboxes show every OTP: outside production only this machine reaches them by default
      host: '127.0.0.1',
      nodeEnv: 'development',
      databaseUrl: undefined,
      // src/db/client.ts DEFAULT_POOL_MAX then
      databasePoolMax: undefined,
      seedOnStart: true,
      apiDocs: true,
      mapTileUrl: null,
      oidcIssuer: null,
      oidcClientId: 'crust-web',
      trustProxy: { kind: 'none' },
      maxConnections: 2000,
      maxConnectionsPerPeer: 100,
      maxInFlight: 200,
      maxEventLoopDelayMs: 1000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      redis: null,
    });
    expect(c.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
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
      DATABASE_POOL_MAX: '8',
      LOG_LEVEL: 'debug',
      SEED: 'false',
      API_DOCS: 'off',
      MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}.png',
      SESSION_RATE_LIMIT: '5',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: '1234.apps.googleusercontent.com',
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'crust-staging:',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/crust',
      databaseUrl: 'postgres://u@h/db',
      databasePoolMax: 8,
      logLevel: 'debug',
      seedOnStart: false,
      apiDocs: false,
      mapTileUrl: 'https://t.example/{z}/{x}/{y}.png',
      sessionRateLimit: 5,
      oidcIssuer: 'https://accounts.google.com',
      oidcClientId: '1234.apps.googleusercontent.com',
      redis: { url: 'redis://cache.internal:6379/2', keyPrefix: 'crust-staging:' },
    });
    // one Redis per installation by default: its keys and channels under crust:
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'crust:',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SESSION_RATE_LIMIT: '-1' }, /SESSION_RATE_LIMIT/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    // the development key this repository used to sign with, and long but guessable ones
    [{ NODE_ENV: 'production', SESSION_SECRET: 'crust-development-secret-not-for-production' }, /published/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, /different characters/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ API_DOCS: 'yes' }, /API_DOCS/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, /TRUST_PROXY/],
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX/],
    [{ MAX_IN_FLIGHT: 'lots' }, /MAX_IN_FLIGHT/],
    [{ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' }, /HEADERS_TIMEOUT_MS/],
    [{ OIDC_ISSUER: 'https://accounts.google.com' }, /OIDC_CLIENT_ID/],
    [{ OIDC_ISSUER: 'accounts.google.com', OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER/],
    [{ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'crust staging' }, /REDIS_KEY_PREFIX/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts production with a random secret, and listens on every interface there', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
      PAYMENTS: 'off',
      ...GUPSHUP_PRODUCTION_ENV,
      ...VAPID_PRODUCTION_ENV,
      RAIL_PROVIDER: 'off',
    });
    expect(c).toMatchObject({ nodeEnv: 'production', host: '0.0.0.0', sessionSecretFrom: 'SESSION_SECRET' });
    expect(c.payments.gateways).toEqual([]);
  });

  it('serves the API reference in production only with API_DOCS=on (issue 28 §9)', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
      PAYMENTS: 'off',
      ...GUPSHUP_PRODUCTION_ENV,
      ...VAPID_PRODUCTION_ENV,
      RAIL_PROVIDER: 'off',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ ...production, API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('payments: the sandbox outside production by default; a real gateway with its own keys in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toMatchObject({
      gateways: ['sandbox'],
      razorpay: null,
      payu: null,
    });
    const dev = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_GATEWAYS: 'razorpay',
      RAZORPAY_BASE_URL: 'http://127.0.0.1:3000/sandbox/pg/razorpay/',
    });
    // outside production the adapter talks to the sandbox with the sandbox's keys
    expect(dev.payments.razorpay).toEqual({
      baseUrl: 'http://127.0.0.1:3000/sandbox/pg/razorpay',
      keyId: dev.pgKeyId,
      keySecret: dev.pgKeySecret,
      webhookSecret: dev.pgWebhookSecret,
    });
    const prod = loadConfig({
      NODE_ENV: 'production',
      ...GUPSHUP_PRODUCTION_ENV,
      ...VAPID_PRODUCTION_ENV,
      RAIL_PROVIDER: 'off',
      SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
      PAYMENT_GATEWAYS: 'razorpay, payu',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
      PAYU_KEY: 'key',
      PAYU_SALT: 'salt',
      PUBLIC_URL: 'https://order.example.in/',
    });
    expect(prod.payments).toEqual({
      gateways: ['razorpay', 'payu'],
      publicUrl: 'https://order.example.in',
      razorpay: {
        baseUrl: 'https://api.razorpay.com',
        keyId: 'rzp_live_x',
        keySecret: 'secret',
        webhookSecret: 'whsec',
      },
      payu: {
        paymentUrl: 'https://secure.payu.in/_payment',
        apiUrl: 'https://info.payu.in/merchant/postservice.php?form=2',
        key: 'key',
        salt: 'salt',
      },
    });
  });

  it('outside production without SESSION_SECRET signs with the key the installation keeps', () => {
    expect(loadConfig({}).sessionSecret).toBe('');
    expect(loadConfig({}, 'installation-key-installation-key-123')).toMatchObject({
      sessionSecret: 'installation-key-installation-key-123',
      sessionSecretFrom: 'this installation',
    });
    // SESSION_SECRET wins; tests get a random key per test process
    expect(loadConfig({ SESSION_SECRET: 'given' }, 'kept').sessionSecret).toBe('given');
    const test = loadConfig({ NODE_ENV: 'test' });
    expect(test.sessionSecret).toHaveLength(43);
    expect(test.sessionSecret).not.toBe('crust-development-secret-not-for-production');
  });

  it('takes TRUST_PROXY as a list of proxies or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.1', '192.168.0.0/16', '::1'],
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['loopback'],
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
  });
});

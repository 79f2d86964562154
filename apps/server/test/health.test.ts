import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { buildApp } from '../src/app.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('healthz answers without the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('readyz reports the database it reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(json(res).database).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });
});

describe('OpenAPI', () => {
  it('lists every API path of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths);
    for (const path of [...Object.values(API_PATHS), ...Object.values(CONSOLE_PATHS)]) {
      expect(documented).toContain(path.replace(/:(\w+)/g, '{$1}'));
    }
  });

  it('serves the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });

  it('serves neither with API_DOCS off, as production has it unless asked (issue 28 §9)', async () => {
    const app = await buildApp({ ...t.config, apiDocs: false }, { database: t.database });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/openapi.json']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(json(res), url).toMatchObject({ status: 'FAILED', errors: [{ code: 'NOT_FOUND' }] });
      }
    } finally {
      await app.close();
    }
  });
});

describe('unknown paths', () => {
  it('answers an unknown API path with a SPEC §8 error, not HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'NOT_FOUND' }] });
  });

  it('answers malformed JSON with a 400 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.storeInfo,
      headers: { 'content-type': 'application/json' },
      payload: '{"storeId":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('body');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends every header helmet gives, the same on every answer (computed once, not per request)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self';manifest-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      // issue 28 §9: the location for the map, the microphone for voice ordering, nothing else powerful
      'permissions-policy':
        'geolocation=(self), microphone=(self), fullscreen=(self), camera=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), display-capture=(), accelerometer=(), gyroscope=(), magnetometer=(), xr-spatial-tracking=(), idle-detection=(), screen-wake-lock=(), publickey-credentials-get=(), browsing-topics=()',
    };
    for (const url of ['/healthz', '/api/v1/stores/1001/menu', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

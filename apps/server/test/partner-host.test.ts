import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 18 §1: the sandbox hosts' pages (/sandbox/partner/paytm, /gpay) frame Crust's entry URL and run the bridge
 * by one inline script allowed by its hash; the app itself may be framed by its own origin only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

describe('the host pages', () => {
  for (const [path, vendor, entry, name, mobile] of [
    ['paytm', 'PAYTM', '/vendorPage?vendor=paytm', 'Paytm', '9876500001'],
    ['gpay', 'GPAY', '/vendorPage?vendor=googlepay', 'Google Pay', '9876500002'],
  ] as const) {
    it(`${path}: frames Crust's entry URL, with its CSP allowing only its own script`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/partner/${path}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body;
      expect(html).toContain(`<iframe id="miniapp" title="Crust" src="${entry.replace('&', '&#38;')}"`);
      expect(html).toContain(`Crust on ${name}`);
      expect(html).toContain(`value="${mobile}"`);
      expect(html).toContain('role="dialog"');
      expect(html).toContain('Crust wants your mobile number and name');
      expect(html).toMatch(/id="consent-allow">Allow</);
      expect(html).toMatch(/id="pay-decline">Decline</);
      expect(html).toContain(`"vendor":"${vendor}"`);
      // the one inline script is the one the CSP names by hash
      const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      const csp = cspOf(res);
      expect(csp).toContain(`script-src 'sha256-${hash}'`);
      expect(csp).toContain("frame-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }

  it('takes the host user from the query (for tests), escaped', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/partner/paytm?mobile=9123456780&name=Meera%20%3Cb%3E',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('value="9123456780"');
    expect(res.body).toContain('value="Meera &#60;b&#62;"');
    const bad = await t.app.inject({ method: 'GET', url: '/sandbox/partner/paytm?mobile=12' });
    expect(bad.statusCode).toBe(400);
  });

  it('has no page for a partner it does not know', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/partner/phonepe' })).statusCode).toBe(400);
  });
});

describe('framing the app', () => {
  it('lets its own origin frame it, and nobody else', async () => {
    for (const url of ['/', API_PATHS.config, '/vendorPage?vendor=paytm']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      const ancestors = /frame-ancestors ([^;]*)/.exec(cspOf(res))?.[1];
      expect(ancestors).toBe("'self'");
    }
  });
});

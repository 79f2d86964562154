import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { inlineScriptSources } from '../src/http/inline-scripts.ts';

let t: TestApp;
let dist: string;
const script = 'console.log("crust");'.repeat(100);
const preload = "document.head.append('x')";

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crust-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><head><script>${preload}</script><script type="module" src="/assets/index-AbC123.js"></script></head><div id="root"></div>`,
  );
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const file = path.join(dist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the shell's inline scripts", () => {
  it.each([
    ['<script>a()</script>', ["'sha256-" + createHash('sha256').update('a()').digest('base64') + "'"]],
    ['<script type="module" src="/x.js"></script>', []],
    ['<SCRIPT>\n</SCRIPT><p>no</p>', []],
    ['<script>a()</script><script>b()</script>', 2],
  ])('%s', (html, want) => {
    const got = inlineScriptSources(html);
    if (typeof want === 'number') expect(got).toHaveLength(want);
    else expect(got).toEqual(want);
  });
});

describe('the built web app', () => {
  it("allows its shell's inline script by hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/menu' });
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(preload).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends hashed assets pre-compressed, cached for a year', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.body).toBe(script);
  });

  it('makes the service worker and the shell revalidate', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/menu/veg-pizza', '/mapScreen?latitude=1&longitude=2', '/no-such-screen'])(
    'answers the client route %s with the app shell',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('does not answer a missing file or an unknown API path with the shell', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { PUBLIC_API_ROUTES } from '../src/http/cache-policy.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { authClient, customerHeaders } from './auth-support.ts';

/**
 * Every operation of the OpenAPI document, fed malformed input as a guest and as a logged-in customer: NUL
 * characters, over-long strings, wrong types, huge and negative numbers, bad JSON, invalid UTF-8, odd path
 * parameters and query strings. No answer may be a 5xx (issue 11 §3): bad input is a clear 400 (or the 401,
 * 403, 404, 409 its meaning calls for). Every answer of a route outside the public catalogue carries
 * Cache-Control: no-store, whatever its status.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 100_000, maxInFlight: 100_000 });
});
afterAll(() => t.close());

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: Record<string, unknown> | null;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};

async function operations(): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const doc = json<{ paths: Record<string, Record<string, any>> }>(res);
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string }[];
      const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: body?.properties ? body.properties : null,
      });
    }
  return ops;
}

const LONG = 'x'.repeat(20_000);
const ODD_SEGMENTS = [
  '%00',
  'a%00b',
  LONG.slice(0, 3000),
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  '%E0%A4%A',
  '%C3%28',
  '%FF',
  "'%20or%201=1--",
  '..%2F..%2Fetc',
  '%F0%9F%8D%95',
  'null',
  '%20',
];
const ODD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  LONG,
  123,
  -1,
  -1e20,
  1e308,
  2 ** 63,
  0.5,
  true,
  null,
  [],
  {},
  ['a'],
  { a: { b: { c: 1 } } },
  '\ud800',
  '9876543210\u0000',
];

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}
/** a plausible value for a parameter, so that the one malformed part is what the server sees */
function plausible(name: string): string {
  if (/store/i.test(name)) return '1001';
  if (/code/i.test(name)) return 'PIZ0001';
  return 'O00000000000000000001';
}

const ODD_HEADERS: Record<string, string>[] = [
  { storeid: 'abc' },
  { storeid: '-1' },
  { storeid: '99999999999999999999' },
  { cartid: "'; drop table carts --" },
  { cartid: 'x'.repeat(5000) },
  { deliverytype: 'Z' },
  { sessiontoken: 'v2.e30.AAAA' },
  { userid: 'U'.repeat(3000) },
  { request_id: 'r'.repeat(5000) },
  { 'idempotency-key': 'k'.repeat(5000) },
];

interface Probe {
  /** the route's own path (OpenAPI's {param} as Fastify's :param) */
  route: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

function probesOf(op: Operation): Probe[] {
  const route = op.path.replace(/\{([^}]+)\}/g, ':$1');
  const base = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => plausible(name));
  const probes: Omit<Probe, 'route'>[] = [];
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const bodyOf = (o: unknown) => ({ payload: JSON.stringify(o), contentType: 'application/json' });
  for (const seg of op.params.length ? ODD_SEGMENTS : [])
    probes.push({ method: op.method, url: fill(op.path, seg), ...(hasBody ? bodyOf({}) : {}) });
  for (const q of [...op.query, 'mobile'])
    for (const v of ['%00', `${'a'.repeat(5000)}`, '%E0%A4%A', '99999999999999999999'])
      probes.push({ method: op.method, url: `${base}?${q}=${v}&${q}=2`, ...(hasBody ? bodyOf({}) : {}) });
  for (const headers of ODD_HEADERS)
    probes.push({ method: op.method, url: base, headers, ...(hasBody ? bodyOf({}) : {}) });
  probes.push({ method: op.method, url: `${base}?%zz=1&&=&a[b][c]=1` });
  if (hasBody) {
    probes.push({ method: op.method, url: base, payload: '{"a":', contentType: 'application/json' });
    probes.push({
      method: op.method,
      url: base,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      contentType: 'application/json',
    });
    probes.push({ method: op.method, url: base, payload: '"\\ud800"', contentType: 'application/json' });
    probes.push({ method: op.method, url: base, payload: 'null', contentType: 'application/json' });
    probes.push({ method: op.method, url: base, payload: '[1,2]', contentType: 'application/json' });
    probes.push({
      method: op.method,
      url: base,
      payload: 'mobile=9876543210',
      contentType: 'application/x-www-form-urlencoded',
    });
    probes.push({ method: op.method, url: base, payload: '<x/>', contentType: 'text/xml' });
    const props = Object.keys(op.body ?? {});
    const typical: Record<string, unknown> = Object.fromEntries(props.map((p) => [p, 'x']));
    for (const p of props)
      for (const v of ODD_VALUES)
        probes.push({ method: op.method, url: base, ...bodyOf({ ...typical, [p]: v }) });
    for (const v of ODD_VALUES)
      probes.push({ method: op.method, url: base, ...bodyOf(Object.fromEntries(props.map((p) => [p, v]))) });
  }
  return probes.map((p) => ({ ...p, route }));
}

async function walk(headers: Record<string, string>, label: string) {
  const ops = (await operations()).filter((o) => o.path !== '/api/v1/auth/logout');
  expect(ops.length).toBeGreaterThan(60);
  const probes = ops.flatMap(probesOf);
  const failures: string[] = [];
  const leaky: string[] = [];
  for (let i = 0; i < probes.length; i += 50) {
    const batch = probes.slice(i, i + 50);
    const answers = await Promise.all(
      batch.map((p) =>
        t.app.inject({
          method: p.method as 'GET',
          url: p.url,
          headers: { ...headers, ...p.headers, ...(p.contentType ? { 'content-type': p.contentType } : {}) },
          remoteAddress: `10.77.${(i / 50) % 250}.${Math.floor(Math.random() * 250)}`,
          ...(p.payload === undefined ? {} : { payload: p.payload }),
        }),
      ),
    );
    answers.forEach((a, j) => {
      const p = batch[j]!;
      const where = `${label} ${p.method} ${p.url.slice(0, 120)} ${typeof p.payload === 'string' ? p.payload.slice(0, 80) : ''}`;
      if (a.statusCode >= 500) failures.push(`${a.statusCode} ${where} → ${a.body.slice(0, 200)}`);
      const cache = String(a.headers['cache-control'] ?? '');
      if (!PUBLIC_API_ROUTES.has(p.route) && !cache.includes('no-store'))
        leaky.push(`${a.statusCode} ${where} cache-control: ${cache || '(none)'}`);
    });
  }
  return { probes: probes.length, failures, leaky };
}

describe('malformed input over every operation (issue 11 §3)', () => {
  it('never answers 5xx, as a guest or as a logged-in customer', async () => {
    const guest = json(
      await t.app.inject({ method: 'POST', url: API_PATHS.anonymousSession, payload: {} }),
    ).data;
    const guestHeaders = {
      sessiontoken: guest.credentials.sessionToken,
      authtoken: guest.credentials.accessKeyId,
      userid: guest.userId,
      storeid: '1001',
    };
    const customer = await authClient(() => t).login(authClient(() => t).freshMobile());
    const asGuest = await walk(guestHeaders, 'guest');
    const asCustomer = await walk(customerHeaders(customer), 'customer');
    const failures = [...asGuest.failures, ...asCustomer.failures];
    const leaky = [...asGuest.leaky, ...asCustomer.leaky];
    expect(asGuest.probes).toBeGreaterThan(2000);
    console.log(`malformed input: ${asGuest.probes + asCustomer.probes} requests`);
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(leaky, leaky.slice(0, 20).join('\n')).toEqual([]);
  }, 300_000);
});

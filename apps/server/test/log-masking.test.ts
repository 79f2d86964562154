import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@crust/contract/paths';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/app-config.ts';
import { maskMobiles, maskPnrs, maskUrl, serializeError } from '../src/http/log-redaction.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { json, seededDatabase, type TestApp, type TestDatabase } from './helpers.ts';

/**
 * The log stream, read line by line, while a query fails with a customer's number and address in it and a
 * request names a number in its URL: no full number and no address reaches it (issue 11 §3).
 */
const lines: string[] = [];
let db: TestDatabase;
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  db = await seededDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent', logLevel: 'info' };
  app = await buildApp(config, { database: db.database, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  t = { app, database: db.database, config, close: async () => {} };
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const ADDRESS = {
  type: 'Home',
  fName: 'Asha',
  lName: 'Rao',
  mobNo: '9812345678',
  email: 'asha@example.in',
  houseNo: '12B',
  address: 'Jyoti Nivas Road',
  locality: 'Koramangala 5th Block',
  city: 'Bengaluru',
  postalCode: '560095',
  latitude: 12.9352,
  longitude: 77.6245,
};

describe('logs', () => {
  it('mask mobiles to their last 4 digits', () => {
    expect(maskMobiles('Key (mobile)=(9876543210) exists; +91 9876501234')).toBe(
      'Key (mobile)=(******3210) exists; ******1234',
    );
    expect(maskMobiles('order 12345678901234 at 1795700100000')).toBe(
      'order 12345678901234 at 1795700100000',
    );
  });

  it("leave a URL's capabilities out and keep the rest", () => {
    expect(maskUrl('/api/v1/orders/123/events?key=abc.def-ghi&lang=en')).toBe(
      '/api/v1/orders/123/events?key=(left out)&lang=en',
    );
    expect(maskUrl('/sandbox/idp/cb?state=s1&code=XYZ#frag')).toBe(
      '/sandbox/idp/cb?state=s1&code=(left out)#frag',
    );
    expect(maskUrl('/sandbox/sms.json?mobile=9700012345')).toBe('/sandbox/sms.json?mobile=******2345');
    expect(maskUrl('/menu?monkey=1')).toBe('/menu?monkey=1');
    // Gupshup's API by GET (the sandbox plays it): no password, no text with its code, the number masked
    expect(
      maskUrl(
        '/sandbox/sms/gupshup/GatewayAPI/rest?userid=2000&password=pw&send_to=919812345678&msg=123456+is+yours',
      ),
    ).toBe(
      '/sandbox/sms/gupshup/GatewayAPI/rest?userid=2000&password=(left out)&send_to=******5678&msg=(left out)',
    );
    // a delivery report: its token left out, the number masked
    expect(maskUrl('/api/v1/sms/delivery-report?token=t0k&externalId=1-2&phoneNo=919812345678')).toBe(
      '/api/v1/sms/delivery-report?token=(left out)&externalId=1-2&phoneNo=******5678',
    );
  });

  it.each([
    ['a PNR query', '/api/v1/irctc/pnr-status?pnr=2451234567', '/api/v1/irctc/pnr-status?pnr=******4567'],
    ['a PNR query after others', '/x?lang=en&PNR=0123456789&y=1', '/x?lang=en&PNR=******6789&y=1'],
    ['a PNR path segment', '/sandbox/rail/v1/pnr/2451234567', '/sandbox/rail/v1/pnr/******4567'],
    ['a PNR in JSON', '{"pnr":"4401234567","coach":"B2"}', '{"pnr":"******4567","coach":"B2"}'],
    ['a PNR in a message', 'PNR: 1234567890 not charted', 'PNR: ******7890 not charted'],
    ['a PNR that looks like a mobile', '/pnr-status?pnr=9876543210', '/pnr-status?pnr=******3210'],
    ['10 digits not named as a PNR', '/api/v1/orders/2451234567', '/api/v1/orders/2451234567'],
    ['not 10 digits', '/pnr-status?pnr=24512345678', '/pnr-status?pnr=24512345678'],
    ['a word ending in pnr', '/x?notpnr=2451234567', '/x?notpnr=2451234567'],
  ])('mask %s to its last 4 digits', (_, text, expected) => {
    expect(maskPnrs(text)).toBe(expected);
  });

  it('leave no full PNR in a request URL or an error (issue 28 §9)', async () => {
    expect(maskUrl('/api/v1/irctc/pnr-status?pnr=2451234567&key=k')).toBe(
      '/api/v1/irctc/pnr-status?pnr=******4567&key=(left out)',
    );
    const err = serializeError(new Error('rail answered 500 for {"pnr":"2451234567"}'));
    expect(err.message).toBe('rail answered 500 for {"pnr":"******4567"}');
    expect(err.stack).not.toContain('2451234567');
    // the access log of a PNR read by GET
    await app.inject({ method: 'GET', url: `${API_PATHS.pnrStatus}?pnr=2451234567` });
    const log = lines.join('');
    expect(log).toContain('pnr=******4567');
    expect(log).not.toContain('2451234567');
  });

  it('of a failed query carry no full mobile number and no address', async () => {
    const customer = await authClient(() => t).login('9700012345');
    // the insert itself fails (the address cap's count before it still answers), so its parameters are at stake
    await t.database.db.execute(sql`alter table addresses add constraint refuse_all check (false) not valid`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: API_PATHS.addresses,
        headers: customerHeaders(customer),
        payload: ADDRESS,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table addresses drop constraint refuse_all`);
    }
    await app.inject({ method: 'GET', url: '/sandbox/sms.json?mobile=9700012345' });
    const log = lines.join('');
    const failure = lines
      .map((l) => JSON.parse(l) as { msg: string; err?: { query?: string } })
      .find((l) => l.msg === 'unhandled error');
    expect(failure?.err?.query).toMatch(/insert into "addresses"/);
    expect(log).toContain('params: (left out of the log)');
    expect(log).toContain('******2345');
    for (const secret of [
      '9812345678',
      '9700012345',
      'Jyoti Nivas',
      'Koramangala 5th Block',
      'asha@example.in',
    ])
      expect(log, secret).not.toContain(secret);
    expect(json(await app.inject({ method: 'GET', url: '/healthz' }))).toEqual({ status: 'ok' });
  });
});

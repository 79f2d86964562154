import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { TOO_MANY_REQUESTS_TEXT } from '../src/http/errors.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

/**
 * Issue 28 §9: a per-route rate limit (@fastify/rate-limit) refuses with the API's 429 — its own code, no
 * `field` (nothing in the request was wrong) and Retry-After — not with a 400-shaped `BAD_REQUEST` on `body`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** OTP validation takes 30 a minute from one address (modules/auth/routes.ts), counted before the body is read. */
const OTP_VALIDATIONS_PER_MINUTE = 30;

const validate = (remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: API_PATHS.otpValidate, payload: {}, remoteAddress });

describe('a rate-limited route', () => {
  it('answers the calls over its limit 429 TOO_MANY_REQUESTS, with Retry-After and no field', async () => {
    const from = '10.28.9.1';
    // the limit's own count is not what this test is about: the calls it lets through are made one by one
    for (let i = 0; i < OTP_VALIDATIONS_PER_MINUTE; i++) expect((await validate(from)).statusCode).toBe(400);
    const refused = await Promise.all(Array.from({ length: 5 }, () => validate(from)));
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(json(res)).toEqual({
        status: 'FAILED',
        errors: [{ code: 'TOO_MANY_REQUESTS', displayMsg: TOO_MANY_REQUESTS_TEXT }],
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // another address is not held up
    expect((await validate('10.28.9.2')).statusCode).toBe(400);
  });
});

describe('a burst against a rate-limited route', () => {
  it('refuses exactly the calls over the limit when they arrive together (no Redis: the count of this process)', async () => {
    const from = '10.28.9.3';
    const codes = (
      await Promise.all(Array.from({ length: OTP_VALIDATIONS_PER_MINUTE + 5 }, () => validate(from)))
    ).map((res) => res.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(OTP_VALIDATIONS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

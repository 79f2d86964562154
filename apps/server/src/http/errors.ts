import type { ApiError, ErrorResponse } from '@crust/contract/common';

/** An error the client should see as SPEC §8 `{ status: 'FAILED', errors }` with this HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: ApiError[],
    /** sent as Retry-After: when a refused caller may try again (429, 503) */
    readonly retryAfterSec?: number,
  ) {
    super(errors[0]?.displayMsg ?? 'error');
  }
}

/** A use case's answer: what it made, or the SPEC §8 errors that refused it. */
export type Result<T> = { ok: true; data: T } | { ok: false; errors: ApiError[] };

/** The SPEC §8 body for a use case's answer: SUCCESS with its data, or FAILED with its errors (HTTP 200). */
export function outcome<T>(result: Result<T>) {
  return result.ok
    ? { status: 'SUCCESS' as const, data: result.data }
    : { status: 'FAILED' as const, errors: result.errors };
}

export function failed(code: string, displayMsg: string, extra: Partial<ApiError> = {}): ErrorResponse {
  return { status: 'FAILED', errors: [{ code, displayMsg, ...extra }] };
}

export function httpError(
  statusCode: number,
  code: string,
  displayMsg: string,
  extra: Partial<ApiError> = {},
) {
  return new HttpError(statusCode, [{ code, displayMsg, ...extra }]);
}

/**
 * Too many tries: a 429 that says when the next one may come. Every 429 of the API is made here, so each has
 * its own code, no `field` (nothing in the request was wrong) and Retry-After.
 */
export function tooMany(code: string, displayMsg: string, retryAfterSec: number) {
  return new HttpError(429, [{ code, displayMsg }], Math.max(1, Math.ceil(retryAfterSec)));
}

export const TOO_MANY_REQUESTS_TEXT = 'Too many requests. Please wait a moment and try again.';

/** @fastify/rate-limit's refusal (its errorResponseBuilder): the API's 429, not a 400-shaped body error. */
export function rateLimitRefusal(_req: unknown, context: { ttl: number }): HttpError {
  return tooMany('TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_TEXT, context.ttl / 1000);
}

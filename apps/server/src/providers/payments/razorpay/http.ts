import type { FastifyBaseLogger } from 'fastify';
import { CALL_TIMEOUT_MS, callWithRetries, retriable, type CallOutcome } from '../gateway-calls.ts';
import { GatewayError, type GatewayErrorCode } from '../provider.ts';
import { errorText } from '../../../http/error-text.ts';

export interface CallOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** retried on a network error, a timeout, 429 or 5xx: only reads and calls that cannot take money twice */
  retry: boolean;
}

/**
 * Razorpay's error body: `{ error: { code, description, field, source, step, reason, metadata } }` with HTTP
 * 400 (BAD_REQUEST_ERROR, and 401 for a wrong key), 5xx (SERVER_ERROR, GATEWAY_ERROR).
 */
interface RazorpayErrorBody {
  error?: { code?: string; description?: string; reason?: string; field?: string };
}

/** Razorpay's words for a refusal, as the interface's codes (its codes are too coarse: BAD_REQUEST_ERROR). */
export function refusalOf(status: number, body: RazorpayErrorBody): GatewayError {
  const description = body.error?.description ?? `Razorpay answered HTTP ${status}`;
  const text = description.toLowerCase();
  const code: GatewayErrorCode =
    status === 404 || text.includes('does not exist')
      ? 'NOT_FOUND'
      : text.includes('greater than') || text.includes('fully refunded') || text.includes('exceeds')
        ? 'REFUND_EXCEEDS_PAYMENT'
        : text.includes('not been captured') || text.includes('not captured')
          ? 'PAYMENT_NOT_CAPTURED'
          : text.includes('already paid') || text.includes('already been paid')
            ? 'ORDER_ALREADY_PAID'
            : 'BAD_REQUEST';
  return new GatewayError(code, description, status);
}

/**
 * Razorpay's HTTP API with HTTP Basic (key id and secret): JSON in and out, a timeout on every call, and retries
 * with backoff only where a second call cannot do a second thing. The secret is in the Authorization header only,
 * which nothing logs.
 */
export class RazorpayHttp {
  private readonly authorization: string;

  constructor(
    private readonly baseUrl: string,
    keyId: string,
    keySecret: string,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  }

  async call<T>(o: CallOptions): Promise<T> {
    const body = await callWithRetries(() => this.once(o), {
      retry: o.retry,
      log: this.log,
      what: { path: o.path },
      gateway: 'razorpay',
    });
    return body as T;
  }

  private async once(o: CallOptions): Promise<CallOutcome> {
    let res: Response;
    const started = Date.now();
    try {
      res = await this.fetchImpl(`${this.baseUrl}${o.path}`, {
        method: o.method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      return { kind: 'unavailable', problem: errorText(err) };
    }
    // each call at trace level: what an operator needs to follow a payment at the gateway, never a key or a body
    this.log.trace(
      { method: o.method, path: o.path, status: res.status, ms: Date.now() - started },
      'razorpay call',
    );
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = {};
    }
    if (res.ok) return { kind: 'answer', body };
    if (retriable(res.status)) return { kind: 'unavailable', problem: `HTTP ${res.status}` };
    return { kind: 'refused', error: refusalOf(res.status, body as RazorpayErrorBody) };
  }
}

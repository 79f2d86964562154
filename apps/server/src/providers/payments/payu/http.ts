import type { FastifyBaseLogger } from 'fastify';
import { CALL_TIMEOUT_MS, callWithRetries, retriable, type CallOutcome } from '../gateway-calls.ts';
import { GatewayError } from '../provider.ts';
import { apiHash } from './hashes.ts';
import { errorText } from '../../../http/error-text.ts';

export interface PayuHttpOptions {
  apiUrl: string;
  key: string;
  salt: string;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}

/**
 * PayU over HTTP: form posts in, JSON out, a timeout on every call, retries with backoff only where a second call
 * cannot do a second thing. The merchant API (postservice.php?form=2) takes `key`, `command`, `var1…` and
 * `hash` = sha512(key|command|var1|salt) (hashes.ts); it answers HTTP 200 with `status: 0` for its refusals, which
 * the caller reads. The salt is only ever inside a hash; nothing here logs a body.
 */
export class PayuHttp {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly o: PayuHttpOptions) {
    this.fetchImpl = o.fetch ?? fetch;
  }

  /** One postservice command; `vars` are var1, var2, … in order. */
  command(command: string, vars: string[], retry: boolean): Promise<unknown> {
    const fields: Record<string, string> = {
      key: this.o.key,
      command,
      hash: apiHash(this.o.key, command, vars[0] ?? '', this.o.salt),
    };
    vars.forEach((v, i) => (fields[`var${i + 1}`] = v));
    return this.post(this.o.apiUrl, fields, retry, command);
  }

  /** A form posted server to server (the S2S UPI intent to the payment URL); retried only when `retry` says so. */
  post(url: string, fields: Record<string, string>, retry: boolean, what: string): Promise<unknown> {
    return callWithRetries(() => this.once(url, fields), {
      retry,
      log: this.o.log,
      what: { command: what },
      gateway: 'payu',
    });
  }

  private async once(url: string, fields: Record<string, string>): Promise<CallOutcome> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      return { kind: 'unavailable', problem: errorText(err) };
    }
    if (retriable(res.status)) {
      await res.body?.cancel();
      return { kind: 'unavailable', problem: `HTTP ${res.status}` };
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // PayU answered, but not in JSON (an error page): a refusal, not an outage
      throw new GatewayError('BAD_REQUEST', `PayU answered HTTP ${res.status} without JSON`, 502);
    }
    if (!res.ok) throw new GatewayError('BAD_REQUEST', `PayU answered HTTP ${res.status}`, res.status);
    return { kind: 'answer', body };
  }
}

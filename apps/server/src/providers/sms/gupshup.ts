import type { FastifyBaseLogger } from 'fastify';
import { maskMobiles } from '../../http/log-redaction.ts';
import type { GupshupAccount } from '../../config/sms.ts';
import { readAnswer, sendForm } from './gupshup-request.ts';
import { maskedNumber, SmsError, type SmsProvider } from './provider.ts';
import type { SmsMessage } from './templates.ts';

export interface GupshupOptions {
  account: GupshupAccount;
  /** how long one request may take, answer included */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** global fetch unless a test gives its own */
  fetch?: typeof fetch;
}

/** The pause before the one retry of a refused connection. */
const RETRY_AFTER_MS = 200;

/**
 * Texts through Gupshup's Enterprise SMS API (SMS_PROVIDER=gupshup; the protocol is ./gupshup-request.ts). A
 * text is sent once. Only a connection the provider refused is tried again, once: nothing reached Gupshup,
 * so nothing can arrive twice. A timeout, a connection cut mid-request or a 5xx may each come after Gupshup
 * took the text, and a text sent twice is a second code (and, to the customer, a different one): those fail
 * at once, for the caller to say so and the customer to ask again. Every failure is an SmsError and a warning
 * in the log with the number's last 4 digits, never the text or its code.
 */
export class GupshupSms implements SmsProvider {
  private readonly fetch: typeof fetch;

  constructor(private readonly o: GupshupOptions) {
    this.fetch = o.fetch ?? globalThis.fetch;
  }

  async send(mobile: string, message: SmsMessage): Promise<void> {
    const to = maskedNumber(mobile);
    try {
      const messageId = await this.post(sendForm(this.o.account, mobile, message));
      this.o.log.info({ to, kind: message.kind, messageId }, 'SMS sent');
    } catch (err) {
      const failure =
        err instanceof SmsError
          ? err
          : new SmsError('network', true, 'the SMS request failed', { cause: err });
      this.o.log.warn(
        {
          to,
          kind: message.kind,
          reason: failure.reason,
          maybeSent: failure.maybeSent,
          problem: failure.message,
        },
        'SMS not sent',
      );
      throw failure;
    }
  }

  /** Sends the form; answers Gupshup's message id. */
  private async post(form: URLSearchParams): Promise<string> {
    let res: Response;
    try {
      res = await this.attempt(form);
    } catch (err) {
      if (!refusedConnection(err)) throw failureOf(err, this.o.timeoutMs);
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      try {
        res = await this.attempt(form);
      } catch (again) {
        throw failureOf(again, this.o.timeoutMs);
      }
    }
    let body: string;
    try {
      body = await res.text();
    } catch (err) {
      throw failureOf(err, this.o.timeoutMs);
    }
    // a 4xx is a request Gupshup (or a proxy before it) turned away; after a 5xx nobody can say
    if (!res.ok) throw new SmsError('http', res.status >= 500, `Gupshup answered HTTP ${res.status}`);
    const answer = readAnswer(body);
    if (!answer) throw new SmsError('unreadable', true, 'Gupshup answered neither success nor error');
    if (!answer.ok)
      throw new SmsError(
        'refused',
        false,
        `Gupshup refused the text: ${answer.code} ${maskMobiles(answer.description).slice(0, 200)}`,
      );
    return answer.messageId;
  }

  private attempt(form: URLSearchParams): Promise<Response> {
    return this.fetch(this.o.account.baseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
      body: form.toString(),
      // covers the answer's body too: the signal aborts reading it
      signal: AbortSignal.timeout(this.o.timeoutMs),
      redirect: 'error',
    });
  }
}

/** Node's fetch failure codes, on the error or its cause. */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The connection was refused: the request never left, so trying again cannot send a text twice. */
function refusedConnection(err: unknown): boolean {
  return codeOf(err) === 'ECONNREFUSED';
}

function failureOf(err: unknown, timeoutMs: number): SmsError {
  if (err instanceof SmsError) return err;
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new SmsError('timeout', true, `no answer from Gupshup within ${timeoutMs} ms`, { cause: err });
  const code = codeOf(err);
  // refused or not found: nothing was sent; anything else may have been cut after Gupshup had the request
  const unsent = code === 'ECONNREFUSED' || code === 'ENOTFOUND';
  return new SmsError('network', !unsent, `cannot reach Gupshup (${code ?? 'network error'})`, {
    cause: err,
  });
}

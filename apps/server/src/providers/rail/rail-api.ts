import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { API_KEY_HEADER, journeyOf, pnrPath } from './protocol.ts';
import type { PnrStatus, RailProvider } from './provider.ts';

export interface RailApiOptions {
  /** the provider's base URL; the PNR path (./protocol.ts) goes below it */
  baseUrl: string;
  apiKey: string;
  /** how long a whole PNR call may take, its one retry and the answer's body included */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** global fetch unless given one (the in-process sandbox's, ./sandbox-fetch.ts) */
  fetch?: typeof fetch;
}

/** The pause before the one retry. */
const RETRY_AFTER_MS = 200;

/** A PNR as logs may show it: its last 4 digits (a PNR opens the passenger's booking). */
export const maskedPnr = (pnr: string) => `******${pnr.slice(-4)}`;

/** One attempt's outcome: an answer to give, or a problem worth one more try (`retry`) or not. */
type Attempt = { kind: 'answer'; status: PnrStatus } | { kind: 'problem'; problem: string; retry: boolean };

/**
 * The rail provider over HTTP (RAIL_PROVIDER=api; the protocol is ./protocol.ts). A PNR call only reads, so after a
 * 5xx, a 429, a cut connection or an answer that is not the protocol it is tried once more. The whole call, retry
 * included, has one deadline: the passenger is told within `timeoutMs` whatever the provider does, never left
 * with a spinner. Every failure is UNAVAILABLE and a warning in the log (the PNR as its last 4 digits); only a
 * 404 in the protocol's own words is NOT_FOUND, since a proxy's 404 page says nothing about the ticket.
 */
export class RailApi implements RailProvider {
  private readonly fetch: typeof fetch;

  constructor(private readonly o: RailApiOptions) {
    this.fetch = o.fetch ?? globalThis.fetch;
  }

  async pnrStatus(pnr: string): Promise<PnrStatus> {
    const deadline = AbortSignal.timeout(this.o.timeoutMs);
    const problems: string[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const outcome = await this.attempt(pnr, deadline);
      if (outcome.kind === 'answer') return outcome.status;
      problems.push(outcome.problem);
      if (!outcome.retry || deadline.aborted) break;
      try {
        await sleep(RETRY_AFTER_MS, undefined, { signal: deadline });
      } catch {
        break;
      }
    }
    this.o.log.warn({ pnr: maskedPnr(pnr), problems }, 'rail provider unavailable');
    return { ok: false, reason: 'UNAVAILABLE' };
  }

  private async attempt(pnr: string, deadline: AbortSignal): Promise<Attempt> {
    const url = this.o.baseUrl.replace(/\/+$/, '') + pnrPath(pnr);
    let status: number;
    let text: string;
    try {
      const res = await this.fetch(url, {
        headers: { [API_KEY_HEADER]: this.o.apiKey, accept: 'application/json' },
        // covers the body too: the signal aborts reading it
        signal: deadline,
        redirect: 'error',
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (deadline.aborted)
        return { kind: 'problem', problem: `no answer within ${this.o.timeoutMs} ms`, retry: false };
      return {
        kind: 'problem',
        problem: `cannot reach the provider (${codeOf(err) ?? 'network error'})`,
        retry: true,
      };
    }
    const body = parseJson(text);
    if (status === 200) {
      const journey = journeyOf(body, pnr);
      return journey
        ? { kind: 'answer', status: { ok: true, journey } }
        : { kind: 'problem', problem: 'a 200 answer that is not the PNR protocol', retry: true };
    }
    if (status === 404 && errorCodeOf(body) === 'PNR_NOT_FOUND')
      return { kind: 'answer', status: { ok: false, reason: 'NOT_FOUND' } };
    // 401/403: our key is wrong, 400: our request is; asking again changes nothing
    const retry = status === 429 || status >= 500;
    return { kind: 'problem', problem: `HTTP ${status}${describe(body)}`, retry };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorCodeOf(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : undefined;
}

/** The provider's own error code, for the log (never its whole body). */
function describe(body: unknown): string {
  const code = errorCodeOf(body);
  return code ? ` ${code.slice(0, 60)}` : '';
}

/** Node's fetch failure codes, on the error or its cause. */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

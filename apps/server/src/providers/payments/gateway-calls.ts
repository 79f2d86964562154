import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayError } from './provider.ts';

/** How long one call to a gateway may take before it counts as failed. */
export const CALL_TIMEOUT_MS = 10_000;
/** Tries of a read or an idempotent call: the first and two retries, 250 ms then 1 s later. */
export const RETRY_DELAYS_MS = [250, 1000] as const;

/** A call that got no answer the adapter can use (down, slow, 5xx): worth trying again later. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

/** HTTP statuses that say "not now" rather than "no": too many requests, the gateway's own failures. */
export const retriable = (status: number) => status === 429 || status >= 500;

/** One call's outcome: an answer, a refusal (never retried), or no usable answer (retried when allowed). */
export type CallOutcome =
  | { kind: 'answer'; body: unknown }
  | { kind: 'refused'; error: GatewayError }
  | { kind: 'unavailable'; problem: string };

/**
 * Makes a gateway call, and again after RETRY_DELAYS_MS while it gets no usable answer, when `retry` says a second
 * call cannot do a second thing (reads, idempotent commands). A refusal is thrown at once; the last outage as
 * GatewayUnavailable.
 */
export async function callWithRetries(
  call: () => Promise<CallOutcome>,
  o: { retry: boolean; log: FastifyBaseLogger; what: Record<string, string>; gateway: string },
): Promise<unknown> {
  const delays = o.retry ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    const outcome = await call();
    if (outcome.kind === 'answer') return outcome.body;
    if (outcome.kind === 'refused') throw outcome.error;
    const delay = delays[attempt];
    if (delay === undefined) throw new GatewayUnavailable(outcome.problem);
    o.log.debug({ ...o.what, attempt: attempt + 1, problem: outcome.problem }, `${o.gateway} call retried`);
    await sleep(delay);
  }
}

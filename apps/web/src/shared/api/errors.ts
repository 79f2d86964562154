import type { ApiError as ApiErrorBody } from '@crust/contract';
import { MESSAGES } from '@crust/domain/messages';

/** An answer the app can show: HTTP status and the server's errors (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorBody[],
  ) {
    super(errors[0]?.displayMsg ?? MESSAGES.somethingWentWrongRetry);
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** A request that never got an HTTP answer (offline, DNS, timeout). */
export class NetworkError extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? MESSAGES.networkRetrying : MESSAGES.internetLost);
  }
}

/**
 * What a failed call says to the customer: the server's displayMsg, the network text, or `fallback` (the generic
 * one, unless the screen has always said something of its own there).
 */
export function messageOf(e: unknown, fallback: string = MESSAGES.somethingWentWrongRetry): string {
  return e instanceof ApiError || e instanceof NetworkError ? e.message : fallback;
}

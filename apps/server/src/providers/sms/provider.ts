import type { SmsMessage } from './templates.ts';

export type { SmsKind, SmsMessage } from './templates.ts';

/**
 * Sends a text to an Indian mobile number (10 digits, no country code). The message is a kind and its variables
 * (./templates.ts), so the provider knows which registered DLT template it is. Resolves once the provider has
 * accepted the text; throws an SmsError when it did not, never failing silently.
 */
export interface SmsProvider {
  send(mobile: string, message: SmsMessage): Promise<void>;
}

/** Why a text was not accepted. */
export type SmsFailure =
  /** the provider answered with an error (bad credentials, number, template…) */
  | 'refused'
  /** the provider answered a non-2xx HTTP status */
  | 'http'
  /** no answer within the timeout */
  | 'timeout'
  /** the connection failed */
  | 'network'
  /** a 2xx answer that does not say success or error */
  | 'unreadable';

/**
 * A text the provider did not accept. Its message names the failure, never the number, the text or its code.
 * `maybeSent` is true when the request may have reached the provider and the text may still arrive (a
 * timeout, a connection cut after sending): callers count it against the number's hourly limit then
 * (docs/operations-sms.md "When a text fails").
 */
export class SmsError extends Error {
  constructor(
    readonly reason: SmsFailure,
    readonly maybeSent: boolean,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsError';
  }
}

/** A number as logs may show it: its last 4 digits (docs/security.md "Personal data"). */
export const maskedNumber = (mobile: string) => `******${mobile.slice(-4)}`;

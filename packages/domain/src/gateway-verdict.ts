/**
 * What a gateway's attempts at one order say about Crust's payment: every source (the browser's callback,
 * a webhook, the client's status check, the reconciler) reads the gateway's list of attempts and turns it
 * into one event for the payment state machine (payment-state.ts), so they all agree.
 */
import type { PaymentEventKind } from './payment-state.ts';

export type GatewayAttemptStatus = 'created' | 'authorized' | 'captured' | 'failed';

export interface GatewayAttempt {
  status: GatewayAttemptStatus;
}

/**
 * - money taken by any attempt → captured (an authorised one will be captured: auto-capture);
 * - an attempt still waiting for the bank or UPI app → nothing yet, until the transaction timeout;
 * - only failed attempts → declined;
 * - no attempt at all → nothing yet, until the timeout, then expired.
 * `ageSeconds` is how long the payment has been open; null answers "no event now".
 */
export function gatewayVerdict(
  attempts: readonly GatewayAttempt[],
  ageSeconds: number,
  timeoutSeconds: number,
): PaymentEventKind | null {
  if (attempts.some((a) => a.status === 'captured')) return 'captured';
  if (attempts.some((a) => a.status === 'authorized')) return 'authorised';
  const timedOut = ageSeconds >= timeoutSeconds;
  if (attempts.some((a) => a.status === 'created')) return timedOut ? 'timed_out' : null;
  if (attempts.length > 0) return 'declined';
  return timedOut ? 'expired' : null;
}

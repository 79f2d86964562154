import type { CardValidateResponse, OrderSummary } from '@crust/contract/orders';
import type { Tracker } from '@crust/contract/tracking';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Success } from '../../shared/api/envelope.ts';

/** SPEC §4 payment status: the server also asks the gateway, so a lost callback is found by asking here. */
export { paymentStatusOf as fetchPaymentStatus } from '../../shared/payment/still-confirming.ts';

/** SPEC §3 Order summary, as the thank-you page shows it. */
export async function fetchOrderSummary(orderId: string, signal?: AbortSignal): Promise<OrderSummary> {
  return (await api<Success<OrderSummary>>(fillPath(API_PATHS.order, { orderId }), { signal })).data;
}

/**
 * A train order's train (issue 16: seat, station, the train's expected arrival now), which the order summary does
 * not carry: the owner's tracker has it.
 */
export async function fetchOrderTrain(orderId: string, signal?: AbortSignal): Promise<Tracker['train']> {
  return (await api<Success<Tracker>>(fillPath(API_PATHS.tracker, { orderId }), { signal })).data.train;
}

export const orderTrainKey = (orderId: string) => ['order', orderId, 'train'] as const;

/** The shape of a transaction id (the contract's TransactionIdSchema); anything else is not asked about. */
export function isTransactionId(value: string | null): value is string {
  return value !== null && /^T[0-9A-F]{20}$/.test(value);
}

export const orderKey = (orderId: string) => ['order', orderId] as const;

/**
 * The card validation call on the card's first 6 digits (never more) for the chosen option: the text to
 * show when the card does not suit it, else null. A failed call counts as a valid card (issue 5): the
 * gateway checks the card again.
 */
export async function cardBinProblem(initialDigits: string, methodCode: 'CC' | 'DC'): Promise<string | null> {
  try {
    const answer = await api<CardValidateResponse>(API_PATHS.cardValidate, {
      method: 'POST',
      body: { cardInitialDigits: initialDigits.slice(0, 6), methodCode },
    });
    return answer.status === 'FAILED' ? (answer.errors[0]?.displayMsg ?? null) : null;
  } catch {
    return null;
  }
}

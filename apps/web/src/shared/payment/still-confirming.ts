import type { PaymentStatus } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api } from '../api/client.ts';
import type { Success } from '../api/envelope.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/**
 * A payment whose page's wait ran out before the server knew its outcome (issue 28 §3): the cart it pays for
 * offers no second payment until the server says how it ended. Kept in localStorage like the cart id, so a
 * reload, another tab or a new visit still knows; the server's status decides when it goes.
 */
export interface StillConfirming {
  transactionId: string;
  /** the cart the payment is for (the app's cart when the wait ran out) */
  cartId: string | null;
  amountPaise: number | null;
}

const KEY = STORAGE_KEYS.stillConfirming;

export function readStillConfirming(): StillConfirming | null {
  const kept = readJson<Partial<StillConfirming> | null>(KEY, null);
  return kept && typeof kept.transactionId === 'string'
    ? {
        transactionId: kept.transactionId,
        cartId: typeof kept.cartId === 'string' ? kept.cartId : null,
        amountPaise: typeof kept.amountPaise === 'number' ? kept.amountPaise : null,
      }
    : null;
}

/** Remembers that this payment is still being confirmed, for the app's current cart. */
export function markStillConfirming(transactionId: string, amountPaise: number | null): void {
  const cartId = readJson<string | null>(STORAGE_KEYS.cartId, null);
  writeJson(KEY, { transactionId, cartId, amountPaise } satisfies StillConfirming);
}

/** Whether this transaction's wait ran out (its page then goes on following it, without a new countdown). */
export function isStillConfirming(transactionId: string): boolean {
  return readStillConfirming()?.transactionId === transactionId;
}

/** The payment ended (or is not this customer's): the cart may be paid again. */
export function forgetStillConfirming(transactionId: string): void {
  if (isStillConfirming(transactionId)) writeJson(KEY, null);
}

/** SPEC §4 payment status, as the cart asks it about the payment it waits for. */
export async function paymentStatusOf(transactionId: string, signal?: AbortSignal): Promise<PaymentStatus> {
  const path = fillPath(API_PATHS.paymentStatus, { transactionId });
  return (await api<Success<PaymentStatus>>(path, { signal })).data;
}

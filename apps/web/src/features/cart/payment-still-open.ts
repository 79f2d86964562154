import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client.ts';
import { replaceCartId } from '../../shared/cart/api.ts';
import {
  forgetStillConfirming,
  paymentStatusOf,
  readStillConfirming,
  type StillConfirming,
} from '../../shared/payment/still-confirming.ts';

/** How often the cart asks again about a payment still being confirmed, while it shows the notice. */
const RECHECK_MS = 15_000;

/**
 * The payment of this cart whose wait ran out and that the server has not settled yet (issue 28 §3): while it is
 * open the cart offers no second payment. Its status is asked of the server on the way in and every 15 s: FAILED
 * (or a transaction the server does not know for this customer) forgets it, so Checkout comes back; SUCCESS
 * forgets the cart too, as the thank-you page would. Until the server has answered, the notice shows: a second
 * payment is what it is there to prevent.
 */
export function usePaymentStillOpen(cartId: string): StillConfirming | null {
  const qc = useQueryClient();
  const kept = readStillConfirming();
  const open = kept && kept.cartId === cartId ? kept : null;
  const transactionId = open?.transactionId ?? null;
  const status = useQuery({
    queryKey: ['stillConfirming', transactionId],
    queryFn: async ({ signal }) => {
      try {
        return (await paymentStatusOf(transactionId!, signal)).status;
      } catch (e) {
        if (e instanceof ApiError && [400, 403, 404].includes(e.status)) return 'NOT_FOUND' as const;
        throw e;
      }
    },
    enabled: transactionId !== null,
    refetchInterval: RECHECK_MS,
    retry: false,
    staleTime: 0,
  });
  const answer = status.data;
  const ended = answer === 'SUCCESS' || answer === 'FAILED' || answer === 'NOT_FOUND';
  useEffect(() => {
    if (!transactionId || !ended) return;
    forgetStillConfirming(transactionId);
    // the order was placed: the server has deleted its cart
    if (answer === 'SUCCESS') replaceCartId(qc, null);
    else void qc.invalidateQueries({ queryKey: ['stillConfirming'] });
  }, [transactionId, ended, answer, qc]);
  return open && !ended ? open : null;
}

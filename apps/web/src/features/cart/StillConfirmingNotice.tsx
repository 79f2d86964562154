import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { replaceCartId } from '../../shared/cart/api.ts';
import { rupees } from '../../shared/format.ts';
import {
  forgetStillConfirming,
  paymentStatusOf,
  type StillConfirming,
} from '../../shared/payment/still-confirming.ts';
import { Link } from '../../shared/router/index.ts';
import { cartT } from './texts.ts';

/** How often the cart asks again about a payment still being confirmed, while it shows the notice. */
const RECHECK_MS = 15_000;

/**
 * Checkout's place while a payment of this cart whose wait ran out is still open (issue 28 §3): the cart offers
 * no second payment. Its status is asked of the server on the way in and every 15 s: FAILED (or a transaction the
 * server does not know for this customer) forgets it, and Checkout comes back; SUCCESS forgets the cart too, as
 * the thank-you page would. Until the server has answered, the notice shows: a second payment is what it is
 * there to prevent. Loaded only when such a payment is kept, so the cart's first download does not carry it.
 */
export default function StillConfirmingNotice({
  open,
  fallbackPaise,
  onEnded,
}: {
  open: StillConfirming;
  /** the cart's price, should the amount not have been kept */
  fallbackPaise: number;
  onEnded: () => void;
}) {
  const qc = useQueryClient();
  const { transactionId } = open;
  const status = useQuery({
    queryKey: ['stillConfirming', transactionId],
    queryFn: async ({ signal }) => {
      try {
        return (await paymentStatusOf(transactionId, signal)).status;
      } catch (e) {
        if (e instanceof ApiError && [400, 403, 404].includes(e.status)) return 'NOT_FOUND' as const;
        throw e;
      }
    },
    refetchInterval: RECHECK_MS,
    retry: false,
    staleTime: 0,
  });
  const answer = status.data;
  const ended = answer === 'SUCCESS' || answer === 'FAILED' || answer === 'NOT_FOUND';
  useEffect(() => {
    if (!ended) return;
    forgetStillConfirming(transactionId);
    // the order was placed: the server has deleted its cart
    if (answer === 'SUCCESS') replaceCartId(qc, null);
    onEnded();
  }, [transactionId, ended, answer, qc, onEnded]);
  if (ended) return null;
  return (
    <div className="cart-bar-action cart-still-confirming" role="status">
      <p className="cart-still-confirming-text">
        {cartT('stillConfirming', { amount: rupees(open.amountPaise ?? fallbackPaise) })}
      </p>
      <Link className="btn btn-secondary" to={`${paths.paymentTransaction()}?transactionId=${transactionId}`}>
        {cartT('viewPaymentStatus')}
      </Link>
    </div>
  );
}

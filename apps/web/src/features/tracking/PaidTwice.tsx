import { useQuery } from '@tanstack/react-query';
import type { Tracker } from '@crust/contract/tracking';
import { ExtraPaymentsNote } from '../../shared/payment/ExtraPaymentsNote.tsx';
import { fetchExtraPayments } from './api.ts';

/**
 * "₹X paid twice; the second payment is being refunded" on the owner's tracker (issue 28 §1): a second capture
 * usually arrives after the order was placed, while the customer watches it, so the order is asked again whenever
 * its stage moves. Whoever tracks by a shared key sees nothing of the order's payments.
 */
export function PaidTwice({ tracker }: { tracker: Tracker }) {
  const owner = tracker.orderSummary.netPrice !== null;
  const extras = useQuery({
    queryKey: ['order-extra-payments', tracker.orderId, tracker.tracker.stage],
    queryFn: ({ signal }) => fetchExtraPayments(tracker.orderId, signal),
    enabled: owner,
    staleTime: Infinity,
    retry: false,
  });
  return <ExtraPaymentsNote payments={extras.data} />;
}

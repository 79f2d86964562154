import { lazy, Suspense } from 'react';
import { importWithRetry } from '../lazy-retry.ts';

const OrderUpdates = lazy(() => importWithRetry(() => import('./OrderUpdates.tsx')));

/**
 * The opt-in to order notifications (./OrderUpdates.tsx), loaded after the thank-you page: it is not needed to
 * read the page, and the first screen's budget (docs/performance.md) stays the page's.
 */
export function OrderUpdatesLater({ orderId }: { orderId: string }) {
  return (
    <Suspense fallback={null}>
      <OrderUpdates orderId={orderId} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { Cart } from '@crust/contract';
import { importWithRetry } from '../../shared/lazy-retry.ts';

const Deal = lazy(() =>
  importWithRetry(() => import('./BestDeal.tsx').then((m) => ({ default: m.BestDeal }))),
);

/**
 * The best-deal suggestion (./BestDeal.tsx), loaded only for a cart that has one: most carts do not, and the cart's
 * first paint sits at its JavaScript budget (the analytics tracker took the last bytes, issue 33 §3).
 */
export function BestDealLater({ cart }: { cart: Cart }) {
  if (!cart.bestDeal) return null;
  return (
    <Suspense fallback={null}>
      <Deal cart={cart} />
    </Suspense>
  );
}

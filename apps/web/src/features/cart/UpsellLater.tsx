import { lazy, Suspense } from 'react';
import type { Cart } from '@crust/contract';
import { importWithRetry } from '../../shared/lazy-retry.ts';
import { UpsellSpace } from './UpsellSpace.tsx';

const Recommendations = lazy(() =>
  importWithRetry(() => import('./Upsell.tsx').then((m) => ({ default: m.Upsell }))),
);

/**
 * The cart's recommendations (./Upsell.tsx), loaded after the cart: they wait for their own answer anyway, and
 * they stay out of the cart's first paint, whose JavaScript sits at its budget (docs/performance.md; the partner
 * mini-apps' switches took the last bytes, issue 18).
 */
export function UpsellLater({ cart }: { cart: Cart }) {
  return (
    <Suspense fallback={<UpsellSpace />}>
      <Recommendations cart={cart} />
    </Suspense>
  );
}

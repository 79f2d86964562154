import { lazy, Suspense } from 'react';
import type { Cart } from '@crust/contract';
import { importWithRetry } from '../../shared/lazy-retry.ts';

const Gift = lazy(() =>
  importWithRetry(() => import('./SurpriseGift.tsx').then((m) => ({ default: m.SurpriseGift }))),
);

/**
 * How far the cart is from the free gift (./SurpriseGift.tsx), loaded only when the server sends a gift: the
 * cart's first paint sits at its JavaScript budget (the analytics tracker took the last bytes, issue 33 §3).
 */
export function SurpriseGiftLater({ cart }: { cart: Cart }) {
  if (!cart.surpriseGift?.name) return null;
  return (
    <Suspense fallback={null}>
      <Gift cart={cart} />
    </Suspense>
  );
}

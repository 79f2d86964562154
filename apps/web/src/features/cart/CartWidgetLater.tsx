import { lazy, Suspense } from 'react';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { importWithRetry } from '../../shared/lazy-retry.ts';

const Widget = lazy(() =>
  importWithRetry(() => import('./CartWidget.tsx').then((m) => ({ default: m.CartWidget }))),
);

/**
 * The cart's static widget (./CartWidget.tsx), loaded after the cart: it waits for its own answer anyway, and
 * the markup renderer stays out of the cart's first paint (docs/performance.md budget).
 */
export function CartWidgetLater({ deliveryType }: { deliveryType: DeliveryType }) {
  return (
    <Suspense fallback={null}>
      <Widget deliveryType={deliveryType} />
    </Suspense>
  );
}

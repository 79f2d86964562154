import { track } from '../../shared/analytics/track.ts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { rupees } from '../../shared/format.ts';
import type { StillConfirming } from '../../shared/payment/still-confirming.ts';
import { readJson, STORAGE_KEYS } from '../../shared/storage.ts';
import { cartT } from './texts.ts';
import { useOnline } from '../../shared/online.ts';
import { useKeptEdits, waitingEdits } from '../../shared/cart/outbox.ts';

const StillConfirmingNotice = lazy(() => import('./StillConfirmingNotice.tsx'));

/**
 * The cart's total and the way on to checkout, at the foot of the screen; while a payment for this cart is still
 * being confirmed, a notice and the way to its status instead (issue 28 §3: no second payment for it).
 */
export function CheckoutBar({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  // read here, not through still-confirming.ts, so the cart's first download stays as it was
  const [open, setOpen] = useState(() => {
    const kept = readJson<Partial<StillConfirming> | null>(STORAGE_KEYS.stillConfirming, null);
    return kept && typeof kept.transactionId === 'string' && kept.cartId === cart.cartId
      ? { transactionId: kept.transactionId, cartId: kept.cartId, amountPaise: kept.amountPaise ?? null }
      : null;
  });
  const ended = useCallback(() => setOpen(null), []);
  // paying needs the server, and the cart it prices must hold what was tapped offline first
  const online = useOnline();
  const waiting = waitingEdits(useKeptEdits()).length > 0;
  const why = !online ? cartT('checkoutNeedsConnection') : waiting ? cartT('checkoutWaitsForKept') : null;
  return (
    <div className="total-bar" role="region" aria-label={cartT('totalToPay')}>
      <div className="total-bar-total">
        <span className="total-bar-label">{cartT('total')}</span>
        <strong data-testid="grand-total" aria-live="polite">
          {rupees(cart.price)}
        </strong>
      </div>
      {open ? (
        // no Checkout while the notice loads: a second payment is what it is there to prevent
        <Suspense fallback={null}>
          <StillConfirmingNotice open={open} fallbackPaise={cart.price} onEnded={ended} />
        </Suspense>
      ) : (
        <div className="cart-bar-action">
          <button
            type="button"
            className="btn btn-primary"
            disabled={cart.validItems.length === 0 || why !== null}
            aria-describedby={why ? 'cart-checkout-why' : undefined}
            onClick={() => {
              track('checkout_started');
              void navigate(paths.payment());
            }}
          >
            {cartT('checkout')}
          </button>
          {why ? (
            <p id="cart-checkout-why" className="cart-bar-why" role="status">
              {why}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

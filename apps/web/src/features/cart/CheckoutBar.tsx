import { useId } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { paths } from '../../app/paths.ts';
import { routes } from '../../app/routes.tsx';
import { rupees } from '../../shared/format.ts';
import { cartT } from './texts.ts';

/** Checkout is a later release: the button leads there once the app has the route. */
const checkoutReady = routes.some((r) => r.path === paths.payment.pattern);

/** The cart's total and the way on to checkout, at the foot of the screen. */
export function CheckoutBar({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const noteId = useId();
  const canCheckout = checkoutReady && cart.validItems.length > 0;
  return (
    <div className="total-bar" role="region" aria-label={cartT('totalToPay')}>
      <div className="total-bar-total">
        <span className="total-bar-label">{cartT('total')}</span>
        <strong data-testid="grand-total" aria-live="polite">
          {rupees(cart.price)}
        </strong>
      </div>
      <div className="cart-bar-action">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canCheckout}
          title={checkoutReady ? undefined : cartT('checkoutSoon')}
          aria-describedby={checkoutReady ? undefined : noteId}
          onClick={() => void navigate(paths.payment())}
        >
          {cartT('checkout')}
        </button>
        {checkoutReady ? null : (
          <span id={noteId} className="cart-bar-note">
            {cartT('checkoutSoon')}
          </span>
        )}
      </div>
    </div>
  );
}

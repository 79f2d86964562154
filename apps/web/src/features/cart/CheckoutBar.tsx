import { useNavigate } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { paths } from '../../app/paths.ts';
import { rupees } from '../../shared/format.ts';
import { cartT } from './texts.ts';

/** The cart's total and the way on to checkout, at the foot of the screen. */
export function CheckoutBar({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
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
          disabled={cart.validItems.length === 0}
          onClick={() => void navigate(paths.payment())}
        >
          {cartT('checkout')}
        </button>
      </div>
    </div>
  );
}

import { Link, useNavigate } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { paths } from '../../app/paths.ts';
import { rupees } from '../../shared/format.ts';
import { usePaymentStillOpen } from './payment-still-open.ts';
import { cartT } from './texts.ts';

/**
 * The cart's total and the way on to checkout, at the foot of the screen; while a payment for this cart is still
 * being confirmed, a notice and the way to its status instead (issue 28 §3: no second payment for it).
 */
export function CheckoutBar({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const stillOpen = usePaymentStillOpen(cart.cartId);
  return (
    <div className="total-bar" role="region" aria-label={cartT('totalToPay')}>
      <div className="total-bar-total">
        <span className="total-bar-label">{cartT('total')}</span>
        <strong data-testid="grand-total" aria-live="polite">
          {rupees(cart.price)}
        </strong>
      </div>
      {stillOpen ? (
        <div className="cart-bar-action cart-still-confirming" role="status">
          <p className="cart-still-confirming-text">
            {cartT('stillConfirming', {
              amount: rupees(stillOpen.amountPaise ?? cart.price),
            })}
          </p>
          <Link
            className="btn btn-secondary"
            to={`${paths.paymentTransaction()}?transactionId=${stillOpen.transactionId}`}
          >
            {cartT('viewPaymentStatus')}
          </Link>
        </div>
      ) : (
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
      )}
    </div>
  );
}

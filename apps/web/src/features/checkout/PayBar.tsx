import type { Cart } from '@crust/contract';
import { formatRupees, paise } from '@crust/domain/money';
import { ck } from './texts.ts';

/** The sticky bottom bar: the cart's total as the server priced it, and the one button that places the order. */
export function PayBar(props: {
  cart: Cart;
  payPaise: number;
  walletOnly: boolean;
  cash: boolean;
  sending: boolean;
  onPay: () => void;
}) {
  const label = props.sending
    ? ck('sending')
    : props.walletOnly
      ? ck('payWithWallet')
      : props.cash
        ? ck('placeOrder')
        : ck('pay', { amount: formatRupees(paise(props.payPaise)) });
  return (
    <div className="total-bar" role="region" aria-label={ck('totalToPay')}>
      <div className="total-bar-total">
        <span className="total-bar-label">{ck('total')}</span>
        <strong data-testid="checkout-total">{formatRupees(paise(props.cart.price))}</strong>
      </div>
      <button
        type="button"
        className="btn btn-primary ck-pay"
        disabled={props.sending}
        aria-busy={props.sending || undefined}
        onClick={props.onPay}
      >
        {label}
      </button>
    </div>
  );
}

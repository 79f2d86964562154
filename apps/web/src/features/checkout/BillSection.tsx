import type { Cart } from '@crust/contract';
import { CalcRows } from '../../shared/cart/CalcRows.tsx';
import { rupees } from '../../shared/format.ts';
import { ck } from './texts.ts';

/**
 * What is being paid for (issue 31 item 6), above Pay: the items and the cart's own breakdown rows, folded under
 * a line with the count and the total so the form stays short; open, it is the bill the cart showed.
 */
export function BillSection({ cart }: { cart: Cart }) {
  return (
    <details className="ck-block ck-bill" data-testid="checkout-bill">
      <summary className="ck-bill-summary">
        <span className="ck-h">{ck('billTitle')}</span>
        <span className="ck-bill-count">
          {cart.itemCount === 1 ? ck('billOneItem') : ck('billItems', { count: cart.itemCount })}
          {' · '}
          {rupees(cart.price)}
        </span>
      </summary>
      <ul className="ck-bill-items">
        {cart.validItems.map((line) => (
          <li key={line.itemId} className="ck-bill-item">
            <span className="ck-bill-name">
              {ck('billLine', { quantity: line.quantity, name: line.product.name })}
              {line.summary ? <span className="ck-bill-desc">{line.summary}</span> : null}
            </span>
            <span className="ck-bill-price">{rupees(line.totalPriceAfterDiscount)}</span>
          </li>
        ))}
      </ul>
      <CalcRows entries={cart.cartCalculations} />
    </details>
  );
}

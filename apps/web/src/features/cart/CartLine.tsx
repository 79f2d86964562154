import { Link } from '../../shared/router/index.ts';
import type { Cart, CartItem } from '@crust/contract';
import { CART_MAX_ITEMS } from '@crust/domain/constants';
import { rupees } from '../../shared/format.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { quantityLabels, Stepper } from '../../shared/ui/form/Stepper.tsx';
import { customiseHref } from '../../shared/menu/customise-selection.ts';
import { useCartActions, useCartBusy } from '../../shared/cart/api.ts';
import { lineCustomisation } from '../../shared/cart/items.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** One line of the cart: name, what was chosen, edit and remove, the quantity and the line's price. */
export function CartLine({ line, cart }: { line: CartItem; cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const name = line.product.name;
  return (
    <article className="cart-line" aria-label={name}>
      <div className="cart-line-main">
        <p className="cart-line-name">
          <FoodMark foodType={line.nonVeg ? 'NON_VEG' : 'VEG'} />
          <span>{name}</span>
        </p>
        {line.summary ? <p className="cart-line-summary">{line.summary}</p> : null}
        {line.isEDVOApplied ? <span className="cart-tag">{cartT('everydayValue')}</span> : null}
        <div className="cart-line-links">
          {line.isCustomizable ? (
            <Link
              className="cart-link"
              to={customiseHref(line.product.code, lineCustomisation(line), line.itemId)}
              aria-label={cartT('editItem', { name })}
            >
              {cartT('edit')}
            </Link>
          ) : null}
          <button
            type="button"
            className="cart-link"
            aria-label={cartT('removeItem', { name })}
            disabled={busy}
            onClick={() => void actions.removeItem(line.itemId).catch(notifyError)}
          >
            {cartT('remove')}
          </button>
        </div>
      </div>
      <div className="cart-line-side">
        <Stepper
          {...quantityLabels(name)}
          value={line.quantity}
          // the cart's item limit: no more of anything once it is full
          max={cart.itemCount < CART_MAX_ITEMS ? Infinity : line.quantity}
          disabled={busy}
          onChange={(n) => void actions.setQuantity(line.itemId, n).catch(notifyError)}
        />
        <span className="cart-line-price" data-testid={`line-price-${line.itemId}`}>
          <span className="visually-hidden">{cartT('linePrice')} </span>
          <strong>{rupees(line.totalPriceAfterDiscount)}</strong>
          {line.totalDiscount > 0 ? (
            <s>
              <span className="visually-hidden">{cartT('wasPrice')} </span>
              {rupees(line.totalPrice)}
            </s>
          ) : null}
        </span>
      </div>
    </article>
  );
}

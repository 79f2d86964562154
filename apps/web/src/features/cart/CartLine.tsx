import { Link } from '../../shared/router/index.ts';
import type { Cart, CartItem } from '@crust/contract';
import { CART_MAX_ITEMS } from '@crust/domain/constants';
import { rupees } from '../../shared/format.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { quantityLabels, Stepper } from '../../shared/ui/form/Stepper.tsx';
import { customiseHref } from '../../shared/menu/customise-href.ts';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { lineCustomisation } from '../../shared/cart/items.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';
import { LOYALTY } from '@crust/domain/loyalty';
import { lyt } from '../../shared/loyalty/texts.ts';

/**
 * One line of the cart: name, what was chosen, edit and remove, the quantity and the line's price. A free pizza
 * (SPEC §3 menuType LOYALTY) says what it costs in points; it is one pizza, kept as chosen, so it has neither a
 * stepper nor an edit (an edit would make it a paid line).
 */
export function CartLine({ line, cart }: { line: CartItem; cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const name = line.product.name;
  const free = line.menuType === 'LOYALTY';
  return (
    <article className="cart-line" aria-label={name}>
      <div className="cart-line-main">
        <p className="cart-line-name">
          <FoodMark foodType={line.nonVeg ? 'NON_VEG' : 'VEG'} />
          <span>{name}</span>
        </p>
        {line.summary ? <p className="cart-line-summary">{line.summary}</p> : null}
        {line.isEDVOApplied ? <span className="cart-tag">{cartT('everydayValue')}</span> : null}
        {free ? (
          <span className="cart-tag cart-tag-free">{lyt('freeWith', { n: LOYALTY.itemRedeemPoints })}</span>
        ) : null}
        <div className="cart-line-links">
          {line.isCustomizable && !free ? (
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
        {free ? null : (
          <Stepper
            {...quantityLabels(name)}
            value={line.quantity}
            // the cart's item limit: no more of anything once it is full
            max={cart.itemCount < CART_MAX_ITEMS ? Infinity : line.quantity}
            disabled={busy}
            onChange={(n) => void actions.setQuantity(line.itemId, n).catch(notifyError)}
          />
        )}
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

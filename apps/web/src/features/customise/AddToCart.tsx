import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../shared/router/index.ts';
import type { Customisation } from '@crust/domain/customise';
import { paths } from '../../config/paths.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { toCartInput } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { ct } from './texts.ts';

/**
 * The bar's main button: adds the choice to the cart (then says so, with a way to the cart), or, opened
 * from the cart's "Edit", saves over that line and goes back to the cart.
 */
export function AddToCart({
  productCode,
  choice,
  ok,
  price,
  editItemId,
}: {
  productCode: string;
  choice: Customisation;
  ok: boolean;
  price: string;
  editItemId: string | null;
}) {
  const actions = useCartActions();
  const add = useAddToCart();
  const navigate = useNavigate();
  // opened from the cart's "Edit" (known at mount: later choices replace the URL): going back returns to
  // the cart; opened straight from a link, the cart replaces this screen
  const location = useLocation();
  const [cameFromApp] = useState(() => location.key !== 'default');
  const [state, setState] = useState<{
    for: Customisation;
    phase: 'saving' | 'added' | 'failed';
    msg?: string;
  }>();
  // a new choice is a new question: the last answer no longer applies to it
  const current = state?.for === choice ? state : undefined;
  const save = () => {
    const input = toCartInput(productCode, choice);
    setState({ for: choice, phase: 'saving' });
    const done = editItemId ? actions.replaceItem(editItemId, input) : add(input);
    done.then(
      (cart) => {
        if (editItemId && cameFromApp) void navigate(-1);
        else if (editItemId) void navigate(paths.cart(), { replace: true });
        // null: no store yet, the location is asked for first and the add made there
        else setState(cart ? { for: choice, phase: 'added' } : undefined);
      },
      (e: unknown) =>
        setState({
          for: choice,
          phase: 'failed',
          msg: messageOf(e),
        }),
    );
  };
  const n = choice.quantity;
  return (
    <>
      <button
        type="button"
        className="customise-bar-total"
        disabled={!ok || current?.phase === 'saving'}
        onClick={save}
      >
        <span className="customise-bar-add">{editItemId ? ct('updateCart') : ct('addToCart')}</span>
        <span className="customise-bar-price" data-testid="customise-total">
          <span className="visually-hidden">{ct('total')} </span>
          {price}
        </span>
        <span className="customise-bar-note">
          {n === 1 ? ct('totalFor', { count: 1 }) : ct('totalForMany', { count: n })}
        </span>
      </button>
      <div className="customise-bar-status">
        <p role="status">
          {current?.phase === 'added' ? (
            <>
              {ct('added')}{' '}
              <Link to={paths.cart()} className="customise-bar-link">
                {ct('viewCart')}
              </Link>
            </>
          ) : null}
        </p>
        <p role="alert" className="error-text">
          {current?.phase === 'failed' ? current.msg : null}
        </p>
      </div>
    </>
  );
}

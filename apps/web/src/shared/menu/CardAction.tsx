import { MESSAGES } from '@crust/domain/messages';
import type { MenuProduct } from '@crust/contract';
import { type ProductInCart } from '../cart/api.ts';
import { useCartActions } from '../cart/changes.ts';
import { defaultCartInput } from '../cart/items.ts';
import { useAddToCart } from '../cart/location-first.ts';
import { notifyError } from '../cart/toasts.ts';
import { mt } from './texts.ts';
import { quantityLabels, Stepper } from '../ui/form/Stepper.tsx';

/**
 * "Add" puts one of the product in the cart as it comes (the cheapest variant, no changes: a pizza's
 * default customisation); once it is in the cart the card shows how many, with − and +. "+" repeats the
 * product's last line, "−" takes one off it.
 */
export function CardAction({
  product: p,
  inCart,
  busy,
}: {
  product: MenuProduct;
  inCart: ProductInCart | undefined;
  busy: boolean;
}) {
  const actions = useCartActions();
  const add = useAddToCart();
  if (!p.inStock) return <span className="menu-oos">{MESSAGES.outOfStock}</span>;
  if (inCart) {
    return (
      <Stepper
        {...quantityLabels(p.name)}
        value={inCart.quantity}
        disabled={busy}
        onChange={(_, step) =>
          void actions.setQuantity(inCart.itemId, inCart.lineQuantity + step).catch(notifyError)
        }
      />
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary menu-card-btn"
      aria-label={mt('addItem', { name: p.name })}
      onClick={() => void add(defaultCartInput(p)).catch(notifyError)}
    >
      {mt('add')}
    </button>
  );
}

import type { MenuProduct } from '@crust/contract';
import { t } from '../../shared/i18n/index.ts';
import { useCartActions, type ProductInCart } from '../../shared/cart/api.ts';
import { defaultCartInput } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { notifyError } from '../../shared/cart/toasts.ts';
import { mt } from '../../shared/menu/texts.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- issue 13 §2: the form kit moves this to shared/ui
import { QuantityStepper } from '../cart/QuantityStepper.tsx';

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
  if (!p.inStock) return <span className="menu-oos">{t('outOfStock')}</span>;
  if (inCart) {
    return (
      <QuantityStepper
        name={p.name}
        value={inCart.quantity}
        disabled={busy}
        onDecrease={() => void actions.setQuantity(inCart.itemId, inCart.lineQuantity - 1).catch(notifyError)}
        onIncrease={() => void actions.setQuantity(inCart.itemId, inCart.lineQuantity + 1).catch(notifyError)}
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

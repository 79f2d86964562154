import type { Cart } from '@crust/contract';
import { rupees } from '../../shared/format.ts';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** An optional charge the customer may opt out of (SPEC §9 optional charge code K). */
export function OptionalCharge({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const charge = cart.optedOptionalCharges[0];
  if (!charge) return null;
  return (
    <Checkbox
      className="cart-block cart-check"
      label={cartT('optionalCharge', { label: charge.label, amount: rupees(charge.amount) })}
      checked={charge.selected}
      disabled={busy}
      onChange={() => void actions.setOptionalCharge(!charge.selected).catch(notifyError)}
    />
  );
}

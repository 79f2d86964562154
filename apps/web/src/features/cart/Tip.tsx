import type { Cart } from '@crust/contract';
import { rupees } from '../../shared/format.ts';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** Tips are for delivery orders only. */
export function Tip({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  if (cart.deliveryType !== 'D' || cart.tip.options.length === 0) return null;
  const options = [0, ...cart.tip.options.filter((x) => x > 0)];
  const chosen = cart.tip.tipRemoved ? 0 : cart.tip.tipAmount;
  return (
    <RadioGroup
      className="cart-block cart-tip"
      legend={cartT('tipTitle')}
      legendClassName="cart-h legend-heading"
      before={<p className="cart-hint">{cartT('tipHint')}</p>}
      optionsClassName="filter-chips"
      value={chosen}
      disabled={busy}
      onChange={(amount) => void actions.setTip(amount).catch(notifyError)}
      options={options.map((amount) => ({
        value: amount,
        className: 'filter-chip cart-chip',
        inputProps: { className: 'filter-chip-input' },
        label: <span className="filter-chip-face">{amount === 0 ? cartT('noTip') : rupees(amount)}</span>,
      }))}
    />
  );
}

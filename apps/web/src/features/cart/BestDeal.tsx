import type { Cart } from '@crust/contract';
import { rupees } from '../../shared/format.ts';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';
import { useCapability } from '../../shared/app-config/capabilities.ts';

/** The best coupon for this cart, one tap from applied (hidden once it is). */
export function BestDeal({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const offersOn = useCapability('offers');
  const deal = cart.bestDeal;
  // where offers are blocked (a partner's mini-app, SPEC §6) no coupon is offered
  if (!offersOn || !deal || cart.appliedPromo?.code === deal.code) return null;
  return (
    <div className="cart-deal">
      {/* a coupon that chooses how it is paid says so: "Pay by UPI to save ₹40" */}
      <p>{deal.condition ?? cartT('bestDeal', { amount: rupees(deal.saving), title: deal.title })}</p>
      <button
        type="button"
        className="btn btn-primary cart-small-btn"
        disabled={busy}
        aria-label={cartT('applyBestDeal', { title: deal.title })}
        onClick={() => void actions.applyPromo(deal.code).catch(notifyError)}
      >
        {cartT('apply')}
      </button>
    </div>
  );
}

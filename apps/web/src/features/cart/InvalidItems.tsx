import { useState } from 'react';
import type { Cart, InvalidCartItem } from '@crust/contract';
import { rupees } from '../../shared/format.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { cartT } from './texts.ts';
import { invalidT } from './invalid-items-texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** Lines that cannot be ordered as they are, with the reason; the SPEC §8 dialog offers to drop the unavailable ones. */
export function InvalidItems({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const unavailable = cart.invalidItems.filter((i) => i.reasonCode !== 'PRICE_CHANGED');
  const priceChanged = cart.invalidItems.filter((i) => i.reasonCode === 'PRICE_CHANGED');
  // the dialog comes back only when the set of unavailable lines changes
  const dialogKey = unavailable.map((i) => i.itemId).join(',');
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (cart.invalidItems.length === 0) return null;
  return (
    <section className="cart-block cart-invalid" aria-labelledby="cart-invalid-h">
      <h2 id="cart-invalid-h" className="cart-h">
        {invalidT('unavailableTitle')}
      </h2>
      <p className="cart-warn">{invalidT('reviewCart')}</p>
      <ul className="cart-lines">
        {cart.invalidItems.map((item) => (
          <li key={item.itemId}>
            <InvalidLine item={item} busy={busy} />
          </li>
        ))}
      </ul>
      {priceChanged.length > 1 ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => void actions.acceptPrices().catch(notifyError)}
        >
          {invalidT('acceptAllPrices')}
        </button>
      ) : null}
      {unavailable.length > 0 && dismissed !== dialogKey ? (
        <Dialog
          title={invalidT('unavailableDialog')}
          actionLabel={invalidT('removeUnavailable')}
          onAction={() => {
            setDismissed(dialogKey);
            actions.removeInvalid().catch(notifyError);
          }}
          secondaryLabel={invalidT('reviewFirst')}
          onSecondary={() => setDismissed(dialogKey)}
          onDismiss={() => setDismissed(dialogKey)}
        >
          <ul className="cart-dialog-list">
            {unavailable.map((i) => (
              <li key={i.itemId}>
                {i.name} — {i.reason}
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </section>
  );
}

function InvalidLine({ item, busy }: { item: InvalidCartItem; busy: boolean }) {
  const actions = useCartActions();
  const now = item.currentPricePerQty;
  return (
    <article className="cart-line cart-line-invalid" aria-label={item.name}>
      <div className="cart-line-main">
        <p className="cart-line-name">
          <span>
            {item.name} × {item.quantity}
          </span>
        </p>
        {item.summary ? <p className="cart-line-summary">{item.summary}</p> : null}
        <p className="cart-reason">{item.reason}</p>
        {item.reasonCode === 'PRICE_CHANGED' && now !== null ? (
          <p className="cart-line-summary">
            {invalidT('priceChangedFrom', { old: rupees(item.pricePerQty), now: rupees(now) })}
          </p>
        ) : null}
      </div>
      <div className="cart-line-actions">
        {item.reasonCode === 'PRICE_CHANGED' && now !== null ? (
          <button
            type="button"
            className="btn btn-secondary cart-small-btn"
            disabled={busy}
            aria-label={invalidT('keepItemAt', { name: item.name, price: rupees(now) })}
            onClick={() => void actions.acceptPrice(item.itemId).catch(notifyError)}
          >
            {invalidT('keepAt', { price: rupees(now) })}
          </button>
        ) : null}
        <button
          type="button"
          className="cart-link"
          disabled={busy}
          aria-label={cartT('removeItem', { name: item.name })}
          onClick={() => void actions.removeItem(item.itemId).catch(notifyError)}
        >
          {cartT('remove')}
        </button>
      </div>
    </article>
  );
}

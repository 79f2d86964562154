import { useEffect } from 'react';
import { Link, useLocation } from '../../shared/router/index.ts';
import { TOAST_MS } from '@crust/domain/constants';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { useIdleReady } from '../idle.ts';
import { useCart } from './api.ts';
import { loadCartActions, useCartFollowsStore, useSendKeptEdits } from './changes.ts';
import { keptCountChange, useKeptEdits } from './outbox.ts';
import { cartT } from './texts.ts';
import { dismissToast, useToasts, type Toast } from './toasts.ts';
import './dock.css';

/** Screens with a bottom bar of their own (or the cart itself) do not show the dock. */
const NO_DOCK =
  /^\/(cart|customise|address|payment|paymentType|payGateway|paymentTransaction|upiForm|thankYou|jfl-discovery-payment)(\/|$)/;

/**
 * Where the browser comes back once an order is paid: the gateway's return (a full page load) and the thank-you page.
 * The order has used the cart up (the thank-you page forgets its id), so asking for it there would be a 404.
 */
const ORDER_END = /^\/(paymentTransaction|thankYou)(\/|$)/;

/**
 * Always mounted by the layout, and kept tiny (it is part of the first screen's JavaScript): the cart's
 * item count and total linking to /cart, the cart toasts, and the cart following the chosen store.
 */
export function CartDock() {
  const { pathname } = useLocation();
  // the first screen paints before the cart is asked for
  const ready = useIdleReady();
  const cart = useCart({ enabled: ready && !ORDER_END.test(pathname) }).data;
  useEffect(() => {
    // the cart's changes are a chunk of their own: here before the customer's first tap needs them
    if (ready) loadCartActions().catch(() => undefined);
  }, [ready]);
  useCartFollowsStore(cart);
  useSendKeptEdits();
  // what was tapped offline counts at once; the total is the server's, so it shows only once they are sent
  const kept = useKeptEdits();
  const count = Math.max(0, (cart?.itemCount ?? 0) + keptCountChange(kept, cart));
  const total = kept.length === 0 && cart ? formatRupees(paise(cart.price)) : null;
  return (
    <>
      {/* where a screen has its own bottom bar (the cart's upsell and checkout), a toast there would cover its
          buttons: it shows at the top instead */}
      <CartToast atTop={NO_DOCK.test(pathname)} />
      {count > 0 && !NO_DOCK.test(pathname) ? (
        <>
          {/* the dock is pinned to the screen's bottom: this keeps the page's end from sliding under it */}
          <div className="cart-dock-space" aria-hidden="true" />
          <div className="cart-dock">
            <Link
              to={paths.cart()}
              className="cart-dock-link"
              aria-label={count === 1 ? cartT('viewCartOne') : cartT('viewCartCount', { count })}
            >
              <span className="cart-dock-badge" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="22" height="22">
                  <path
                    d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                  <circle cx="10" cy="20" r="1.5" fill="currentColor" />
                  <circle cx="17" cy="20" r="1.5" fill="currentColor" />
                </svg>
                <span className="cart-dock-count" data-testid="cart-count">
                  {count}
                </span>
              </span>
              <span className="cart-dock-text" aria-hidden="true">
                <span>{count === 1 ? cartT('itemsOne') : cartT('itemsCount', { count })}</span>
                {total ? <strong>{total}</strong> : null}
              </span>
              <span className="cart-dock-go" aria-hidden="true">
                {cartT('viewCart')}
              </span>
            </Link>
          </div>
        </>
      ) : null}
    </>
  );
}

/** One toast at a time; the live regions stay in the page so screen readers hear every message. */
export function CartToast({ atTop = false }: { atTop?: boolean }) {
  const toasts = useToasts();
  const current = toasts[0];
  return (
    <div className={atTop ? 'cart-toasts cart-toasts-top' : 'cart-toasts'}>
      <div role="status" aria-live="polite">
        {current?.tone === 'info' ? <ToastCard toast={current} /> : null}
      </div>
      <div role="alert">{current?.tone === 'error' ? <ToastCard toast={current} /> : null}</div>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  useEffect(() => {
    const id = window.setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => window.clearTimeout(id);
  }, [toast.id]);
  return (
    <p className={toast.tone === 'error' ? 'cart-toast cart-toast-error' : 'cart-toast'}>{toast.text}</p>
  );
}

import type { Cart } from '@crust/contract';
import { lazy, Suspense } from 'react';
import { importWithRetry } from '../../shared/lazy-retry.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { StoreStatusNoticeLater } from '../../shared/location/StoreStatusNoticeLater.tsx';
import { useCart, useCelebration } from '../../shared/cart/api.ts';
import { BestDeal } from './BestDeal.tsx';
import { Breakdown } from './Breakdown.tsx';
import { CartLine } from './CartLine.tsx';
import { CheckoutBar } from './CheckoutBar.tsx';
import { Coupon } from './Coupon.tsx';
import { CartWidgetLater } from './CartWidgetLater.tsx';
import { useKeptEdits } from '../../shared/cart/outbox.ts';
import { OptionalCharge } from './OptionalCharge.tsx';
import { SurpriseGift } from './SurpriseGift.tsx';
import { Tip } from './Tip.tsx';
import { UpsellLater } from './UpsellLater.tsx';
import { PointsNote } from '../../shared/loyalty/PointsNote.tsx';
import { cartT } from './texts.ts';
import '../../shared/menu/menu.css';
import './cart.css';

/**
 * What an empty cart shows (its own chunk: a cart with items, the first screen's usual case, never needs it, and
 * `/cart`'s first paint is at its JavaScript budget). Nothing is below it to move when it comes.
 */
const EmptyCart = lazy(() =>
  importWithRetry(() => import('./EmptyCart.tsx')).then((m) => ({ default: m.EmptyCart })),
);

// the confetti bursts only when an offer unlocks, after a change on this screen: its code comes then
const Confetti = lazy(() =>
  importWithRetry(() => import('./Confetti.tsx').then((m) => ({ default: m.Confetti }))),
);
// only edits tapped offline show this block: most carts never load it
const KeptEditsBlock = lazy(() =>
  importWithRetry(() => import('./KeptEdits.tsx').then((m) => ({ default: m.KeptEdits }))),
);
function KeptEdits() {
  return useKeptEdits().length === 0 ? null : (
    <Suspense fallback={null}>
      <KeptEditsBlock />
    </Suspense>
  );
}

// only a cart with lines that cannot be ordered shows this block (and its dialog): most carts never load it
const InvalidItems = lazy(() =>
  importWithRetry(() => import('./InvalidItems.tsx').then((m) => ({ default: m.InvalidItems }))),
);

/** SPEC §2 /cart: the lines, what cannot be ordered, coupons, tip and charges, and the server's price breakdown. */
export default function CartScreen() {
  const cart = useCart({ fresh: true });
  const data = cart.data;
  const empty = !data || (data.validItems.length === 0 && data.invalidItems.length === 0);
  return (
    <div className="cart-screen">
      <ScreenHeader title={cartT('title')} />
      {cart.isPending ? (
        <Spinner />
      ) : cart.isError && !data ? (
        <LoadFailed message={cartT('loadFailed')} onRetry={() => void cart.refetch()} />
      ) : empty ? (
        <>
          {/* adds tapped offline before there was a cart */}
          <KeptEdits />
          <Suspense fallback={null}>
            <EmptyCart />
          </Suspense>
        </>
      ) : (
        <CartBody cart={data} />
      )}
    </div>
  );
}

/** The cart's blocks, top to bottom, the checkout bar under them, and the confetti when an offer unlocks. */
function CartBody({ cart }: { cart: Cart }) {
  const [celebrate, celebrated] = useCelebration(cart.cartId);
  return (
    <>
      <main className="cart-main">
        {/* the ETA's line is held from the first paint: drawn when the store answers, it pushed the cart down */}
        <div className="cart-eta">
          <StoreStatusNoticeLater storeId={cart.storeId} className="menu-notice" etaFor={cart.deliveryType} />
        </div>
        <KeptEdits />
        {cart.invalidItems.length > 0 ? (
          <Suspense fallback={null}>
            <InvalidItems cart={cart} />
          </Suspense>
        ) : null}
        {cart.validItems.length > 0 ? (
          <section className="cart-block" aria-labelledby="cart-items-h">
            <h2 id="cart-items-h" className="cart-h">
              {cartT('items')}
            </h2>
            <ul className="cart-lines">
              {cart.validItems.map((line) => (
                <li key={line.itemId}>
                  <CartLine line={line} cart={cart} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {/* drawn with the cart, not fetched after it: arriving later they would push the coupon down */}
        <SurpriseGift cart={cart} />
        <BestDeal cart={cart} />
        <UpsellLater cart={cart} />
        <Coupon cart={cart} />
        <CartWidgetLater deliveryType={cart.deliveryType} />
        <Tip cart={cart} />
        <OptionalCharge cart={cart} />
        <Breakdown entries={cart.cartCalculations} />
        <PointsNote earnableBurnable={cart.earnableBurnable} planned />
      </main>
      <CheckoutBar cart={cart} />
      {celebrate ? (
        <Suspense fallback={null}>
          <Confetti onDone={celebrated} />
        </Suspense>
      ) : null}
    </>
  );
}

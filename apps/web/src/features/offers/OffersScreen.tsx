import { useState } from 'react';
import { Link, useNavigate } from '../../shared/router/index.ts';
import type { Cart, CartOffer, Offer } from '@crust/contract';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useCart, useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { useMenuStoreId } from '../../shared/menu/api.ts';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { useCartOffers, useStoreOffers } from './api.ts';
import { ot } from './texts.ts';
import '../../shared/menu/menu.css';
import './offers.css';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';

const rupees = (amount: number) => formatRupees(paise(amount));
const termsHref = (code: string) => paths.tncOffers({ code });

/**
 * SPEC §2 /offers. With a cart: every coupon and deal measured against it, "Apply" on the ones that
 * apply (then back to the cart) and the reason on the others. Without one: the store's coupons.
 */
export default function OffersScreen() {
  const cart = useCart();
  const withCart = cart.data && cart.data.validItems.length > 0 ? cart.data : null;
  return (
    <div className="offers-screen">
      <ScreenHeader title={ot('title')} />
      <main className="offers-main">
        {cart.isPending ? <Spinner /> : withCart ? <CartOffers cart={withCart} /> : <StoreOffers />}
      </main>
    </div>
  );
}

function CartOffers({ cart }: { cart: Cart }) {
  const offers = useCartOffers(cart.cartId, cart.version);
  if (offers.isPending) return <Spinner />;
  if (!offers.data) return <LoadFailed message={ot('loadFailed')} onRetry={() => void offers.refetch()} />;
  if (offers.data.length === 0) return <p className="offers-note">{ot('none')}</p>;
  return (
    <>
      <p className="offers-note">{ot('cartOffersHint')}</p>
      <ul className="card-list">
        {offers.data.map((o) => (
          <li key={o.code}>
            <CartOfferCard offer={o} />
          </li>
        ))}
      </ul>
    </>
  );
}

function CartOfferCard({ offer: o }: { offer: CartOffer }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    setError(null);
    actions.applyPromo(o.code).then(
      () => void navigate(paths.cart()),
      (e: unknown) => setError(messageOf(e)),
    );
  };
  return (
    <article
      className={o.applicable || o.applied ? 'offer card' : 'offer card offer-off'}
      aria-label={o.title}
    >
      <div className="offer-head">
        <h2 className="offer-title">{o.title}</h2>
        {o.kind === 'EDV' ? <span className="offer-tag">{ot('deal')}</span> : null}
      </div>
      <p className="offer-desc">{o.description}</p>
      <p className="offer-code">
        <span className="visually-hidden">{ot('code')} </span>
        {o.code}
      </p>
      {o.applicable && o.saving > 0 && !o.applied ? (
        <p className="offer-saving">{o.condition ?? ot('save', { amount: rupees(o.saving) })}</p>
      ) : null}
      {!o.applicable && !o.applied && o.reason ? <p className="offer-reason">{o.reason}</p> : null}
      <div className="offer-foot">
        <Link className="offer-terms" to={termsHref(o.code)} aria-label={ot('termsOf', { code: o.code })}>
          {ot('terms')}
        </Link>
        {o.applied ? (
          <span className="offer-applied">{ot('applied')}</span>
        ) : o.applicable ? (
          <button
            type="button"
            className="btn btn-primary offer-btn"
            disabled={busy}
            aria-label={ot('applyCode', { code: o.code })}
            onClick={apply}
          >
            {ot('apply')}
          </button>
        ) : null}
      </div>
      <ErrorText text={error} />
    </article>
  );
}

function StoreOffers() {
  const storeId = useMenuStoreId();
  const offers = useStoreOffers(storeId, true);
  if (offers.isPending) return <Spinner />;
  if (!offers.data) return <LoadFailed message={ot('loadFailed')} onRetry={() => void offers.refetch()} />;
  return (
    <>
      <p className="offers-note">
        {ot('storeOffersHint')} <Link to={paths.menu()}>{ot('browseMenu')}</Link>
      </p>
      {offers.data.length === 0 ? (
        <p className="offers-note">{ot('none')}</p>
      ) : (
        <ul className="card-list">
          {offers.data.map((o) => (
            <li key={o.code}>
              <StoreOfferCard offer={o} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function StoreOfferCard({ offer: o }: { offer: Offer }) {
  return (
    <article className="offer card" aria-label={o.title}>
      <h2 className="offer-title">{o.title}</h2>
      <p className="offer-desc">{o.description}</p>
      <p className="offer-code">
        <span className="visually-hidden">{ot('code')} </span>
        {o.code}
      </p>
      {o.minOrderValue > 0 ? (
        <p className="offer-meta">{ot('minOrder', { amount: rupees(o.minOrderValue) })}</p>
      ) : null}
      {o.firstOrderOnly ? <p className="offer-meta">{ot('firstOrder')}</p> : null}
      <div className="offer-foot">
        <Link className="offer-terms" to={termsHref(o.code)} aria-label={ot('termsOf', { code: o.code })}>
          {ot('terms')}
        </Link>
      </div>
    </article>
  );
}

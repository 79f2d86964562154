import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CalcEntry, Cart, CartItem, CartUpsellResponse, InvalidCartItem } from '@crust/contract';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import { CART_MAX_ITEMS } from '@crust/domain/constants';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../app/paths.ts';
import { routedPaths as routes } from '../../shared/routed.ts';
import { api, ApiError, NetworkError } from '../../shared/api/client.ts';
import { t } from '../../shared/i18n/index.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { customiseHref } from '../../shared/menu/customise-selection.ts';
import { useMenu } from '../../shared/menu/api.ts';
import { LoadFailed, ProductImage } from '../../shared/menu/product-parts.tsx';
import { StoreStatusNoticeLater } from '../../shared/location/StoreStatusNoticeLater.tsx';
import { useCart, useCartActions, useCartBusy, useCelebration } from '../../shared/cart/api.ts';
import { Confetti } from './Confetti.tsx';
import { defaultCartInput, lineCustomisation } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';
import '../../shared/menu/menu.css';
import './cart.css';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';

const rupees = (amount: number) => formatRupees(paise(amount));

/** Checkout is a later release: the button leads there once the app has the route. */
const checkoutReady = routes.some((r) => r.path === paths.payment.pattern);

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
        <EmptyCart />
      ) : (
        <CartBody cart={data} />
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <main className="cart-empty">
      <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#f3e6d3" />
        <path
          d="M24 30h6l5 26a4 4 0 0 0 4 3h20a4 4 0 0 0 4-3l5-18H33"
          fill="none"
          stroke="#a3321f"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="41" cy="68" r="4" fill="#a3321f" />
        <circle cx="59" cy="68" r="4" fill="#a3321f" />
      </svg>
      <h2>{cartT('empty')}</h2>
      <p>{cartT('emptyHint')}</p>
      <Link className="btn btn-primary" to={paths.menu()}>
        {cartT('browseMenu')}
      </Link>
    </main>
  );
}

function CartBody({ cart }: { cart: Cart }) {
  const [celebrate, celebrated] = useCelebration(cart.cartId);
  return (
    <>
      <main className="cart-main">
        <StoreStatusNoticeLater storeId={cart.storeId} className="menu-notice" />
        <InvalidItems cart={cart} />
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
        <SurpriseGift cart={cart} />
        <BestDeal cart={cart} />
        <Upsell cart={cart} />
        <Coupon cart={cart} />
        <Tip cart={cart} />
        <OptionalCharge cart={cart} />
        <Breakdown entries={cart.cartCalculations} />
      </main>
      <CheckoutBar cart={cart} />
      {celebrate ? <Confetti onDone={celebrated} /> : null}
    </>
  );
}

function CartLine({ line, cart }: { line: CartItem; cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const name = line.product.name;
  return (
    <article className="cart-line" aria-label={name}>
      <div className="cart-line-main">
        <p className="cart-line-name">
          <FoodMark foodType={line.nonVeg ? 'NON_VEG' : 'VEG'} />
          <span>{name}</span>
        </p>
        {line.summary ? <p className="cart-line-summary">{line.summary}</p> : null}
        {line.isEDVOApplied ? <span className="cart-tag">{cartT('everydayValue')}</span> : null}
        <div className="cart-line-links">
          {line.isCustomizable ? (
            <Link
              className="cart-link"
              to={customiseHref(line.product.code, lineCustomisation(line), line.itemId)}
              aria-label={cartT('editItem', { name })}
            >
              {cartT('edit')}
            </Link>
          ) : null}
          <button
            type="button"
            className="cart-link"
            aria-label={cartT('removeItem', { name })}
            disabled={busy}
            onClick={() => void actions.removeItem(line.itemId).catch(notifyError)}
          >
            {cartT('remove')}
          </button>
        </div>
      </div>
      <div className="cart-line-side">
        <QuantityStepper
          name={name}
          value={line.quantity}
          disabled={busy}
          canIncrease={cart.itemCount < CART_MAX_ITEMS}
          onDecrease={() => void actions.setQuantity(line.itemId, line.quantity - 1).catch(notifyError)}
          onIncrease={() => void actions.setQuantity(line.itemId, line.quantity + 1).catch(notifyError)}
        />
        <span className="cart-line-price" data-testid={`line-price-${line.itemId}`}>
          <span className="visually-hidden">{cartT('linePrice')} </span>
          <strong>{rupees(line.totalPriceAfterDiscount)}</strong>
          {line.totalDiscount > 0 ? (
            <s>
              <span className="visually-hidden">{cartT('wasPrice')} </span>
              {rupees(line.totalPrice)}
            </s>
          ) : null}
        </span>
      </div>
    </article>
  );
}

/** Lines that cannot be ordered as they are, with the reason; the SPEC §8 dialog offers to drop the unavailable ones. */
function InvalidItems({ cart }: { cart: Cart }) {
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
        {cartT('unavailableTitle')}
      </h2>
      <p className="cart-warn">{cartT('reviewCart')}</p>
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
          {cartT('acceptAllPrices')}
        </button>
      ) : null}
      {unavailable.length > 0 && dismissed !== dialogKey ? (
        <Dialog
          title={cartT('unavailableDialog')}
          actionLabel={cartT('removeUnavailable')}
          onAction={() => {
            setDismissed(dialogKey);
            actions.removeInvalid().catch(notifyError);
          }}
          secondaryLabel={cartT('reviewFirst')}
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
            {cartT('priceChangedFrom', { old: rupees(item.pricePerQty), now: rupees(now) })}
          </p>
        ) : null}
      </div>
      <div className="cart-line-actions">
        {item.reasonCode === 'PRICE_CHANGED' && now !== null ? (
          <button
            type="button"
            className="btn btn-secondary cart-small-btn"
            disabled={busy}
            aria-label={cartT('keepItemAt', { name: item.name, price: rupees(now) })}
            onClick={() => void actions.acceptPrice(item.itemId).catch(notifyError)}
          >
            {cartT('keepAt', { price: rupees(now) })}
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

/** Drawn, not an emoji: phones without an emoji font would show a box. */
function GiftIcon() {
  return (
    <svg className="cart-gift-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8h1a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 1-1h1ZM8 6a1 1 0 0 1 2 0v1H9a1 1 0 0 1-1-1Zm-3 3h6v1H5V9Zm2 3h4v7H7v-7Zm10 7h-4v-7h4v7Zm2-9h-6V9h6v1Z"
      />
    </svg>
  );
}

function SurpriseGift({ cart }: { cart: Cart }) {
  const gift = cart.surpriseGift;
  if (gift.threshold <= 0 || cart.validItems.length === 0) return null;
  const progress = Math.min(100, Math.round(((gift.threshold - gift.remaining) / gift.threshold) * 100));
  return (
    <div className="cart-gift" data-testid="surprise-gift">
      <p>
        <GiftIcon />
        {gift.unlocked ? cartT('giftUnlocked') : cartT('giftRemaining', { amount: rupees(gift.remaining) })}
      </p>
      <span className="cart-gift-bar" aria-hidden="true">
        <span style={{ width: `${gift.unlocked ? 100 : progress}%` }} />
      </span>
    </div>
  );
}

function BestDeal({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const deal = cart.bestDeal;
  if (!deal || cart.appliedPromo?.code === deal.code) return null;
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

/** SPEC §5 Coupon: empty → "Please enter coupon code"; FAILED → the server's first displayMsg, inline. */
function Coupon({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const applied = cart.appliedPromo;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('enterCouponCode'));
      return;
    }
    setError(null);
    actions.applyPromo(trimmed).then(
      () => setCode(''),
      (err: unknown) =>
        setError(
          err instanceof ApiError || err instanceof NetworkError ? err.message : t('somethingWentWrongRetry'),
        ),
    );
  };

  return (
    <section className="cart-block" aria-labelledby="cart-coupon-h">
      <div className="cart-h-row">
        <h2 id="cart-coupon-h" className="cart-h">
          {cartT('couponTitle')}
        </h2>
        <Link to={paths.offers()} className="cart-link">
          {cartT('allOffers')}
        </Link>
      </div>
      {applied ? (
        <div className="cart-applied" data-testid="applied-coupon">
          <div>
            <p className="cart-applied-code">{cartT('couponApplied', { code: applied.code })}</p>
            <p className="cart-line-summary">{applied.title}</p>
            {applied.discount > 0 ? (
              <p className="cart-saving">{cartT('youSave', { amount: rupees(applied.discount) })}</p>
            ) : null}
          </div>
          <button
            type="button"
            className="cart-link"
            disabled={busy}
            aria-label={cartT('removeCoupon', { code: applied.code })}
            onClick={() => void actions.removePromo(applied.code).catch(notifyError)}
          >
            {cartT('remove')}
          </button>
        </div>
      ) : null}
      <form className="cart-coupon" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {cartT('couponLabel')}
        </label>
        <input
          id={inputId}
          className="input"
          value={code}
          maxLength={30}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={cartT('couponPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            if (error) setError(null);
          }}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {cartT('apply')}
        </button>
      </form>
      <ErrorText text={error} id={errorId} />
    </section>
  );
}

/** Tips are for delivery orders only. */
function Tip({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const name = useId();
  if (cart.deliveryType !== 'D' || cart.tip.options.length === 0) return null;
  const options = [0, ...cart.tip.options.filter((x) => x > 0)];
  const chosen = cart.tip.tipRemoved ? 0 : cart.tip.tipAmount;
  return (
    <fieldset className="cart-block cart-tip">
      <legend className="cart-h legend-heading">{cartT('tipTitle')}</legend>
      <p className="cart-hint">{cartT('tipHint')}</p>
      <div className="filter-chips">
        {options.map((amount) => (
          <label key={amount} className="filter-chip cart-chip">
            <input
              type="radio"
              className="filter-chip-input"
              name={name}
              value={amount}
              checked={chosen === amount}
              disabled={busy}
              onChange={() => void actions.setTip(amount).catch(notifyError)}
            />
            <span className="filter-chip-face">{amount === 0 ? cartT('noTip') : rupees(amount)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function OptionalCharge({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const busy = useCartBusy();
  const charge = cart.optedOptionalCharges[0];
  if (!charge) return null;
  return (
    <label className="cart-block cart-check">
      <input
        type="checkbox"
        checked={charge.selected}
        disabled={busy}
        onChange={() => void actions.setOptionalCharge(!charge.selected).catch(notifyError)}
      />
      <span>{cartT('optionalCharge', { label: charge.label, amount: rupees(charge.amount) })}</span>
    </label>
  );
}

/** cartCalculations exactly as the server sent them: label and value, children indented. */
function Breakdown({ entries }: { entries: readonly CalcEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="cart-block" aria-labelledby="cart-breakdown-h">
      <h2 id="cart-breakdown-h" className="cart-h">
        {cartT('breakdownTitle')}
      </h2>
      <dl className="cart-calc">
        {entries.map((e) => (
          <CalcRow key={e.key} entry={e} depth={0} />
        ))}
      </dl>
    </section>
  );
}

function CalcRow({ entry, depth }: { entry: CalcEntry; depth: number }) {
  const total = entry.key === 'grand_total';
  return (
    <>
      <div
        className={`cart-calc-row${total ? ' cart-calc-total' : ''}${depth ? ' cart-calc-child' : ''}`}
        data-testid={`calc-${entry.key}`}
      >
        <dt>{entry.label}</dt>
        <dd>{rupees(entry.value)}</dd>
      </div>
      {entry.children?.map((c) => (
        <CalcRow key={`${entry.key}.${c.key}`} entry={c} depth={depth + 1} />
      ))}
    </>
  );
}

/** Recommendations from the server, shown with the menu's own pictures and names. */
function Upsell({ cart }: { cart: Cart }) {
  const add = useAddToCart();
  const busy = useCartBusy();
  const menu = useMenu(cart.storeId);
  const upsell = useQuery({
    queryKey: ['cartUpsell', cart.cartId, cart.version],
    queryFn: ({ signal }) =>
      api<CartUpsellResponse>(fillPath(API_PATHS.cartUpsell, { cartId: cart.cartId }), {
        signal,
        headers: { [HEADERS.cartId]: cart.cartId },
      }).then(
        (r) => r.data.productCodes,
        (e: unknown) => {
          // recommendations are a nicety: a failure is logged, not shown
          if (!signal.aborted) console.warn('[cart] upsell failed', e);
          throw e;
        },
      ),
    staleTime: 5 * 60_000,
  });
  const products = useMemo(() => {
    const byCode = new Map(menu.data?.products.map((p) => [p.menuCode, p]));
    return (upsell.data ?? []).flatMap((code) => {
      const p = byCode.get(code);
      return p && p.inStock && p.variants.length > 0 ? [p] : [];
    });
  }, [menu.data, upsell.data]);
  if (products.length === 0) return null;
  return (
    <section className="cart-block" aria-labelledby="cart-upsell-h">
      <h2 id="cart-upsell-h" className="cart-h">
        {cartT('upsellTitle')}
      </h2>
      <ul className="cart-upsell">
        {products.slice(0, 8).map((p) => (
          <li key={p.menuCode} className="cart-upsell-item">
            <ProductImage product={p} size={72} />
            <p className="cart-upsell-name">
              <FoodMark foodType={p.foodType} />
              <span>{p.name}</span>
            </p>
            <p className="cart-upsell-price">{rupees(p.price.currentPrice)}</p>
            <button
              type="button"
              className="btn btn-secondary cart-small-btn"
              disabled={busy}
              aria-label={cartT('addItem', { name: p.name })}
              onClick={() => void add(defaultCartInput(p)).catch(notifyError)}
            >
              {cartT('add')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckoutBar({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const noteId = useId();
  const canCheckout = checkoutReady && cart.validItems.length > 0;
  return (
    <div className="total-bar" role="region" aria-label={cartT('totalToPay')}>
      <div className="total-bar-total">
        <span className="total-bar-label">{cartT('total')}</span>
        <strong data-testid="grand-total" aria-live="polite">
          {rupees(cart.price)}
        </strong>
      </div>
      <div className="cart-bar-action">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canCheckout}
          title={checkoutReady ? undefined : cartT('checkoutSoon')}
          aria-describedby={checkoutReady ? undefined : noteId}
          onClick={() => void navigate(paths.payment())}
        >
          {cartT('checkout')}
        </button>
        {checkoutReady ? null : (
          <span id={noteId} className="cart-bar-note">
            {cartT('checkoutSoon')}
          </span>
        )}
      </div>
    </div>
  );
}

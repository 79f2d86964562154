import { track } from '../../shared/analytics/track.ts';
import { MESSAGES } from '@crust/domain/messages';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { useState, type FormEvent } from 'react';
import { Link } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { ApiError, messageOf } from '../../shared/api/errors.ts';
import { rupees } from '../../shared/format.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { useField } from '../../shared/ui/form/field.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** SPEC §5 Coupon: empty → "Please enter coupon code"; FAILED → the server's first displayMsg, inline. */
export function Coupon({ cart }: { cart: Cart }) {
  const actions = useCartActions();
  const offersOn = useCapability('offers');
  const busy = useCartBusy();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useField({ error });
  const applied = cart.appliedPromo;
  // where offers are blocked (a partner's mini-app, SPEC §6) no code can be applied; a coupon already on the cart
  // (from before the sign-in) is still shown, so it can be removed
  if (!offersOn && !applied) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(MESSAGES.enterCouponCode);
      return;
    }
    setError(null);
    actions.applyPromo(trimmed).then(
      () => {
        track('coupon_applied', { code: trimmed });
        setCode('');
      },
      (err: unknown) => {
        // each failure with its reason: the server's error code (a network failure has none)
        track('coupon_failed', {
          code: trimmed,
          reason: err instanceof ApiError ? (err.code ?? 'FAILED') : 'NETWORK',
        });
        setError(messageOf(err));
      },
    );
  };

  return (
    <section className="cart-block" aria-labelledby="cart-coupon-h">
      <div className="cart-h-row">
        <h2 id="cart-coupon-h" className="cart-h">
          {cartT('couponTitle')}
        </h2>
        {offersOn ? (
          <Link to={paths.offers()} className="cart-link">
            {cartT('allOffers')}
          </Link>
        ) : null}
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
      {offersOn ? (
        <form className="cart-coupon" onSubmit={submit} noValidate>
          <label htmlFor={field.id} className="visually-hidden">
            {cartT('couponLabel')}
          </label>
          <input
            {...field.control}
            className="input"
            value={code}
            maxLength={30}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder={cartT('couponPlaceholder')}
            onChange={(e) => {
              setCode(e.target.value.toUpperCase());
              if (error) setError(null);
            }}
          />
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {cartT('apply')}
          </button>
        </form>
      ) : null}
      <ErrorText id={field.errorId} text={error} />
    </section>
  );
}

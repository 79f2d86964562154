import type { Cart } from '@crust/contract';
import { rupees } from '../../shared/format.ts';
import { GiftIcon } from '../../shared/ui/GiftIcon.tsx';
import { cartT } from './texts.ts';

/**
 * How far the cart is from the free gift, or that it comes with the order. None when the store cannot give it
 * now (the server sends no gift), or from a cart kept by an older version that did not name it.
 */
export function SurpriseGift({ cart }: { cart: Cart }) {
  const gift = cart.surpriseGift;
  if (!gift?.name || gift.threshold <= 0 || cart.validItems.length === 0) return null;
  const progress = Math.min(100, Math.round(((gift.threshold - gift.remaining) / gift.threshold) * 100));
  return (
    <div className="cart-gift" data-testid="surprise-gift">
      <p>
        <GiftIcon className="cart-gift-icon" />
        {gift.unlocked
          ? cartT('giftUnlocked', { name: gift.name })
          : cartT('giftRemaining', { amount: rupees(gift.remaining), name: gift.name })}
      </p>
      <span className="cart-gift-bar" aria-hidden="true">
        <span style={{ width: `${gift.unlocked ? 100 : progress}%` }} />
      </span>
    </div>
  );
}

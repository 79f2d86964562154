import type { GiftProduct } from '@crust/contract/cart';
import { GiftIcon } from '../ui/GiftIcon.tsx';
import { ot } from './texts.ts';
import './surprise-gift.css';

/** The free gift the order unlocked, under its items: the customer sees what comes with it. */
export function SurpriseGiftLine({ gift }: { gift: GiftProduct | null }) {
  if (!gift) return null;
  return (
    <p className="order-gift" data-testid="order-gift">
      <GiftIcon className="order-gift-icon" />
      {ot('surpriseGift', { name: gift.name })}
    </p>
  );
}

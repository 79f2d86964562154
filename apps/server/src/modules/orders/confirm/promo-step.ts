import type { Cart } from '@crust/contract/cart';
import type { RemovePromoResult } from '@crust/contract/orders';
import { promoPaymentRefusal } from '@crust/domain/promo-payment';
import { paymentConditionOfOrder } from '../promo-payment.ts';
import type { PaymentChoice } from './payment-choice.ts';

/**
 * A coupon only some ways to pay may pay for (SPEC §3 explicitPromo): REMOVE_PROMO, before any other rule of how
 * the order is paid. Null when the cart has no such coupon or the choice meets it.
 */
export function removePromoAnswer(
  cart: Pick<Cart, 'explicitPromo'>,
  choice: PaymentChoice,
): RemovePromoResult | null {
  const condition = paymentConditionOfOrder(cart);
  if (!condition) return null;
  const refusal = promoPaymentRefusal(condition, {
    primary: choice.primary,
    wallet: choice.walletNamed,
    cardInitialDigits: choice.cardInitialDigits,
  });
  if (!refusal) return null;
  return {
    nextAction: 'REMOVE_PROMO',
    promoCode: condition.promoCode,
    paymentOptions: [...condition.paymentOptions],
    displayMsg: refusal,
  };
}

import type { Cart } from '@crust/contract/cart';
import {
  allowedFamilies,
  capturedPaymentMeets,
  paymentConditionNote,
  type GatewayFamily,
  type PaymentCondition,
} from '@crust/domain/promo-payment';
import type { CheckoutMethod, GatewayPayment, OrderRestriction } from '../../providers/payments/provider.ts';
import type { OrderRow } from './repo.ts';

/**
 * A payment-restricted coupon on an order (issue 11, docs/checkout.md "Coupons that choose how you pay"):
 * confirm refuses other ways to pay (REMOVE_PROMO), the gateway order is made to take only the allowed ones,
 * and a capture that still does not meet the condition is refunded and the order failed (payment-flow.ts).
 */

/** The condition of the cart's coupon as the cart carries it (SPEC §3 explicitPromo); null: none. */
export function paymentConditionOfOrder(cart: Pick<Cart, 'explicitPromo'>): PaymentCondition | null {
  const promo = cart.explicitPromo as
    | (Partial<NonNullable<Cart['explicitPromo']>> & { promoCode: string; paymentOptions: string[] })
    | null
    | undefined;
  if (!promo) return null;
  const bins = promo.cardBins ?? [];
  return {
    promoCode: promo.promoCode,
    paymentOptions: promo.paymentOptions,
    cardIssuer: promo.cardIssuer && bins.length > 0 ? { name: promo.cardIssuer, bins } : null,
  };
}

/** The condition the order was priced under: its snapshot's cart, as confirmed. */
export function conditionOfOrder(order: Pick<OrderRow, 'snapshot'>): PaymentCondition | null {
  const snapshot = order.snapshot as { cart?: Pick<Cart, 'explicitPromo'> } | null;
  return snapshot?.cart ? paymentConditionOfOrder(snapshot.cart) : null;
}

/** What the gateway order is restricted to (Razorpay-style method and issuer restriction); null: any way. */
export function gatewayRestrictionOf(order: Pick<OrderRow, 'snapshot'>): OrderRestriction | null {
  const condition = conditionOfOrder(order);
  if (!condition) return null;
  return {
    methods: allowedFamilies(condition),
    cardBins: condition.cardIssuer ? [...condition.cardIssuer.bins] : null,
    reason: paymentConditionNote(condition),
  };
}

export function familyOf(method: CheckoutMethod): GatewayFamily {
  switch (method) {
    case 'card':
    case 'netbanking':
    case 'wallet':
      return method;
    case 'upi_intent':
    case 'upi_collect':
      return 'upi';
  }
}

/** Whether the payment the gateway took meets the order's coupon condition (true without one). */
export function captureMeetsOrder(order: Pick<OrderRow, 'snapshot'>, taken: GatewayPayment): boolean {
  const condition = conditionOfOrder(order);
  return (
    condition === null ||
    capturedPaymentMeets(condition, { family: familyOf(taken.method), cardBin: taken.cardBin ?? null })
  );
}

import type { DeliveryType } from '@crust/domain/delivery-types';

/** The checkout's query keys; payment invalidates the options once an order is placed. */
export const checkoutKeys = {
  /** every store's and order type's options: what a placed order changes (its "Last used") */
  allPaymentOptions: ['paymentOptions'] as const,
  /** a cart's own: its explicit promo may rule the wallet out (SPEC §5) */
  paymentOptions: (storeId: number, type: DeliveryType, cartId: string | null = null) =>
    ['paymentOptions', storeId, type, cartId] as const,
};

/** History texts the SPEC does not give (its own sentences come from packages/domain MESSAGES). */
export const HISTORY_TEXTS = {
  orderNotFound: 'Order not found.',
  productNotFound: 'This item is not on our menu.',
  /** SPEC §8 "Invoice: a 400 shows the server message": why an order has no invoice */
  invoicePending: 'The invoice will be ready once your order is confirmed.',
  invoiceFailed: 'This order was not placed, so there is no invoice for it.',
  invoiceCancelled: 'This order was cancelled, so there is no invoice for it.',
  filterAll: 'All',
  filterDelivered: 'Delivered',
  filterCancelled: 'Cancelled',
  filterFavourite: 'Favourites',
} as const;

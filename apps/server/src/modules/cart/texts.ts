import { MESSAGES } from '@crust/domain/messages';

/** SPEC §8 cart texts the server sends as notices and displayMsg. */
export const CART_TEXTS = {
  reviewCart: MESSAGES.reviewCart,
  cartNotFound: 'Your cart has expired. Please add your items again.',
  cartChanged: MESSAGES.reviewCart,
  badTip: 'Please choose one of the tip amounts shown.',
  storeUnknown: MESSAGES.storeTroubleSelectOther,
} as const;

import { MESSAGES } from '@crust/domain/messages';
import { defineTexts } from '../../shared/i18n/index.ts';

/**
 * The unavailable and re-priced lines' texts (./InvalidItems.tsx). Apart from ./texts.ts because that block loads
 * only for a cart with such lines: the cart's first download does not carry them (issue 32 §1).
 */
export const invalidT = defineTexts({
  unavailableDialog: MESSAGES.someItemsUnavailable,
  reviewCart: MESSAGES.reviewCart,
  unavailableTitle: 'Unavailable items',
  priceChangedFrom: 'Was {old}, now {now}',
  keepAt: 'Keep at {price}',
  keepItemAt: 'Keep {name} at {price}',
  acceptAllPrices: 'Accept new prices',
  removeUnavailable: 'OK',
  reviewFirst: 'Review cart',
});

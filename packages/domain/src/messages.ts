/**
 * User-facing texts of SPEC §5 and §8, word for word. The server's displayMsg and the web app's i18n
 * catalogue both read them from here so the two sides never drift.
 */
export const MESSAGES = {
  genericHeader: 'Ops',
  genericButton: 'OK',
  somethingWentWrongRetry: 'Something Went Wrong. Please Try Again.',
  renderErrorTitle: 'Something went wrong!',
  renderErrorBody: 'Please try again.',
  refresh: 'Refresh',
  networkRetrying: 'There seems to be network issue. Retrying ....',
  internetLost: 'Internet connection Lost',
  loggedOut: 'You have been logged out. Please login again.',
  storeTroubleSelectOther:
    'Sorry, we are facing some temporary issues with the store selected. Please select a different store',
  cookiesDisabled: 'Your browser has cookies disabled',
  brokenLink: 'The link you clicked is not a working one',
  limitedQuantity: 'Sorry, only a limited quantity of this product can be ordered',
  outOfStock: 'Temporarily out of stock',
  notAvailableNow: 'Item not available at this time',
  storeOfflineAdvance: 'Store is currently offline, browse menu or book an advance order',
  weDoNotDeliverHere: 'We Do not Deliver Here',
  restaurantNotFound: 'restaurant not found',
  couldNotAutoDetect: 'could not auto detect',
  accessBlocked: 'access blocked',
  locationDeniedTitle: 'Location Access Denied',
  locationDeniedBody: 'Location access is disabled. Please enable it in site settings',
  notFoundTitle: 'Oops! Error 404',
  notFoundBody: "page doesn't exist",
  editEmptyField: 'This field cannot be left empty',
  edvFetchFailed: 'Something went wrong.',
  someItemsUnavailable: 'Some items in your cart are unavailable; place order with the remaining items?',
  reviewCart: 'Review your Cart: pricing or availability may have changed',
  enterCouponCode: 'Please enter coupon code',
  couponNotValid: 'Sorry, this coupon is not valid',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** SPEC §8: a message that mentions offline is shown as the advance-order message instead. */
export function rewriteOfflineMessage(text: string): string {
  return /offline/i.test(text) ? MESSAGES.storeOfflineAdvance : text;
}

import { describe, expect, it } from 'vitest';
import { MESSAGES, rewriteOfflineMessage, type MessageKey } from '../src/messages.ts';

describe('MESSAGES are the SPEC texts word for word', () => {
  // copied from SPEC §2, §5 and §8
  it.each<[MessageKey, string]>([
    ['genericHeader', 'Ops'],
    ['genericButton', 'OK'],
    ['somethingWentWrongRetry', 'Something Went Wrong. Please Try Again.'],
    ['renderErrorTitle', 'Something went wrong!'],
    ['renderErrorBody', 'Please try again.'],
    ['refresh', 'Refresh'],
    ['networkRetrying', 'There seems to be network issue. Retrying ....'],
    ['internetLost', 'Internet connection Lost'],
    ['loggedOut', 'You have been logged out. Please login again.'],
    [
      'storeTroubleSelectOther',
      'Sorry, we are facing some temporary issues with the store selected. Please select a different store',
    ],
    ['cookiesDisabled', 'Your browser has cookies disabled'],
    ['brokenLink', 'The link you clicked is not a working one'],
    ['limitedQuantity', 'Sorry, only a limited quantity of this product can be ordered'],
    ['outOfStock', 'Temporarily out of stock'],
    ['notAvailableNow', 'Item not available at this time'],
    [
      'someItemsUnavailable',
      'Some items in your cart are unavailable; place order with the remaining items?',
    ],
    ['reviewCart', 'Review your Cart: pricing or availability may have changed'],
    ['storeOfflineAdvance', 'Store is currently offline, browse menu or book an advance order'],
    ['weDoNotDeliverHere', 'We Do not Deliver Here'],
    ['restaurantNotFound', 'restaurant not found'],
    ['couldNotAutoDetect', 'could not auto detect'],
    ['accessBlocked', 'access blocked'],
    ['locationDeniedTitle', 'Location Access Denied'],
    ['locationDeniedBody', 'Location access is disabled. Please enable it in site settings'],
    ['notFoundBody', "page doesn't exist"],
    ['editEmptyField', 'This field cannot be left empty'],
    ['edvFetchFailed', 'Something went wrong.'],
    ['enterCouponCode', 'Please enter coupon code'],
    ['couponNotValid', 'Sorry, this coupon is not valid'],
    // §8 payment
    ['paymentFailed', 'Payment Failed. Please try again.'],
    ['orderNotConfirmed', 'Your order was not confirmed. Please try placing the order again.'],
    ['walletWithCashOrEgv', "Wallet can't be chosen with CASH OR EGV"],
    ['evoucherNotAllowed', 'Payment by eVouchers is not allowed with Every Day Value items OR Coupons'],
    ['walletInsufficient', 'Wallet balance insufficient: choose another method for the rest'],
    ['notCompatibleWithWallet', 'This Payment Option is not compatible with the wallet'],
    ['duplicateOrderWarning', 'Duplicate order warning: an order was placed recently, continue?'],
    ['statusAwaited', 'Status awaited: Unable to confirm order status, an SMS will follow'],
    [
      'orderFailedRefund',
      'Order failed: Unable to process your order, try after 15 minutes, refund takes 4-10 business days',
    ],
    // §5 Card
    ['invalidCardNumber', 'Invalid card Number'],
    ['incorrectCardNumber', 'Incorrect card number.'],
    ['invalidCvv', 'Invalid CVV'],
    ['selectMonth', 'Please select Month'],
    ['invalidMonth', 'Invalid Month'],
    ['selectYear', 'Please select Year'],
    ['invalidCardName', 'Please Enter Valid Name'],
  ])('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('the 404 page title reads Oops! Error 404', () => {
    expect(MESSAGES.notFoundTitle).toBe('Oops! Error 404');
  });
});

describe('rewriteOfflineMessage', () => {
  it.each([
    'Store is offline',
    'store is offline',
    'STORE OFFLINE',
    'The selected store went Offline. Please try later.',
    MESSAGES.storeOfflineAdvance,
  ])('%j → the advance-order message', (text) => {
    expect(rewriteOfflineMessage(text)).toBe(
      'Store is currently offline, browse menu or book an advance order',
    );
  });

  it.each([
    'Something Went Wrong. Please Try Again.',
    'Store is closed',
    'Temporarily out of stock',
    'off line',
    '',
  ])('%j is left as it is', (text) => {
    expect(rewriteOfflineMessage(text)).toBe(text);
  });
});

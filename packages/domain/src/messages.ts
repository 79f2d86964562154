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
  /** SPEC §8: the same inside a partner mini-app (issue 18), whose customer signs in again from the partner's app */
  loggedOutMiniApp: 'You have been logged out. Please login again. Please exit.',
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
  // SPEC §5 Mobile ({n} is the configured digit count)
  enterMobile: 'Enter Mobile Number',
  mobileNoLeadingZero: 'Please do not add 0 in front of your mobile number',
  mobileOnlyNumbers: 'Mobile number should only contain numbers',
  mobileLength: 'Mobile Number should be of {n} digits',
  mobileInvalid: 'Enter {n} digit valid mobile number',
  mobileNotValid: 'Please enter valid mobile number',
  // SPEC §5 OTP, Password, Name, Email
  otpPrompt: 'Enter verification code sent by SMS',
  enterPassword: 'Enter Dominos Password',
  enterName: 'Enter Name',
  enterEmail: 'Enter Email Address',
  invalidEmail: 'Invalid email',
  enterValidEmail: 'Please enter valid email Address',
  // SPEC §5 Profile
  profileEnterFirstName: 'Please enter first name',
  profileEnterLastName: 'Please enter last name',
  profileChangeFirstName: 'Please change first name',
  profileChangeLastName: 'Please change last name',
  profileChangeEmail: 'Please change email',
  // SPEC §5 Address form messages
  addressEnterFirstName: 'Enter First Name',
  addressEnterLastName: 'Enter Last Name',
  addressEnterStreet: 'Enter Society/ Street Name',
  addressEnterHouseNo: 'Enter House No',
  addressSelectLocality: 'Please select Locality',
  // SPEC §6 guest
  loginForAddresses: 'Login to see/use my saved addresses',
  // SPEC §8 payment
  paymentFailed: 'Payment Failed. Please try again.',
  orderNotConfirmed: 'Your order was not confirmed. Please try placing the order again.',
  walletWithCashOrEgv: "Wallet can't be chosen with CASH OR EGV",
  evoucherNotAllowed: 'Payment by eVouchers is not allowed with Every Day Value items OR Coupons',
  walletInsufficient: 'Wallet balance insufficient: choose another method for the rest',
  notCompatibleWithWallet: 'This Payment Option is not compatible with the wallet',
  duplicateOrderWarning: 'Duplicate order warning: an order was placed recently, continue?',
  statusAwaited: 'Status awaited: Unable to confirm order status, an SMS will follow',
  orderFailedRefund:
    'Order failed: Unable to process your order, try after 15 minutes, refund takes 4-10 business days',
  // SPEC §5 Card
  invalidCardNumber: 'Invalid card Number',
  incorrectCardNumber: 'Incorrect card number.',
  invalidCvv: 'Invalid CVV',
  selectMonth: 'Please select Month',
  invalidMonth: 'Invalid Month',
  selectYear: 'Please select Year',
  invalidCardName: 'Please Enter Valid Name',
  // SPEC §5 Tracking, §8 tracking and invoice
  enterMobileNo: 'Please Enter Mobile No.',
  enterOrderIdNo: 'Please Enter Order Id No.',
  trackingNotAvailable: 'Tracking information not available yet',
  invoiceDownloaded: 'Invoice Downloaded',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** SPEC §8: a message that mentions offline is shown as the advance-order message instead. */
export function rewriteOfflineMessage(text: string): string {
  return /offline/i.test(text) ? MESSAGES.storeOfflineAdvance : text;
}

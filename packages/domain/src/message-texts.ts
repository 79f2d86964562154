/**
 * User-facing texts of SPEC §5 and §8, word for word. The server's displayMsg and the web app's i18n
 * catalogue both read them from here so the two sides never drift.
 *
 * One export each, read as the namespace MESSAGES (./messages.ts): a web chunk carries only the texts it reads
 * (issue 32 §1).
 */
export const genericHeader = 'Ops';
export const genericButton = 'OK';
export const somethingWentWrongRetry = 'Something Went Wrong. Please Try Again.';
export const renderErrorTitle = 'Something went wrong!';
export const renderErrorBody = 'Please try again.';
export const refresh = 'Refresh';
export const networkRetrying = 'There seems to be network issue. Retrying ....';
export const internetLost = 'Internet connection Lost';
export const loggedOut = 'You have been logged out. Please login again.';
/** SPEC §8: the same inside a partner mini-app (issue 18), whose customer signs in again from the partner's app */
export const loggedOutMiniApp = 'You have been logged out. Please login again. Please exit.';
export const storeTroubleSelectOther =
  'Sorry, we are facing some temporary issues with the store selected. Please select a different store';
export const cookiesDisabled = 'Your browser has cookies disabled';
export const brokenLink = 'The link you clicked is not a working one';
export const limitedQuantity = 'Sorry, only a limited quantity of this product can be ordered';
export const outOfStock = 'Temporarily out of stock';
export const notAvailableNow = 'Item not available at this time';
export const storeOfflineAdvance = 'Store is currently offline, browse menu or book an advance order';
export const weDoNotDeliverHere = 'We Do not Deliver Here';
export const restaurantNotFound = 'restaurant not found';
export const couldNotAutoDetect = 'could not auto detect';
export const accessBlocked = 'access blocked';
export const locationDeniedTitle = 'Location Access Denied';
export const locationDeniedBody = 'Location access is disabled. Please enable it in site settings';
export const notFoundTitle = 'Oops! Error 404';
export const notFoundBody = "page doesn't exist";
export const editEmptyField = 'This field cannot be left empty';
export const edvFetchFailed = 'Something went wrong.';
export const someItemsUnavailable =
  'Some items in your cart are unavailable; place order with the remaining items?';
export const reviewCart = 'Review your Cart: pricing or availability may have changed';
export const enterCouponCode = 'Please enter coupon code';
export const couponNotValid = 'Sorry, this coupon is not valid';
// SPEC §5 Mobile ({n} is the configured digit count)
export const enterMobile = 'Enter Mobile Number';
export const mobileNoLeadingZero = 'Please do not add 0 in front of your mobile number';
export const mobileOnlyNumbers = 'Mobile number should only contain numbers';
export const mobileLength = 'Mobile Number should be of {n} digits';
export const mobileInvalid = 'Enter {n} digit valid mobile number';
export const mobileNotValid = 'Please enter valid mobile number';
// SPEC §5 OTP, Password, Name, Email
export const otpPrompt = 'Enter verification code sent by SMS';
export const enterPassword = 'Enter Dominos Password';
export const enterName = 'Enter Name';
export const enterEmail = 'Enter Email Address';
export const invalidEmail = 'Invalid email';
export const enterValidEmail = 'Please enter valid email Address';
// SPEC §5 Profile
export const profileEnterFirstName = 'Please enter first name';
export const profileEnterLastName = 'Please enter last name';
export const profileChangeFirstName = 'Please change first name';
export const profileChangeLastName = 'Please change last name';
export const profileChangeEmail = 'Please change email';
// SPEC §5 Address form messages
export const addressEnterFirstName = 'Enter First Name';
export const addressEnterLastName = 'Enter Last Name';
export const addressEnterStreet = 'Enter Society/ Street Name';
export const addressEnterHouseNo = 'Enter House No';
export const addressSelectLocality = 'Please select Locality';
/** SPEC §9 saved addresses 3: a 4th is refused (ours; the SPEC gives the number, not the words) */
export const addressLimit = 'You can save up to 3 addresses. Delete one to add another.';
// SPEC §6 guest
export const loginForAddresses = 'Login to see/use my saved addresses';
// SPEC §8 payment
export const paymentFailed = 'Payment Failed. Please try again.';
export const orderNotConfirmed = 'Your order was not confirmed. Please try placing the order again.';
export const walletWithCashOrEgv = "Wallet can't be chosen with CASH OR EGV";
export const evoucherNotAllowed = 'Payment by eVouchers is not allowed with Every Day Value items OR Coupons';
export const walletInsufficient = 'Wallet balance insufficient: choose another method for the rest';
export const notCompatibleWithWallet = 'This Payment Option is not compatible with the wallet';
export const duplicateOrderWarning = 'Duplicate order warning: an order was placed recently, continue?';
export const statusAwaited = 'Status awaited: Unable to confirm order status, an SMS will follow';
export const orderFailedRefund =
  'Order failed: Unable to process your order, try after 15 minutes, refund takes 4-10 business days';
// SPEC §5 Card
export const invalidCardNumber = 'Invalid card Number';
export const incorrectCardNumber = 'Incorrect card number.';
export const invalidCvv = 'Invalid CVV';
export const selectMonth = 'Please select Month';
export const invalidMonth = 'Invalid Month';
export const selectYear = 'Please select Year';
export const invalidCardName = 'Please Enter Valid Name';
// SPEC §5 Tracking, §8 tracking and invoice
export const enterMobileNo = 'Please Enter Mobile No.';
export const enterOrderIdNo = 'Please Enter Order Id No.';
export const trackingNotAvailable = 'Tracking information not available yet';
export const invoiceDownloaded = 'Invoice Downloaded';

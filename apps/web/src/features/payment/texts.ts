import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of the payment screens the SPEC leaves to us; its own sentences come from the domain's MESSAGES. */
export const pt = defineTexts({
  cardNumber: 'Card number',
  expiry: 'Expiry',
  month: 'Month',
  year: 'Year',
  cvv: 'CVV',
  nameOnCard: 'Name on card',
  payAmount: 'Pay {amount}',
  paying: 'Opening your bank…',
  secureNote: 'Your card goes straight to the payment gateway; Crust never sees or keeps its number.',
  cardNotAsGiven: 'Your offer needs the card starting {digits} that you gave at checkout.',

  // /payGateway
  payByCard: 'Pay by card',
  amountToPay: 'Amount to pay',
  walletPart: '{amount} from your wallet',
  noPending: 'There is no payment in progress here.',
  noPendingHint: 'Choose how to pay on the payment page.',
  backToPayment: 'Back to payment',

  // /upiForm
  payByUpi: 'Pay by UPI',
  upiId: 'UPI ID',
  upiPlaceholder: 'name@bank',
  upiIdEmpty: 'Enter your UPI ID',
  upiIdInvalid: 'Enter a valid UPI ID, like name@bank',
  /** Paytm's UPI verify found no such id (SPEC §7): caught before a collect request that would reach nobody */
  upiIdUnknown: 'This UPI ID does not exist. Check it and try again.',
  /** the verified id's holder, masked by the server ("M**** I***"), so the payer sees it is the id they meant */
  upiIdHolder: 'UPI ID of {name}',
  upiCollectHint: 'We will send a payment request to this UPI ID. Approve it in your UPI app.',
  sendRequest: 'Send request for {amount}',
  sendingRequest: 'Sending the request…',
  upiIntentHint: 'Approve the payment in your UPI app, then come back to this page.',
  openUpiApp: 'Open UPI app',
  openSandboxUpiApp: 'Open the sandbox UPI app',

  // /paytmForm (issue 18 §2)
  payByPaytm: 'Pay with Paytm wallet',
  paytmLinkHint: 'Link your Paytm wallet to pay. Paytm will send a verification code to this number.',
  paytmMobile: 'Paytm mobile number',
  paytmMobileInvalid: 'Enter a valid 10-digit mobile number',
  sendOtp: 'Send OTP',
  sendingOtp: 'Sending OTP…',
  paytmOtpLabel: 'Enter verification code sent by SMS',
  paytmOtpSentTo: 'Paytm sent a 6-digit code to {to}.',
  paytmOtpInvalid: 'Enter the 6-digit code',
  verifyOtp: 'Verify and pay',
  verifyingOtp: 'Verifying…',
  resendOtp: 'Resend OTP',
  changeNumber: 'Change number',
  paytmLinked: 'Paytm wallet {mobile} is linked',
  paytmBalance: 'Balance {amount}',
  paytmPaying: 'Paying {amount} from your Paytm wallet…',
  paytmShort: 'Your Paytm balance is short by {amount}. Add money on Paytm to pay for this order.',
  paytmAddMoney: 'Add {amount} on Paytm',
  paytmAddMoneyCancelled: 'No money was added to your Paytm wallet.',
  paytmLoading: 'Checking your Paytm wallet…',
  paytmNotYet: 'Your Paytm payment is not confirmed yet. Please try again.',
  retry: 'Try again',
  payAnotherWay: 'Pay another way',

  // /paymentTransaction (and /upiForm while the UPI app decides)
  paymentTitle: 'Payment',
  waitingForBank: 'Waiting for your bank to confirm…',
  approveInUpiApp: 'Approve the payment in your UPI app',
  /** issue 28 §3: the wait ran out, the payment did not */
  stillConfirming:
    'We are still confirming your payment. We will text you the result, and you will not be charged twice.',
  dontLeave: 'Please do not close this page or press back.',
  /** SPEC §3 REFUND_PAGE: money taken for an order that was not placed */
  refundTitle: 'Your money is on its way back',
  refundPending: 'We have started your refund. This page follows it.',
  refundDone: 'Refunded. Your bank may take 4-10 business days to show it in your account.',
  refundStillGoing: 'Your refund is still being processed. Order history shows when it is done.',
  toOrderHistory: 'Order history',

  // /thankYou
  orderStatus: 'Order status',
  confirming: 'Confirming your order…',
  orderPlaced: 'Order placed',
  orderNumber: 'Order number',
  transactionId: 'Transaction ID',
  items: 'Items',
  itemLine: '{quantity} × {name}',
  paymentSummary: 'Payment summary',
  total: 'Total',
  orderType: 'Order type',
  deliverTo: 'Delivering to',
  pickupFrom: 'Pick up from',
  pickupOrDineInAt: 'Pick up or dine in at',
  dineInAt: 'Dine in at',
  driveInAt: 'Drive-n-Pick at',
  vehicle: 'Vehicle',
  scheduledFor: 'Scheduled for {time}',
  detailsFailed: 'We could not load the order details.',
  backToMenu: 'Back to menu',
  backToCart: 'Back to cart',
});

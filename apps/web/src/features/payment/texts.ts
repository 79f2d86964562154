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
  upiCollectHint: 'We will send a payment request to this UPI ID. Approve it in your UPI app.',
  sendRequest: 'Send request for {amount}',
  sendingRequest: 'Sending the request…',
  upiIntentHint: 'Approve the payment in your UPI app, then come back to this page.',
  openUpiApp: 'Open UPI app',
  openSandboxUpiApp: 'Open the sandbox UPI app',

  // /paymentTransaction (and /upiForm while the UPI app decides)
  paymentTitle: 'Payment',
  waiting: 'Waiting for your payment to be confirmed…',
  dontLeave: 'Please do not close this page or press back.',

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
  vehicle: 'Vehicle',
  scheduledFor: 'Scheduled for {time}',
  detailsFailed: 'We could not load the order details.',
  backToMenu: 'Back to menu',
  backToCart: 'Back to cart',
});

import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of the tracking screens the SPEC leaves to us; its own sentences come from the domain's MESSAGES. */
export const tk = defineTexts({
  // /track
  trackTitle: 'Track your order',
  trackIntro: 'Enter the mobile number the order was placed with and the order number on your receipt.',
  orderIdLabel: 'Order Id',
  orderIdHint: 'The order number on your receipt',
  trackButton: 'Track order',
  tracking: 'Finding your order…',

  // the tracker
  rateTitle: 'Rate your order',
  rateBody: 'How was it? Tell us in a minute: it helps the store get the next one right.',
  rateButton: 'Rate your order',
  orderTitle: 'Your order',
  orderNumber: 'Order no.',
  thankYou: 'Thank you! Your order is placed',
  deliveredTitle: 'Delivered. Enjoy your meal!',
  pickedUpTitle: 'Picked up. Enjoy your meal!',
  /** the heading a key holder who is not the orderer sees (SPEC leaves it to us) */
  sharedTitle: 'Order status',
  progress: 'Order progress',
  confirmed: 'Confirmed',
  beingBaked: 'Being Baked',
  dispatched: 'Dispatched',
  ready: 'Ready',
  delivered: 'Delivered',
  pickedUp: 'Picked Up',
  readyToServe: 'Ready to serve',
  served: 'Served',
  cancelled: 'Cancelled',
  undelivered: 'Not delivered',
  arrivingBy: 'Arriving by {time}',
  readyBy: 'Ready by {time}',
  deliveredAt: 'Delivered at {time}',
  pickedUpAt: 'Picked up at {time}',
  servedAt: 'Served at {time}',
  guarantee: '{minutes}-minute delivery guarantee',
  lateCredit: 'Sorry, your order was late. {amount} has been added to your wallet.',
  riderOnTheWay: '{name} is on the way with your order',
  deliveredBy: 'Delivered by {name}',
  advanceSlot: 'Advance order for {time}',
  advancePrep: 'We start preparing it 30 minutes before, at {time}.',
  cancelledTitle: 'Your order was cancelled',
  cancelReason: 'Reason: {reason}',
  refundNote:
    'If you paid online, the money goes back to your original payment method within 4-10 business days.',
  trackAnother: 'Track another order',
  backToMenu: 'Back to menu',

  // a train order (issue 16): SPEC §4 train statuses, the end states and the passenger's cancel
  trainProgress: 'Train order progress',
  trainUndeliveredTitle: 'We could not deliver your order',
  trainRefund: 'The money goes back to your original payment method within 4-10 business days.',
  trainCancel: 'Cancel order',
  trainCancelUntil: 'You can cancel until {time}.',
  trainCancelTitle: 'Cancel this order?',
  trainCancelBody: 'We will stop preparing it and refund the money to your original payment method.',
  trainCancelYes: 'Yes, cancel',
  trainCancelNo: 'Keep order',
  trainCancelling: 'Cancelling…',
  trainCodeSending: 'Sending…',
  trainCodeSent: 'We have sent you a new delivery code by SMS. The one before no longer works.',

  // the map
  mapLabel: 'Map: {store} and {destination}',
  mapRider: '; the rider is on the way',
  mapPickup: 'Map: {store}',
  storePin: '{store} store',
  // the store's number, promised by /info?page=contact
  callStore: 'Questions about this order? {store} can help.',
  callStoreButton: 'Call {phone}',
  callStoreLink: 'Call {store} on {phone}',
  help: 'Help with this order',
});

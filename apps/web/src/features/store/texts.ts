import { defineTexts } from '../../shared/i18n/index.ts';

/**
 * The store console's texts (the SPEC does not show these screens; docs/store-console.md does). Kept in the
 * feature's own catalogue so they ride in the lazy /store chunk, not in every customer's first download.
 */
export const sc = defineTexts({
  title: 'Store console',

  // login
  loginHeading: 'Staff login',
  loginIntro: 'Log in with your store login to see and move your orders.',
  username: 'Username',
  password: 'Password',
  logIn: 'Log in',
  loggingIn: 'Logging in…',
  sessionEnded: 'Your session has ended. Please log in again.',

  // a one-time password is replaced at first login
  newPasswordHeading: 'Choose your password',
  newPasswordIntro:
    'You logged in with a one-time password. Choose your own password to go on; the one-time password will stop working.',
  newPassword: 'New password',
  newPasswordHint: 'At least 12 characters. Do not reuse a password from anywhere else.',
  newPasswordAgain: 'New password again',
  passwordsDiffer: 'The two passwords are not the same',
  savePassword: 'Save password',
  savingPassword: 'Saving…',
  backToLogin: 'Back to login',
  logout: 'Log out',
  signedInAs: '{name} · {role}',
  // the four roles (docs/back-office.md)
  roleADMIN: 'Chain admin',
  roleREGIONAL: 'Regional manager',
  roleMANAGER: 'Store manager',
  roleSTAFF: 'Store staff',
  /** the header's way into the back office (issue 30): staff logins and the change log */
  backOffice: 'Back office',
  /** the header's way back to a one-store login's desk from a back-office or content view */
  myStore: 'My store',

  // stores
  chooseStore: 'Choose a store',
  changeStore: 'Stores',
  storeLine: '{name} · #{id}',
  noStores: 'This login has no stores.',
  online: 'Online',
  offline: 'Offline',
  goOfflineTitle: 'Go offline?',
  goOfflineBody: 'Customers will only be able to book advance orders',
  goOffline: 'Go offline',
  stayOnline: 'Stay online',

  // tabs
  tabs: 'Store console sections',
  tabQueue: 'Queue',
  tabQueueCount: 'Queue ({count})',
  tabDone: 'Done',
  tabStock: 'Stock',
  tabRatings: 'Ratings',
  // the Ratings tab (issue 17 §1)
  ratingsPeriod: 'Period',
  periodToday: 'Today',
  period7: '7 days',
  period30: '30 days',
  ratingsCsat: 'CSAT (of 5)',
  ratingsNps: 'NPS',
  ratingsCount: 'Ratings',
  ratingsPromoters: 'Promoters',
  ratingsPassives: 'Passives',
  ratingsDetractors: 'Detractors',
  ratingsNone: '–',
  ratingsRecent: 'Recent ratings',
  ratingsEmpty: 'No ratings in this period.',
  ratingLine: '#{number} · {name} · {when}',
  ratingScores: 'Overall {overall}/5 · NPS {nps}',
  ratingScoresNoNps: 'Overall {overall}/5',
  ticketsTitle: 'Tickets',
  ticketsEmpty: 'No tickets: no customer with a low rating asked to be called back.',
  ticketOpen: 'Open',
  ticketClosed: 'Closed',
  ticketCall: 'Call {mobile}',
  ticketReplyLabel: 'Reply to the customer',
  ticketReplyRequired: 'Write a reply before closing the ticket.',
  ticketClose: 'Close ticket',
  ticketClosedBy: 'Closed {when}: {reply}',

  // queue
  emptyQueue: 'No orders waiting. New paid orders show up here by themselves.',
  emptyDone: 'No finished orders yet today.',
  loadFailed: 'We could not load this. ',
  liveOff: 'Live updates are off; refreshing every 10 seconds.',
  orderNo: 'Order #{number}',
  newOrder: 'New',
  placedAt: 'Placed {time}',
  promisedAt: 'Promised {time}',
  minutesLeft: '{minutes} min left',
  late: 'Late by {minutes} min',
  dueNow: 'Due now',
  advanceSlot: 'Advance order for {time}',
  advanceWaiting: 'Waiting: kitchen starts at {time}',
  customer: 'Customer',
  deliverTo: 'Deliver to',
  vehicle: 'Bay and car',
  instructions: 'Instructions',
  noContact: 'Zero contact delivery',
  itemLine: '{quantity} × {name}',
  /** the order unlocked the chain's free gift: the kitchen packs it with the items */
  surpriseGift: 'Surprise gift: {name}',
  surpriseGiftFree: 'Free',
  total: 'Total',
  payment: '{method} · {state}',
  collect: 'Collect {amount}',
  /** issue 28 §1: the customer paid twice; nothing for the store to hand back, Crust refunds it */
  paidTwiceRefunding: 'Paid twice: {amount} being refunded to the customer',
  paidTwiceRefunded: 'Paid twice: {amount} refunded to the customer',
  rider: 'Rider: {name}',
  cancelReasonShown: 'Cancelled: {reason}',
  stageNow: 'Stage',
  errorOn: 'Order #{number}: {message}',
  dismiss: 'Dismiss',

  // a train order (issue 16): where the rider hands it over, and the passenger's code for it
  trainBlock: 'Train delivery',
  train: 'Train',
  station: 'Station',
  seat: 'Coach, berth',
  seatValue: 'Coach {coach}, Berth {berth}',
  coachValue: 'Coach {coach}',
  seatUnknown: 'Not charted yet: call the passenger',
  pnr: 'PNR',
  trainDue: 'Train due',
  deliveryCode: "Passenger's delivery code",
  deliveryCodeHint: 'The 4 digits the passenger got by SMS when ordering',
  deliveryCodeShape: 'The delivery code is 4 digits',

  // stages (the order's current one)
  stageNew: 'Awaiting confirmation',
  stageConfirmed: 'Confirmed',
  stageBaking: 'Being baked',
  stageDispatched: 'Out for delivery',
  stageReady: 'Ready for pickup',
  stageDelivered: 'Delivered',
  stagePickedUp: 'Picked up',
  stageReadyToServe: 'Ready to serve',
  stageServed: 'Served',
  stageCancelled: 'Cancelled',
  stageUndelivered: 'Undelivered (train left)',

  // the next-stage button
  toConfirm: 'Confirm',
  toBake: 'Start baking',
  toDispatch: 'Dispatch',
  toReady: 'Ready for pickup',
  toDelivered: 'Delivered',
  toPickedUp: 'Picked up',
  toReadyToServe: 'Ready to serve',
  toServed: 'Served',
  working: 'Saving…',
  riderName: "Rider's name",
  riderNeeded: "Enter the rider's name",

  // cancel
  cancelOrder: 'Cancel order',
  cancelReason: 'Reason for cancelling',
  cancelReasonShort: 'Please give a reason (at least 3 characters)',
  refundNote: 'The customer will be refunded {amount}.',
  nothingToRefund: 'Nothing was paid online, so there is nothing to refund.',
  confirmCancel: 'Cancel and refund',
  confirmCancelNoRefund: 'Cancel order',
  keepOrder: 'Keep order',

  // stock
  emptyStock: 'No products for this store.',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
});

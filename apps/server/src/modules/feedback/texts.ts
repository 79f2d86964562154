/** Feedback's answers (the SPEC gives none of these; SPEC §5's rules and texts are packages/domain feedback.ts). */
export const FEEDBACK_SERVER_TEXTS = {
  orderNotFound: 'We could not find this order.',
  mobileNotMatched:
    'This mobile number does not match the order. Please enter the number the order was placed with.',
  offline: 'This order is not in your account. Enter the mobile number it was placed with to rate it.',
  notDelivered: 'You can rate this order once it has been delivered.',
  windowClosed: 'This order was delivered more than 60 days ago and can no longer be rated.',
  notFirstOrder: 'This is not your first order: please use the regular feedback form.',
  notInOrder: 'Rate only the items of this order.',
  alreadyRated: 'You have already rated this order. Thank you!',
  thanks: 'Thank you for your feedback!',
  thanksTicket: 'Thank you for your feedback! The store will get back to you.',
  welcome: 'Thank you for rating your first order with us! We hope to serve you again soon.',
  notYourStore: 'No such store for this login.',
  noTicket: 'No such ticket for this login.',
  ticketNotOpen: 'This ticket is already closed.',
  badDate: 'Choose a valid date.',
  badPeriod: 'The period must end on or after its first day.',
  longPeriod: 'Choose a period of at most 400 days.',
} as const;

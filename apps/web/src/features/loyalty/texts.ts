import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of /pizzaLoyalty (Pizza Pals, SPEC §1, §9). */
export const yt = defineTexts({
  // SPEC §5 Generic
  acceptTermsFirst: 'Please Accept Terms and Conditions First',
  title: 'Pizza Pals',
  tagline: 'Every order brings you closer to a free pizza.',
  // what the programme gives (SPEC §9), for a guest and a customer not yet in it
  perksTitle: 'How Pizza Pals works',
  perkEarn: 'Earn {earn} points on your first order of the day.',
  perkCredit: 'Points are credited 24–48 hours after delivery.',
  perkRedeem: '{redeem} points get you a free regular pizza.',
  perkValue: '1 point is worth ₹1.',
  guestTitle: 'Log in to join Pizza Pals',
  guestBody: 'Pizza Pals is for customers with an account, so your points stay with you on every device.',
  login: 'Log in',
  // joining
  joinTitle: 'Join Pizza Pals',
  optedOutTitle: 'You left Pizza Pals',
  optedOutBody: 'You are not earning points now. Your points and their history are kept; join again to earn.',
  termsTitle: 'Pizza Pals terms',
  term1: 'Points are earned only on the first eligible order of the day (India time).',
  term2:
    'Points are credited 24–48 hours after the order is delivered; a cancelled or refunded order earns none.',
  term3: 'A free pizza can use points only 24 hours after they were credited.',
  term4: 'The free pizza is a regular pizza; extra toppings are charged.',
  acceptTerms: 'I accept the Pizza Pals terms',
  join: 'Join Pizza Pals',
  joinAgain: 'Join again',
  joining: 'Joining…',
  joinWaiting: 'Your Pizza Pals enrolment is on its way. Please check again in a moment.',
  // the balance
  pointsTitle: 'Your points',
  points: '{n} points',
  pointsValue: 'worth {amount}',
  pending: '{n} points on their way',
  pendingHint: 'credited 24–48 hours after delivery',
  // the slices toward the next free pizza
  progressTitle: 'Your next free pizza',
  slicesOf: '{n} of {total} slices',
  slicesToGo: '{n} more orders to your next free pizza',
  sliceToGo: '1 more order to your next free pizza',
  wholeReady: 'A whole pizza! Pick your free pizza below.',
  wholeSoon: 'A whole pizza! It is yours 24 hours after its last points were credited.',
  // the free pizzas
  freeTitle: 'Your free pizza',
  freeTitleMany: 'Your {n} free pizzas',
  freeBody: 'Pick a regular pizza for {redeem} points. Extra toppings are charged.',
  free: 'Free',
  worth: 'Worth {price}',
  addFree: 'Add free pizza',
  addFreeNamed: 'Add {name} free',
  adding: 'Adding…',
  chooseStore: 'Choose your store to see the free pizzas it makes.',
  chooseStoreAction: 'Choose location',
  noFreePizzas: 'This store has no free pizza to offer right now.',
  // leaving
  optOut: 'Leave Pizza Pals',
  optOutTitle: 'Leave Pizza Pals?',
  optOutBody: 'You will stop earning points. The points you have and their history are kept.',
  optOutConfirm: 'Leave',
  leaving: 'Leaving…',
  cancel: 'Stay',
  loadFailed: 'We could not load your Pizza Pals points.',
  retry: 'Retry',
});

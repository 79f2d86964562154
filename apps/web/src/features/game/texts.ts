import { MESSAGES } from '@crust/domain/messages';
import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of /game (the SPEC gives none: §7 "game data and spin the wheel (not shown)"; docs/game.md). */
export const gt = defineTexts({
  title: 'Spin the wheel',
  intro:
    'Every delivered order gives you one spin. The prize is decided by our server and shown on the wheel.',
  spin: 'Spin the wheel',
  spinning: 'Spinning…',
  spinNext: 'Spin for your next order',
  noSpins: 'You have no spin right now. Each delivered order gives you one spin for 7 days after delivery.',
  loginPrompt: 'Log in to spin the wheel with your delivered orders.',
  login: 'Log in',
  spinsLeft: 'Spins available: {n}',
  spinFor: 'Spin for your order delivered {when}',
  wonTitle: 'You won: {label}',
  lostTitle: 'Better luck next time',
  code: 'Your code: {code}',
  expires: 'Use it by {when}',
  noExpiry: 'Already in your account',
  useNow: 'Order now',
  seeOffers: 'See my offers',
  failedTitle: 'The wheel did not spin',
  retry: 'Try again',
  howItWorks: 'How the wheel works',
  chanceOf: '{label}: {chance}',
  oddsCaption: 'Each segment and its chance',
  segment: 'Segment',
  chance: 'Chance',
  lastSpins: 'Your recent spins',
  loadFailed: MESSAGES.somethingWentWrongRetry,
  wheelLabel: 'Prize wheel with 8 segments',
});

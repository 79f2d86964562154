import { defineTexts } from '../i18n/index.ts';

/** Pizza Pals as other screens show it: the widget, and the points an order earns or spends. */
export const lyt = defineTexts({
  widgetTitle: 'Join Pizza Pals',
  widgetBody: 'Earn {earn} points on your first order of the day; {redeem} points get you a free pizza.',
  widgetAction: 'Join now',
  earned: 'You earned {n} Pizza Pals points',
  earnedHint: 'credited 24–48 hours after delivery',
  used: '{n} Pizza Pals points used',
  toUse: '{n} Pizza Pals points will be used',
  left: '{n} points left after this order',
  freeWith: 'Free with {n} points',
});

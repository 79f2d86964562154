import { formatRupees, paise } from '@crust/domain/money';

/** Spin-the-wheel's words (the SPEC gives none: SPEC §7 "game data and spin the wheel (not shown)"). */
export const GAME_TEXTS = {
  orderNotFound: 'We could not find this order.',
  notDelivered: 'You can spin the wheel once this order has been delivered.',
  windowClosed: (days: number) =>
    `The spin for this order has expired: spin within ${days} days of delivery.`,
  alreadySpun: 'You have already spun the wheel for this order. Every delivered order gives you one spin.',
  noTable: 'The wheel is resting today. Please try again later.',
  couponTitle: (value: number) => `${formatRupees(paise(value))} off, won on the wheel`,
  couponDescription: (value: number, minOrder: number) =>
    minOrder > 0
      ? `${formatRupees(paise(value))} off an order of ${formatRupees(paise(minOrder))} or more. Only in the account that won it, once.`
      : `${formatRupees(paise(value))} off your order. Only in the account that won it, once.`,
  freeSideTitle: (label: string) => `${label}, won on the wheel`,
  freeSideDescription: (label: string) =>
    `${label} free: add it to your cart. Only in the account that won it, once.`,
  howToUse: {
    COUPON: (code: string, minOrder: number) =>
      minOrder > 0
        ? `Apply code ${code} in your cart on an order of ${formatRupees(paise(minOrder))} or more. It works only in your account, once.`
        : `Apply code ${code} in your cart. It works only in your account, once.`,
    FREE_SIDE: (code: string, label: string) =>
      `Add ${label} to your cart and apply code ${code}: it becomes free. It works only in your account, once.`,
    POINTS: (points: number) => `${points} points have been added to your Pizza Pals balance.`,
    NONE: () => 'No prize this time. Every delivered order gives you another spin.',
  },
  rules: {
    whoMaySpin: (days: number) =>
      `One spin for each delivered order, within ${days} days of delivery. Log in to spin.`,
    odds: 'Each segment’s chance is shown beside it; the server draws the result, the wheel only shows it.',
    budget: (budget: string | null) =>
      (budget === null
        ? 'Prizes have a daily limit each. '
        : `Prizes have a daily limit each and a total daily budget of ${budget}. `) +
      'When a prize’s limit for the day is reached, its chance goes to “Better luck next time” until midnight (India time); the other prizes’ chances never change.',
    prizes: (days: number) =>
      `Coupons and free sides work only in the winner’s account, once, for ${days} days. Points go to your Pizza Pals balance at once.`,
  },
  // the back office
  stale: 'Someone saved the prize table since you opened it. Reload it and make your change again.',
  badDate: 'Choose a valid date.',
  badPeriod: 'The period must end on or after its first day.',
  longPeriod: 'Choose a period of at most 366 days.',
} as const;

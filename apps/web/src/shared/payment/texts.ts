import { defineTexts } from '../i18n/index.ts';

/** The order's payment as the thank-you page and the order's history details both tell it. */
export const ppt = defineTexts({
  /** issue 28 §1: the gateway took the money twice; Crust refunds the second payment */
  paidTwiceRefunding: '{amount} paid twice; the second payment is being refunded, 4–10 business days.',
  paidTwiceRefunded:
    '{amount} paid twice; the second payment has been refunded. Your bank shows it within 4–10 business days.',
});

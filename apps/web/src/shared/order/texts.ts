import { defineTexts } from '../i18n/index.ts';

/** The order as the thank-you page and the order's history details both tell it. */
export const ot = defineTexts({
  /** the order unlocked the chain's free gift (SPEC §9): it comes with the order at no charge */
  surpriseGift: 'Surprise gift · {name} · Free',
});

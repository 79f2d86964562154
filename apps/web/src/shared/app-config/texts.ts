import { defineTexts } from '../i18n/index.ts';

/** Texts of the app-wide notices the remote config drives (docs/remote-config.md). */
export const ac = defineTexts({
  featureOffTitle: 'Not available here',
  featureOffBody: 'This part of Crust is switched off here. Everything else works as usual.',
  goHome: 'Go to home',
  /** inside a partner's mini-app whose configuration blocks the feature (SPEC §6) */
  featureOffInPartner: '{feature} is not available in {partner}. Everything else works as usual.',
  feature_train: 'Delivery on your train',
  feature_feedback: 'Rating your order',
  feature_offers: 'Offers',
  feature_wallet: 'The Crust wallet',
  feature_logout: 'Logging out',
  feature_edv: 'Everyday value offers',
  feature_loyalty: 'Pizza Pals',
  feature_advanceOrder: 'Ordering for later',
  feature_support: 'Help',
  /** the words for SPEC §3 disableCookies */
  cookiesDisabled: 'Your browser has cookies disabled',
  cookiesDisabledBody: 'Turn on cookies and site data to stay logged in and keep your cart between visits.',
  installTitle: 'Add Crust to your home screen',
  installBody: 'Open it in one tap next time, even on a slow network.',
  install: 'Add',
  notNow: 'Not now',
});

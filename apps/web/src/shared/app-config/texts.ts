import { defineTexts } from '../i18n/index.ts';

/** Texts of the app-wide notices the remote config drives (docs/remote-config.md). */
export const ac = defineTexts({
  featureOffTitle: 'Not available here',
  featureOffBody: 'This part of Crust is switched off here. Everything else works as usual.',
  goHome: 'Go to home',
  /** the words for SPEC §3 disableCookies */
  cookiesDisabled: 'Your browser has cookies disabled',
  cookiesDisabledBody: 'Turn on cookies and site data to stay logged in and keep your cart between visits.',
  installTitle: 'Add Crust to your home screen',
  installBody: 'Open it in one tap next time, even on a slow network.',
  install: 'Add',
  notNow: 'Not now',
});

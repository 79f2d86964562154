import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of the content screens: /notification, /info, /worldPizzaLeague (docs/content.md). */
export const ct = defineTexts({
  notificationTitle: 'Hygiene & safety',
  infoTitle: 'Information',
  infoIntro: 'About Crust, our food and how to reach us.',
  wplTitle: 'World Pizza League',
  wplOrder: 'Order from the World Pizza League',
  notFoundTitle: 'Page not found',
  notFound: "This page doesn't exist, or is no longer available.",
  seeAllPages: 'See all information pages',
  goHome: 'Go to home',
  loadFailed: "We couldn't load this page.",
  noPages: 'There are no information pages yet.',
});

import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of the landing screen. */
export const lt = defineTexts({
  headline: 'Hot pizza, at your door in 30 minutes',
  subline: 'Delivery, takeaway, dine-in or Drive-n-Pick from your nearest Crust store.',
  enterLocation: 'Enter your location',
  enterLocationHint: 'To find your nearest store and its menu',
  deliverTo: 'Deliver to',
  pickupNear: 'Pick up near',
  fromStore: 'From {store}',
  useCurrentLocation: 'Use current location',
  change: 'Change',
  changeLocation: 'Change location',
  viewMenu: 'View menu',
  offers: 'Offers for you',
  categories: 'What are you craving?',
  vegPizza: 'Veg Pizza',
  nonVegPizza: 'Non-Veg Pizza',
  pizzaMania: 'Pizza Mania',
  sides: 'Sides',
  beverages: 'Beverages',
  dessert: 'Desserts',
  specialityChicken: 'Chicken',
  combos: 'Combos',
});

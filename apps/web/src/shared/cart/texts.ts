import { defineTexts } from '../i18n/index.ts';

/** The texts of the cart's shared parts: the dock, the location prompt before a first add, its toasts. */
export const cartT = defineTexts({
  viewCart: 'View cart',
  viewCartCount: 'View cart, {count} items',
  viewCartOne: 'View cart, 1 item',
  itemsCount: '{count} items',
  itemsOne: '1 item',
  addedAtStore: 'Added to your cart at {store}',
  // the location prompt before a first add
  locationFirstTitle: 'Tell us where you are',
  locationFirstBody:
    'Menus, prices and offers depend on the store near you. Choose how you want your order and your location, and we will add it to your cart there.',
  chooseLocation: 'Choose location',
  chooseLocationFirst: 'Choose your location first, so we know which store your order is from.',
  cancel: 'Cancel',
});

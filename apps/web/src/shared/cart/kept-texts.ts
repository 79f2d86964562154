import { defineTexts } from '../i18n/index.ts';

/**
 * The toasts about cart edits tapped offline (./keep.ts, ./send-kept.ts). Apart from ./texts.ts because only those
 * lazily loaded modules use them: the first screen's JavaScript does not carry them.
 */
export const keptT = defineTexts({
  kept: 'You are offline: {name} is kept and goes to your cart when the connection is back.',
  keptRefused: '{name} could not be changed in your cart: {reason}',
});

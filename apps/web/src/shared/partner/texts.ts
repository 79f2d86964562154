import { MESSAGES } from '@crust/domain/messages';
import { defineTexts } from '../i18n/index.ts';

/**
 * The mini-app's texts every screen may need (the rest are the login and checkout features'). Small on purpose:
 * it rides in every route's first download.
 */
export const pa = defineTexts({
  /** SPEC §8 "You have been logged out. Please login again. (mini-app: ...Please exit.)" */
  loggedOut: `${MESSAGES.loggedOut} Please exit.`,
});

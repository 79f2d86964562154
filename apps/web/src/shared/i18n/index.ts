import { MESSAGES } from '@crust/domain/messages';

/**
 * The text catalogue. SPEC texts come from the domain's MESSAGES (shared with the server); screen
 * texts the SPEC leaves to us live here. Components never inline user-facing strings.
 * Only the shell's own SPEC texts are copied in: this catalogue is part of every first download, so a feature
 * reads the other MESSAGES itself and its chunk carries them (issue 32 §1).
 */
const TEXTS = {
  genericHeader: MESSAGES.genericHeader,
  genericButton: MESSAGES.genericButton,
  renderErrorTitle: MESSAGES.renderErrorTitle,
  renderErrorBody: MESSAGES.renderErrorBody,
  refresh: MESSAGES.refresh,
  internetLost: MESSAGES.internetLost,
  appName: 'Crust',
  tagline: 'Hot pizza, at your door in 30 minutes',
  delivery: 'Delivery',
  takeawayDineIn: 'Takeaway/Dine-in',
  dineIn: 'Dine-in',
  curbside: 'Drive-n-Pick',
  back: 'Back',
  close: 'Close',
  retry: 'Retry',
  loading: 'Loading…',
  search: 'Search',
  goHome: 'Go to home',
  menu: 'Menu',
  login: 'Login',
  logout: 'Logout',
  myProfile: 'My profile',
  myOrders: 'My Orders',
  /** SPEC §2 menu category 0 */
  favourites: 'Favourites',
  trackOrder: 'Track order',
  trackAnOrder: 'Track an order',
} as const;

export type TextKey = keyof typeof TEXTS;

/** Looks a text up; {name} placeholders are filled from params. */
export function t(key: TextKey, params?: Record<string, string | number>): string {
  const text: string = TEXTS[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Feature folders add their own texts through this so they stay in one catalogue per feature. */
export function defineTexts<T extends Record<string, string>>(texts: T) {
  return (key: keyof T, params?: Record<string, string | number>): string => {
    const text = texts[key] as string;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  };
}

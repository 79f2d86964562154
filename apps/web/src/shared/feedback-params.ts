/**
 * SPEC §4 Login: "/uf appends saved feedback query parameters". The rating screen saves its query here (for this
 * tab) before it sends a guest to log in; the login's redirect puts it back (features/login/after-login.ts).
 */
export const FEEDBACK_PARAMS_KEY = 'crust.feedbackParams';

export function saveFeedbackParams(search: string): void {
  try {
    sessionStorage.setItem(FEEDBACK_PARAMS_KEY, search.replace(/^\?/, ''));
  } catch {
    /* storage unavailable: the login comes back to /uf without the order */
  }
}

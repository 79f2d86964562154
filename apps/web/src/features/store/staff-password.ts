/** The console's look of a password field: its own box and switch, and a muted hint. */
export const STAFF_PASSWORD = {
  wrapClassName: 'sc-password',
  toggleClassName: 'sc-link-btn',
  hintClassName: 'sc-muted sc-hint',
} as const;

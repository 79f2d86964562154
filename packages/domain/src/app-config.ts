/**
 * How the web app applies the remote config (SPEC §3 Remote config, §5 "Partner-blocked features are removed from
 * the feature list", §9 timers). docs/remote-config.md says where each switch shows.
 */

/** SPEC §9: the auto-login chance for a guest paying cash, in percent. */
export const AUTO_LOGIN_PERCENT = 20;
/** SPEC §9 "app reset 300 s": back after this long away, everything the server said is asked again. */
export const APP_RESET_SECONDS = 300;
/** SPEC §9 "advance-order reset 60": the advance slots on offer are worked out afresh this often. */
export const ADVANCE_ORDER_RESET_SECONDS = 60;
/** SPEC §9 "Home-screen-save prompt delay 1800000 ms": of use, counted while the app is on screen. */
export const HOME_SCREEN_PROMPT_MS = 1_800_000;
/** After "Not now" (or a dismissed install dialog) the prompt waits this long before it may show again. */
export const HOME_SCREEN_PROMPT_SNOOZE_MS = 30 * 24 * 3_600_000;

/** SPEC §6: what the PAYTM mini-app configuration blocks. */
export const PAYTM_BLOCKED_FEATURES = [
  'irctc',
  'feedback',
  'deals_and_offer',
  'deliver_on_train',
  'wallet',
  'support',
  'logout',
  'offers',
  'showAppBanner',
  'everyday_value_offer',
  'edv',
] as const;

/**
 * The switches a screen may check: the ones SPEC §6 lets a partner block, and Crust's own `loyalty` and
 * `advance_order`. Two names for one thing (irctc / deliver_on_train, edv / everyday_value_offer, offers /
 * deals_and_offer) are both honoured: either one switched off hides it.
 */
export const FEATURES = [...PAYTM_BLOCKED_FEATURES, 'loyalty', 'advance_order'] as const;
export type Feature = (typeof FEATURES)[number];

/** The features that stand for one thing a customer sees. */
export type Capability =
  'train' | 'feedback' | 'offers' | 'wallet' | 'logout' | 'edv' | 'loyalty' | 'advanceOrder' | 'support';

const NEEDS: Record<Capability, readonly Feature[]> = {
  train: ['irctc', 'deliver_on_train'],
  feedback: ['feedback'],
  offers: ['offers', 'deals_and_offer'],
  wallet: ['wallet'],
  logout: ['logout'],
  edv: ['edv', 'everyday_value_offer'],
  loyalty: ['loyalty'],
  advanceOrder: ['advance_order'],
  /** the help entries (the tracker's "Help with this order"); the PAYTM mini-app blocks them */
  support: ['support'],
};

/** SPEC §5: the feature list less what the partner (if any) blocks. */
export function enabledFeatures(features: readonly string[], blocked: readonly string[] = []): Set<string> {
  const off = new Set(blocked);
  return new Set(features.filter((f) => !off.has(f)));
}

/** Whether every feature a capability needs is on. */
export function capabilityOn(enabled: Pick<ReadonlySet<string>, 'has'>, capability: Capability): boolean {
  return NEEDS[capability].every((f) => enabled.has(f));
}

/**
 * The app banner (the home-screen install prompt) needs the config's showAppBanner and the feature not blocked by
 * a partner: a partner's host app is already on the home screen.
 */
export function appBannerOn(showAppBanner: boolean, blocked: readonly string[] = []): boolean {
  return showAppBanner && !blocked.includes('showAppBanner');
}

/** What the device remembers about the install prompt. */
export interface InstallPromptMemory {
  /** time of use counted so far, ms */
  usedMs: number;
  /** when the customer last said "Not now" (or dismissed the browser's dialog), epoch ms */
  snoozedAt: number | null;
  /** the app was installed: never ask again */
  installed: boolean;
}

export const NEW_INSTALL_MEMORY: InstallPromptMemory = { usedMs: 0, snoozedAt: null, installed: false };

/**
 * Whether to offer "Add to home screen" now: the browser offers an install, it was never installed, the customer
 * has used the app for the delay, and any "Not now" is older than the snooze.
 */
export function installPromptDue(input: {
  memory: InstallPromptMemory;
  browserOffers: boolean;
  nowMs: number;
  delayMs?: number;
  snoozeMs?: number;
}): boolean {
  const { memory, nowMs } = input;
  if (!input.browserOffers || memory.installed) return false;
  if (memory.usedMs < (input.delayMs ?? HOME_SCREEN_PROMPT_MS)) return false;
  return (
    memory.snoozedAt === null || nowMs - memory.snoozedAt >= (input.snoozeMs ?? HOME_SCREEN_PROMPT_SNOOZE_MS)
  );
}

/** A guest paying cash is offered a login with this chance (SPEC §4); `roll` in [0, 1). */
export function autoLoginRoll(roll: number, percent: number): boolean {
  return roll * 100 < Math.min(100, Math.max(0, percent));
}

/** Back in the app after `awayMs`: ask the server again (SPEC §9 app reset). */
export function appResetDue(awayMs: number, resetSeconds: number = APP_RESET_SECONDS): boolean {
  return awayMs >= resetSeconds * 1000;
}

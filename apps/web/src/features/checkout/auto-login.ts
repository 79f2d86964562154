import { autoLoginRoll } from '@crust/domain/app-config';
import { readJson, writeJson } from '../../shared/storage.ts';

/*
 * SPEC §4 "Guests cash payment may redirect to /paymentType for auto-login, with a configured percentage
 * chance" (SPEC §9: 20; the remote config's autoLoginPercent). The chance comes from a random source tests
 * replace. A guest is asked once per tab: after the offer was made, and after "Continue as guest", cash goes
 * straight on.
 */

const OFFERED_KEY = 'crust.cashLoginOffered';
const GUEST_CASH_KEY = 'crust.guestCash';

let random: () => number = Math.random;

/** For tests: a fixed chance (null puts Math.random back). */
export function setRandomSource(source: (() => number) | null): void {
  random = source ?? Math.random;
}

/** Whether this tap of "Place order" goes to /paymentType first (and records that it did). */
export function offerLoginForCash(input: {
  loggedIn: boolean;
  primary: string | null;
  percent: number;
}): boolean {
  if (input.loggedIn || input.primary !== 'CASH') return false;
  if (readJson<boolean>(OFFERED_KEY, false, 'session')) return false;
  if (!autoLoginRoll(random(), input.percent)) return false;
  writeJson(OFFERED_KEY, true, 'session');
  return true;
}

/** "Continue as guest": back on /payment, cash is still the choice. */
export function rememberGuestCash(): void {
  writeJson(GUEST_CASH_KEY, true, 'session');
}

export function guestChoseCash(): boolean {
  return readJson<boolean>(GUEST_CASH_KEY, false, 'session');
}

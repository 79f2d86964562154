/**
 * The mobile rules moved to shared/customer/mobile.ts (issue 13 §4); login's MobileField still reads them here
 * until the form kit (issue 13 §2) moves it to shared/ui, and this file goes with that merge.
 */
export { blockNonNumericKeys, mobileError } from '../../shared/customer/mobile.ts';

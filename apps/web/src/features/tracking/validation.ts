import { MESSAGES } from '@crust/domain/messages';
import { mobileError } from '../../shared/customer/mobile.ts';

/** SPEC §5 Tracking: an empty field has its own message; otherwise the rules of §5 Mobile apply, as on login. */
export function trackMobileError(value: string): string | null {
  return value.trim() ? mobileError(value) : MESSAGES.enterMobileNo;
}

/** The number on the receipt: digits only, up to 12 (the contract's rule), else §5's message. */
export function orderNumberError(value: string): string | null {
  return /^\d{1,12}$/.test(value.trim()) ? null : MESSAGES.enterOrderIdNo;
}

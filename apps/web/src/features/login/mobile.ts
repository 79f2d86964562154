import type { KeyboardEvent } from 'react';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { lg } from './texts.ts';

/**
 * SPEC §5 Mobile: digits only, no leading 0, exactly 10 digits. One message per case:
 * - nothing typed: "Enter Mobile Number"
 * - anything but digits (a paste): "Mobile number should only contain numbers"
 * - a leading 0: "Please do not add 0 in front of your mobile number"
 * - fewer (or more) than 10 digits: "Mobile Number should be of 10 digits"
 * - 10 digits that cannot be an Indian mobile number (these start with 6, 7, 8 or 9):
 *   "Enter 10 digit valid mobile number"
 */
export function mobileError(value: string): string | null {
  const v = value.trim();
  if (!v) return lg('enterMobile');
  if (!/^\d+$/.test(v)) return lg('onlyNumbers');
  if (v.startsWith('0')) return lg('noLeadingZero');
  if (v.length !== PHONE_LENGTH) return lg('mobileLength', { n: PHONE_LENGTH });
  if (!/^[6-9]/.test(v)) return lg('mobileInvalid', { n: PHONE_LENGTH });
  return null;
}

/** SPEC §5 Generic: numeric inputs block e, E, +, - and a dot (what type=number would let through). */
export function blockNonNumericKeys(e: KeyboardEvent<HTMLInputElement>): void {
  if (['e', 'E', '+', '-', '.'].includes(e.key)) e.preventDefault();
}

/** 98765 43210: how a number is shown back to the customer. */
export function formatMobile(mobile: string): string {
  return `${lg('countryCode')} ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}

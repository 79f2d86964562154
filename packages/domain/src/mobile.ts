import { PHONE_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';

const withN = (text: string): string => text.replace('{n}', String(PHONE_LENGTH));

/**
 * SPEC §5 Mobile: digits only, no leading 0, exactly 10 digits, and (as every Indian mobile number does)
 * starting 6–9. One message per case, the first rule broken:
 * - nothing typed: "Enter Mobile Number"
 * - anything but digits (a paste): "Mobile number should only contain numbers"
 * - a leading 0: "Please do not add 0 in front of your mobile number"
 * - fewer or more than 10 digits: "Mobile Number should be of 10 digits"
 * - 10 digits not starting 6–9: "Enter 10 digit valid mobile number"
 */
export function mobileError(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return MESSAGES.enterMobile;
  if (!/^\d+$/.test(v)) return MESSAGES.mobileOnlyNumbers;
  if (v.startsWith('0')) return MESSAGES.mobileNoLeadingZero;
  if (v.length !== PHONE_LENGTH) return withN(MESSAGES.mobileLength);
  if (!/^[6-9]/.test(v)) return withN(MESSAGES.mobileInvalid);
  return null;
}

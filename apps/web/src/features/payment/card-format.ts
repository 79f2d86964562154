import { brandOf, cardDigits, CARD_NUMBER_MAX_DIGITS } from '@crust/domain/card';

/**
 * The number as it is printed on the card: Amex 4-6-5, everything else in groups of four. Only digits
 * are kept, so a paste with spaces or dashes reads the same.
 */
export function groupCardNumber(typed: string): string {
  const digits = cardDigits(typed).slice(0, CARD_NUMBER_MAX_DIGITS);
  const groups = brandOf(digits) === 'AMEX' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The expiry years offered: this year and the next 15 (cards are not issued for longer). */
export function expiryYears(now: number): string[] {
  const year = Number(
    new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' }).format(now),
  );
  return Array.from({ length: 16 }, (_, i) => String(year + i));
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

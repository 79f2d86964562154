/**
 * SPEC §5 Card: the brand from the first digits, the Luhn check, the form's field errors, and the masked
 * form a saved card is shown in. The card number itself never leaves the form: only its brand, its first
 * six digits (cardInitialDigits, SPEC §3) and its last four are kept.
 */
import { IST_OFFSET_MINUTES } from './constants.ts';
import { assertNever } from './delivery-types.ts';
import { MESSAGES } from './messages.ts';

export const CARD_BRANDS = ['MASTERCARD', 'VISA', 'AMEX', 'MAESTRO', 'RUPAY', 'GENERIC'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brand is detected once this many digits are typed. */
export const BRAND_MIN_DIGITS = 3;
/** Card numbers run from 12 (some Maestro) to 19 digits (ISO/IEC 7812). */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
/** The name on the card: at most the SPEC §5 full-name length. */
export const CARD_NAME_MAX_LENGTH = 80;

/** The number as typed, without the spaces and hyphens a customer groups it with. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check over a string of digits; false for anything that is not all digits. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const RUPAY_2 = new Set([60, 65, 81, 82]);
const RUPAY_3 = new Set([508, 353, 356]);

/**
 * The brand from the issuer identification number, decided once 3 digits are typed (GENERIC before):
 * - Amex 34, 37; Visa 4;
 * - Mastercard 51–55 and 2221–2720 (for 222x and 2720 the fourth digit decides);
 * - RuPay 60, 65, 81, 82, 508, 353, 356. These overlap Discover (6011, 65), JCB (3528–3589) and
 *   Maestro (50): the app sells in India, where cards in those ranges are issued as RuPay, so RuPay wins;
 * - Maestro 50, 56–58 and any other 6 (this takes in UnionPay's 62, which Indian checkouts show as a
 *   generic debit card anyway);
 * - GENERIC otherwise (Diners 30/36/38, the rest of JCB, …).
 */
export function brandOf(number: string): CardBrand {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits) || digits.length < BRAND_MIN_DIGITS) return 'GENERIC';
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  if (p2 === 34 || p2 === 37) return 'AMEX';
  if (digits.startsWith('4')) return 'VISA';
  if (p2 >= 51 && p2 <= 55) return 'MASTERCARD';
  if (digits.length >= 4) {
    const p4 = Number(digits.slice(0, 4));
    if (p4 >= 2221 && p4 <= 2720) return 'MASTERCARD';
  } else if (p3 >= 223 && p3 <= 271) return 'MASTERCARD';
  if (RUPAY_2.has(p2) || RUPAY_3.has(p3)) return 'RUPAY';
  if (p2 === 50 || (p2 >= 56 && p2 <= 58) || digits.startsWith('6')) return 'MAESTRO';
  return 'GENERIC';
}

export function cvvLength(brand: CardBrand): number {
  switch (brand) {
    case 'AMEX':
      return 4;
    case 'MASTERCARD':
    case 'VISA':
    case 'MAESTRO':
    case 'RUPAY':
    case 'GENERIC':
      return 3;
    default:
      return assertNever(brand);
  }
}

export interface CardInput {
  number: string;
  cvv: string;
  /** 1–12, as the month select gives it ('01'…'12'); '' when none is chosen */
  month: string;
  /** four digits, or two (20YY); '' when none is chosen */
  year: string;
  name: string;
}

export type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

/** Year and month (1–12) in Asia/Kolkata at an instant. */
function istYearMonth(epochMs: number): { year: number; month: number } {
  const d = new Date(epochMs + IST_OFFSET_MINUTES * 60_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

function parseYear(text: string): number | null {
  const t = text.trim();
  if (/^\d{4}$/.test(t)) return Number(t);
  if (/^\d{2}$/.test(t)) return 2000 + Number(t);
  return null;
}

/**
 * The form's errors by field, none when the card can be submitted. A card is good to the end of its
 * expiry month, so this month is still valid; an expiry year in the past cannot be selected, so it reads
 * as not selected. `incorrectCardError` is the remote-config text for a Luhn failure.
 */
export function cardErrors(
  card: CardInput,
  options: { now: number; validateWithLuhn: boolean; incorrectCardError?: string },
): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(card.number);
  const digitCount = new RegExp(`^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`);
  if (!digitCount.test(digits)) errors.number = MESSAGES.invalidCardNumber;
  else if (options.validateWithLuhn && !luhnValid(digits))
    errors.number = options.incorrectCardError || MESSAGES.incorrectCardNumber;

  if (!new RegExp(`^\\d{${cvvLength(brandOf(digits))}}$`).test(card.cvv)) errors.cvv = MESSAGES.invalidCvv;

  const today = istYearMonth(options.now);
  const year = parseYear(card.year);
  const yearOk = year !== null && year >= today.year;
  if (!yearOk) errors.year = MESSAGES.selectYear;

  const monthText = card.month.trim();
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (monthText === '') errors.month = MESSAGES.selectMonth;
  else if (!(month >= 1 && month <= 12) || (yearOk && year === today.year && month < today.month))
    errors.month = MESSAGES.invalidMonth;

  const name = card.name.trim();
  if (name.length > CARD_NAME_MAX_LENGTH || !/^[A-Za-z][A-Za-z .'-]*$/.test(name))
    errors.name = MESSAGES.invalidCardName;
  return errors;
}

/** The last four digits, as a saved card is shown. */
export function last4(number: string): string {
  return cardDigits(number).slice(-4);
}

/** SPEC §3 cardInitialDigits: the first six digits (the BIN), which the gateway may look up. */
export function cardInitialDigits(number: string): string {
  return cardDigits(number).slice(0, 6);
}

export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  MASTERCARD: 'Mastercard',
  VISA: 'Visa',
  AMEX: 'Amex',
  MAESTRO: 'Maestro',
  RUPAY: 'RuPay',
  GENERIC: 'Card',
};

/** "Visa •••• 1111". */
export function maskedCard(brand: CardBrand, lastFour: string): string {
  return `${CARD_BRAND_LABELS[brand]} •••• ${lastFour}`;
}

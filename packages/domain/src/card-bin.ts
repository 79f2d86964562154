/**
 * The card validation call's rule (issue 5: "SUCCESS or FAILED with displayMsg; on a call error the card
 * counts as valid"): from the first digits only (the BIN, which is not secret), is this card one the chosen
 * option takes? A credit card under "Debit Card" (or the reverse) is refused with a text saying which to
 * choose, as are brands the chain does not accept. Unknown BINs pass: the gateway has the last word.
 */
import { brandOf, type CardBrand } from './card.ts';

export type CardKind = 'credit' | 'debit';

export interface BinInfo {
  brand: CardBrand;
  kind: CardKind | null;
}

/** The issuer directory the sandbox knows: the demo and test cards of docs/payments-sandbox.md and a few more. */
const KNOWN_BINS: Readonly<Record<string, CardKind>> = {
  '411111': 'credit', // Visa test card
  '555555': 'credit', // Mastercard test card
  '438628': 'credit', // HDFC Bank Visa: the sandbox's HDFC test card 4386 2800 0000 0004
  '378282': 'credit', // Amex test card
  '400005': 'debit', // Visa debit
  '520082': 'debit', // Mastercard debit
  '508500': 'debit', // RuPay debit
  '607384': 'debit', // RuPay debit
  '676770': 'debit', // Maestro
};

export const CARD_BIN_TEXTS = {
  notSupported: 'This card is not supported. Please use another card.',
  isDebit: 'This is a debit card. Please choose Debit Card to pay with it.',
  isCredit: 'This is a credit card. Please choose Credit Card to pay with it.',
} as const;

export function binInfo(initialDigits: string): BinInfo {
  return { brand: brandOf(initialDigits), kind: KNOWN_BINS[initialDigits.slice(0, 6)] ?? null };
}

/** null when the card may be used for the chosen option; else the text to show. */
export function cardBinError(initialDigits: string, option: 'CC' | 'DC'): string | null {
  const info = binInfo(initialDigits);
  if (info.brand === 'GENERIC') return CARD_BIN_TEXTS.notSupported;
  if (option === 'CC' && info.kind === 'debit') return CARD_BIN_TEXTS.isDebit;
  if (option === 'DC' && info.kind === 'credit') return CARD_BIN_TEXTS.isCredit;
  return null;
}

import {
  CARD_BRAND_LABELS,
  maskedCard,
  type CardBrand,
  type CardErrors,
  type CardInput,
} from '@crust/domain/card';
import { IST_OFFSET_MINUTES } from '@crust/domain/constants';
import { restrictionOf, SANDBOX_OTP } from '../../providers/payments/sandbox-gateway.ts';
import type { OrderRow, PaymentRow } from '../../providers/payments/repo.ts';
import { escapeHtml } from './html.ts';
import { fieldError, page, rupeesOf } from './pg-html.ts';
import { payPath, paymentPath, restrictionNote } from './pg-pages.ts';

const EXPIRY_YEARS = 16;
/** The gateway keeps a card's BIN (first 6 digits, the issuer) with its brand and last 4; nothing more. */
export const CARD_BIN_DIGITS = 6;

/** Why a card is refused on an order restricted to some cards (a bank offer). */
export const cardNotAllowed = (order: OrderRow) =>
  `This card cannot be used for this payment. ${restrictionOf(order)?.reason ?? ''}`.trim();

function options(values: string[], chosen: string, placeholder: string): string {
  return (
    `<option value="">${placeholder}</option>` +
    values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${v}</option>`).join('')
  );
}

/**
 * The hosted card form. The browser's own checks are off (novalidate) so the domain's SPEC messages
 * are what the customer sees. What was typed comes back after an error, except the CVV, which is never
 * written anywhere, not even into a page.
 */
export function cardPage(
  order: OrderRow,
  now: number,
  typed?: CardInput,
  errors: CardErrors = {},
  /** where the form posts (another protocol's hosted page) */
  action = `${payPath(order.id)}/card`,
): string {
  const thisYear = new Date(now + IST_OFFSET_MINUTES * 60_000).getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  const years = Array.from({ length: EXPIRY_YEARS }, (_, i) => String(thisYear + i));
  const value = (v: string | undefined) => escapeHtml(v ?? '');
  return page(
    { title: 'Pay by card', amountPaise: order.amountPaise },
    `<h1>Pay by card</h1>` +
      restrictionNote(order) +
      `<form id="card-form" method="post" action="${escapeHtml(action)}" novalidate autocomplete="on">` +
      `<label for="card-number">Card number</label>` +
      `<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${value(typed?.number)}">` +
      fieldError('number', errors.number) +
      `<div class="row"><div><label for="card-month">Expiry month</label>` +
      `<select id="card-month" name="month" autocomplete="cc-exp-month">${options(months, typed?.month ?? '', 'Month')}</select>` +
      fieldError('month', errors.month) +
      `</div><div><label for="card-year">Expiry year</label>` +
      `<select id="card-year" name="year" autocomplete="cc-exp-year">${options(years, typed?.year ?? '', 'Year')}</select>` +
      fieldError('year', errors.year) +
      `</div></div>` +
      `<label for="card-cvv">CVV</label>` +
      `<input id="card-cvv" name="cvv" type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4">` +
      fieldError('cvv', errors.cvv) +
      `<label for="card-name">Name on card</label>` +
      `<input id="card-name" name="name" autocomplete="cc-name" maxlength="80" value="${value(typed?.name)}">` +
      fieldError('name', errors.name) +
      `<div class="actions"><button type="submit" id="pay" class="primary">Pay ${escapeHtml(rupeesOf(order.amountPaise))}</button></div>` +
      `</form><p class="note">Test cards: 4111 1111 1111 1111 (Visa), 5555 5555 5555 4444 (Mastercard), ` +
      `4386 2800 0000 0004 (HDFC Bank Visa), any future expiry, any CVV.</p>`,
  );
}

const brandOfRow = (payment: PaymentRow) =>
  (payment.cardBrand && payment.cardBrand in CARD_BRAND_LABELS ? payment.cardBrand : 'GENERIC') as CardBrand;

/** The 3-D Secure step. The sandbox shows its OTP, since no text message is sent. */
export function otpPage(payment: PaymentRow, error?: string): string {
  return page(
    { title: 'Verify your payment', amountPaise: payment.amountPaise },
    `<h1>Enter the OTP sent to your phone</h1>` +
      `<p id="card-masked">${escapeHtml(maskedCard(brandOfRow(payment), payment.cardLast4 ?? ''))}</p>` +
      `<p class="note" id="sandbox-otp">Sandbox: the OTP is <span class="otp">${SANDBOX_OTP}</span></p>` +
      `<form id="otp-form" method="post" action="${paymentPath(payment.id)}/otp">` +
      `<label for="otp">OTP</label>` +
      `<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>` +
      fieldError('otp', error) +
      `<div class="actions"><button type="submit" id="submit-otp" name="action" value="submit" class="primary">Submit</button>` +
      `<button type="submit" id="cancel" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></div>` +
      `</form>`,
  );
}

export const wrongOtpMessage = (attemptsLeft: number) =>
  `Incorrect OTP. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`;

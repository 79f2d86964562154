import { cardDigits, type CardInput } from '@crust/domain/card';
import { failure, type Outcome } from '../../providers/payments/sandbox-gateway.ts';

/** Net banking banks, by IFSC prefix as Razorpay names them. */
export const BANKS: Readonly<Record<string, string>> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
};

export const WALLETS: Readonly<Record<string, string>> = {
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  amazonpay: 'Amazon Pay',
  mobikwik: 'MobiKwik',
  freecharge: 'Freecharge',
};

/**
 * The wallets a wallet page offers: only the one named, when the customer already chose it at the merchant's
 * checkout and the sandbox knows it; otherwise every wallet (an old link, a name the sandbox does not play).
 */
export function walletsOffered(named: string): Readonly<Record<string, string>> {
  const name = Object.hasOwn(WALLETS, named) ? WALLETS[named] : undefined;
  return name ? { [named]: name } : WALLETS;
}

export const VPA_MESSAGE = 'Please enter a valid UPI ID (like name@bank)';
/** NPCI's shape of a virtual payment address: a handle, @, the PSP's name (`asha.verma@okaxis`). */
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;

/** The VPA as stored (lower case), or null when it is not one. */
export function vpaOf(text: string): string | null {
  const vpa = text.trim().toLowerCase();
  return VPA.test(vpa) ? vpa : null;
}

/** A form body's text fields; anything that is not a single string reads as empty. */
export function formFields(body: unknown): (name: string) => string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return (name) => {
    const value = record[name];
    return typeof value === 'string' ? value.slice(0, 200) : '';
  };
}

/** The card form as the domain's checks read it. */
export function cardInputOf(field: (name: string) => string): CardInput {
  return {
    number: cardDigits(field('number')),
    cvv: field('cvv').trim(),
    month: field('month'),
    year: field('year'),
    name: field('name'),
  };
}

/** The fields of a `upi://pay?…` link (payee, name, amount in rupees, reference, currency), as strings. */
export function upiIntentQuery(query: unknown): {
  pa: string;
  pn: string;
  am: string;
  tr: string;
  cu: string;
} {
  const field = formFields(query);
  return { pa: field('pa'), pn: field('pn'), am: field('am'), tr: field('tr'), cu: field('cu') };
}

/** A wallet answers at once: the wallet page's choice (its "fail" button) as the payment's outcome. */
export const walletOutcome = (field: (name: string) => string): Outcome =>
  field('outcome') === 'fail'
    ? failure('WALLET_FAILURE', 'The wallet could not complete the payment')
    : { status: 'captured' };

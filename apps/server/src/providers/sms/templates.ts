/**
 * Every text Crust sends, in one place (issue 14 §2). In India a business text is delivered only when it matches,
 * word for word, a template registered at a DLT portal (the TRAI scheme every operator scrubs against): fixed text
 * with `{#var#}` where a value goes. So each kind of message here is its registered template and a function
 * giving the template's values from typed variables, in order; the provider sends the kind's DLT template id
 * beside the text (config SMS_TEMPLATE_IDS). Changing a text here means registering the new template first
 * (docs/operations-sms.md lists them).
 *
 * The wording is the one these texts had before issue 14: the browser and server tests read the codes with
 * /\b(\d{6})\b/ and some texts by phrase.
 */

import type { SmsKind } from '../../config/sms-kinds.ts';

// the kinds live with the configuration, which reads them for SMS_TEMPLATE_IDS; the texts' readers find them here
export { isSmsKind, SMS_KINDS, type SmsKind } from '../../config/sms-kinds.ts';

/** What each kind of text is made from. */
export interface SmsVars {
  /** login, forgot password, social sign-in (modules/auth) */
  LOGIN_OTP: { code: string };
  /** the cash order's confirmation code; `cash` is how it is paid, in the payment words ("Cash on delivery") */
  COD_CODE: { code: string; cash: string };
  /** a gift card's code, to the card's registered mobile */
  GIFT_CARD_OTP: { code: string };
  /**
   * The code a customer gives the delivery partner at the door. Nothing sends it yet: the train-delivery issue
   * will. It is here so that its template is registered with the others, before it is needed.
   */
  DELIVERY_OTP: { code: string; orderNumber: number };
  /** SPEC §8 "Status awaited … an SMS will follow": a payment decided after the customer stopped waiting */
  LATE_PLACED: { orderNumber: number };
  LATE_FAILED: { orderNumber: number };
  /** an order's stages (issue 31 §14), sent when the order has no push subscription */
  ORDER_BAKING: { orderNumber: number };
  /** `rider`: the delivery partner's first name, or "our delivery partner" when the store named nobody */
  ORDER_OUT: { orderNumber: number; rider: string };
  ORDER_READY: { orderNumber: number };
  ORDER_DELIVERED: { orderNumber: number };
}

/** One text to send: its kind and that kind's variables. */
export type SmsMessage = { [K in SmsKind]: { kind: K; vars: SmsVars[K] } }[SmsKind];

/** Where a value goes in a DLT template, as the portals write it. */
export const PLACEHOLDER = '{#var#}';

interface Template<K extends SmsKind> {
  /** the text as registered at the DLT portal */
  readonly dlt: string;
  /** the values of its placeholders, in order */
  values(vars: SmsVars[K]): string[];
}

export const SMS_TEMPLATES: { readonly [K in SmsKind]: Template<K> } = {
  LOGIN_OTP: {
    // "5 minutes" is OTP_VALID_SECONDS (templates.test.ts holds them together): a template has no variable for it
    dlt: '{#var#} is your Crust verification code. It is valid for 5 minutes. Do not share it.',
    values: (v) => [v.code],
  },
  COD_CODE: {
    dlt: '{#var#} is your Crust code to confirm your order ({#var#}). Do not share it.',
    values: (v) => [v.code, v.cash.toLowerCase()],
  },
  GIFT_CARD_OTP: {
    dlt: '{#var#} is your Crust code to pay with your gift card. Do not share it with anyone.',
    values: (v) => [v.code],
  },
  DELIVERY_OTP: {
    dlt: '{#var#} is your Crust delivery code for order {#var#}. Give it to the delivery partner only when your order reaches you.',
    values: (v) => [v.code, String(v.orderNumber)],
  },
  LATE_PLACED: {
    dlt: 'Crust: your payment went through and order {#var#} is confirmed. Track it in the app.',
    values: (v) => [String(v.orderNumber)],
  },
  LATE_FAILED: {
    dlt: 'Crust: we could not confirm the payment for order {#var#}, so it was not placed. Any amount debited is refunded in 4-10 business days.',
    values: (v) => [String(v.orderNumber)],
  },
  ORDER_BAKING: {
    dlt: 'Crust: your order {#var#} is being baked. Track it in the app.',
    values: (v) => [String(v.orderNumber)],
  },
  ORDER_OUT: {
    dlt: 'Crust: your order {#var#} is out for delivery with {#var#}. Track it in the app.',
    values: (v) => [String(v.orderNumber), v.rider],
  },
  ORDER_READY: {
    dlt: 'Crust: your order {#var#} is ready to pick up at the store.',
    values: (v) => [String(v.orderNumber)],
  },
  ORDER_DELIVERED: {
    dlt: 'Crust: your order {#var#} has been delivered. Enjoy your meal!',
    values: (v) => [String(v.orderNumber)],
  },
};

/** The text of a message: its template with the values in place. */
export function renderSms(message: SmsMessage): string {
  // the union pairs each kind with its variables; indexing by a union kind loses the pairing, hence the cast
  const template = SMS_TEMPLATES[message.kind] as Template<SmsKind>;
  const values = template.values(message.vars);
  const parts = template.dlt.split(PLACEHOLDER);
  if (parts.length !== values.length + 1)
    throw new Error(`${message.kind}: ${values.length} values for ${parts.length - 1} placeholders`);
  return parts.reduce((text, part, i) => text + values[i - 1]! + part);
}

/**
 * How long one value may be. DLT operators' guides allow 30 characters in a `{#var#}` (some aggregators take up
 * to 40); the stricter number, so a text that passes here is not refused for it elsewhere. Crust's values are
 * codes, order numbers and payment words, all far shorter.
 */
export const MAX_VALUE_LENGTH = 30;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<string, RegExp>();

/**
 * Whether `text` is the DLT template `dlt` with a value in each placeholder: the check the DLT scrubber makes
 * before an operator delivers a text, and the one the SMS sandbox makes (modules/sandbox/sms-routes.ts). Fixed
 * text must match exactly; a value is 1 to MAX_VALUE_LENGTH characters on one line. (Real scrubbers forgive
 * some spacing and punctuation; matching exactly keeps Crust's texts inside whatever they forgive.)
 */
export function matchesTemplate(dlt: string, text: string): boolean {
  let pattern = patterns.get(dlt);
  if (!pattern) {
    const value = `[^\\r\\n]{1,${MAX_VALUE_LENGTH}}`;
    pattern = new RegExp(`^${dlt.split(PLACEHOLDER).map(escapeRegExp).join(value)}$`);
    patterns.set(dlt, pattern);
  }
  return pattern.test(text);
}

import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PayU's three hashes, SHA-512 in lower-case hex over fields joined by `|`, the salt inside the string (never
 * an HMAC). Sources followed:
 * - the payment request: https://docs.payu.in/docs/hashing-request-and-response and
 *   https://docs.payu.in/docs/authentication-with-payu-apis, "sha512(key|txnid|amount|productinfo|firstname|email|
 *   udf1|udf2|udf3|udf4|udf5||||||SALT)";
 * - the response and webhook ("reverse hash"): "sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|
 *   productinfo|amount|txnid|key)", with `additionalCharges|` in front when PayU sends that field, as in PayU's
 *   own SDKs (github.com/payu-intrepos/web-sdk-nodejs lib/utils/hasher.js `reverseHasher`,
 *   github.com/payu-intrepos/web-sdk-php PayU.php `verifyHash`);
 * - the merchant API (postservice: verify_payment, check_payment, cancel_refund_transaction, check_action_status):
 *   "sha512(key|command|var1|salt)" (the same pages; hasher.js `apiHasher`).
 * The five empty places after udf5 are udf6–udf10, which Crust never sends.
 */

/** What a payment request signs: the fields PayU's formula names, udf1–udf5 '' when not sent. */
export interface PaymentHashFields {
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

/** What a response signs: the request's fields again, and the outcome (`success`, `failure`, `pending`). */
export interface ResponseHashFields extends PaymentHashFields {
  status: string;
  additionalCharges?: string;
}

const UDF_GAP = ['', '', '', '', ''];

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

const udfs = (f: PaymentHashFields) => [f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? ''];

/** The string a payment request's hash is taken of (exported for tests: it holds the salt, never log it). */
export function paymentHashText(key: string, salt: string, f: PaymentHashFields): string {
  return [key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...udfs(f), ...UDF_GAP, salt].join(
    '|',
  );
}

export const paymentHash = (key: string, salt: string, f: PaymentHashFields) =>
  sha512(paymentHashText(key, salt, f));

/** The reverse sequence of a response (the browser's return to surl/furl, a webhook). */
export function responseHashText(key: string, salt: string, f: ResponseHashFields): string {
  const reversed = [...udfs(f)].reverse();
  const text = [
    salt,
    f.status,
    ...UDF_GAP,
    ...reversed,
    f.email,
    f.firstname,
    f.productinfo,
    f.amount,
    f.txnid,
    key,
  ];
  const plain = text.join('|');
  return f.additionalCharges === undefined ? plain : `${f.additionalCharges}|${plain}`;
}

export const responseHash = (key: string, salt: string, f: ResponseHashFields) =>
  sha512(responseHashText(key, salt, f));

export const apiHash = (key: string, command: string, var1: string, salt: string) =>
  sha512([key, command, var1, salt].join('|'));

/** Two hex hashes compared in constant time; a wrong length is wrong whatever its content. */
export function hashesEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

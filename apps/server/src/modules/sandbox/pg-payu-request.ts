import { brandOf, cardDigits, cardErrors, last4, type CardInput } from '@crust/domain/card';
import { paiseOfRupees } from '../../providers/payments/payu/entities.ts';
import { hashesEqual, paymentHash } from '../../providers/payments/payu/hashes.ts';
import { TXNID_MAX } from '../../providers/payments/payu/txnids.ts';
import { isSameOriginPath } from '../../providers/payments/requests.ts';
import type { PaymentDetails } from '../../providers/payments/sandbox-gateway.ts';
import { walletOfPayuCode, type PayuKeys } from '../../providers/payments/sandbox-payu/fields.ts';
import { CARD_BIN_DIGITS } from './pg-card-pages.ts';
import { vpaOf } from './pg-forms.ts';

/**
 * A payment request posted to the sandbox's PayU `_payment` URL, checked as PayU checks it: the key, the mandatory
 * fields, the amount, the request hash (https://docs.payu.in/docs/error-handling: "Transaction failed due to
 * incorrectly calculated hash parameter"), and how it is to be paid (seamless card or UPI, S2S intent, or the
 * hosted page). The txnid's uniqueness needs the books and is checked by the route. Card numbers and CVVs are read
 * here and leave as brand, BIN and last 4 only.
 */
export interface PayuRequest {
  txnid: string;
  amountPaise: number;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  udf: [string, string, string, string, string];
  surl: string;
  furl: string;
  /** txn_s2s_flow: the answer is JSON for the merchant's server, not a page */
  s2s: boolean;
}

/**
 * How the request is paid: PayU's `pg` and `bankcode`, and the customer's card or UPI id when seamless; on the
 * hosted page, the sandbox's wallet a wallet request (pg=CASH) named, which the page then offers alone ('' if none).
 */
export type PayuWay =
  { kind: 'seamless'; details: PaymentDetails } | { kind: 'intent' } | { kind: 'hosted'; wallet: string };

export type Checked =
  | { ok: true; request: PayuRequest; way: PayuWay }
  | { ok: false; status: number; title: string; text: string };

const MAX_FIELD = 1000;
const TXNID = /^[A-Za-z0-9_-]+$/;

/** A form's text fields; a field that is not one string, or is too long, reads as missing. */
export function payuFields(body: unknown): (name: string) => string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return (name) => {
    const value = record[name];
    return typeof value === 'string' && value.length <= MAX_FIELD ? value : '';
  };
}

/** A return URL PayU may post the browser to: an absolute http(s) URL, or a path on this origin (the sandbox). */
const returnUrlOk = (url: string) =>
  isSameOriginPath(url) || (/^https?:\/\//i.test(url) && URL.canParse(url));

const refuse = (status: number, title: string, text: string): Checked => ({ ok: false, status, title, text });

export function checkPayuRequest(keys: PayuKeys, body: unknown, now: number): Checked {
  const field = payuFields(body);
  const mandatory = ['key', 'txnid', 'amount', 'productinfo', 'firstname', 'surl', 'furl', 'hash'];
  const missing = mandatory.filter((name) => field(name) === '');
  if (missing.length > 0)
    return refuse(
      400,
      'Mandatory parameters missing',
      `These parameters are missing: ${missing.join(', ')}.`,
    );
  if (field('key') !== keys.key) return refuse(400, 'Invalid key', 'The merchant key is not valid.');
  const txnid = field('txnid');
  if (txnid.length > TXNID_MAX || !TXNID.test(txnid))
    return refuse(400, 'Invalid transaction ID', 'The txnid must be up to 25 letters, digits, - or _.');
  const amountPaise = paiseOfRupees(field('amount'));
  if (amountPaise === null || amountPaise < 100)
    return refuse(400, 'Invalid amount', 'Invalid amount or amount parameter was not passed.');
  const signed = {
    txnid,
    amount: field('amount'),
    productinfo: field('productinfo'),
    firstname: field('firstname'),
    email: field('email'),
    udf1: field('udf1'),
    udf2: field('udf2'),
    udf3: field('udf3'),
    udf4: field('udf4'),
    udf5: field('udf5'),
  };
  if (!hashesEqual(field('hash'), paymentHash(keys.key, keys.salt, signed)))
    return refuse(400, 'Hash mismatch', 'Transaction failed due to incorrectly calculated hash parameter.');
  if (!returnUrlOk(field('surl')) || !returnUrlOk(field('furl')))
    return refuse(400, 'Invalid return URL', 'surl and furl must be http(s) URLs.');
  const way = wayOf(field, now);
  if ('problem' in way) return refuse(400, 'Incorrect payment details', way.problem);
  return {
    ok: true,
    request: {
      txnid,
      amountPaise,
      productinfo: signed.productinfo,
      firstname: signed.firstname,
      email: signed.email,
      phone: field('phone'),
      udf: [signed.udf1, signed.udf2, signed.udf3, signed.udf4, signed.udf5],
      surl: field('surl'),
      furl: field('furl'),
      s2s: field('txn_s2s_flow') !== '',
    },
    way,
  };
}

/**
 * PayU's `pg` and `bankcode`: CC/DC with the card fields, UPI with bankcode UPI and a VPA (collect) or INTENT with
 * txn_s2s_flow (intent, answered in JSON); anything else goes to the hosted page, where the customer chooses, except
 * that CASH with a wallet's code goes straight to that wallet.
 */
function wayOf(field: (name: string) => string, now: number): PayuWay | { problem: string } {
  const pg = field('pg').toUpperCase();
  const bankcode = field('bankcode').toUpperCase();
  if (pg === 'CC' || pg === 'DC') {
    const card: CardInput = {
      number: cardDigits(field('ccnum')),
      month: field('ccexpmon').padStart(2, '0'),
      year: field('ccexpyr'),
      cvv: field('ccvv').trim(),
      name: field('ccname'),
    };
    const errors = cardErrors(card, { now, validateWithLuhn: true });
    const first = Object.values(errors)[0];
    if (first) return { problem: `The debit card or credit card details passed are incorrect: ${first}` };
    return {
      kind: 'seamless',
      details: {
        method: 'card',
        cardBrand: brandOf(card.number),
        cardLast4: last4(card.number),
        cardBin: card.number.slice(0, CARD_BIN_DIGITS),
      },
    };
  }
  if (pg === 'UPI' && bankcode === 'UPI') {
    const vpa = vpaOf(field('vpa'));
    if (!vpa) return { problem: 'The VPA is not valid.' };
    return { kind: 'seamless', details: { method: 'upi_collect', vpa } };
  }
  if (pg === 'UPI' && bankcode === 'INTENT' && field('txn_s2s_flow') !== '') return { kind: 'intent' };
  return { kind: 'hosted', wallet: pg === 'CASH' ? walletOfPayuCode(bankcode) : '' };
}

import { IST_OFFSET_MINUTES } from '@crust/domain/constants';
import type { CardBrand } from '@crust/domain/card';
import { rupeesText } from '../payu/entities.ts';
import { responseHash } from '../payu/hashes.ts';
import type { CheckoutMethod, GatewayPayment } from '../provider.ts';
import type * as repo from '../repo.ts';
import { paymentOf } from '../views.ts';
import { txnOfPayment, type PayuTxn } from './books.ts';
import type { WebhookFormat } from '../webhook.ts';

/**
 * How the sandbox words a transaction in PayU's protocol: the fields PayU posts to surl/furl and to the webhook
 * URL (with the reverse hash), and what verify_payment/check_payment answer. Field names and values follow PayU's
 * samples (github.com/payu-intrepos/web-sdk-php doc/verifyPayment.md; https://docs.payu.in/docs/payment-mode-codes;
 * net banking codes of https://docs.payu.in/docs/bank-and-card-codes-for-integration). The sandbox's own error
 * codes (PAYMENT_DECLINED, BANK_FAILURE, …) stand in `error` where PayU would give its E-codes.
 */

export interface PayuKeys {
  key: string;
  salt: string;
}

/** The sandbox plays PayU with its own key id and secret as key and salt (config/payments.ts's defaults). */
export const sandboxPayuKeys = (o: { keyId: string; keySecret: string }): PayuKeys => ({
  key: o.keyId,
  salt: o.keySecret,
});

const MODE: Readonly<Record<CheckoutMethod, string>> = {
  card: 'CC',
  netbanking: 'NB',
  wallet: 'CASH',
  upi_collect: 'UPI',
  upi_intent: 'UPI',
};

const CARD_TYPE: Readonly<Record<CardBrand, string>> = {
  VISA: 'VISA',
  MASTERCARD: 'MAST',
  AMEX: 'AMEX',
  MAESTRO: 'MAES',
  RUPAY: 'RUPAY',
  GENERIC: 'CC',
};

/** The sandbox's banks (IFSC prefixes, pg-forms.ts) as PayU's net banking codes. */
const NB_CODE: Readonly<Record<string, string>> = {
  HDFC: 'HDFB',
  ICIC: 'ICIB',
  SBIN: 'SBIB',
  UTIB: 'AXIB',
  KKBK: '162B',
};

/** The sandbox's wallets (pg-forms.ts) as PayU's wallet codes (https://docs.payu.in/docs/wallet-codes). */
const WALLET_CODE: Readonly<Record<string, string>> = {
  paytm: 'PAYTM',
  phonepe: 'PHONEPE',
  amazonpay: 'AMZPAY',
  mobikwik: 'MOBIKWIK',
  freecharge: 'FREC',
};

/** The sandbox's wallet a request's PayU wallet code (pg=CASH) names; '' for one it does not play. */
export function walletOfPayuCode(bankcode: string): string {
  const code = bankcode.toUpperCase();
  return Object.keys(WALLET_CODE).find((wallet) => WALLET_CODE[wallet] === code) ?? '';
}

function bankcodeOf(p: GatewayPayment): string {
  switch (p.method) {
    case 'card':
      return CARD_TYPE[p.cardBrand ?? 'GENERIC'];
    case 'netbanking':
      return NB_CODE[p.bank ?? ''] ?? p.bank ?? '';
    case 'wallet':
      return WALLET_CODE[p.wallet ?? ''] ?? (p.wallet ?? '').toUpperCase();
    case 'upi_collect':
      return 'UPI';
    case 'upi_intent':
      return 'INTENT';
  }
}

/** PayU's time: IST, "YYYY-MM-DD HH:MM:SS". */
export function addedOnOf(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + IST_OFFSET_MINUTES * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}

const statusWord = (p: GatewayPayment | null) =>
  !p || p.status === 'created' ? 'pending' : p.status === 'failed' ? 'failure' : 'success';

function unmappedOf(p: GatewayPayment | null): string {
  if (!p || p.status === 'created') return 'pending';
  if (p.status === 'authorized') return 'auth';
  if (p.status === 'captured') return 'captured';
  return p.errorCode === 'PAYMENT_CANCELLED' ? 'userCancelled' : 'failed';
}

/**
 * One transaction as PayU shows it; `payment` null while its way to pay is not chosen yet (a hosted page nobody
 * has used: pending, no mode). Never a card number: the masked one is the BIN, X's and the last 4.
 */
export function payuTransactionOf(
  keys: PayuKeys,
  order: Pick<repo.OrderRow, 'amountPaise'>,
  txn: PayuTxn,
  payment: GatewayPayment | null,
): Record<string, string> {
  const status = statusWord(payment);
  const failed = status === 'failure';
  const message = failed ? (payment?.errorDescription ?? 'Failed') : status === 'success' ? 'No Error' : '';
  const card: Record<string, string> =
    payment?.method === 'card'
      ? {
          cardnum: `${payment.cardBin ?? ''}XXXXXX${payment.cardLast4 ?? ''}`,
          card_type: bankcodeOf(payment),
        }
      : {};
  return {
    mihpayid: txn.paymentId,
    mode: payment ? MODE[payment.method] : '',
    status,
    unmappedstatus: unmappedOf(payment),
    key: keys.key,
    txnid: txn.txnid,
    amount: rupeesText(order.amountPaise),
    addedon: addedOnOf(payment?.createdAt ?? txn.at),
    productinfo: txn.productinfo,
    firstname: txn.firstname,
    email: txn.email,
    phone: txn.phone,
    udf1: txn.udf[0],
    udf2: txn.udf[1],
    udf3: txn.udf[2],
    udf4: txn.udf[3],
    udf5: txn.udf[4],
    field3: payment?.vpa ?? '',
    field9: message,
    bankcode: payment ? bankcodeOf(payment) : '',
    error: failed ? (payment?.errorCode ?? 'E000') : status === 'success' ? 'E000' : '',
    error_Message: message,
    ...card,
  };
}

/** What PayU posts (to surl/furl, to the webhook URL): the transaction and its reverse hash. */
export function signedResponseOf(
  keys: PayuKeys,
  order: Pick<repo.OrderRow, 'amountPaise'>,
  txn: PayuTxn,
  payment: GatewayPayment,
): Record<string, string> {
  const t = payuTransactionOf(keys, order, txn, payment);
  const hash = responseHash(keys.key, keys.salt, {
    status: t.status!,
    txnid: txn.txnid,
    amount: t.amount!,
    productinfo: txn.productinfo,
    firstname: txn.firstname,
    email: txn.email,
    udf1: txn.udf[0],
    udf2: txn.udf[1],
    udf3: txn.udf[2],
    udf4: txn.udf[3],
    udf5: txn.udf[4],
  });
  return { ...t, hash };
}

/**
 * Where the browser of a settled PayU payment goes: the surl or furl the request named (kept on the payment as its
 * callback_url and failure_url), with the signed response.
 */
export function payuReturnOf(keys: PayuKeys) {
  return (
    order: repo.OrderRow,
    row: repo.PaymentRow,
  ): { url: string; fields: Record<string, string> } | null => {
    const txn = txnOfPayment(order, row.id);
    const payment = paymentOf(row);
    const paid = payment.status === 'captured' || payment.status === 'authorized';
    const url = paid ? row.callbackUrl : (row.failureUrl ?? row.callbackUrl);
    if (!txn || !url) return null;
    return { url, fields: signedResponseOf(keys, order, txn, payment) };
  };
}

/**
 * PayU's webhooks as the outbox sends them: one form per outcome (success or failure,
 * https://docs.payu.in/docs/webhook-events-and-sample-payloads), so `payment.authorized` (the sandbox's
 * auto-capture step) has none, and neither has `refund.processed`: PayU's refund webhooks are JSON of another
 * shape, which the sandbox does not play. Each body is signed inside (its hash field) and sent as it is on every
 * attempt, to PG_WEBHOOK_URL/payu.
 */
export function payuWebhooks(keys: PayuKeys): WebhookFormat {
  return {
    pathSuffix: '/payu',
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    body: (e, order) => {
      if (e.event !== 'payment.captured' && e.event !== 'payment.failed') return null;
      const txn = txnOfPayment(order, e.payload.payment.paymentId);
      if (!txn) return null;
      return new URLSearchParams(signedResponseOf(keys, order, txn, e.payload.payment)).toString();
    },
  };
}

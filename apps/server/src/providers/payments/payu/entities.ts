import { z } from 'zod';
import {
  isCheckoutMethod,
  type CheckoutMethod,
  type GatewayPayment,
  type GatewayPaymentStatus,
} from '../provider.ts';
import type { CardBrand } from '@crust/domain/card';
import { paise, type Paise } from '@crust/domain/money';
import { attemptOf } from './txnids.ts';

/**
 * PayU's answers as its merchant API (postservice.php?form=2) gives them, with only the fields Crust reads:
 * - verify_payment and check_payment: `{ status, msg, transaction_details }`, one transaction per txnid (verify) or
 *   the one transaction (check); an unknown txnid is `{ mihpayid: "Not Found", status: "Not Found" }`
 *   (github.com/payu-intrepos/web-sdk-php doc/verifyPayment.md, doc/checkPayment.md; field meanings:
 *   https://docs.payu.in/docs/addl-info-general-apis);
 * - PayU gives numbers for some ids (a mihpayid can come as a JSON number), so ids are read as text.
 * Amounts are rupees with two decimals ("499.00"); times are IST ("2020-10-26 14:12:13").
 */

const Id = z.union([z.string(), z.number()]).transform(String);
const Text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

export const PayuTransactionSchema = z.object({
  mihpayid: Id,
  status: z.string(),
  txnid: Text,
  amt: Text,
  transaction_amount: Text,
  amount: Text,
  unmappedstatus: Text,
  mode: Text,
  bankcode: Text,
  card_type: Text,
  card_no: Text,
  cardnum: Text,
  field3: Text,
  error_code: Text,
  error: Text,
  error_Message: Text,
  field9: Text,
  addedon: Text,
  udf1: Text,
});
export type PayuTransaction = z.infer<typeof PayuTransactionSchema>;

export const NOT_FOUND = 'Not Found';

export const VerifyAnswerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: Text,
  transaction_details: z.record(z.string(), PayuTransactionSchema).optional(),
});

export const CheckPaymentAnswerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: Text,
  transaction_details: PayuTransactionSchema.optional(),
});

/** "499.00" as paise; null for anything that is not a rupee amount with at most two decimals. */
export function paiseOfRupees(text: string): Paise | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return paise(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

/** Paise as PayU writes an amount: rupees with two decimals. */
export const rupeesText = (amountPaise: number) =>
  `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, '0')}`;

/** PayU's time (IST, "YYYY-MM-DD HH:MM:SS") as ISO 8601 UTC; null when it is not one. */
export function isoOfAddedOn(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - 330 * 60_000).toISOString();
}

/**
 * PayU's status as the interface's: success is money taken (captured, or only authorised when PayU says `auth`),
 * failure is a failed attempt, and anything else (pending, in progress, initiated) is not decided yet, so an
 * unknown word never settles an order either way.
 */
export function statusOf(t: Pick<PayuTransaction, 'status' | 'unmappedstatus'>): GatewayPaymentStatus {
  switch (t.status.toLowerCase()) {
    case 'success':
      return t.unmappedstatus.toLowerCase() === 'auth' ? 'authorized' : 'captured';
    case 'failure':
    case 'failed':
      return 'failed';
    default:
      return 'created';
  }
}

/**
 * PayU's payment modes (https://docs.payu.in/docs/payment-mode-codes: CC, DC, NB, CASH for wallets, UPI, EMI, …) as
 * checkout methods. UPI's bankcode tells a collect request (UPI) from an intent; before PayU knows the mode (a
 * hosted page nobody has used yet) the method Crust asked for, which it sends in udf1, stands in.
 */
export function methodOf(t: Pick<PayuTransaction, 'mode' | 'bankcode' | 'udf1'>): CheckoutMethod {
  const hint = isCheckoutMethod(t.udf1) ? t.udf1 : null;
  switch (t.mode.toUpperCase()) {
    case 'CC':
    case 'DC':
    case 'EMI':
      return 'card';
    case 'NB':
      return 'netbanking';
    case 'UPI':
      if (t.bankcode.toUpperCase() === 'UPI') return 'upi_collect';
      return hint === 'upi_collect' ? 'upi_collect' : 'upi_intent';
    case 'CASH':
      return 'wallet';
    case '':
      return hint ?? 'wallet';
    default:
      // pay-later, rewards and the like: for a coupon's conditions they are what a wallet is
      return 'wallet';
  }
}

/** PayU's card type codes (card_type, or a card payment's bankcode) as Crust's brands. */
export function brandOfCardType(code: string): CardBrand | undefined {
  switch (code.toUpperCase()) {
    case 'VISA':
      return 'VISA';
    case 'MAST':
    case 'MASTERCARD':
      return 'MASTERCARD';
    case 'AMEX':
      return 'AMEX';
    case 'MAES':
    case 'SMAE':
      return 'MAESTRO';
    case 'RUPAY':
    case 'RUPAYCC':
      return 'RUPAY';
    case '':
    case 'CC':
    case 'DC':
      return undefined;
    default:
      return 'GENERIC';
  }
}

/** The BIN and last 4 of PayU's masked number ("512345XXXXXX2346"); the masked number itself is kept nowhere. */
export function cardOf(masked: string): { cardBin?: string; cardLast4?: string } {
  const bin = /^(\d{6})/.exec(masked)?.[1];
  const last4 = /(\d{4})$/.exec(masked)?.[1];
  return { ...(bin ? { cardBin: bin } : {}), ...(last4 ? { cardLast4: last4 } : {}) };
}

/**
 * One PayU transaction as a gateway payment. `amountRefundedPaise` is 0: PayU's status answers do not report
 * refunds (check_action_status does; fetchPayment asks it), and Crust follows its refunds by the refund call.
 */
export function paymentOf(t: PayuTransaction, now: () => Date = () => new Date()): GatewayPayment | null {
  const attempt = attemptOf(t.txnid);
  const amount = paiseOfRupees(t.amt || t.transaction_amount || t.amount);
  if (!attempt || amount === null) return null;
  const method = methodOf(t);
  const status = statusOf(t);
  const card = method === 'card' ? cardOf(t.card_no || t.cardnum) : {};
  const brand = method === 'card' ? (brandOfCardType(t.card_type) ?? brandOfCardType(t.bankcode)) : undefined;
  const failed = status === 'failed';
  const optional = {
    ...card,
    cardBrand: brand,
    vpa: method.startsWith('upi') && t.field3.includes('@') ? t.field3 : undefined,
    bank: method === 'netbanking' && t.bankcode ? t.bankcode : undefined,
    wallet: method === 'wallet' && t.bankcode ? t.bankcode.toLowerCase() : undefined,
    errorCode: failed ? t.error_code || t.error || undefined : undefined,
    errorDescription: failed ? t.error_Message || t.field9 || undefined : undefined,
  };
  return {
    paymentId: t.mihpayid,
    gatewayOrderId: attempt.gatewayOrderId,
    status,
    method,
    amountPaise: amount,
    amountRefundedPaise: paise(0),
    // PayU India settles in rupees; its status answers name no currency
    currency: 'INR',
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    // a transaction PayU gives no time for (none seen so far) is dated when it was read
    createdAt: isoOfAddedOn(t.addedon) ?? now().toISOString(),
  };
}

/** cancel_refund_transaction's answer (https://docs.payu.in/docs/refund-transaction-api). */
export const RefundAnswerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: Text,
  request_id: Text,
  mihpayid: Text,
  error_code: Text,
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/** One refund or capture in check_action_status's answer (web-sdk-php doc/checkActionStatus.md). */
export const ActionSchema = z.object({
  mihpayid: Text,
  request_id: Text,
  amt: Text,
  action: Text,
  token: Text,
  status: Text,
});

/** By mihpayid, then request id; "No action status found" for a payment without any. */
export const ActionStatusAnswerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: Text,
  transaction_details: z
    .record(z.string(), z.union([z.record(z.string(), ActionSchema), z.string()]))
    .optional(),
});

/** The S2S UPI intent answer: metaData and result.intentURIData, the query of a `upi://pay` link. */
export const IntentAnswerSchema = z.object({
  metaData: z.object({ txnId: Text, txnStatus: Text, unmappedStatus: Text, message: Text }),
  result: z.object({ paymentId: Id, intentURIData: z.string().min(1) }).nullable(),
});

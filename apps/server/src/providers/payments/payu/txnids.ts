import { createHash } from 'node:crypto';

/**
 * PayU has no orders: each attempt is a transaction with the merchant's own `txnid` (at most 25 characters), and
 * PayU refuses a txnid it has seen before ("Duplicate Transaction ID", https://docs.payu.in/docs/error-handling;
 * limit: https://docs.payu.in/docs/addl_info-payment-apis). So the adapter makes Crust's "gateway order" itself:
 *
 * - the gateway order id is Crust's receipt (its order id, `O` and 20 hex digits), made without any call;
 * - attempt n of that order is the txnid `<gatewayOrderId>-<n>`, n from 1 to MAX_ATTEMPTS;
 * - the attempts of an order are found by asking verify_payment about all MAX_ATTEMPTS txnids at once (var1 takes
 *   several, separated by `|`); PayU answers "Not Found" for the ones never posted;
 * - a new checkout takes the first n PayU does not know. A form handed out but never posted leaves its n free,
 *   so the next checkout hands out the same txnid; two browsers posting the same one get PayU's duplicate refusal
 *   for the second, and the customer tries again.
 *
 * docs/operations-payu.md "How txnids relate to Crust's orders" says the same for operators.
 */

/** Attempts per gateway order: more than a customer makes; each status check asks about all of them. */
export const MAX_ATTEMPTS = 10;
export const TXNID_MAX = 25;
/** The room a gateway order id leaves for `-10`. */
const ORDER_ID = /^[A-Za-z0-9_]{1,22}$/;
const TXNID = /^([A-Za-z0-9_]{1,22})-([1-9]\d?)$/;

export const isGatewayOrderId = (id: string) => ORDER_ID.test(id);

export function txnidOf(gatewayOrderId: string, attempt: number): string {
  return `${gatewayOrderId}-${attempt}`;
}

/** Every txnid the order may have used, attempt 1 first. */
export function txnidsOf(gatewayOrderId: string): string[] {
  return Array.from({ length: MAX_ATTEMPTS }, (_, i) => txnidOf(gatewayOrderId, i + 1));
}

/** The gateway order and attempt a txnid names; null for a txnid this adapter did not make. */
export function attemptOf(txnid: string): { gatewayOrderId: string; attempt: number } | null {
  const match = TXNID.exec(txnid);
  if (!match) return null;
  const attempt = Number(match[2]);
  return attempt <= MAX_ATTEMPTS ? { gatewayOrderId: match[1]!, attempt } : null;
}

/** PayU's refund token is at most 23 characters (web-sdk-nodejs docs/cancelRefundTransaction.md). */
export const REFUND_TOKEN_MAX = 23;

/**
 * The refund token for Crust's refund receipt: the receipt itself when it fits, else a digest of it, so the same
 * receipt always makes the same token and PayU refuses a second refund with it.
 */
export function refundTokenOf(receipt: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(receipt) && receipt.length <= REFUND_TOKEN_MAX) return receipt;
  return `r${createHash('sha256')
    .update(receipt, 'utf8')
    .digest('hex')
    .slice(0, REFUND_TOKEN_MAX - 1)}`;
}

import type { Db } from '../../../db/client.ts';
import { gatewayId } from '../ids.ts';
import * as repo from '../repo.ts';
import { addNoteOnce, findRefund, orderIdOfPayment, refundsOfPayment } from './repo.ts';

/**
 * The sandbox's books for the PayU protocol, in the pg_* tables it already has. PayU knows transactions, not
 * orders; the sandbox groups them so its pages, modes and outbox work as for its own orders:
 * - a txnid `<ref>-<n>` belongs to the merchant's order `<ref>` (a txnid without `-` is an order of its own); the
 *   first txnid of a ref makes a pg_orders row (receipt `payu:<ref>`, protocol 'payu', no callback of its own);
 * - each txnid is claimed once, atomically, in that row's notes (`txn:<txnid>` → the request's fields as JSON),
 *   which is how a reused txnid is refused; the claim names the PayU id (mihpayid) its attempt will have;
 * - the attempt's pg_payments row (that id, surl/furl as callback_url/failure_url) is made once its way to pay is
 *   known: at once for a seamless card or UPI request, when the customer chooses on the hosted page otherwise.
 */
export const PAYU_PROTOCOL = 'payu';

/** What the merchant posted with one txnid, as its response and webhooks must echo it. */
export interface PayuTxn {
  txnid: string;
  /** the PayU id (mihpayid) of the txnid's attempt: its pg_payments id */
  paymentId: string;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  udf: [string, string, string, string, string];
  surl: string;
  furl: string;
  /** when the txnid was posted (ISO) */
  at: string;
}

const NOTE_PREFIX = 'txn:';

/** The merchant's order reference in a txnid: the part before its last `-`. */
export function orderRefOf(txnid: string): string {
  const dash = txnid.lastIndexOf('-');
  return dash > 0 ? txnid.slice(0, dash) : txnid;
}

export const payuReceiptOf = (txnid: string) => `payu:${orderRefOf(txnid)}`;

/** The txnids claimed on an order, in the order they were posted. */
export function txnsOf(order: Pick<repo.OrderRow, 'notes'>): PayuTxn[] {
  const notes = order.notes as Record<string, unknown>;
  return Object.entries(notes)
    .filter(([k, v]) => k.startsWith(NOTE_PREFIX) && typeof v === 'string')
    .map(([, v]) => JSON.parse(v as string) as PayuTxn)
    .sort((a, b) => a.at.localeCompare(b.at));
}

export const txnOf = (order: Pick<repo.OrderRow, 'notes'>, txnid: string) =>
  txnsOf(order).find((t) => t.txnid === txnid);

export const txnOfPayment = (order: Pick<repo.OrderRow, 'notes'>, paymentId: string) =>
  txnsOf(order).find((t) => t.paymentId === paymentId);

/** The PayU protocol's reads and writes in the sandbox's tables (its routes reach them as `gateway.payu`). */
export class PayuBooks {
  constructor(private readonly db: Db) {}

  /** The sandbox order a txnid belongs to, when one of its ref was posted before. */
  async orderOf(txnid: string): Promise<repo.OrderRow | undefined> {
    const order = await repo.findOrderByReceipt(this.db, payuReceiptOf(txnid));
    return order?.protocol === PAYU_PROTOCOL ? order : undefined;
  }

  /** The order of a txnid's ref, made by the first txnid posted for it (a twin made by a race is found). */
  async orderFor(txnid: string, amountPaise: number): Promise<repo.OrderRow> {
    const receipt = payuReceiptOf(txnid);
    return repo.insertOrFindOrder(this.db, {
      id: gatewayId('order'),
      receipt,
      amountPaise,
      currency: 'INR',
      notes: {},
      callbackUrl: '',
      protocol: PAYU_PROTOCOL,
      restrictions: null,
    });
  }

  /** Claims a txnid on its order; null when it was posted before (PayU's "Duplicate Transaction ID"). */
  async claim(orderId: string, txn: Omit<PayuTxn, 'paymentId' | 'at'>): Promise<PayuTxn | null> {
    const claimed: PayuTxn = { ...txn, paymentId: gatewayId('pay'), at: new Date().toISOString() };
    const claimedNow = await addNoteOnce(
      this.db,
      orderId,
      `${NOTE_PREFIX}${txn.txnid}`,
      JSON.stringify(claimed),
    );
    return claimedNow ? claimed : null;
  }

  /** The order of a payment, for a PayU id looked up on its own (check_payment). */
  async orderOfPayment(paymentId: string): Promise<repo.OrderRow | undefined> {
    const orderId = await orderIdOfPayment(this.db, paymentId);
    const order = orderId ? await repo.findOrder(this.db, orderId) : undefined;
    return order?.protocol === PAYU_PROTOCOL ? order : undefined;
  }

  /** A payment's refunds, oldest first (check_action_status). */
  refundsOf(paymentId: string): Promise<repo.RefundRow[]> {
    return refundsOfPayment(this.db, paymentId);
  }

  refund(refundId: string): Promise<repo.RefundRow | undefined> {
    return findRefund(this.db, refundId);
  }

  refundByToken(token: string): Promise<repo.RefundRow | undefined> {
    return repo.findRefundByReceipt(this.db, token);
  }
}

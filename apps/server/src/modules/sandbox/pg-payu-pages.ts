import type { OrderRow } from '../../providers/payments/repo.ts';
import { escapeHtml } from './html.ts';
import { page } from './pg-html.ts';
import { PG } from './pg-pages.ts';

/** The sandbox's PayU hosted page: choose how to pay one txnid. (Its end, the post back, is pg-post-back.ts.) */

export const PAYU = `${PG}/payu`;
export const payuTxnPath = (txnid: string) => `${PAYU}/txn/${encodeURIComponent(txnid)}`;

const METHODS = [
  ['card', 'Card'],
  ['netbanking', 'Net banking'],
  ['wallet', 'Wallet'],
  ['upi_collect', 'UPI ID'],
] as const;
export type HostedMethod = (typeof METHODS)[number][0];
export const isHostedMethod = (m: string): m is HostedMethod => METHODS.some(([id]) => id === m);

/** PayU's hosted page for one txnid: every way to pay the sandbox plays. */
export function payuMethodsPage(order: OrderRow, txnid: string): string {
  const items = METHODS.map(
    ([m, label]) =>
      `<li><a class="button secondary" id="method-${m}" href="${payuTxnPath(txnid)}?method=${m}">${label}</a></li>`,
  ).join('');
  return page(
    { title: 'Choose how to pay', amountPaise: order.amountPaise },
    `<h1>Choose how to pay</h1><p class="note">PayU transaction <code id="txnid">${escapeHtml(txnid)}</code></p>` +
      `<ul class="methods">${items}</ul>`,
  );
}

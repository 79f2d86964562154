import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { OrderRow } from '../../providers/payments/repo.ts';
import { escapeHtml } from './html.ts';
import { page } from './pg-html.ts';
import { PG } from './pg-pages.ts';

/** The sandbox's PayU pages: its hosted page (choose how to pay) and the auto-post back to the merchant. */

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

/** The one script of the sandbox's pages: it posts the return form as soon as the page is read. */
const SUBMIT = "document.getElementById('payu-return').submit();";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT, 'utf8').digest('base64')}'`;

/**
 * PayU's end of a payment: an HTML form the browser posts to the merchant's surl or furl with the signed response,
 * at once by the script and by hand with the visible button (a browser without script, a test reading the page).
 */
export function payuReturnPage(action: string, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const paid = fields.status === 'success';
  return page(
    { title: paid ? 'Payment received' : 'Payment failed' },
    `<h1 id="payu-result" data-status="${escapeHtml(fields.status ?? '')}">` +
      `${paid ? 'Payment received.' : 'Payment failed.'} Taking you back to the merchant…</h1>` +
      `<form id="payu-return" method="post" action="${escapeHtml(action)}">${hidden}` +
      `<div class="actions"><button type="submit" id="return-to-merchant" class="primary">Return to merchant</button></div></form>`,
  ).replace('</body>', `<script>${SUBMIT}</script></body>`);
}

/** The CSP origin of the merchant's return URL: its origin when absolute, 'self' for a path on this origin. */
export function formActionOf(action: string): string {
  if (!/^https?:\/\//i.test(action)) return "'self'";
  return new URL(action).origin;
}

/**
 * Sends the return page. It is the sandbox's one page with a script, allowed by its hash and nothing else, and
 * the one whose form leaves this origin: form-action names the merchant's, and no other.
 */
export function sendPayuReturn(
  reply: FastifyReply,
  action: string,
  fields: Record<string, string>,
): FastifyReply {
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src ${SUBMIT_HASH}; form-action ${formActionOf(action)}; ` +
        "base-uri 'none'; frame-ancestors 'none'",
    )
    .send(payuReturnPage(action, fields));
}

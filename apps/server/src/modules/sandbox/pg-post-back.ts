import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html.ts';
import { page, sendPage } from './pg-html.ts';

/** The one script of the sandbox's pages: it posts the return form as soon as the page is read. */
const SUBMIT = "document.getElementById('post-back').submit();";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT, 'utf8').digest('base64')}'`;

/**
 * The end of a payment in a protocol whose gateway posts the browser back (PayU's surl/furl): an HTML form to the
 * merchant's URL with the signed response, posted at once by the script and by hand with the visible button (a
 * browser without script, a test reading the page). `paid` when the payment went through.
 */
export function postBackPage(action: string, fields: Record<string, string>, paid: boolean): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    { title: paid ? 'Payment received' : 'Payment failed' },
    `<h1 id="post-back-result" data-status="${paid ? 'success' : 'failure'}">` +
      `${paid ? 'Payment received.' : 'Payment failed.'} Taking you back to the merchant…</h1>` +
      `<form id="post-back" method="post" action="${escapeHtml(action)}">${hidden}` +
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
export function sendPostBack(
  reply: FastifyReply,
  action: string,
  fields: Record<string, string>,
  paid: boolean,
): FastifyReply {
  return sendPage(reply, 200, postBackPage(action, fields, paid), {
    script: SUBMIT_HASH,
    formAction: formActionOf(action),
  });
}

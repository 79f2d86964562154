import type { OrderRow, PaymentRow } from '../../providers/payments/repo.ts';
import { escapeHtml } from './html.ts';
import { fieldError, page, rupeesOf } from './pg-html.ts';
import { PG, payPath } from './pg-pages.ts';

/**
 * UPI pages, both sides: the checkout's (intent link, collect request, waiting) and the customer's UPI
 * app's, which the sandbox plays at its own URLs (/sandbox/pg/upi/…) so a test can open them directly.
 */

export const UPI_APP = `${PG}/upi`;
const WAIT_SECONDS = 2;

/** The sandbox UPI app opening an intent link: the link's own query on this origin. */
export const upiAppPathFor = (deepLink: string) =>
  `${UPI_APP}/pay?${deepLink.slice(deepLink.indexOf('?') + 1)}`;
export const collectAppPath = (paymentId: string) => `${UPI_APP}/collect/${encodeURIComponent(paymentId)}`;

/**
 * The intent page: the deep link a phone opens in its UPI app, and the sandbox app for a browser that
 * has none. It reloads itself until an intent payment made since `since` has an outcome.
 */
export function intentPage(order: OrderRow, deepLink: string, refreshUrl: string): string {
  return page(
    {
      title: 'Pay by UPI app',
      amountPaise: order.amountPaise,
      refresh: { seconds: WAIT_SECONDS, url: refreshUrl },
    },
    `<h1>Pay by UPI app</h1>` +
      `<div class="actions"><a class="button primary" id="upi-intent-link" href="${escapeHtml(deepLink)}">Pay with a UPI app</a></div>` +
      `<p class="note">Link: <code id="upi-intent-uri">${escapeHtml(deepLink)}</code></p>` +
      `<div class="actions"><a class="button secondary" id="upi-app-link" href="${escapeHtml(upiAppPathFor(deepLink))}">Open the sandbox UPI app</a></div>` +
      `<p id="upi-waiting">Waiting for your UPI app… This page updates itself.</p>`,
  );
}

/** Collect, step 1: the customer's UPI ID; `action` where it posts (another protocol's hosted page). */
export function collectPage(
  order: OrderRow,
  typed = '',
  error?: string,
  action = `${payPath(order.id)}/upi_collect`,
): string {
  return page(
    { title: 'Pay by UPI ID', amountPaise: order.amountPaise },
    `<h1>Pay by UPI ID</h1>` +
      `<form id="collect-form" method="post" action="${escapeHtml(action)}" novalidate>` +
      `<label for="vpa">UPI ID</label>` +
      `<input id="vpa" name="vpa" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="255" placeholder="name@bank" value="${escapeHtml(typed)}">` +
      fieldError('vpa', error) +
      `<div class="actions"><button type="submit" id="pay" class="primary">Verify and pay</button></div></form>`,
  );
}

/** Collect, step 2: waiting while the customer answers the request in their UPI app. */
export function collectWaitingPage(payment: PaymentRow): string {
  return page(
    {
      title: 'Approve in your UPI app',
      amountPaise: payment.amountPaise,
      refresh: { seconds: WAIT_SECONDS },
    },
    `<h1>Approve the payment in your UPI app</h1>` +
      `<p id="upi-waiting">A collect request for ${escapeHtml(rupeesOf(payment.amountPaise))} was sent to ` +
      `<strong id="vpa-shown">${escapeHtml(payment.vpa ?? '')}</strong>. This page updates itself.</p>` +
      `<p class="note">Payment <code id="payment-id">${escapeHtml(payment.id)}</code></p>` +
      `<div class="actions"><a class="button secondary" id="upi-app-link" href="${collectAppPath(payment.id)}">Open the sandbox UPI app</a></div>`,
  );
}

const decisionButtons =
  `<div class="actions"><button type="submit" id="approve" name="decision" value="approve" class="primary">Approve</button>` +
  `<button type="submit" id="decline" name="decision" value="decline" class="danger">Decline</button></div>`;

/** The sandbox UPI app, asked by an intent link to pay. The link's fields travel on in hidden inputs. */
export function upiAppIntentPage(
  link: Record<'pa' | 'pn' | 'am' | 'tr' | 'cu', string>,
  amountPaise: number,
) {
  const hidden = Object.entries(link)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    { title: 'Sandbox UPI app', amountPaise },
    `<h1>Sandbox UPI app</h1><p>Pay <strong id="payee-name">${escapeHtml(link.pn)}</strong> ` +
      `(<span id="payee-vpa">${escapeHtml(link.pa)}</span>) ${escapeHtml(rupeesOf(amountPaise))}?</p>` +
      `<p class="note">Reference <code id="upi-ref">${escapeHtml(link.tr)}</code></p>` +
      `<form id="upi-app-form" method="post" action="${UPI_APP}/pay">${hidden}${decisionButtons}</form>`,
  );
}

/** The sandbox UPI app, showing a collect request to approve or decline. */
export function upiAppCollectPage(payment: PaymentRow): string {
  return page(
    { title: 'Sandbox UPI app', amountPaise: payment.amountPaise },
    `<h1>Sandbox UPI app</h1><p>Collect request from <strong>Crust</strong> for ` +
      `${escapeHtml(rupeesOf(payment.amountPaise))} to <strong id="vpa-shown">${escapeHtml(payment.vpa ?? '')}</strong>.</p>` +
      `<form id="upi-app-form" method="post" action="${collectAppPath(payment.id)}">${decisionButtons}</form>`,
  );
}

/**
 * The UPI app after the customer answered: the app is not the checkout's browser, so it does not go to
 * the merchant; `back` leads to the checkout page, as an app hands control back to the browser.
 */
export function upiAppDonePage(payment: PaymentRow, back?: string): string {
  const text =
    payment.status === 'captured'
      ? 'Payment approved.'
      : payment.status === 'failed'
        ? 'Payment declined.'
        : 'Payment is being processed.';
  return page(
    { title: 'Sandbox UPI app', amountPaise: payment.amountPaise },
    `<h1 id="upi-app-result" data-status="${escapeHtml(payment.status)}">${text}</h1>` +
      `<p>Return to the merchant's page.</p>` +
      (back
        ? `<div class="actions"><a class="button secondary" id="back-to-merchant" href="${escapeHtml(back)}">Back to Crust</a></div>`
        : ''),
  );
}

/** The sandbox UPI app's inbox: collect requests waiting for a VPA. */
export function upiInboxPage(vpa: string, pending: PaymentRow[]): string {
  const items = pending
    .map(
      (p) =>
        `<li><a class="button secondary collect-request" href="${collectAppPath(p.id)}" data-payment-id="${escapeHtml(p.id)}">` +
        `${escapeHtml(rupeesOf(p.amountPaise))} from Crust</a></li>`,
    )
    .join('');
  return page(
    { title: 'Sandbox UPI app' },
    `<h1>Sandbox UPI app</h1><form method="get" action="${UPI_APP}/collect">` +
      `<label for="vpa">UPI ID</label><input id="vpa" name="vpa" value="${escapeHtml(vpa)}" autocapitalize="none">` +
      `<div class="actions"><button type="submit" id="show" class="secondary">Show requests</button></div></form>` +
      (vpa
        ? items
          ? `<ul class="methods">${items}</ul>`
          : `<p id="no-requests">No requests waiting.</p>`
        : ''),
  );
}

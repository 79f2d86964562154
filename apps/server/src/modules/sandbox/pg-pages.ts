import type { CheckoutMethod } from '../../providers/payments/provider.ts';
import type { OrderRow, PaymentRow } from '../../providers/payments/repo.ts';
import { allowedFor, restrictionOf } from '../../providers/payments/sandbox-gateway.ts';
import { escapeHtml } from './html.ts';
import { page, rupeesOf } from './pg-html.ts';

/** The gateway's own pages that are not about one method: choose a method, the ends, the refusals. */

export const PG = '/sandbox/pg';
export const payPath = (orderId: string) => `${PG}/pay/${encodeURIComponent(orderId)}`;
export const paymentPath = (paymentId: string) => `${PG}/payments/${encodeURIComponent(paymentId)}`;

const METHOD_LABELS: Readonly<Record<CheckoutMethod, string>> = {
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  upi_intent: 'UPI app',
  upi_collect: 'UPI ID',
};

/** The merchant's condition on the order, shown where the customer chooses how to pay; '' without one. */
export function restrictionNote(order: OrderRow): string {
  const reason = restrictionOf(order)?.reason;
  return reason ? `<p class="note" id="restriction">${escapeHtml(reason)}</p>` : '';
}

/** A way to pay the order is restricted against (a direct link to another method's page). */
export function notAllowedPage(order: OrderRow): string {
  return page(
    { title: 'Payment method not available', amountPaise: order.amountPaise },
    `<h1 id="method-not-allowed">This way to pay cannot be used for this order.</h1>` +
      restrictionNote(order) +
      `<p><a class="button secondary" id="other-methods" href="${payPath(order.id)}">Choose another way to pay</a></p>`,
  );
}

export function methodsPage(order: OrderRow): string {
  const items = (Object.keys(METHOD_LABELS) as CheckoutMethod[])
    .filter((m) => allowedFor(order, m))
    .map(
      (m) =>
        `<li><a class="button secondary" id="method-${m}" href="${payPath(order.id)}?method=${m}">${METHOD_LABELS[m]}</a></li>`,
    )
    .join('');
  return page(
    { title: 'Choose how to pay', amountPaise: order.amountPaise },
    `<h1>Choose how to pay</h1>${restrictionNote(order)}<ul class="methods">${items}</ul>`,
  );
}

/** A request the gateway cannot serve (unknown order, bad method, bad UPI request). */
export function problemPage(title: string, text: string): string {
  return page({ title }, `<h1 id="problem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

export function alreadyPaidPage(order: OrderRow): string {
  return page(
    { title: 'Already paid', amountPaise: order.amountPaise },
    `<h1 id="order-paid">This order is already paid.</h1><p>You can close this page.</p>`,
  );
}

/** Lost-callback mode: the outcome is in, but the browser is not sent back to the merchant. */
export function closedPage(payment: PaymentRow): string {
  const paid = payment.status === 'captured' || payment.status === 'authorized';
  return page(
    { title: paid ? 'Payment received' : 'Payment failed', amountPaise: payment.amountPaise },
    `<h1 id="payment-closed" data-status="${escapeHtml(payment.status)}">` +
      `${paid ? 'Payment received.' : 'Payment failed.'} You can close this page.</h1>` +
      `<p class="note">Payment <code id="payment-id">${escapeHtml(payment.id)}</code></p>`,
  );
}

/** Timeout mode: no outcome, and none will come back to this browser. */
export function processingPage(payment: PaymentRow): string {
  return page(
    { title: 'Payment processing', amountPaise: payment.amountPaise },
    `<h1 id="payment-processing">Your payment is being processed.</h1>` +
      `<p>Your bank has not confirmed it yet. You can close this page: Crust will let you know.</p>` +
      `<p class="note">Payment <code id="payment-id">${escapeHtml(payment.id)}</code></p>`,
  );
}

/** Net banking, step 1: pick a bank; `action` where it posts (another protocol's hosted page). */
export function netbankingPage(
  order: OrderRow,
  banks: Readonly<Record<string, string>>,
  error?: string,
  action = `${payPath(order.id)}/netbanking`,
) {
  const choices = Object.entries(banks)
    .map(
      ([code, name]) =>
        `<label class="choice" for="bank-${code}"><input type="radio" id="bank-${code}" name="bank" value="${code}">${escapeHtml(name)}</label>`,
    )
    .join('');
  return page(
    { title: 'Net banking', amountPaise: order.amountPaise },
    `<h1>Net banking</h1><form id="netbanking-form" method="post" action="${escapeHtml(action)}" novalidate>` +
      `<fieldset><legend>Choose your bank</legend>${choices}</fieldset>` +
      (error ? `<p class="error" id="bank-error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<div class="actions"><button type="submit" id="pay" class="primary">Pay ${escapeHtml(rupeesOf(order.amountPaise))}</button></div></form>`,
  );
}

/** Net banking, step 2: the bank's test page, as Razorpay's has it. */
export function bankPage(payment: PaymentRow, bankName: string): string {
  return page(
    { title: bankName, amountPaise: payment.amountPaise },
    `<h1 id="bank-name">${escapeHtml(bankName)} (sandbox)</h1>` +
      `<p>Pay Crust? Choose how the bank answers.</p>` +
      `<form id="bank-form" method="post" action="${paymentPath(payment.id)}/bank"><div class="actions">` +
      `<button type="submit" id="success" name="outcome" value="success" class="primary">Success</button>` +
      `<button type="submit" id="failure" name="outcome" value="failure" class="danger">Failure</button>` +
      `</div></form>`,
  );
}

/**
 * Wallet: pick one, then pay or fail in one step; `action` where it posts (another protocol's hosted page). Offered
 * a single wallet (the one chosen at the merchant's checkout), the page asks nothing: it plays that wallet.
 */
export function walletPage(
  order: OrderRow,
  wallets: Readonly<Record<string, string>>,
  error?: string,
  action = `${payPath(order.id)}/wallet`,
) {
  const entries = Object.entries(wallets);
  const only = entries.length === 1 ? entries[0] : undefined;
  const amount = escapeHtml(rupeesOf(order.amountPaise));
  const outcomes = (pay: string) =>
    (error ? `<p class="error" id="wallet-error" role="alert">${escapeHtml(error)}</p>` : '') +
    `<div class="actions"><button type="submit" id="pay" name="outcome" value="pay" class="primary">${pay}</button>` +
    `<button type="submit" id="fail" name="outcome" value="fail" class="danger">Fail</button></div></form>`;
  const form = `<form id="wallet-form" method="post" action="${escapeHtml(action)}" novalidate>`;
  if (only) {
    const [code, name] = only;
    return page(
      { title: name, amountPaise: order.amountPaise },
      `<h1 id="wallet-chosen" data-wallet="${escapeHtml(code)}">Pay ${amount} with ${escapeHtml(name)}</h1>` +
        `${form}<input type="hidden" name="wallet" value="${escapeHtml(code)}">` +
        `<p class="note">The sandbox plays ${escapeHtml(name)}: choose how it answers.</p>${outcomes('Pay')}`,
    );
  }
  const choices = entries
    .map(
      ([code, name]) =>
        `<label class="choice" for="wallet-${code}"><input type="radio" id="wallet-${code}" name="wallet" value="${code}">${escapeHtml(name)}</label>`,
    )
    .join('');
  return page(
    { title: 'Wallet', amountPaise: order.amountPaise },
    `<h1>Wallet</h1>${form}<fieldset><legend>Choose your wallet</legend>${choices}</fieldset>${outcomes(`Pay ${amount}`)}`,
  );
}

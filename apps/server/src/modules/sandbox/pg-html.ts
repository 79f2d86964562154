import type { FastifyReply } from 'fastify';
import { formatRupees, paise } from '@crust/domain/money';
import { escapeHtml } from './html.ts';

/**
 * The sandbox gateway's page frame: phone-first (412 px and up), styles inline, no scripts (the page's
 * own CSP allows none), and a banner that says no real money moves.
 */
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#eef1f5;color:#1d2433;font-size:16px}' +
  'main{max-width:440px;margin:16px auto;background:#fff;border-radius:8px;padding:20px;box-sizing:border-box}' +
  '.banner{margin:0;background:#fff4ce;color:#5c4400;text-align:center;padding:8px;font-weight:600;font-size:.9rem}' +
  'header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #e3e7ee;padding-bottom:12px;margin-bottom:16px}' +
  '#merchant{font-weight:700;font-size:1.2rem}#amount{font-weight:700;font-size:1.3rem}' +
  'h1{font-size:1.2rem;margin:0 0 12px}p{margin:0 0 12px;line-height:1.4}.note{font-size:.85rem;color:#5b6475}' +
  '.error{color:#b3261e;font-size:.9rem;margin:4px 0 0}.alert{color:#b3261e;font-weight:600}' +
  'label{display:block;font-weight:600;margin:14px 0 6px}' +
  'input,select{width:100%;box-sizing:border-box;font:inherit;padding:12px;border:1px solid #c4cad4;border-radius:6px;background:#fff}' +
  'fieldset{border:0;padding:0;margin:0}legend{font-weight:600;margin-bottom:4px}' +
  '.row{display:flex;gap:12px}.row>div{flex:1}' +
  '.choice{display:flex;align-items:center;gap:10px;padding:12px;border:1px solid #c4cad4;border-radius:6px;margin:8px 0;font-weight:400}' +
  '.choice input{width:auto;margin:0}' +
  '.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}' +
  'button,.button{flex:1;min-height:48px;font:inherit;font-weight:600;padding:12px;border-radius:6px;border:1px solid #1f5bd7;cursor:pointer;text-align:center;text-decoration:none;box-sizing:border-box}' +
  '.primary{background:#1f5bd7;color:#fff}.secondary{background:#fff;color:#1f5bd7}' +
  '.danger{background:#fff;color:#b3261e;border-color:#b3261e}' +
  'ul.methods{list-style:none;padding:0;margin:0}ul.methods li{margin:8px 0}ul.methods a{display:block}' +
  'code{word-break:break-all;font-size:.85rem;background:#f3f5f8;padding:2px 4px;border-radius:4px}' +
  '.otp{font-size:1.4rem;letter-spacing:.2em;font-weight:700}' +
  '@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}';

export interface PageFrame {
  title: string;
  /** shown top right; omitted on pages that are not about one order */
  amountPaise?: number;
  /** reload after this many seconds (waiting pages: a meta refresh, since no script may poll) */
  refresh?: { seconds: number; url?: string };
}

export const rupeesOf = (amountPaise: number) => formatRupees(paise(amountPaise));

export function page(frame: PageFrame, body: string): string {
  const refresh = frame.refresh
    ? `<meta http-equiv="refresh" content="${frame.refresh.seconds}${frame.refresh.url ? `; url=${escapeHtml(frame.refresh.url)}` : ''}">`
    : '';
  const amount =
    frame.amountPaise === undefined
      ? ''
      : `<span id="amount">${escapeHtml(rupeesOf(frame.amountPaise))}</span>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">${refresh}` +
    `<title>${escapeHtml(frame.title)} · Sandbox gateway</title><style>${STYLE}</style></head><body>` +
    `<p class="banner" id="sandbox-banner" role="note">Sandbox gateway — no real money</p>` +
    `<main><header><span id="merchant">Crust</span>${amount}</header>${body}</main></body></html>`
  );
}

/** The field's error under it, with an id a test can find (`number-error`, `vpa-error`, …). */
export const fieldError = (field: string, message: string | undefined) =>
  message ? `<p class="error" id="${field}-error" role="alert">${escapeHtml(message)}</p>` : '';

/**
 * Sends a gateway page: never cached (it shows one payment's state), no scripts, forms only to this
 * origin (the redirect after a post stays on it too: callbacks are same-origin paths).
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  /** the one page that runs a script (pg-post-back.ts) names it by hash, and the merchant it posts to */
  allow: { script?: string; formAction?: string } = {},
): FastifyReply {
  const script = allow.script ? ` script-src ${allow.script};` : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline';${script} form-action ${allow.formAction ?? "'self'"}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

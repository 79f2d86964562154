import type { FastifyReply } from 'fastify';
import { PARTNER_CLIENT_IDS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { escapeHtml } from './html.ts';
import { HOST_SCRIPT, HOST_SCRIPT_HASH } from './partner-host-script.ts';

/** How each sandbox host looks, and who its user is unless the page's query says otherwise. */
export const HOSTS: Record<
  PartnerVendor,
  { path: string; name: string; bar: string; ink: string; accent: string; mobile: string; user: string }
> = {
  PAYTM: {
    path: 'paytm',
    name: 'Paytm',
    bar: '#002e6e',
    ink: '#ffffff',
    accent: '#00baf2',
    mobile: '9876500001',
    user: 'Asha Verma',
  },
  GPAY: {
    path: 'gpay',
    name: 'Google Pay',
    bar: '#ffffff',
    ink: '#202124',
    accent: '#1a73e8',
    mobile: '9876500002',
    user: 'Rohan Mehta',
  },
};

const style = (h: (typeof HOSTS)[PartnerVendor]) =>
  'html,body{margin:0;height:100%;font-family:system-ui,sans-serif;color:#1d2433;background:#dfe3ea}' +
  // a phone: the whole window on a phone, a 412×823 device in the middle of a wider one
  '#phone{position:relative;display:flex;flex-direction:column;width:100%;height:100%;max-width:412px;max-height:823px;margin:0 auto;background:#fff;overflow:hidden}' +
  '@media (min-width:480px){#phone{margin-top:16px;border-radius:18px;box-shadow:0 4px 24px rgba(0,0,0,.25);height:823px}}' +
  `#bar{display:flex;align-items:center;gap:8px;padding:0 8px;height:52px;flex:none;background:${h.bar};color:${h.ink};border-bottom:3px solid ${h.accent}}` +
  `#bar h1{font-size:1.05rem;margin:0;flex:1;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}` +
  `#host-back{min-width:44px;min-height:44px;border:0;background:transparent;color:${h.ink};font:inherit;font-size:1.3rem;cursor:pointer}` +
  '.sandbox{font-size:.7rem;font-weight:700;background:#fff4ce;color:#5c4400;border-radius:4px;padding:2px 6px}' +
  '#host-user{flex:none;font-size:.8rem;background:#f3f5f8;border-bottom:1px solid #e3e7ee}' +
  '#host-user summary{padding:6px 12px;cursor:pointer}#host-user .fields{display:flex;gap:8px;padding:0 12px 8px}' +
  '#host-user label{flex:1;display:flex;flex-direction:column;gap:2px}' +
  '#host-user input{font:inherit;padding:6px;border:1px solid #c4cad4;border-radius:4px;min-width:0}' +
  '#stage{flex:1;display:flex;min-height:0}#stage[hidden]{display:none}#miniapp{flex:1;border:0;width:100%;height:100%}' +
  '.sheet{position:absolute;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-end;z-index:2}.sheet[hidden]{display:none}' +
  '.sheet>div{background:#fff;width:100%;border-radius:16px 16px 0 0;padding:20px;box-sizing:border-box}' +
  '.sheet h2{font-size:1.1rem;margin:0 0 8px}.sheet p{margin:0 0 12px;line-height:1.4}' +
  '.amount{font-size:1.8rem;font-weight:700;margin:4px 0 8px}.note{font-size:.8rem;color:#5b6475}' +
  '.actions{display:flex;gap:12px;margin-top:16px}' +
  'button.act{flex:1;min-height:48px;font:inherit;font-weight:600;border-radius:24px;cursor:pointer}' +
  `.primary{background:${h.accent};color:#fff;border:1px solid ${h.accent}}` +
  `.secondary{background:#fff;color:${h.accent};border:1px solid ${h.accent}}` +
  '.link{background:none;border:0;color:#5b6475;text-decoration:underline;font:inherit;cursor:pointer;margin-top:12px;min-height:44px}' +
  '#exited{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;text-align:center}#exited[hidden]{display:none}' +
  '#exited button.act{flex:none;padding:0 24px}';

/** The host page: the partner's frame around Crust's entry URL, and the bridge it offers the mini-app. */
export function hostPage(vendor: PartnerVendor, user: { mobile: string; name: string }): string {
  const h = HOSTS[vendor];
  const clientId = PARTNER_CLIENT_IDS[vendor];
  const entry = `/vendorPage?vendor=${clientId}`;
  const config = JSON.stringify({
    vendor,
    hostName: h.name,
    clientId,
    entry,
    api: `/sandbox/partner/${h.path}/api`,
  }).replace(/</g, '\\u003c');
  const name = escapeHtml(h.name);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${name} · Sandbox partner host</title><style>${style(h)}</style></head><body>` +
    `<div id="phone">` +
    `<header id="bar"><button type="button" id="host-back" aria-label="Back to ${name}">&#8592;</button>` +
    `<h1>Crust on ${name}</h1><span class="sandbox" role="note">Sandbox</span></header>` +
    `<details id="host-user"><summary>${name} user: <span id="host-user-label"></span></summary><div class="fields">` +
    `<label>Mobile<input id="host-mobile" inputmode="numeric" maxlength="10" value="${escapeHtml(user.mobile)}"></label>` +
    `<label>Name<input id="host-name" maxlength="60" value="${escapeHtml(user.name)}"></label></div></details>` +
    `<main id="stage"><iframe id="miniapp" title="Crust" src="${escapeHtml(entry)}"></iframe></main>` +
    `<section id="exited" hidden><p><strong>You left Crust</strong></p><p class="note">You are back in ${name}.</p>` +
    `<button type="button" class="act primary" id="reopen">Open Crust again</button></section>` +
    `<div class="sheet" id="consent" hidden role="dialog" aria-modal="true" aria-labelledby="consent-title"><div>` +
    `<h2 id="consent-title">Crust wants your mobile number and name</h2>` +
    `<p>${name} will share <strong id="consent-who"></strong> with Crust to sign you in.</p>` +
    `<div class="actions"><button type="button" class="act secondary" id="consent-deny">Don't allow</button>` +
    `<button type="button" class="act primary" id="consent-allow">Allow</button></div></div></div>` +
    `<div class="sheet" id="pay" hidden role="dialog" aria-modal="true" aria-labelledby="pay-title"><div>` +
    `<h2 id="pay-title">Pay Crust with ${name}</h2><p class="amount" id="pay-amount"></p>` +
    `<p id="pay-description"></p><p class="note">Order <span id="pay-ref"></span> · sandbox: no real money moves</p>` +
    `<div class="actions"><button type="button" class="act secondary" id="pay-decline">Decline</button>` +
    `<button type="button" class="act primary" id="pay-go">Pay</button></div>` +
    `<button type="button" class="link" id="pay-close">Close</button></div></div>` +
    `</div><script type="application/json" id="host-config">${config}</script>` +
    `<script>${HOST_SCRIPT}</script></body></html>`
  );
}

/**
 * Sends a host page: never cached, its one script allowed by hash, Crust framed from this origin only, calls only
 * to this origin, and itself framed by nobody.
 */
export function sendHostPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src ${HOST_SCRIPT_HASH}; style-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .send(html);
}

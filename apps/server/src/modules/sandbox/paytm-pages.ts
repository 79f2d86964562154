import { formatRupees, paise } from '@crust/domain/money';
import { escapeHtml } from './html.ts';

/**
 * The Paytm sandbox's hosted add-money page (docs/paytm-wallet.md "Sandbox"): phone-first, no scripts, a banner
 * that says no real money moves. Ids for tests: #paytm-banner, #add-amount, #wallet-balance, #wallet-mobile,
 * radios #bank-HDFC / #bank-ICIC / #bank-SBIN, buttons #add-money and #cancel.
 */
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#e8f4fd;color:#0f1f33;font-size:16px}' +
  'main{max-width:440px;margin:16px auto;background:#fff;border-radius:10px;padding:20px;box-sizing:border-box}' +
  '.banner{margin:0;background:#fff4ce;color:#5c4400;text-align:center;padding:8px;font-weight:600;font-size:.9rem}' +
  'header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #dbe6f0;padding-bottom:12px;margin-bottom:16px}' +
  '.brand{font-weight:800;font-size:1.3rem;color:#002e6e}.brand span{color:#00b9f1}' +
  'h1{font-size:1.2rem;margin:0 0 12px}p{margin:0 0 12px;line-height:1.4}.note{font-size:.85rem;color:#5b6475}' +
  '.amount{font-size:1.6rem;font-weight:800;margin:4px 0 16px}' +
  'fieldset{border:0;padding:0;margin:0}legend{font-weight:600;margin-bottom:4px}' +
  '.choice{display:flex;align-items:center;gap:10px;padding:12px;border:1px solid #c4cad4;border-radius:6px;margin:8px 0}' +
  '.actions{display:flex;gap:12px;margin-top:20px}' +
  'button{flex:1;min-height:48px;font:inherit;font-weight:600;padding:12px;border-radius:24px;border:1px solid #00b9f1;cursor:pointer}' +
  '.primary{background:#00b9f1;color:#fff}.secondary{background:#fff;color:#002e6e}' +
  '@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}';

const BANKS = [
  ['HDFC', 'HDFC Bank'],
  ['ICIC', 'ICICI Bank'],
  ['SBIN', 'State Bank of India'],
] as const;

const rupees = (amountPaise: number) => formatRupees(paise(amountPaise));
const maskedMobile = (mobile: string) => `+91 ${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`;

function frame(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · Paytm sandbox</title><style>${STYLE}</style></head><body>` +
    `<p class="banner" id="paytm-banner" role="note">Paytm sandbox — no real money</p>` +
    `<main><header><span class="brand">pay<span>tm</span></span><span class="note">Wallet</span></header>${body}</main></body></html>`
  );
}

export function addMoneyPage(r: {
  id: string;
  mobile: string;
  amountPaise: number;
  balancePaise: number;
  status: string;
}): string {
  if (r.status !== 'OPEN')
    return frame(
      'Add money',
      `<h1 id="add-money-closed">This request is ${r.status === 'SUCCESS' ? 'complete' : 'cancelled'}.</h1><p>You can close this page.</p>`,
    );
  const banks = BANKS.map(
    ([code, name], i) =>
      `<label class="choice" for="bank-${code}"><input type="radio" name="bank" id="bank-${code}" value="${code}"${i === 0 ? ' checked' : ''}>${escapeHtml(name)}</label>`,
  ).join('');
  return frame(
    'Add money',
    `<h1>Add money to your Paytm wallet</h1>` +
      `<p class="note">Wallet <span id="wallet-mobile">${escapeHtml(maskedMobile(r.mobile))}</span> · balance <span id="wallet-balance">${escapeHtml(rupees(r.balancePaise))}</span></p>` +
      `<p>Amount to add to pay Crust</p><p class="amount" id="add-amount">${escapeHtml(rupees(r.amountPaise))}</p>` +
      `<form method="post" action="/sandbox/paytm/add-money/${encodeURIComponent(r.id)}">` +
      `<fieldset><legend>Pay from your bank</legend>${banks}</fieldset>` +
      `<div class="actions"><button class="secondary" id="cancel" name="action" value="cancel">Cancel</button>` +
      `<button class="primary" id="add-money" name="action" value="add">Add ${escapeHtml(rupees(r.amountPaise))}</button></div>` +
      `</form>`,
  );
}

export function noSuchRequestPage(): string {
  return frame('Add money', `<h1 id="problem">No such request</h1><p>This add-money link is not valid.</p>`);
}

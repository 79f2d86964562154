import { escapeHtml } from './html.ts';
import type { AuthorizationRequest } from './idp-request.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f1f3f4;color:#202124}' +
  'main{max-width:420px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-sizing:border-box}' +
  'h1{font-size:1.4rem;margin:0 0 8px}p{margin:0 0 16px}.note{font-size:.85rem;color:#5f6368}' +
  '.error{color:#b3261e}label{display:block;font-weight:600;margin:12px 0 4px}' +
  'input{width:100%;box-sizing:border-box;font:inherit;padding:12px;border:1px solid #dadce0;border-radius:4px}' +
  '.actions{display:flex;flex-direction:row-reverse;gap:12px;margin-top:24px}' +
  'button{flex:1;font:inherit;padding:12px;border-radius:4px;border:1px solid #1a73e8;cursor:pointer}' +
  'button[value=allow]{background:#1a73e8;color:#fff}button[value=deny]{background:#fff;color:#1a73e8}' +
  '@media (max-width:460px){main{margin:0;border-radius:0;min-height:100vh}}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
  `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

export const DEMO_PERSON = { email: 'asha.verma@example.com', name: 'Asha Verma' };

/**
 * The consent page. Allow comes first so Enter allows; the row is drawn reversed to put Deny on the left.
 * Deny skips the browser's field checks. The request travels in hidden fields, checked again on submit.
 */
export function consentPage(
  request: AuthorizationRequest,
  person: { email: string; name: string },
  error?: string,
): string {
  const hidden = Object.entries(request)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    'Sign in with Google (sandbox)',
    `<p class="note">Sandbox identity provider: no real Google account is used.</p>` +
      `<h1>Sign in with Google (sandbox)</h1><p>Crust wants your name and email address</p>` +
      (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="/sandbox/idp/authorize">${hidden}` +
      `<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(person.email)}">` +
      `<label for="name">Full name</label><input id="name" name="name" required maxlength="80" autocomplete="name" value="${escapeHtml(person.name)}">` +
      `<div class="actions"><button type="submit" id="allow" name="decision" value="allow">Allow</button>` +
      `<button type="submit" id="deny" name="decision" value="deny" formnovalidate>Deny</button></div></form>`,
  );
}

/** A bad authorization request ends here, never at its redirect_uri (RFC 6749 §4.1.2.1). */
export function errorPage(problem: string): string {
  return page(
    'Sign-in request refused',
    `<h1>Sign-in request refused</h1><p>The app asked for sign-in in a way this provider does not accept: ` +
      `${escapeHtml(problem)}.</p><p class="note">Sandbox identity provider.</p>`,
  );
}

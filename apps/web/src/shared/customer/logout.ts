import type { QueryClient } from '@tanstack/react-query';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { paths } from '../../config/paths.ts';
import { requestHeaders } from '../api/client.ts';
import { clearSession, currentSession } from '../api/session.ts';
import { loadPage } from '../navigation.ts';
import { keepOnlyThePlace } from '../state/location-store.ts';
import { dropAddressDraft } from '../account/address-draft.ts';
import { replaceCartId } from '../cart/api.ts';
import { forgetCheckoutChoices } from '../payment/pending.ts';
import { forgetLoyalty } from '../loyalty/api.ts';
import { clearOtpLimit, forgetOtpRequest } from './login-api.ts';

/**
 * SPEC §4 Logout: tell the server (it revokes the refresh token's family; a failure changes nothing
 * here), clear what the browser keeps about the customer, then load home afresh.
 */
export async function logout(qc: QueryClient): Promise<void> {
  const s = currentSession();
  if (s?.isLoggedIn) {
    const headers = requestHeaders({ 'content-type': 'application/json' });
    // an expired access token would be refused (401) before the logout is looked at; the refresh token
    // alone names the login to end
    if (Date.parse(s.credentials.expiration) <= Date.now()) delete headers[HEADERS.sessionToken];
    const told = fetch(API_PATHS.logout, {
      method: 'POST',
      headers,
      body: JSON.stringify({ refreshToken: s.credentials.refreshToken }),
    }).catch(() => undefined);
    await Promise.race([told, new Promise((r) => setTimeout(r, 5000))]);
  }
  clearSession(); // user info and credentials
  replaceCartId(qc, null); // cart id and cart data; the coupon lives on the cart and goes with it
  keepOnlyThePlace(); // the address choice and recent places go; the place, store and order type stay
  forgetOtpRequest();
  clearOtpLimit();
  // the tab's checkout: its form draft (contact details, payment mode, wallet, slot), the pending payment
  forgetCheckoutChoices();
  dropAddressDraft(); // an address being typed, with its name and mobile
  forgetLoyalty(qc); // the customer's Pizza Pals enrolment and points
  qc.clear(); // menu, wallet summary and ledger, and every other cached answer
  loadPage(paths.home());
}

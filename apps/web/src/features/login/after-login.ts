import type { QueryClient } from '@tanstack/react-query';
import type { CustomerSession } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { setCustomerSession } from '../../shared/api/session.ts';
import { POST_ORDER_AREA } from '../../config/area.ts';
import { accountKeys, moveGuestAddressesIntoAccount } from '../../shared/account/api.ts';
import { replaceCartId } from '../../shared/cart/api.ts';
import { forgetCheckoutChoices } from '../../shared/payment/pending.ts';
import { forgetOtpRequest } from '../../shared/customer/login-api.ts';
import { fetchLoyalty, forgetLoyalty } from '../../shared/loyalty/api.ts';
import { FEEDBACK_PARAMS_KEY } from '../../shared/feedback-params.ts';

/**
 * SPEC §4 Login, after a SUCCESS: save the user and credentials, then the steps that follow a login.
 * Resolves once the session is stored (a full page load may follow).
 */
export async function afterLogin(qc: QueryClient, user: CustomerSession): Promise<void> {
  await setCustomerSession(user);
  // the guest's items now sit in the customer's cart (null: the customer has no cart)
  replaceCartId(qc, user.cartId);
  forgetOtpRequest();
  // the guest's device-kept addresses join the account; the saved list is fetched afresh where shown
  await moveGuestAddressesIntoAccount().catch(() => undefined);
  void qc.invalidateQueries({ queryKey: accountKeys.addresses });
  // SPEC §4: the address detail and wallet info start afresh — checkout's typed contact, address and wallet
  // choice were the guest's; the customer's profile, saved addresses and wallet are read when checkout shows
  forgetCheckoutChoices();
  // SPEC §4 Login: fetch loyalty (the widget and the cart read it); the guest had none. Not awaited: a slow or
  // failed answer must not hold the customer on the login screen, and its readers ask again if it failed.
  forgetLoyalty(qc);
  void fetchLoyalty(qc);
}

/** Where the app goes after login, and whether that is a full page load (the post-order area). */
export interface LoginTarget {
  to: string;
  fullLoad: boolean;
}

/** SPEC §4: the feedback screen's query, saved before it sent the customer to login (shared/feedback-params.ts). */
export { FEEDBACK_PARAMS_KEY };

function savedFeedbackParams(): string | null {
  try {
    return sessionStorage.getItem(FEEDBACK_PARAMS_KEY);
  } catch {
    return null;
  }
}

const ORIGIN = 'https://crust.invalid';
const HOME: LoginTarget = { to: paths.home(), fullLoad: false };

/**
 * SPEC §4 Login redirect, from the login URL's query (redirectUrl, from):
 * - no redirectUrl, or one that is not a path of this site (never another origin): /
 * - the login pages themselves (redirectUrl /login, /login-otp, or from=login): /
 * - /changeAddress: with deliveryType=D
 * - /uf: with the saved feedback query parameters
 * - /postorder-ui/…: a full page load
 */
export function loginTarget(params: URLSearchParams, feedbackParams = savedFeedbackParams()): LoginTarget {
  const raw = params.get('redirectUrl');
  if (!raw?.startsWith('/') || params.get('from') === 'login') return HOME;
  const url = new URL(raw, ORIGIN);
  if (url.origin !== ORIGIN || /^\/(postorder-ui\/)?login(-otp)?\/?$/.test(url.pathname)) return HOME;
  if (url.pathname === paths.changeAddress.pattern) url.searchParams.set('deliveryType', 'D');
  if (url.pathname === paths.feedback.pattern && feedbackParams)
    for (const [k, v] of new URLSearchParams(feedbackParams)) url.searchParams.set(k, v);
  return { to: url.pathname + url.search + url.hash, fullLoad: url.pathname.startsWith(POST_ORDER_AREA) };
}

/**
 * /login-otp's `action` values: after the code, set a new password on /dominosPassword (the forgot-password
 * flow), or finish a social sign-in with the number just proven.
 */
export const SET_PASSWORD_ACTION = 'setPassword';
export const SOCIAL_ACTION = 'social';

/** The query /login passes on to /login-otp (SPEC §2: redirectUrl, from, action). */
export function keptParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const k of ['redirectUrl', 'from', 'action']) {
    const v = params.get(k);
    if (v !== null) kept.set(k, v);
  }
  return kept;
}

/** The same as a query string: `?…`, or '' when there is nothing to keep. */
export function keptQuery(params: URLSearchParams): string {
  const qs = keptParams(params).toString();
  return qs ? `?${qs}` : '';
}

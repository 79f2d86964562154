import type { CustomerSession, LoginResponse } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import { PARTNER_CLIENT_IDS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { paths } from '../../config/paths.ts';
import { api, ApiError } from '../../shared/api/client.ts';
import { guestCartHeader } from '../../shared/customer/login-api.ts';
import type { MiniApp } from '../../shared/partner/mode.ts';

const LOGIN_PATHS = { PAYTM: API_PATHS.paytmLogin, GPAY: API_PATHS.gpayLogin } as const satisfies Record<
  PartnerVendor,
  string
>;

/**
 * SPEC §7 POST partner login /{vendor} (authCode, clientId): the same answer as OTP login. FAILED (an expired,
 * replayed or foreign code) rejects with an ApiError. The guest's cart rides along, as on every login call.
 */
export async function partnerLogin(vendor: PartnerVendor, authCode: string): Promise<CustomerSession> {
  const res = await api<LoginResponse>(LOGIN_PATHS[vendor], {
    method: 'POST',
    body: { authCode, clientId: PARTNER_CLIENT_IDS[vendor] },
    headers: guestCartHeader(),
  });
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

/**
 * Inside a mini-app, logging in again goes back through the host's bridge (/vendorPage), never the OTP screens:
 * the path to go to instead of a login page, keeping where the login was to lead; null outside a mini-app.
 */
export function partnerLoginPath(mini: MiniApp | null, params: URLSearchParams): string | null {
  if (!mini) return null;
  return paths.vendorPage({
    vendor: PARTNER_CLIENT_IDS[mini.vendor],
    redirectUrl: params.get('redirectUrl'),
  });
}

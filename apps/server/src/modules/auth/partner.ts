import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { PartnerProvider, PartnerUser } from '../../providers/partner/provider.ts';
import { PartnerError } from '../../providers/partner/provider.ts';
import { partnerFamilyId } from '../../http/session-tokens.ts';
import * as repo from './repo.ts';
import {
  customerSession,
  newCustomerId,
  refuse,
  type Guest,
  type LoginDeps,
  type LoginResult,
} from './service.ts';
import { AUTH_TEXTS } from './texts.ts';

export type PartnerLoginDeps = LoginDeps & {
  /** the vendor's adapter, or null when its mini-app is not configured here */
  partnerOf: (vendor: PartnerVendor) => PartnerProvider | null;
};

/** "Asha Verma" → Asha / Verma; a single word is the first name. */
function namesOf(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: (words[0] ?? '').slice(0, 50), lastName: words.slice(1).join(' ').slice(0, 50) };
}

/**
 * SPEC §7 POST partner login /{vendor} (issue 18; docs/partner-sandbox.md): the host's auth code is exchanged
 * with the partner from this server (its client secret never reaches a browser), and the mobile the partner
 * verified is the customer's, made if new with the partner's name. The session's token family names the partner
 * (http/session-tokens.ts partnerFamilyId), so every later request of it is known to come from that mini-app. A code
 * the partner does not take (expired, used, another host's) is PARTNER_CODE_INVALID; a partner that does not answer
 * in time is PARTNER_UNAVAILABLE.
 */
export async function partnerLogin(
  deps: PartnerLoginDeps,
  vendor: PartnerVendor,
  input: { authCode: string } & Guest,
  now: () => Date,
): Promise<LoginResult> {
  const partner = deps.partnerOf(vendor);
  if (!partner) return refuse('PARTNER_UNAVAILABLE', AUTH_TEXTS.partnerNotHere, { statusCode: 503 });
  let user: PartnerUser;
  try {
    user = await partner.userOf(input.authCode);
  } catch (err) {
    if (!(err instanceof PartnerError)) throw err;
    return err.code === 'CODE_INVALID'
      ? refuse('PARTNER_CODE_INVALID', AUTH_TEXTS.partnerCodeInvalid, { statusCode: 401 })
      : refuse('PARTNER_UNAVAILABLE', AUTH_TEXTS.partnerUnavailable, { statusCode: 503 });
  }
  const at = now();
  const customer = await repo.upsertCustomerByMobile(deps.db, {
    id: newCustomerId(),
    mobile: user.mobile,
    ...namesOf(user.name),
    at,
  });
  return {
    ok: true,
    data: await customerSession(deps, customer, vendor, input, at, partnerFamilyId(vendor)),
  };
}

import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { PaymentType } from '@crust/domain/payment-types';

/**
 * The partner host whose payment sheet pays the order (issue 18): inside a partner's mini-app, the partner's own
 * way to pay goes through the partner. Null for everything else.
 */
export async function partnerPaying(
  partner: PartnerVendor | null | undefined,
  method: PaymentType | null,
  partnerPrimary: ((vendor: PartnerVendor) => Promise<string | null>) | undefined,
): Promise<PartnerVendor | null> {
  return partner && method !== null && method === (await partnerPrimary?.(partner)) ? partner : null;
}

import { PARTNER_VENDORS } from '@crust/contract/partner-bridge';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { secureOrLoopback } from './urls.ts';

/**
 * The partner variables' rules (issue 18; docs/partner-sandbox.md), kept beside config-env.ts, which declares the
 * variables themselves. A vendor is configured with all five of its variables or none (then it has no mini-app
 * in production); half a configuration is refused at start rather than failing a customer's sign-in later.
 */

/** The environment's variables of one vendor: PARTNER_PAYTM_BASE_URL, PARTNER_GPAY_CLIENT_SECRET, … */
export const PARTNER_FIELDS = [
  'BASE_URL',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'MERCHANT_ID',
  'NOTIFICATION_KEY',
] as const;
export const partnerVariable = (vendor: PartnerVendor, field: (typeof PARTNER_FIELDS)[number]) =>
  `PARTNER_${vendor}_${field}` as const;
export type PartnerVariable = ReturnType<typeof partnerVariable>;

/** Secrets among them: named in an error, never repeated. */
export const PARTNER_UNSHOWN = PARTNER_VENDORS.flatMap((v) => [
  partnerVariable(v, 'CLIENT_SECRET'),
  partnerVariable(v, 'NOTIFICATION_KEY'),
]);

/** Every partner variable, for the schema. */
export const PARTNER_VARIABLE_NAMES: PartnerVariable[] = PARTNER_VENDORS.flatMap((v) =>
  PARTNER_FIELDS.map((f) => partnerVariable(v, f)),
);

type PartnerEnv = { NODE_ENV?: string | undefined } & Partial<Record<PartnerVariable, unknown>>;

export function partnerProblems(env: PartnerEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV !== 'production') return;
  for (const vendor of PARTNER_VENDORS) {
    const names = PARTNER_FIELDS.map((f) => partnerVariable(vendor, f));
    const set = names.filter((n) => env[n] !== undefined);
    if (set.length === 0) continue;
    for (const name of names)
      if (env[name] === undefined)
        problem(
          name,
          `set in production with the other ${vendor} partner variables (docs/partner-sandbox.md)`,
        );
    const url = env[partnerVariable(vendor, 'BASE_URL')];
    if (typeof url === 'string' && URL.canParse(url) && !secureOrLoopback(url))
      problem(
        partnerVariable(vendor, 'BASE_URL'),
        'an https:// URL in production (http only to this machine): the client secret travels with every code exchange',
      );
  }
}

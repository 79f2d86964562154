import { PARTNER_VENDORS } from '@crust/contract/partner-bridge';
import { PARTNER_FIELDS, partnerVariable, type PartnerVariable } from './config-partners.ts';
import { secureOrLoopback } from './config-urls.ts';

/**
 * The partner variables' rules (issue 18; docs/partner-sandbox.md), kept beside config-env.ts, which declares the
 * variables themselves. A vendor is configured with all five of its variables or none (then it has no mini-app
 * in production); half a configuration is refused at start rather than failing a customer's sign-in later.
 */

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

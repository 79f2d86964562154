import { createHmac } from 'node:crypto';
import { PARTNER_VENDORS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { secureOrLoopback } from './urls.ts';
import { httpUrl, text, type Parsed } from './variables.ts';

/**
 * The partner hosts Crust runs inside as a mini-app (issue 18; docs/partner-sandbox.md): their variables, what
 * production needs, and Crust's account at each. A vendor is configured with all five of its variables or none
 * (then it has no mini-app in production); half a configuration is refused at start rather than failing a
 * customer's sign-in later.
 */

/** Crust's account at one partner host (issue 18; docs/partner-sandbox.md "A real partner"). */
export interface PartnerAccount {
  /** the partner's server API (…/api): code exchange, user info, payment orders, refunds */
  baseUrl: string;
  /** Crust's client id at the partner (OAuth client of the code exchange) */
  clientId: string;
  /** checked by the partner with the client id; never leaves this server */
  clientSecret: string;
  /** Crust's merchant id at the partner, named on every payment order */
  merchantId: string;
  /** HMAC-SHA256 key of the partner's payment notifications */
  notificationKey: string;
  /**
   * true: the partner sandbox in this process answers (no socket, so it works before the server listens and
   * under app.inject); false: over the network to baseUrl
   */
  inProcess: boolean;
}

/** The partner hosts Crust runs inside; a vendor missing here has no mini-app login or payment. */
export interface PartnerConfig {
  accounts: Partial<Record<PartnerVendor, PartnerAccount>>;
  /** how long one call to a partner may take before the customer is told to retry */
  timeoutMs: number;
}

/** The environment's variables of one vendor: PARTNER_PAYTM_BASE_URL, PARTNER_GPAY_CLIENT_SECRET, … */
const PARTNER_FIELDS = ['BASE_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_ID', 'NOTIFICATION_KEY'] as const;
const partnerVariable = (vendor: PartnerVendor, field: (typeof PARTNER_FIELDS)[number]) =>
  `PARTNER_${vendor}_${field}` as const;
type PartnerVariable = ReturnType<typeof partnerVariable>;

/** Secrets among them: named in an error, never repeated. */
export const PARTNER_UNSHOWN = PARTNER_VENDORS.flatMap((v) => [
  partnerVariable(v, 'CLIENT_SECRET'),
  partnerVariable(v, 'NOTIFICATION_KEY'),
]);

/** The partner variables, vendor by vendor; the rules between them: partnerProblems. */
export const PARTNER_VARIABLES = {
  PARTNER_PAYTM_BASE_URL: httpUrl(['http:', 'https:']),
  PARTNER_PAYTM_CLIENT_ID: text,
  PARTNER_PAYTM_CLIENT_SECRET: text,
  PARTNER_PAYTM_MERCHANT_ID: text,
  PARTNER_PAYTM_NOTIFICATION_KEY: text,
  PARTNER_GPAY_BASE_URL: httpUrl(['http:', 'https:']),
  PARTNER_GPAY_CLIENT_ID: text,
  PARTNER_GPAY_CLIENT_SECRET: text,
  PARTNER_GPAY_MERCHANT_ID: text,
  PARTNER_GPAY_NOTIFICATION_KEY: text,
};

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

/** A customer waiting on the mini-app's sign-in is told within this, whatever the partner does. */
const PARTNER_TIMEOUT_MS = 5_000;

/**
 * The partner accounts. Outside production every unset value is the partner sandbox's own (this server's
 * /sandbox/partner/{paytm,gpay}/api, answered in process unless a base URL is set; its secrets derived from the
 * token key, one per purpose, as the other sandboxes' are), so nothing needs configuring to run the mini-apps
 * locally. In production a vendor is configured only when all five of its variables are set (partnerProblems
 * refuses a half-configured one); otherwise its login answers "not available".
 */
export function partnersOf(
  env: Parsed<typeof PARTNER_VARIABLES>,
  sessionSecret: string,
  port: number,
  nodeEnv: 'development' | 'production' | 'test',
): PartnerConfig {
  const accounts: PartnerConfig['accounts'] = {};
  for (const vendor of PARTNER_VENDORS) {
    const given = (field: (typeof PARTNER_FIELDS)[number]) => env[partnerVariable(vendor, field)];
    if (nodeEnv === 'production') {
      const values = PARTNER_FIELDS.map(given);
      if (values.some((v) => v === undefined)) continue;
      const [baseUrl, clientId, clientSecret, merchantId, notificationKey] = values as string[];
      accounts[vendor] = {
        baseUrl: baseUrl!.replace(/\/+$/, ''),
        clientId: clientId!,
        clientSecret: clientSecret!,
        merchantId: merchantId!,
        notificationKey: notificationKey!,
        inProcess: false,
      };
      continue;
    }
    const derived = (purpose: string) =>
      createHmac('sha256', sessionSecret).update(`sandbox-partner|${vendor}|${purpose}`).digest('base64url');
    const baseUrl = given('BASE_URL');
    accounts[vendor] = {
      baseUrl: (baseUrl ?? `http://127.0.0.1:${port}/sandbox/partner/${vendor.toLowerCase()}/api`).replace(
        /\/+$/,
        '',
      ),
      clientId: given('CLIENT_ID') ?? `crust-miniapp-${vendor.toLowerCase()}`,
      clientSecret: given('CLIENT_SECRET') ?? derived('client-secret'),
      merchantId: given('MERCHANT_ID') ?? `CRUST${vendor}01`,
      notificationKey: given('NOTIFICATION_KEY') ?? derived('notification-key'),
      inProcess: baseUrl === undefined,
    };
  }
  return { accounts, timeoutMs: PARTNER_TIMEOUT_MS };
}

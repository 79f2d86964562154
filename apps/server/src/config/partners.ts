import { createHmac } from 'node:crypto';
import { PARTNER_VENDORS, type PartnerVendor } from '@crust/contract/partner-bridge';
import type { Env } from './env.ts';
import { PARTNER_FIELDS, partnerVariable } from './env-partners.ts';

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

/** A customer waiting on the mini-app's sign-in is told within this, whatever the partner does. */
const PARTNER_TIMEOUT_MS = 5_000;

/**
 * The partner accounts. Outside production every unset value is the partner sandbox's own (this server's
 * /sandbox/partner/{paytm,gpay}/api, answered in process unless a base URL is set; its secrets derived from the
 * token key, one per purpose, as the other sandboxes' are), so nothing needs configuring to run the mini-apps
 * locally. In production a vendor is configured only when all five of its variables are set (config-env-partners.ts
 * refuses a half-configured one); otherwise its login answers "not available".
 */
export function partnersOf(
  env: Env,
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

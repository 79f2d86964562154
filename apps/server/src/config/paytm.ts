import { createHmac } from 'node:crypto';
import { httpUrl, oneOf, text, type Parsed } from './variables.ts';

/**
 * The Paytm wallet (issue 18 §2; docs/paytm-wallet.md "Switches"): its variables, what production needs, and the
 * settings the wallet runs with. Production pays from Paytm only through its API with a merchant's keys, or not at
 * all (the default): the sandbox moves no real money.
 */

/** The Paytm wallet (issue 18 §2; docs/paytm-wallet.md). */
export interface PaytmConfig {
  /**
   * sandbox: this server's Paytm sandbox answers in process; api: Paytm's API at baseUrl (outside production by
   * default this server's own /sandbox/paytm/api, over HTTP); off: the PAYTM_WALLET option cannot be paid
   */
  provider: 'sandbox' | 'api' | 'off';
  baseUrl: string;
  merchantId: string;
  /** signs every call and the add-money page's answer; never leaves the server */
  merchantKey: string;
  /** how long one call may take */
  timeoutMs: number;
  /** the merchant's UPI id, for the deeplink call's intent */
  merchantVpa: string;
}

const PAYTM_PROVIDERS = ['sandbox', 'api', 'off'] as const;

/** The Paytm wallet's variables; the rules between them: paytmProblems. */
export const PAYTM_VARIABLES = {
  PAYTM_WALLET: oneOf(PAYTM_PROVIDERS),
  PAYTM_BASE_URL: httpUrl(['http:', 'https:']),
  PAYTM_MID: text,
  PAYTM_MERCHANT_KEY: text,
  PAYTM_MERCHANT_VPA: text,
};

/** Secrets among them: named in an error, never repeated. */
export const PAYTM_UNSHOWN = ['PAYTM_MERCHANT_KEY'] as const;

interface PaytmEnv {
  NODE_ENV?: string | undefined;
  PAYTM_WALLET?: string | undefined;
  PAYTM_BASE_URL?: string | undefined;
  PAYTM_MID?: string | undefined;
  PAYTM_MERCHANT_KEY?: string | undefined;
}

/** The rules between the Paytm variables, for the schema's superRefine. */
export function paytmProblems(env: PaytmEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.PAYTM_WALLET === 'sandbox')
    problem('PAYTM_WALLET', 'api or off in production: the sandbox plays Paytm with no real money');
  if (env.PAYTM_WALLET !== 'api') return;
  for (const name of ['PAYTM_BASE_URL', 'PAYTM_MID', 'PAYTM_MERCHANT_KEY'] as const)
    if (env[name] === undefined) problem(name, 'set in production with PAYTM_WALLET=api');
}

/**
 * Outside production every unset value is the sandbox's own (its key derived from the token key, so it is new with
 * every installation and never a constant). Production is off unless PAYTM_WALLET=api comes with its base URL and
 * keys (paytmProblems refuses it without them).
 */
export function paytmOf(
  env: Parsed<typeof PAYTM_VARIABLES>,
  sessionSecret: string,
  port: number,
  nodeEnv: 'development' | 'production' | 'test',
): PaytmConfig {
  return {
    provider: env.PAYTM_WALLET ?? (nodeEnv === 'production' ? 'off' : 'sandbox'),
    baseUrl: env.PAYTM_BASE_URL ?? `http://127.0.0.1:${port}/sandbox/paytm/api`,
    merchantId: env.PAYTM_MID ?? 'CRUST_SANDBOX_MID',
    merchantKey:
      env.PAYTM_MERCHANT_KEY ??
      createHmac('sha256', sessionSecret).update('sandbox-paytm|merchant-key').digest('base64url'),
    timeoutMs: 10_000,
    merchantVpa: env.PAYTM_MERCHANT_VPA ?? 'crust@paytm',
  };
}

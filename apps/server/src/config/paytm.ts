import { createHmac } from 'node:crypto';
import type { Env } from './env.ts';

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

/**
 * Outside production every unset value is the sandbox's own (its key derived from the token key, so it is new with
 * every installation and never a constant). Production is off unless PAYTM_WALLET=api comes with its base URL and
 * keys (config-env.ts refuses it without them).
 */
export function paytmOf(
  env: Env,
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

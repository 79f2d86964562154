import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { PaytmGateway } from './gateway.ts';
import { PaytmApi } from './http.ts';
import type { PaytmWallet } from './provider.ts';
import { paytmSandboxFetch } from './sandbox-fetch.ts';
import { PaytmSandbox } from './sandbox.ts';

export interface PaytmChoice {
  /** Paytm's wallet API; null when the Paytm wallet is off (PAYTM_WALLET=off, production's default) */
  paytm: { wallet: PaytmWallet; gateway: PaytmGateway } | null;
  /** outside production: the sandbox behind /sandbox/paytm and its switches */
  paytmSandbox: PaytmSandbox | null;
}

/**
 * The Paytm wallet config.paytm names. `sandbox` and `api` are the same HTTP adapter: `sandbox` has its calls
 * answered by the sandbox in this process, `api` sends them over the network (outside production, by default, to
 * this server's own /sandbox/paytm/api). Production never has the sandbox.
 */
export function choosePaytm(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  text: ((mobile: string, body: string) => Promise<void>) | null,
  clock: () => number,
): PaytmChoice {
  const { paytm } = config;
  const paytmSandbox =
    config.nodeEnv === 'production' || !text
      ? null
      : new PaytmSandbox({
          db,
          merchantId: paytm.merchantId,
          merchantKey: paytm.merchantKey,
          text,
          log,
          clock,
        });
  if (paytm.provider === 'off') return { paytm: null, paytmSandbox };
  const options = {
    baseUrl: paytm.baseUrl,
    merchantId: paytm.merchantId,
    merchantKey: paytm.merchantKey,
    timeoutMs: paytm.timeoutMs,
    log,
  };
  let wallet: PaytmWallet;
  if (paytm.provider === 'api') wallet = new PaytmApi(options);
  else if (paytmSandbox)
    wallet = new PaytmApi({
      ...options,
      fetch: paytmSandboxFetch(paytmSandbox, new URL(paytm.baseUrl).pathname),
    });
  else return { paytm: null, paytmSandbox };
  return { paytm: { wallet, gateway: new PaytmGateway(wallet) }, paytmSandbox };
}

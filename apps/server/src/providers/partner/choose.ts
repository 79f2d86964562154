import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PARTNER_VENDORS, type PartnerVendor } from '@crust/contract/partner-bridge';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { fetchDeliver, type Deliver } from '../payments/outbox.ts';
import { PartnerGateway, partnerGatewayCode } from './gateway.ts';
import { HttpPartner } from './http-partner.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import type { PartnerProvider } from './provider.ts';
import { PartnerSandbox } from './sandbox.ts';

/** The partner hosts this server is configured with (config.partners), by vendor. */
export class Partners {
  constructor(private readonly byVendor: Partial<Record<PartnerVendor, PartnerProvider>>) {}

  /** null: this vendor's mini-app is not available here (production without its variables) */
  of(vendor: PartnerVendor): PartnerProvider | null {
    return this.byVendor[vendor] ?? null;
  }
}

export interface PartnerChoice {
  partners: Partners;
  /** one payment gateway per configured partner (PAYTM_MINIAPP, GPAY_MINIAPP), added to checkout's gateways */
  partnerGateways: PartnerGateway[];
  /** the hosts played locally, outside production only */
  partnerSandbox: PartnerSandbox | null;
  /** the server the in-process fetch answers through; buildApp sets it once the app exists */
  server: { app: FastifyInstance | null };
}

/**
 * The partner adapters of config.partners. Each is the same HTTP adapter: outside production without a base URL
 * its requests are answered by this server's own /sandbox/partner routes in process, else they go over the network.
 * The sandbox, outside production, accepts the very accounts this server is configured with and sends its
 * notifications to this server's webhook for the vendor's gateway.
 */
export function choosePartners(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  deliver: Deliver = fetchDeliver,
  clock: () => number = Date.now,
): PartnerChoice {
  const { accounts, timeoutMs } = config.partners;
  const server: PartnerChoice['server'] = { app: null };
  const byVendor: Partial<Record<PartnerVendor, PartnerProvider>> = {};
  for (const vendor of PARTNER_VENDORS) {
    const account = accounts[vendor];
    if (!account) continue;
    // the sandbox never answers in production (a config built by hand may still name it): no mini-app then
    if (account.inProcess && config.nodeEnv === 'production') continue;
    byVendor[vendor] = new HttpPartner({
      vendor,
      account,
      timeoutMs,
      log,
      ...(account.inProcess ? { fetch: inProcessFetch(server) } : {}),
    });
  }
  const partnerSandbox =
    config.nodeEnv === 'production'
      ? null
      : new PartnerSandbox({
          db,
          accounts,
          // beside the sandbox gateway's own webhook: /api/v1/payments/webhook/paytm_miniapp
          notifyUrl: (vendor) => `${config.pgWebhookUrl}/${partnerGatewayCode(vendor).toLowerCase()}`,
          deliver,
          log,
          clock,
        });
  const partnerGateways = Object.values(byVendor).map((p) => new PartnerGateway(p));
  return { partners: new Partners(byVendor), partnerGateways, partnerSandbox, server };
}

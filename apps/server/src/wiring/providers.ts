import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';
import type { Db } from '../db/client.ts';
import { chooseIdentity } from '../providers/identity/choose.ts';
import { choosePartners } from '../providers/partner/choose.ts';
import { choosePayments } from '../providers/payments/choose.ts';
import type { Deliver } from '../providers/payments/outbox.ts';
import { choosePaytm, type PaytmChoice } from '../providers/paytm-wallet/choose.ts';
import { chooseRail } from '../providers/rail/choose.ts';
import { chooseSms } from '../providers/sms/choose.ts';
import type { Deps } from './deps.ts';

type ProviderDeps = Pick<
  Deps,
  | 'sms'
  | 'smsSandbox'
  | 'identity'
  | 'sandboxIdp'
  | 'gateways'
  | 'sandboxGateway'
  | 'partners'
  | 'partnerSandbox'
  | 'rail'
  | 'railSandbox'
  | 'paytmSandbox'
>;

export interface Providers extends ProviderDeps {
  /** the Paytm wallet and its gateway; null when PAYTM_WALLET is off (the Paytm service is built over it) */
  paytmWallet: PaytmChoice['paytm'];
}

/**
 * The outside services (SMS, sign-in, payments, partner hosts, rail, the Paytm wallet): each the configured
 * provider, or its sandbox outside production. Chosen in this order, since a later one may lean on an earlier.
 */
export async function chooseProviders(
  app: FastifyInstance,
  config: AppConfig,
  { db, deliverWebhook, clock }: { db: Db; deliverWebhook: Deliver | undefined; clock: () => number },
): Promise<Providers> {
  // partner mini-apps (issue 18): their payments are gateways reached by code only (never the default)
  const partnerChoice = choosePartners(config, db, app.log, deliverWebhook, clock);
  const smsChoice = chooseSms(config, db, app.log);
  const identityChoice = await chooseIdentity(config, db, app.log);
  const paymentChoice = choosePayments(config, db, app.log, deliverWebhook, partnerChoice.partnerGateways);
  const railChoice = chooseRail(config, db, app.log, clock);
  // the Paytm wallet (issue 18 §2; decision 018): Paytm texts its OTPs, into the SMS sandbox's inbox here
  const { smsSandbox } = smsChoice;
  const paytmChoice = choosePaytm(
    config,
    db,
    app.log,
    smsSandbox ? (mobile, body) => smsSandbox.inbox.deliver(mobile, body) : null,
    clock,
  );
  // its payments are held by a gateway of its own, so status, the reconciler and refunds reach them
  const gateways = paytmChoice.paytm
    ? paymentChoice.gateways.holdingAlso([paytmChoice.paytm.gateway])
    : paymentChoice.gateways;
  // the partner sandbox's in-process fetch answers through this app's own routes
  partnerChoice.server.app = app;
  return {
    ...smsChoice,
    ...identityChoice,
    gateways,
    sandboxGateway: paymentChoice.sandboxGateway,
    partners: partnerChoice.partners,
    partnerSandbox: partnerChoice.partnerSandbox,
    ...railChoice,
    paytmWallet: paytmChoice.paytm,
    paytmSandbox: paytmChoice.paytmSandbox,
  };
}

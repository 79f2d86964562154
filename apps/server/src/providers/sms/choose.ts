import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { GupshupSandbox } from './gupshup-sandbox.ts';
import { GupshupSms } from './gupshup.ts';
import { SmsInbox } from './inbox.ts';
import type { SmsProvider } from './provider.ts';
import { SandboxSms } from './sandbox.ts';

export interface SmsChoice {
  /** what every caller sends texts through */
  sms: SmsProvider;
  /** outside production: the inbox at /sandbox/sms and the Gupshup sandbox at /sandbox/sms/gupshup */
  smsSandbox: { inbox: SmsInbox; gupshup: GupshupSandbox } | null;
}

/**
 * The SMS provider config.sms names: Gupshup's API, or the in-process sandbox. Production always has Gupshup
 * (config/sms.ts refuses to start otherwise). Outside production the sandboxes are there whichever provider
 * sends, so SMS_PROVIDER=gupshup can point at this server's own /sandbox/sms/gupshup and texts still reach the inbox.
 */
export function chooseSms(config: AppConfig, db: Db, log: FastifyBaseLogger): SmsChoice {
  const production = config.nodeEnv === 'production';
  const sms: SmsProvider =
    config.sms.provider === 'gupshup'
      ? new GupshupSms({ account: config.sms, timeoutMs: config.sms.timeoutMs, log })
      : new SandboxSms(db, log, production);
  if (production) return { sms, smsSandbox: null };
  const gupshup = new GupshupSandbox({
    db,
    account: config.sms,
    dlrUrl: config.sms.sandboxDlrUrl,
    dlrToken: config.sms.dlrToken,
    log,
  });
  return { sms, smsSandbox: { inbox: new SmsInbox(db), gupshup } };
}

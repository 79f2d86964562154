import { createHmac } from 'node:crypto';
import { API_PATHS } from '@crust/contract/paths';
import type { Env } from './env.ts';
import type { GupshupAccount } from '../providers/sms/gupshup-request.ts';
import { SMS_KINDS, type SmsKind } from '../providers/sms/templates.ts';

/** How texts go out (issue 14 §2; docs/operations-sms.md). */
export interface SmsConfig extends GupshupAccount {
  /** sandbox: texts stay in this server's inbox (/sandbox/sms); gupshup: Gupshup's Enterprise SMS API at baseUrl */
  provider: 'sandbox' | 'gupshup';
  /** the secret Gupshup's delivery reports carry (?token=) to be believed */
  dlrToken: string;
  /** where the Gupshup sandbox sends its delivery reports: this server's own report endpoint */
  sandboxDlrUrl: string;
  /** how long one send to Gupshup may take, its answer included */
  timeoutMs: number;
}

/** Long enough for a provider having a slow moment, short enough that the customer is told before they give up. */
const SMS_TIMEOUT_MS = 10_000;

/**
 * The SMS settings. Outside production every unset value is the Gupshup sandbox's own (this server's
 * /sandbox/sms/gupshup plays the account; its password and report token derived from the token key, one per
 * purpose), so `SMS_PROVIDER=gupshup` alone sends through the real adapter to the sandbox. Production sets all
 * of them (config-env-sms.ts refuses to start otherwise), so none of these values can reach it.
 */
export function smsOf(
  env: Env,
  sessionSecret: string,
  port: number,
  nodeEnv: 'development' | 'production' | 'test',
): SmsConfig {
  const derived = (purpose: string) =>
    createHmac('sha256', sessionSecret).update(`sandbox-sms|${purpose}`).digest('base64url');
  return {
    provider: env.SMS_PROVIDER ?? (nodeEnv === 'production' ? 'gupshup' : 'sandbox'),
    baseUrl: env.SMS_BASE_URL ?? `http://127.0.0.1:${port}/sandbox/sms/gupshup/GatewayAPI/rest`,
    userId: env.SMS_USER_ID ?? '2000000001',
    password: env.SMS_PASSWORD ?? derived('password'),
    senderId: env.SMS_SENDER_ID ?? 'CRUSTP',
    principalEntityId: env.SMS_PRINCIPAL_ENTITY_ID ?? '1101000000000000001',
    templateIds: env.SMS_TEMPLATE_IDS ?? sandboxTemplateIds(),
    dlrToken: env.SMS_DLR_TOKEN ?? derived('dlr-token'),
    sandboxDlrUrl: `http://127.0.0.1:${port}${API_PATHS.smsDeliveryReport}`,
    timeoutMs: SMS_TIMEOUT_MS,
  };
}

/** The sandbox account's template ids: 1107000000000000001, …002, one per kind in SMS_KINDS order. */
function sandboxTemplateIds(): Record<SmsKind, string> {
  return Object.fromEntries(
    SMS_KINDS.map((kind, i) => [kind, `11070000000000000${String(i + 1).padStart(2, '0')}`]),
  ) as Record<SmsKind, string>;
}

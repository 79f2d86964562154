import { createHmac } from 'node:crypto';
import { API_PATHS } from '@crust/contract/paths';
import { z } from 'zod';
import { isSmsKind, SMS_KINDS, type SmsKind } from './sms-kinds.ts';
import { weakSecretReason } from './secrets.ts';
import { secureOrLoopback } from './urls.ts';
import { httpUrl, oneOf, text, variable, type Parsed } from './variables.ts';

/**
 * SMS (issue 14 §2; docs/operations-sms.md): its variables, how SMS_TEMPLATE_IDS reads, what production needs, and
 * the settings texts go out with. Production sends real texts through Gupshup, always: there is no setting that
 * turns SMS off or keeps texts in the sandbox there.
 */

/** A Gupshup Enterprise account and its DLT registration. */
export interface GupshupAccount {
  /** the GatewayAPI/rest endpoint, e.g. https://enterprise.smsgupshup.com/GatewayAPI/rest */
  baseUrl: string;
  /** the account's numeric user id */
  userId: string;
  password: string;
  /** the DLT header (sender id) the texts go out under: Gupshup's `mask` */
  senderId: string;
  /** the business's DLT principal entity id */
  principalEntityId: string;
  /** each kind's DLT template id */
  templateIds: Readonly<Record<SmsKind, string>>;
}

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

/** Secrets among them: named in an error, never repeated. */
export const SMS_UNSHOWN = ['SMS_PASSWORD', 'SMS_DLR_TOKEN'] as const;

/** What production must set, besides SMS_PROVIDER=gupshup. */
const REQUIRED_IN_PRODUCTION = [
  'SMS_BASE_URL',
  'SMS_USER_ID',
  'SMS_PASSWORD',
  'SMS_SENDER_ID',
  'SMS_PRINCIPAL_ENTITY_ID',
  'SMS_TEMPLATE_IDS',
  'SMS_DLR_TOKEN',
] as const;

const TEMPLATE_IDS_FORMAT = `KIND=id pairs separated by commas, one for each of ${SMS_KINDS.join(', ')}`;

/**
 * SMS_TEMPLATE_IDS: `LOGIN_OTP=1107161234567890123,COD_CODE=…`, each kind's DLT template id (digits). Every kind
 * needs one, since any of them may be sent; two kinds cannot share one, since each template is one text.
 */
function parseTemplateIds(value: string, ctx: z.RefinementCtx): Record<SmsKind, string> {
  const ids: Partial<Record<SmsKind, string>> = {};
  const problems: string[] = [];
  for (const pair of value.split(',').map((p) => p.trim())) {
    if (pair === '') continue;
    const [kind = '', id = '', ...extra] = pair.split('=').map((p) => p.trim());
    if (!isSmsKind(kind)) problems.push(`"${kind}" is not a kind of text`);
    else if (extra.length > 0 || !/^\d{1,30}$/.test(id)) problems.push(`${kind}'s id must be digits`);
    else if (ids[kind] !== undefined) problems.push(`${kind} is given twice`);
    else ids[kind] = id;
  }
  const missing = SMS_KINDS.filter((kind) => ids[kind] === undefined);
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  const given = Object.values(ids);
  if (new Set(given).size !== given.length) problems.push('two kinds share a template id');
  if (problems.length > 0) {
    ctx.addIssue({ code: 'custom', message: `${TEMPLATE_IDS_FORMAT}: ${problems.join('; ')}` });
    return z.NEVER;
  }
  return ids as Record<SmsKind, string>;
}

/** The SMS variables (docs/operations-sms.md); the rules between them: smsProblems. */
export const SMS_VARIABLES = {
  SMS_PROVIDER: oneOf(['sandbox', 'gupshup']),
  SMS_BASE_URL: httpUrl(['http:', 'https:']),
  SMS_USER_ID: variable(
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { error: "the Gupshup account's numeric user id" }),
  ),
  SMS_PASSWORD: text,
  SMS_SENDER_ID: variable(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{6}$/, { error: 'the 6-letter sender id (DLT header) of the account' }),
  ),
  SMS_PRINCIPAL_ENTITY_ID: variable(
    z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, { error: 'the DLT principal entity id (digits)' }),
  ),
  SMS_TEMPLATE_IDS: variable(z.string().transform(parseTemplateIds)),
  SMS_DLR_TOKEN: text,
};

type SmsVariables = Parsed<typeof SMS_VARIABLES>;

/** The variables' values as the schema parsed them (a failed one is absent). */
type SmsEnv = { NODE_ENV?: string | undefined; SMS_PROVIDER?: string | undefined } & {
  [K in (typeof REQUIRED_IN_PRODUCTION)[number]]?: unknown;
};

/**
 * The rules between the SMS variables, for the schema's superRefine. In production each missing variable is
 * named, so one start lists everything Gupshup still needs. (A variable whose own check failed is not undefined
 * here, so it is not named a second time as missing.)
 */
export function smsProblems(env: SmsEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV !== 'production') return;
  // only the valid other value: one that is no provider at all is already named by its own check
  if (env.SMS_PROVIDER === undefined || env.SMS_PROVIDER === 'sandbox')
    problem(
      'SMS_PROVIDER',
      'gupshup in production: the sandbox only stores texts, and production must send them (docs/operations-sms.md)',
    );
  for (const name of REQUIRED_IN_PRODUCTION)
    if (env[name] === undefined)
      problem(name, 'set in production, for SMS through Gupshup (docs/operations-sms.md)');
  const url = env.SMS_BASE_URL;
  if (typeof url === 'string' && URL.canParse(url) && !secureOrLoopback(url))
    problem(
      'SMS_BASE_URL',
      'an https:// URL in production (http only to this machine): the account password travels with every text',
    );
  if (typeof env.SMS_DLR_TOKEN === 'string') {
    const weak = weakSecretReason(env.SMS_DLR_TOKEN);
    if (weak)
      problem(
        'SMS_DLR_TOKEN',
        `a random value of at least 32 characters in production: it is all that keeps forged delivery reports out (${weak})`,
      );
  }
}

/** Long enough for a provider having a slow moment, short enough that the customer is told before they give up. */
const SMS_TIMEOUT_MS = 10_000;

/**
 * The SMS settings. Outside production every unset value is the Gupshup sandbox's own (this server's
 * /sandbox/sms/gupshup plays the account; its password and report token derived from the token key, one per
 * purpose), so `SMS_PROVIDER=gupshup` alone sends through the real adapter to the sandbox. Production sets all
 * of them (smsProblems refuses to start otherwise), so none of these values can reach it.
 */
export function smsOf(
  env: SmsVariables,
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

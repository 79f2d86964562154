import { secureOrLoopback } from './urls.ts';
import { z } from 'zod';
import { weakSecretReason } from './secrets.ts';
import { isSmsKind, SMS_KINDS, type SmsKind } from '../providers/sms/templates.ts';

/**
 * The SMS variables' rules (issue 14 §2; docs/operations-sms.md), kept beside config-env.ts, which declares the
 * variables themselves: how SMS_TEMPLATE_IDS reads, and what production needs. Production sends real texts
 * through Gupshup, always: there is no setting that turns SMS off or keeps texts in the sandbox there.
 */

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
export function parseTemplateIds(value: string, ctx: z.RefinementCtx): Record<SmsKind, string> {
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

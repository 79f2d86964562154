import { z } from 'zod';
import { parseTrustProxy } from './proxy.ts';
import { weakSecretReason } from './secrets.ts';
import { secureOrLoopback } from './urls.ts';
import { PAYMENT_GATEWAY_NAMES, type PaymentGatewayName } from './payment-names.ts';
import { parseTemplateIds, smsProblems, SMS_UNSHOWN } from './env-sms.ts';
import { RAIL_PROVIDERS, RAIL_UNSHOWN, railProblems } from './env-rail.ts';
import { PAYTM_PROVIDERS, PAYTM_UNSHOWN, paytmProblems } from './env-paytm.ts';
import { PARTNER_UNSHOWN, partnerProblems } from './env-partners.ts';

/**
 * The environment as one schema (README.md "Configuration"): every variable Crust reads, what it must look
 * like, and the rules between variables. A bad value stops the start with every bad variable named at once,
 * instead of surfacing later as a crash far from its cause or, worse, as a silently different setting.
 *
 * An issue's message is what the variable expects ("a whole number from 1 to 65535"); the error puts the
 * name and the value given around it. Rules written as whole sentences start with the variable's name.
 */

/** Values that may hold a password: never repeated in an error, which ends up in logs. */
const UNSHOWN = new Set([
  'SESSION_SECRET',
  'PG_KEY_SECRET',
  'PG_WEBHOOK_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'PAYU_SALT',
  'DATABASE_URL',
  'REDIS_URL',
  // SMS (issue 14 §2)
  ...SMS_UNSHOWN,
  // rail (issue 16 §1)
  ...RAIL_UNSHOWN,
  // Paytm wallet (issue 18 §2)
  ...PAYTM_UNSHOWN,
  // partner mini-apps (issue 18)
  ...PARTNER_UNSHOWN,
]);

/** A variable set to nothing is unset: `FOO= npm start` must not mean "FOO is the empty string". */
const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(unsetIfBlank, schema.optional());
}

function wholeNumber(min: number, max?: number) {
  const expects =
    max === undefined ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`;
  return variable(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: expects })
      .transform(Number)
      .refine((n) => n >= min && (max === undefined || n <= max), { error: expects }),
  );
}

function httpUrl(protocols: readonly string[]) {
  const expects = `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  return variable(
    z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), { error: expects }),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return variable(z.enum(values, { error: `one of ${values.join(', ')}` }));
}

const text = variable(z.string());

/** Payment gateways (docs/operations.md "Payments"): which ones, where, and their keys. */
const PAYMENT_VARIABLES = {
  PAYMENT_GATEWAYS: variable(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((g) => g.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(PAYMENT_GATEWAY_NAMES, { error: `a list of ${PAYMENT_GATEWAY_NAMES.join(', ')}` }))
          .min(1, { error: `a list of ${PAYMENT_GATEWAY_NAMES.join(', ')}` })
          .refine((list) => new Set(list).size === list.length, { error: 'a list without repeats' }),
      ),
  ),
  PAYMENTS: oneOf(['on', 'off']),
  PUBLIC_URL: httpUrl(['http:', 'https:']),
  RAZORPAY_BASE_URL: httpUrl(['http:', 'https:']),
  RAZORPAY_KEY_ID: text,
  RAZORPAY_KEY_SECRET: text,
  RAZORPAY_WEBHOOK_SECRET: text,
  PAYU_PAYMENT_URL: httpUrl(['http:', 'https:']),
  PAYU_API_URL: httpUrl(['http:', 'https:']),
  PAYU_KEY: text,
  PAYU_SALT: text,
};

type PaymentEnv = {
  NODE_ENV?: string | undefined;
  RAZORPAY_BASE_URL?: string | undefined;
  PAYU_PAYMENT_URL?: string | undefined;
  PAYU_API_URL?: string | undefined;
  PAYMENT_GATEWAYS?: PaymentGatewayName[] | undefined;
  PAYMENTS?: 'on' | 'off' | undefined;
  PUBLIC_URL?: string | undefined;
} & Partial<
  Record<
    'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'PAYU_KEY' | 'PAYU_SALT',
    string
  >
>;

/**
 * Production takes real money or says on purpose that it takes none: without PAYMENT_GATEWAYS it refuses to
 * start, naming what is missing, unless PAYMENTS=off. A real gateway needs its keys and Crust's public URL (the
 * customer's browser is sent back there); outside production a gateway's keys default to the sandbox's.
 */
function paymentProblems(env: PaymentEnv, problem: (name: string, message: string) => void): void {
  const production = env.NODE_ENV === 'production';
  const gateways = env.PAYMENT_GATEWAYS ?? [];
  if (!production || env.PAYMENTS === 'off') return;
  if (gateways.length === 0)
    problem(
      'PAYMENT_GATEWAYS',
      'PAYMENT_GATEWAYS must name the payment gateways in production (razorpay, payu), or set PAYMENTS=off to run without online payments',
    );
  if (gateways.includes('sandbox'))
    problem(
      'PAYMENT_GATEWAYS',
      'PAYMENT_GATEWAYS must not name the sandbox in production: it moves no money',
    );
  const need = (names: readonly (keyof PaymentEnv)[]) => {
    for (const name of names)
      if (!env[name]) problem(name, `${name} must be set in production for ${gateways.join(', ')}`);
  };
  if (gateways.includes('razorpay'))
    need(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
  if (gateways.includes('payu')) need(['PAYU_KEY', 'PAYU_SALT']);
  if (gateways.some((g) => g !== 'sandbox')) need(['PUBLIC_URL']);
  // keys and customers' card forms travel to these: never in clear text across a network
  for (const name of ['PUBLIC_URL', 'RAZORPAY_BASE_URL', 'PAYU_PAYMENT_URL', 'PAYU_API_URL'] as const) {
    const url = env[name];
    if (typeof url === 'string' && !secureOrLoopback(url))
      problem(name, `${name} must be an https:// URL in production (http only to this machine)`);
  }
}

export const EnvSchema = z
  .object({
    NODE_ENV: oneOf(['development', 'production', 'test']),
    PORT: wholeNumber(1, 65_535),
    HOST: text,
    DATA_DIR: text,
    DATABASE_URL: httpUrl(['postgres:', 'postgresql:']),
    REDIS_URL: httpUrl(['redis:', 'rediss:']),
    WORKERS: wholeNumber(1, 256),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    SESSION_SECRET: text,
    SEED: oneOf(['true', 'false']),
    API_DOCS: oneOf(['on', 'off']),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    MAX_CONNECTIONS: wholeNumber(1),
    MAX_CONNECTIONS_PER_PEER: wholeNumber(0),
    MAX_IN_FLIGHT: wholeNumber(1),
    MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0),
    MAX_HEAP_USED_MB: wholeNumber(0),
    HEADERS_TIMEOUT_MS: wholeNumber(1),
    REQUEST_TIMEOUT_MS: wholeNumber(1),
    KEEP_ALIVE_TIMEOUT_MS: wholeNumber(0),
    WEB_DIST_DIR: text,
    MAP_TILE_URL: httpUrl(['http:', 'https:']),
    SESSION_RATE_LIMIT: wholeNumber(0),
    OIDC_ISSUER: httpUrl(['http:', 'https:']),
    OIDC_CLIENT_ID: text,
    PG_KEY_ID: text,
    PG_KEY_SECRET: text,
    PG_WEBHOOK_SECRET: text,
    PG_WEBHOOK_URL: httpUrl(['http:', 'https:']),
    PG_OUTBOX_INTERVAL_MS: wholeNumber(0),
    COD_OTP_ABOVE_PAISE: wholeNumber(0),
    RECONCILE_INTERVAL_MS: wholeNumber(0),
    LOYALTY_CREDIT_INTERVAL_MS: wholeNumber(0),
    TRAIN_WATCH_INTERVAL_MS: wholeNumber(0),
    ...PAYMENT_VARIABLES,
    // ——— SMS (issue 14 §2; docs/operations-sms.md). The rules between them: smsProblems (config-env-sms.ts) ———
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
    // ——— end of SMS ———
    // ——— rail (issue 16 §1; docs/rail-sandbox.md). The rules between them: railProblems (config-env-rail.ts) ———
    RAIL_PROVIDER: oneOf(RAIL_PROVIDERS),
    RAIL_BASE_URL: httpUrl(['http:', 'https:']),
    RAIL_API_KEY: text,
    // ——— Paytm wallet (issue 18 §2; docs/paytm-wallet.md) ———
    PAYTM_WALLET: oneOf(PAYTM_PROVIDERS),
    PAYTM_BASE_URL: httpUrl(['http:', 'https:']),
    PAYTM_MID: text,
    PAYTM_MERCHANT_KEY: text,
    PAYTM_MERCHANT_VPA: text,
    // ——— end of rail ———
    // ——— partner mini-apps (issue 18; docs/partner-sandbox.md). The rules between them: partnerProblems ———
    PARTNER_PAYTM_BASE_URL: httpUrl(['http:', 'https:']),
    PARTNER_PAYTM_CLIENT_ID: text,
    PARTNER_PAYTM_CLIENT_SECRET: text,
    PARTNER_PAYTM_MERCHANT_ID: text,
    PARTNER_PAYTM_NOTIFICATION_KEY: text,
    PARTNER_GPAY_BASE_URL: httpUrl(['http:', 'https:']),
    PARTNER_GPAY_CLIENT_ID: text,
    PARTNER_GPAY_CLIENT_SECRET: text,
    PARTNER_GPAY_MERCHANT_ID: text,
    PARTNER_GPAY_NOTIFICATION_KEY: text,
    // ——— end of partner mini-apps ———
  })
  .superRefine(
    (env, ctx) => {
      const problem = (name: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [name], message });
      if (env.NODE_ENV === 'production') {
        const weak = env.SESSION_SECRET ? weakSecretReason(env.SESSION_SECRET) : 'not set';
        if (weak)
          problem('SESSION_SECRET', `a random value of at least 32 characters in production (${weak})`);
      }
      const headers = env.HEADERS_TIMEOUT_MS;
      const request = env.REQUEST_TIMEOUT_MS ?? 30_000;
      if (typeof headers === 'number' && typeof request === 'number' && headers > request)
        problem('HEADERS_TIMEOUT_MS', `at most REQUEST_TIMEOUT_MS (${request})`);
      // the sandbox's client id would be accepted by nobody else: a real provider needs its own
      if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) problem('OIDC_CLIENT_ID', 'set when OIDC_ISSUER is set');
      paymentProblems(env, problem);
      // SMS (issue 14 §2): Gupshup, fully configured, in production
      smsProblems(env, problem);
      // rail (issue 16 §1): a provider's API, or train delivery off on purpose, in production
      railProblems(env, problem);
      // Paytm wallet (issue 18 §2)
      paytmProblems(env, problem);
      // partner mini-apps (issue 18): a vendor fully configured, or not at all, in production
      partnerProblems(env, problem);
    },
    // run with per-variable problems too, so one start lists everything wrong (fields that failed are skipped)
    { when: () => true },
  );

export type Env = z.infer<typeof EnvSchema>;

/** Every bad variable of one environment, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? `Configuration: ${problems[0]}`
        : `Configuration: ${problems.length} variables are wrong:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function describe(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0] ?? 'environment');
  if (issue.message.startsWith(name)) return issue.message;
  const value = env[name];
  const got = value === undefined || UNSHOWN.has(name) ? '' : ` (got "${value}")`;
  return `${name} must be ${issue.message}${got}`;
}

/** The environment's variables, parsed; throws a ConfigError naming every bad one. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => describe(issue, env)));
}

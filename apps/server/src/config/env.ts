import { z } from 'zod';
import { PARTNER_UNSHOWN, PARTNER_VARIABLES, partnerProblems } from './partners.ts';
import { PAYMENT_UNSHOWN, PAYMENT_VARIABLES, paymentProblems } from './payments.ts';
import { PAYTM_UNSHOWN, PAYTM_VARIABLES, paytmProblems } from './paytm.ts';
import { PUSH_UNSHOWN, PUSH_VARIABLES, pushProblems } from './push.ts';
import { parseTrustProxy } from './proxy.ts';
import { RAIL_UNSHOWN, RAIL_VARIABLES, railProblems } from './rail.ts';
import { weakSecretReason } from './secrets.ts';
import { SMS_UNSHOWN, SMS_VARIABLES, smsProblems } from './sms.ts';
import { httpUrl, oneOf, text, variable, wholeNumber } from './variables.ts';

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
  'DATABASE_URL',
  'REDIS_URL',
  // payment gateways
  ...PAYMENT_UNSHOWN,
  // SMS (issue 14 §2)
  ...SMS_UNSHOWN,
  // rail (issue 16 §1)
  ...RAIL_UNSHOWN,
  // Paytm wallet (issue 18 §2)
  ...PAYTM_UNSHOWN,
  // partner mini-apps (issue 18)
  ...PARTNER_UNSHOWN,
  // Web Push (issue 31 §14)
  ...PUSH_UNSHOWN,
]);

export const EnvSchema = z
  .object({
    NODE_ENV: oneOf(['development', 'production', 'test']),
    PORT: wholeNumber(1, 65_535),
    HOST: text,
    DATA_DIR: text,
    DATABASE_URL: httpUrl(['postgres:', 'postgresql:']),
    DATABASE_POOL_MAX: wholeNumber(1, 1000),
    REDIS_URL: httpUrl(['redis:', 'rediss:']),
    REDIS_KEY_PREFIX: variable(
      z.string().regex(/^[A-Za-z0-9:._-]{1,64}$/, {
        error: '1 to 64 letters, digits, colons, dots, dashes or underscores',
      }),
    ),
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
    REPORT_FOLD_INTERVAL_MS: wholeNumber(0),
    // analytics (docs/analytics.md): how long events are kept, and how often old ones are deleted
    ANALYTICS_RETENTION_DAYS: wholeNumber(1),
    ANALYTICS_PRUNE_INTERVAL_MS: wholeNumber(0),
    // payment gateways (docs/operations.md "Payments")
    ...PAYMENT_VARIABLES,
    // SMS (issue 14 §2; docs/operations-sms.md)
    ...SMS_VARIABLES,
    // rail (issue 16 §1; docs/rail-sandbox.md)
    ...RAIL_VARIABLES,
    // Paytm wallet (issue 18 §2; docs/paytm-wallet.md)
    ...PAYTM_VARIABLES,
    // partner mini-apps (issue 18; docs/partner-sandbox.md)
    ...PARTNER_VARIABLES,
    // Web Push (issue 31 §14; docs/notifications.md)
    ...PUSH_VARIABLES,
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
      // Web Push (issue 31 §14): the VAPID pair and contact, in production
      pushProblems(env, problem);
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

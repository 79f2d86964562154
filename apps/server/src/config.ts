import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set */
  dataDir: string;
  /** postgres://… to use PostgreSQL; undefined for the embedded PGlite */
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** HMAC key for guest session tokens */
  sessionSecret: string;
  /** the built web app (apps/web/dist); not served when the folder is missing */
  webDistDir: string;
  /** optional slippy-map tile URL template for the map screens */
  mapTileUrl: string | null;
  /** guest sessions per IP per minute */
  sessionRateLimit: number;
  /** seed demo data at start (default on) */
  seedOnStart: boolean;
  /**
   * A real OpenID Connect provider for social sign-in (found through its discovery document); null: the
   * sandbox identity provider outside production, no social sign-in in production.
   */
  oidcIssuer: string | null;
  /** this app's client id at the provider (the sandbox's is crust-web) */
  oidcClientId: string;
  /** the sandbox payment gateway's merchant key id (HTTP Basic user of its API) */
  pgKeyId: string;
  /** signs callbacks and is the API's Basic password; derived from SESSION_SECRET unless set */
  pgKeySecret: string;
  /** signs webhooks; derived from SESSION_SECRET unless set */
  pgWebhookSecret: string;
  /** where the sandbox gateway posts its webhooks */
  pgWebhookUrl: string;
  /** how often this process delivers due webhooks; 0 turns the timer off (the default in tests) */
  pgOutboxIntervalMs: number;
  /** cash orders above this many paise ask for a COD OTP; new customers always do */
  codOtpAbovePaise: number;
  /** how often this process asks the gateway about payments open too long; 0 turns it off (tests) */
  reconcileIntervalMs: number;
  /** redis://… to share live-tracking changes between server processes; null: this process only */
  redisUrl: string | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.join(here, '../../..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function oidcOf(env: NodeJS.ProcessEnv): Pick<AppConfig, 'oidcIssuer' | 'oidcClientId'> {
  const issuer = env.OIDC_ISSUER || null;
  const clientId = env.OIDC_CLIENT_ID || null;
  if (!issuer) return { oidcIssuer: null, oidcClientId: clientId ?? 'crust-web' };
  if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol))
    throw new Error(`OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  // the sandbox's client id would be accepted by nobody else: a real provider needs its own
  if (!clientId) throw new Error('OIDC_CLIENT_ID must be set with OIDC_ISSUER');
  // kept exactly as given: ID tokens must carry this very string (some issuers end in a slash)
  return { oidcIssuer: issuer, oidcClientId: clientId };
}

/**
 * The sandbox gateway's keys. By default they are derived from SESSION_SECRET (one per purpose), so a
 * development setup needs nothing and two processes sharing a secret agree; anything facing real
 * traffic sets its own.
 */
function gatewayOf(
  env: NodeJS.ProcessEnv,
  sessionSecret: string,
  port: number,
  nodeEnv: AppConfig['nodeEnv'],
): Pick<AppConfig, 'pgKeyId' | 'pgKeySecret' | 'pgWebhookSecret' | 'pgWebhookUrl' | 'pgOutboxIntervalMs'> {
  const derived = (purpose: string) =>
    createHmac('sha256', sessionSecret).update(`sandbox-pg|${purpose}`).digest('hex');
  // the checkout's webhook receiver (decision 010, modules/orders/webhook-routes.ts)
  const webhookUrl = env.PG_WEBHOOK_URL || `http://127.0.0.1:${port}/api/v1/payments/webhook`;
  if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol))
    throw new Error(`PG_WEBHOOK_URL must be an http(s) URL, got "${webhookUrl}"`);
  return {
    pgKeyId: env.PG_KEY_ID || 'rzp_sandbox_crust',
    pgKeySecret: env.PG_KEY_SECRET || derived('key-secret'),
    pgWebhookSecret: env.PG_WEBHOOK_SECRET || derived('webhook-secret'),
    pgWebhookUrl: webhookUrl,
    pgOutboxIntervalMs: int(
      env.PG_OUTBOX_INTERVAL_MS,
      nodeEnv === 'test' ? 0 : 1000,
      'PG_OUTBOX_INTERVAL_MS',
    ),
  };
}

/** Configuration from the environment, with the defaults README.md documents. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const secret = env.SESSION_SECRET ?? '';
  if (nodeEnv === 'production' && secret.length < 32)
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  const port = int(env.PORT, 3000, 'PORT');
  const sessionSecret = secret || 'crust-development-secret-not-for-production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // relative to where the command runs; by default the repository's own data/ (npm runs workspace
    // scripts inside apps/server, so './data' alone would land there)
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionSecret,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
    mapTileUrl: env.MAP_TILE_URL || null,
    sessionRateLimit: int(env.SESSION_RATE_LIMIT, 30, 'SESSION_RATE_LIMIT'),
    seedOnStart: env.SEED !== 'false',
    ...oidcOf(env),
    ...gatewayOf(env, sessionSecret, port, nodeEnv),
    codOtpAbovePaise: int(env.COD_OTP_ABOVE_PAISE, 100_000, 'COD_OTP_ABOVE_PAISE'),
    reconcileIntervalMs: int(
      env.RECONCILE_INTERVAL_MS,
      nodeEnv === 'test' ? 0 : 15_000,
      'RECONCILE_INTERVAL_MS',
    ),
    redisUrl: env.REDIS_URL || null,
  };
}

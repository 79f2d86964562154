import { createHmac } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { parseEnv, type Env } from './env.ts';
import { paymentsOf, type PaymentConfig } from './payments.ts';
import type { TrustProxy } from './proxy.ts';
import { TEST_PROCESS_SECRET } from './secrets.ts';
import { smsOf, type SmsConfig } from './sms.ts';
import { railOf, type RailConfig } from './rail.ts';
import { paytmOf, type PaytmConfig } from './paytm.ts';
import { partnersOf, type PartnerConfig } from './partners.ts';
import { pushOf, type PushConfig, type VapidKeys } from './push.ts';

export { ConfigError } from './env.ts';
export type { PaymentConfig } from './payments.ts';

/**
 * A Redis and the part of it this installation owns: every key and channel name starts with `keyPrefix`, so two
 * installations (staging and production, or two test runs) can share one Redis without counting each other's
 * requests or hearing each other's changes.
 */
export interface RedisPlace {
  url: string;
  keyPrefix: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set */
  dataDir: string;
  /** postgres://… to use PostgreSQL; undefined for the embedded PGlite */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per process (DATABASE_POOL_MAX; src/db/client.ts DEFAULT_POOL_MAX) */
  databasePoolMax: number | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /**
   * HMAC key of every token (customers', guests', staff's) and of OTP hashes. Empty until the start-up gives
   * it (db/instance-secrets.ts) when SESSION_SECRET is unset outside production; buildApp refuses an empty one.
   */
  sessionSecret: string;
  /** where the key came from, for the start-up message */
  sessionSecretFrom: 'SESSION_SECRET' | 'this installation' | 'this test process' | 'none yet';
  /** whose X-Forwarded-For is believed (TRUST_PROXY; nobody's by default) */
  trustProxy: TrustProxy;
  /** open connections the process serves; beyond, each is answered 503 and closed */
  maxConnections: number;
  /** open connections one socket peer may hold (0: no cap); listed proxies are exempt */
  maxConnectionsPerPeer: number;
  /** requests being worked on at once (live event streams excepted); beyond, 503 */
  maxInFlight: number;
  /** mean event-loop delay (ms) above which requests are answered 503; 0: not watched */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (bytes) above which requests are answered 503; 0: not watched */
  maxHeapUsedBytes: number;
  /** a new request's headers must arrive within this (slow-loris) */
  headersTimeoutMs: number;
  /** a whole request (headers and body) must arrive within this */
  requestTimeoutMs: number;
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: number;
  /** the built web app (apps/web/dist); not served when the folder is missing */
  webDistDir: string;
  /** optional slippy-map tile URL template for the map screens */
  mapTileUrl: string | null;
  /** guest sessions per IP per minute */
  sessionRateLimit: number;
  /** seed demo data at start (default on) */
  seedOnStart: boolean;
  /** serve the API reference (/api/docs, /api/openapi.json): on outside production, in production only with API_DOCS=on */
  apiDocs: boolean;
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
  /** the gateways that take online payments (none: PAYMENTS=off) */
  payments: PaymentConfig;
  /** cash orders above this many paise ask for a COD OTP; new customers always do */
  codOtpAbovePaise: number;
  /** how often this process asks the gateway about payments open too long; 0 turns it off (tests) */
  reconcileIntervalMs: number;
  /** how often this process credits loyalty points that fell due (issue 15); 0 turns it off (tests) */
  loyaltyCreditIntervalMs: number;
  /** how often each process re-reads the trains of train orders on their way, so their promise follows the train */
  trainWatchIntervalMs: number;
  /** how often each process adds the order events' pending facts to the report rollups (a report read adds them too); 0 turns it off (tests) */
  reportFoldIntervalMs: number;
  /** user-activity events and device facts older than this many days are deleted (docs/analytics.md) */
  analyticsRetentionDays: number;
  /** how often each process deletes them; 0 turns the pass off (tests) */
  analyticsPruneIntervalMs: number;
  /** the Redis that shares rate limits, live-tracking changes and cache invalidations between server processes; null: this process only */
  redis: RedisPlace | null;
  /** server processes `npm start` runs on PostgreSQL (node:cluster); PGlite always runs one */
  workers: number;
  /** SMS (issue 14 §2): the provider, the Gupshup account and its DLT registration (sms.ts) */
  sms: SmsConfig;
  /** PNR status (issue 16 §1): the rail provider, its URL and key (rail.ts) */
  rail: RailConfig;
  /** the Paytm wallet (issue 18 §2): the provider, its URL and merchant keys (paytm.ts) */
  paytm: PaytmConfig;
  /** the partner hosts Crust runs inside as a mini-app (issue 18): PAYTM, GPAY (partners.ts) */
  partners: PartnerConfig;
  /** order notifications by Web Push (issue 31 §14): the VAPID pair and contact (push.ts) */
  push: PushConfig;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.join(here, '../../../..');

type NodeEnv = AppConfig['nodeEnv'];

/**
 * The sandbox gateway's keys. By default they are derived from SESSION_SECRET (one per purpose), so a
 * development setup needs nothing and two processes sharing a secret agree; anything facing real
 * traffic sets its own.
 */
function gatewayOf(
  env: Env,
  sessionSecret: string,
  port: number,
  nodeEnv: NodeEnv,
): Pick<AppConfig, 'pgKeyId' | 'pgKeySecret' | 'pgWebhookSecret' | 'pgWebhookUrl' | 'pgOutboxIntervalMs'> {
  const derived = (purpose: string) =>
    createHmac('sha256', sessionSecret).update(`sandbox-pg|${purpose}`).digest('hex');
  return {
    pgKeyId: env.PG_KEY_ID ?? 'rzp_sandbox_crust',
    pgKeySecret: env.PG_KEY_SECRET ?? derived('key-secret'),
    pgWebhookSecret: env.PG_WEBHOOK_SECRET ?? derived('webhook-secret'),
    // the checkout's webhook receiver (decision 010, modules/orders/webhook-routes.ts)
    pgWebhookUrl: env.PG_WEBHOOK_URL ?? `http://127.0.0.1:${port}/api/v1/payments/webhook`,
    pgOutboxIntervalMs: env.PG_OUTBOX_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 1000),
  };
}

/** Where the database is (the start-up and the commands of docs/operations.md share it). */
export function databaseLocationOf(
  env: NodeJS.ProcessEnv,
): Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databasePoolMax'> {
  const { DATA_DIR, DATABASE_URL, DATABASE_POOL_MAX } = parseEnv(env);
  return {
    databasePoolMax: DATABASE_POOL_MAX,
    // relative to where the command runs; by default the repository's own data/ (npm runs workspace
    // scripts inside apps/server, so './data' alone would land there)
    dataDir: DATA_DIR ? path.resolve(DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: DATABASE_URL,
  };
}

/** The token key: SESSION_SECRET, or the installation's own (given by the start-up); the schema refuses a weak one in production. */
function secretOf(
  given: string | undefined,
  nodeEnv: NodeEnv,
  installationSecret: string | undefined,
): Pick<AppConfig, 'sessionSecret' | 'sessionSecretFrom'> {
  if (given) return { sessionSecret: given, sessionSecretFrom: 'SESSION_SECRET' };
  if (installationSecret)
    return { sessionSecret: installationSecret, sessionSecretFrom: 'this installation' };
  if (nodeEnv === 'test')
    return { sessionSecret: TEST_PROCESS_SECRET, sessionSecretFrom: 'this test process' };
  return { sessionSecret: '', sessionSecretFrom: 'none yet' };
}

/** Connection, request and load bounds (docs/security.md "Connections and load"). */
function loadLimitsOf(
  env: Env,
  nodeEnv: NodeEnv,
): Pick<
  AppConfig,
  | 'maxConnections'
  | 'maxConnectionsPerPeer'
  | 'maxInFlight'
  | 'maxEventLoopDelayMs'
  | 'maxHeapUsedBytes'
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'keepAliveTimeoutMs'
> {
  const heapMb = env.MAX_HEAP_USED_MB;
  return {
    maxConnections: env.MAX_CONNECTIONS ?? 2000,
    maxConnectionsPerPeer: env.MAX_CONNECTIONS_PER_PEER ?? 100,
    maxInFlight: env.MAX_IN_FLIGHT ?? 200,
    // off in tests: a test machine's load says nothing about the code under test
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ?? (nodeEnv === 'test' ? 0 : 1000),
    // by default 90% of what V8 may use: past it the process is about to spend its time collecting garbage
    maxHeapUsedBytes:
      heapMb === undefined ? Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9) : heapMb * 1024 * 1024,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS ?? 10_000,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS ?? 30_000,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS ?? 5_000,
  };
}

/**
 * Configuration from the environment (env.ts checks it), with the defaults README.md documents.
 * `installationSecret` is the key this data folder or database keeps (db/instance-secrets.ts), used when
 * SESSION_SECRET is unset; `installationVapid` likewise the VAPID pair it keeps, used when VAPID_* are unset. Throws
 * a ConfigError naming every bad variable.
 */
export function loadConfig(
  raw: NodeJS.ProcessEnv = process.env,
  installationSecret?: string,
  installationVapid?: VapidKeys,
): AppConfig {
  const env = parseEnv(raw);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const secret = secretOf(env.SESSION_SECRET, nodeEnv, installationSecret);
  const port = env.PORT ?? 3000;
  const pg = gatewayOf(env, secret.sessionSecret, port, nodeEnv);
  return {
    port,
    // outside production the sandboxes show every OTP: only this machine may reach them unless HOST says otherwise
    host: env.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    ...databaseLocationOf(raw),
    nodeEnv,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    ...secret,
    trustProxy: env.TRUST_PROXY,
    ...loadLimitsOf(env, nodeEnv),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(here, '../../../web/dist')),
    mapTileUrl: env.MAP_TILE_URL ?? null,
    sessionRateLimit: env.SESSION_RATE_LIMIT ?? 30,
    seedOnStart: env.SEED !== 'false',
    // the reference maps every route, the console's and the partners' too: not public in production unless asked
    apiDocs: env.API_DOCS === undefined ? nodeEnv !== 'production' : env.API_DOCS === 'on',
    oidcIssuer: env.OIDC_ISSUER ?? null,
    // kept exactly as given: ID tokens must carry this very string (some issuers end in a slash)
    oidcClientId: env.OIDC_CLIENT_ID ?? 'crust-web',
    ...pg,
    payments: paymentsOf(
      env,
      { keyId: pg.pgKeyId, keySecret: pg.pgKeySecret, webhookSecret: pg.pgWebhookSecret },
      nodeEnv,
    ),
    codOtpAbovePaise: env.COD_OTP_ABOVE_PAISE ?? 100_000,
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 15_000),
    loyaltyCreditIntervalMs: env.LOYALTY_CREDIT_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    trainWatchIntervalMs: env.TRAIN_WATCH_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    reportFoldIntervalMs: env.REPORT_FOLD_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 5_000),
    analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS ?? 90,
    analyticsPruneIntervalMs: env.ANALYTICS_PRUNE_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 3_600_000),
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX ?? 'crust:' } : null,
    workers: env.WORKERS ?? availableParallelism(),
    // SMS (issue 14 §2)
    sms: smsOf(env, secret.sessionSecret, port, nodeEnv),
    // rail (issue 16 §1)
    rail: railOf(env, secret.sessionSecret, port, nodeEnv),
    // Paytm wallet (issue 18 §2)
    paytm: paytmOf(env, secret.sessionSecret, port, nodeEnv),
    // partner mini-apps (issue 18)
    partners: partnersOf(env, secret.sessionSecret, port, nodeEnv),
    // Web Push (issue 31 §14)
    push: pushOf(env, nodeEnv, installationVapid),
  };
}

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
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.join(here, '../../..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** Configuration from the environment, with the defaults README.md documents. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const secret = env.SESSION_SECRET ?? '';
  if (nodeEnv === 'production' && secret.length < 32)
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    // relative to where the command runs; by default the repository's own data/ (npm runs workspace
    // scripts inside apps/server, so './data' alone would land there)
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionSecret: secret || 'crust-development-secret-not-for-production',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
    mapTileUrl: env.MAP_TILE_URL || null,
    sessionRateLimit: int(env.SESSION_RATE_LIMIT, 30, 'SESSION_RATE_LIMIT'),
    seedOnStart: env.SEED !== 'false',
  };
}

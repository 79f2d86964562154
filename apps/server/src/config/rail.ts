import { createHmac } from 'node:crypto';
import type { Env } from './env.ts';

/** Where PNR status comes from (issue 16 §1; docs/rail-sandbox.md). */
export interface RailConfig {
  /**
   * sandbox: the demo tickets of this server's rail sandbox, answered in process; api: a provider's API at baseUrl
   * (outside production by default this server's own /sandbox/rail, over HTTP); off: no train delivery
   */
  provider: 'sandbox' | 'api' | 'off';
  baseUrl: string;
  /** the account's API key (x-api-key); outside production by default the sandbox's */
  apiKey: string;
  /** how long a whole PNR call may take, its retry included, before the passenger is told to try again */
  timeoutMs: number;
}

/** A passenger waiting on the PNR screen is told within this, whatever the provider does. */
const RAIL_TIMEOUT_MS = 5_000;

/**
 * The rail settings. Outside production every unset value is the sandbox's own (this server's /sandbox/rail, its key
 * derived from the token key), so `RAIL_PROVIDER=api` alone runs the real adapter over HTTP against the sandbox.
 * Production sets them (config-env-rail.ts refuses to start otherwise), so none of these defaults can reach it.
 */
export function railOf(
  env: Env,
  sessionSecret: string,
  port: number,
  nodeEnv: 'development' | 'production' | 'test',
): RailConfig {
  return {
    // production without RAIL_PROVIDER never gets here (config-env-rail.ts): 'off' only satisfies the type
    provider: env.RAIL_PROVIDER ?? (nodeEnv === 'production' ? 'off' : 'sandbox'),
    baseUrl: env.RAIL_BASE_URL ?? `http://127.0.0.1:${port}/sandbox/rail`,
    apiKey:
      env.RAIL_API_KEY ??
      createHmac('sha256', sessionSecret).update('sandbox-rail|api-key').digest('base64url'),
    timeoutMs: RAIL_TIMEOUT_MS,
  };
}

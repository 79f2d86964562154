import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import type { RailProvider } from './provider.ts';
import { RailApi } from './rail-api.ts';
import { sandboxFetch } from './sandbox-fetch.ts';
import { RailSandbox } from './sandbox.ts';

export interface RailChoice {
  /** what PNR calls go through; null: train delivery is off (RAIL_PROVIDER=off) */
  rail: RailProvider | null;
  /** outside production: the sandbox behind /sandbox/rail and its switches */
  railSandbox: RailSandbox | null;
}

/**
 * The rail provider config.rail names. Both `sandbox` and `api` are the same HTTP adapter: `sandbox` has its
 * requests answered by the sandbox in this process, `api` sends them over the network (outside production, by
 * default, to this server's own /sandbox/rail). Production never has the sandbox (config/rail.ts).
 */
export function chooseRail(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  clock: () => number,
): RailChoice {
  const { rail } = config;
  const railSandbox =
    config.nodeEnv === 'production' ? null : new RailSandbox({ db, apiKey: rail.apiKey, log, clock });
  if (rail.provider === 'off') return { rail: null, railSandbox };
  const options = { baseUrl: rail.baseUrl, apiKey: rail.apiKey, timeoutMs: rail.timeoutMs, log };
  if (rail.provider === 'api') return { rail: new RailApi(options), railSandbox };
  if (!railSandbox)
    throw new Error('RAIL_PROVIDER=sandbox in production: config/rail.ts should have refused it');
  return { rail: new RailApi({ ...options, fetch: sandboxFetch(railSandbox) }), railSandbox };
}

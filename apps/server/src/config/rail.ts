import { createHmac } from 'node:crypto';
import { secureOrLoopback } from './urls.ts';
import { httpUrl, oneOf, text, type Parsed } from './variables.ts';

/**
 * PNR status (issue 16 §1; docs/rail-sandbox.md): its variables, what production needs, and the settings the rail
 * provider runs with. Production reads real PNRs through a provider's API, or says on purpose that train delivery
 * is off (RAIL_PROVIDER=off), as PAYMENTS=off does for payments: the sandbox only knows its demo tickets, so a
 * passenger's real PNR would always be "not found" there.
 */

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

/** Secrets among them: named in an error, never repeated. */
export const RAIL_UNSHOWN = ['RAIL_API_KEY'] as const;

const RAIL_PROVIDERS = ['sandbox', 'api', 'off'] as const;

/** The rail variables; the rules between them: railProblems. */
export const RAIL_VARIABLES = {
  RAIL_PROVIDER: oneOf(RAIL_PROVIDERS),
  RAIL_BASE_URL: httpUrl(['http:', 'https:']),
  RAIL_API_KEY: text,
};

/** The variables' values as the schema parsed them (a failed one is absent). */
interface RailEnv {
  NODE_ENV?: string | undefined;
  RAIL_PROVIDER?: string | undefined;
  RAIL_BASE_URL?: string | undefined;
  RAIL_API_KEY?: string | undefined;
}

/** The rules between the rail variables, for the schema's superRefine. */
export function railProblems(env: RailEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.RAIL_PROVIDER === undefined || env.RAIL_PROVIDER === 'sandbox')
    problem(
      'RAIL_PROVIDER',
      'api in production (with RAIL_BASE_URL and RAIL_API_KEY), or off to run without train delivery: the sandbox knows only its demo tickets (docs/rail-sandbox.md)',
    );
  if (env.RAIL_PROVIDER !== 'api') return;
  for (const name of ['RAIL_BASE_URL', 'RAIL_API_KEY'] as const)
    if (env[name] === undefined)
      problem(name, 'set in production with RAIL_PROVIDER=api (docs/rail-sandbox.md)');
  const url = env.RAIL_BASE_URL;
  if (typeof url === 'string' && URL.canParse(url) && !secureOrLoopback(url))
    problem(
      'RAIL_BASE_URL',
      'an https:// URL in production (http only to this machine): the API key travels with every call',
    );
}

/** A passenger waiting on the PNR screen is told within this, whatever the provider does. */
const RAIL_TIMEOUT_MS = 5_000;

/**
 * The rail settings. Outside production every unset value is the sandbox's own (this server's /sandbox/rail, its key
 * derived from the token key), so `RAIL_PROVIDER=api` alone runs the real adapter over HTTP against the sandbox.
 * Production sets them (railProblems refuses to start otherwise), so none of these defaults can reach it.
 */
export function railOf(
  env: Parsed<typeof RAIL_VARIABLES>,
  sessionSecret: string,
  port: number,
  nodeEnv: 'development' | 'production' | 'test',
): RailConfig {
  return {
    // production without RAIL_PROVIDER never gets here (railProblems): 'off' only satisfies the type
    provider: env.RAIL_PROVIDER ?? (nodeEnv === 'production' ? 'off' : 'sandbox'),
    baseUrl: env.RAIL_BASE_URL ?? `http://127.0.0.1:${port}/sandbox/rail`,
    apiKey:
      env.RAIL_API_KEY ??
      createHmac('sha256', sessionSecret).update('sandbox-rail|api-key').digest('base64url'),
    timeoutMs: RAIL_TIMEOUT_MS,
  };
}

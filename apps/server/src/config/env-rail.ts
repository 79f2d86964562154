import { secureOrLoopback } from './urls.ts';

/**
 * The rail variables' rules (issue 16 §1; docs/rail-sandbox.md), kept beside config-env.ts, which declares the
 * variables themselves. Production reads real PNRs through a provider's API, or says on purpose that train delivery
 * is off (RAIL_PROVIDER=off), as PAYMENTS=off does for payments: the sandbox only knows its demo tickets, so a
 * passenger's real PNR would always be "not found" there.
 */

/** Secrets among them: named in an error, never repeated. */
export const RAIL_UNSHOWN = ['RAIL_API_KEY'] as const;

export const RAIL_PROVIDERS = ['sandbox', 'api', 'off'] as const;

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

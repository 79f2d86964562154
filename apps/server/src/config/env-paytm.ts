/**
 * The Paytm wallet's variables' rules (issue 18 §2; docs/paytm-wallet.md "Switches"), kept beside config-env.ts,
 * which declares the variables themselves. Production pays from Paytm only through its API with a merchant's keys,
 * or not at all (the default): the sandbox moves no real money.
 */

export const PAYTM_PROVIDERS = ['sandbox', 'api', 'off'] as const;

/** Secrets among them: named in an error, never repeated. */
export const PAYTM_UNSHOWN = ['PAYTM_MERCHANT_KEY'] as const;

interface PaytmEnv {
  NODE_ENV?: string | undefined;
  PAYTM_WALLET?: string | undefined;
  PAYTM_BASE_URL?: string | undefined;
  PAYTM_MID?: string | undefined;
  PAYTM_MERCHANT_KEY?: string | undefined;
}

/** The rules between the Paytm variables, for the schema's superRefine. */
export function paytmProblems(env: PaytmEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.PAYTM_WALLET === 'sandbox')
    problem('PAYTM_WALLET', 'api or off in production: the sandbox plays Paytm with no real money');
  if (env.PAYTM_WALLET !== 'api') return;
  for (const name of ['PAYTM_BASE_URL', 'PAYTM_MID', 'PAYTM_MERCHANT_KEY'] as const)
    if (env[name] === undefined) problem(name, 'set in production with PAYTM_WALLET=api');
}

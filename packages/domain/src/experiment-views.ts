/**
 * What the experiments change on screen (issue 33 §2, docs/experiments.md), apart from the bucketing rules in
 * ./experiments.ts: the first screens import only these few lines.
 */

/** SPEC §4's buckets (client id modulo 100: 0–9 none, 10–39 C, 40–69 A, 70–99 B). */
export const BUCKETS = ['none', 'C', 'A', 'B'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** The control variant of the voice and next-gen home experiments. */
export const CONTROL_VARIANT = 'u';

/**
 * Which buckets see the menu's categories in reverse (remote config `menuReverseAB`): `true` is bucket B (SPEC
 * §4's last bucket, the treatment; C is the control), `false` none, a list exactly those buckets.
 */
export function menuReverseBuckets(config: boolean | readonly Bucket[]): readonly Bucket[] {
  if (config === true) return ['B'];
  if (config === false) return [];
  return config;
}

export function menuReversed(bucket: string | undefined, config: boolean | readonly Bucket[]): boolean {
  return menuReverseBuckets(config).some((b) => b === bucket);
}

export type LandingLayout = 'classic' | 'nextGen';

/** The next-gen home experiment: control `u` (and no variant) keeps the classic landing; w, x, y, s the next-gen. */
export function landingLayout(nextGenHomeVariant: string | undefined): LandingLayout {
  return nextGenHomeVariant === undefined || nextGenHomeVariant === CONTROL_VARIANT ? 'classic' : 'nextGen';
}

/**
 * Remote config `hidePaymentMethodsForWallet`: with the Crust wallet in use, the listed methods (payment method
 * codes) are not offered; without it every method is.
 */
export function shownWithWallet(methodCode: string, hidden: readonly string[], walletUsed: boolean): boolean {
  return !walletUsed || !hidden.includes(methodCode);
}

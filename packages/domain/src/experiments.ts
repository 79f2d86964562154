/**
 * Experiments (SPEC §4 "Experiment buckets: client id modulo 100. 0-9 none, 10-39 C, 40-69 A, 70-99 B. Also voice
 * and next-gen home experiments with variants u, w, x, y, s. Variants are fetched only for logged-in users.").
 * docs/experiments.md has the readings taken here.
 *
 * The client id is a Google-Analytics-style id kept on the device: `<random 31-bit integer>.<first visit, unix
 * seconds>` (GA's own `_ga` cookie is `GA1.1.` followed by the same two numbers). "Client id modulo 100" is the
 * first number modulo 100, so it is literal and stays the same for as long as the device keeps the id.
 */

import type { Bucket } from './experiment-views.ts';

export { BUCKETS, type Bucket } from './experiment-views.ts';

/** SPEC §9 "Experiment vendor timeout 2000 ms": the allocation call's wait, after which the app shows control. */
export const EXPERIMENT_TIMEOUT_MS = 2000;

/** The voice and next-gen home experiments' variants (SPEC §4); `u` is their control (docs/experiments.md). */
export const SPEC_VARIANTS = ['u', 'w', 'x', 'y', 's'] as const;
export { CONTROL_VARIANT } from './experiment-views.ts';

/** The largest client number: GA's random part is a 31-bit integer. */
export const CLIENT_NUMBER_MAX = 2_147_483_647;

const CLIENT_ID = /^(?:GA\d+\.\d+\.)?(\d{1,10})(?:\.(\d{1,10}))?$/;

/** The number "client id modulo 100" is taken of, or null when the id is not a GA-style client id. */
export function clientNumber(clientId: string): number | null {
  const m = CLIENT_ID.exec(clientId.trim());
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return n <= CLIENT_NUMBER_MAX ? n : null;
}

/** A new client id from a random number in [0, 1) and the time of the first visit (unix seconds). */
export function newClientId(random: number, nowSeconds: number): string {
  const n = Math.min(CLIENT_NUMBER_MAX, Math.floor(random * (CLIENT_NUMBER_MAX + 1)));
  return `${n}.${Math.floor(nowSeconds)}`;
}

/** SPEC §4: the client number modulo 100; 0–9 none, 10–39 C, 40–69 A, 70–99 B. */
export function bucketOf(clientNumber: number): Bucket {
  const m = ((Math.trunc(clientNumber) % 100) + 100) % 100;
  if (m < 10) return 'none';
  if (m < 40) return 'C';
  if (m < 70) return 'A';
  return 'B';
}

export interface WeightedVariant {
  name: string;
  /** a relative weight, a non-negative integer; 0 switches the variant off */
  weight: number;
}

/** 32-bit FNV-1a: small, pure and well spread for short keys; the same key gives the same number everywhere. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The variant of one experiment for one client: a hash of (experiment, client number) laid over the variants'
 * weights, so a client keeps its variant for as long as the weights stay, and different experiments split the
 * same clients independently. Null when no variant has weight.
 */
export function variantOf(
  experiment: string,
  variants: readonly WeightedVariant[],
  clientNumber: number,
): string | null {
  const total = variants.reduce((sum, v) => sum + Math.max(0, Math.trunc(v.weight)), 0);
  if (total <= 0) return null;
  let point = fnv1a(`${experiment}:${clientNumber}`) % total;
  for (const v of variants) {
    const w = Math.max(0, Math.trunc(v.weight));
    if (point < w) return v.name;
    point -= w;
  }
  return null;
}

export interface ExperimentDefinition {
  name: string;
  /** the §4 buckets it runs in */
  buckets: readonly Bucket[];
  variants: readonly WeightedVariant[];
  /** switched on by the chain */
  enabled: boolean;
  startsAt: Date | null;
  stopsAt: Date | null;
}

/** On, started (or no start) and not yet stopped (the stop time itself is stopped). */
export function experimentRunning(e: ExperimentDefinition, now: Date): boolean {
  if (!e.enabled) return false;
  if (e.startsAt && now.getTime() < e.startsAt.getTime()) return false;
  if (e.stopsAt && now.getTime() >= e.stopsAt.getTime()) return false;
  return true;
}

/** What the allocation answers and the web sends as `ab_test`: the bucket and, per experiment, a variant. */
export type Assignment = { bucket: Bucket } & Record<string, string>;

/**
 * A client's assignment: the bucket always; for a logged-in customer each running experiment of the client's
 * bucket with its variant (SPEC §4: variants only for logged-in users), for a guest nothing more.
 */
export function allocate(
  experiments: readonly ExperimentDefinition[],
  clientNumber: number,
  loggedIn: boolean,
  now: Date,
): Assignment {
  const bucket = bucketOf(clientNumber);
  const out: Assignment = { bucket };
  if (!loggedIn) return out;
  for (const e of experiments) {
    if (!experimentRunning(e, now) || !e.buckets.includes(bucket)) continue;
    const v = variantOf(e.name, e.variants, clientNumber);
    if (v !== null) out[e.name] = v;
  }
  return out;
}

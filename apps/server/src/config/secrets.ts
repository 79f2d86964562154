import { randomBytes } from 'node:crypto';

/**
 * Secrets that must never sign anything in production (docs/security.md "Secrets and defaults"): the constant
 * this repository used as its development key until issue 11, and values from its docs and scripts.
 */
const KNOWN_SECRETS = new Set([
  'crust-development-secret-not-for-production',
  'bench-secret-bench-secret-bench-secret',
]);
export const MIN_SECRET_LENGTH = 32;
/** "xxxx…" or "abababab…" is long but guessable */
const MIN_DISTINCT_CHARACTERS = 10;

/** Why a secret may not be used in production, or null when it may. */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters`;
  if (KNOWN_SECRETS.has(secret)) return 'a value published in this repository';
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS)
    return `fewer than ${MIN_DISTINCT_CHARACTERS} different characters`;
  return null;
}

/** A fresh 256-bit key, as text. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tests build apps in process without a database-kept key: one random key per test process, so nothing signed
 * in a test can be replayed against anything else.
 */
export const TEST_PROCESS_SECRET = newSecret();

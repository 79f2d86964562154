import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a given secret (a password, a report token) is the expected one, in time that depends on neither:
 * both are hashed first, so their lengths are not compared either.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected !== '';
}

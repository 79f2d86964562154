import { verifyAccessToken, type AccessClaims } from './session-tokens.ts';

/** Enough for every session active in a few minutes on one process; a token is ~200 bytes. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens this process has already checked, by their exact text: a customer's every call carries the same
 * token until it is refreshed, and an HMAC per call was ~3 % of a cart call's server CPU (docs/performance.md).
 * Only tokens that verified are kept, so a forged or altered one is always checked in full; expiry is still
 * checked on every call, and revocation stays the caller's (principal.ts asks on every request).
 */
export class VerifiedTokens {
  private readonly kept = new Map<string, AccessClaims>();

  constructor(
    private readonly secret: string,
    private readonly capacity = VERIFIED_TOKENS_KEPT,
  ) {}

  verify(token: string, nowSeconds: number): AccessClaims | null {
    const known = this.kept.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known;
      this.kept.delete(token);
      return null;
    }
    const claims = verifyAccessToken(token, this.secret, nowSeconds);
    if (!claims) return null;
    // a Map iterates in insertion order: the first key is the longest kept
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(token, claims);
    return claims;
  }

  get size(): number {
    return this.kept.size;
  }
}

import type { Db } from '../../db/client.ts';
import { isFamilyRevoked } from './repo.ts';

/**
 * Whether a token family was revoked (logout, refresh-token reuse). Access tokens are checked without a
 * database read, so revocations are remembered here and re-read at most every `ttlMs` per family: a
 * revoked family stops working at once in this process and within `ttlMs` in the others.
 */
export class FamilyGuard {
  private readonly known = new Map<string, { revoked: boolean; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 15_000,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  async isRevoked(familyId: string): Promise<boolean> {
    const hit = this.known.get(familyId);
    if (hit && (hit.revoked || this.clock() - hit.at < this.ttlMs)) return hit.revoked;
    const revoked = await isFamilyRevoked(this.db, familyId);
    if (this.known.size >= this.maxEntries) this.known.clear();
    this.known.set(familyId, { revoked, at: this.clock() });
    return revoked;
  }

  /** This process revoked it: no need to wait for the next read. */
  markRevoked(familyId: string): void {
    this.known.set(familyId, { revoked: true, at: this.clock() });
  }
}
